import { useState } from 'react';
import { Button, Image, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TWaybill } from '@mbo/shared/waybills';
import { messageOf } from '../../../platform/request';
import { fetchProofImage } from '../api/waybills';

/** The delivery-proof images of a waybill: a link per image, opened in the preview (fetched with the session). */
export function ProofImages({ images }: { images: TWaybill['images'] }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  if (images.length === 0) return <>-</>;
  const open = async (id: number) => {
    try {
      setSrc(await fetchProofImage(id));
      setFailed(null);
    } catch (error) {
      setFailed(messageOf(error));
    }
  };
  return (
    <Space size={4} wrap>
      {images.map((img, i) => (
        <Button key={img.id} size="small" type="link" title={img.name} onClick={() => void open(img.id)}>
          {t('waybills.imageN', { n: i + 1 })}
        </Button>
      ))}
      {failed}
      {src && (
        <Image
          style={{ display: 'none' }}
          src={src}
          preview={{
            open: true,
            onOpenChange: (v) => {
              if (!v) {
                URL.revokeObjectURL(src);
                setSrc(null);
              }
            },
          }}
        />
      )}
    </Space>
  );
}
