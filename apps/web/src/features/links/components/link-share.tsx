import { useEffect, useState } from 'react';
import { Button, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { copyToClipboard } from '../../../platform/clipboard';

/** A link's address with a copy button and its QR code (drawn here: no third-party service sees the link). */
export function LinkShareDialog({ url, onClose }: { url: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    setQr(null);
    if (!url) return;
    let live = true;
    void QRCode.toDataURL(url, { margin: 1, width: 240 }).then((d) => {
      if (live) setQr(d);
    });
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <Modal open={url !== null} title={t('links.share')} onCancel={onClose} footer={null} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }} align="center">
        {qr && <img src={qr} width={240} height={240} alt={t('links.qrAlt')} data-testid="link-qr" />}
        <Typography.Text copyable={false} data-testid="link-url" style={{ wordBreak: 'break-all' }}>
          {url}
        </Typography.Text>
        <Button type="primary" data-testid="link-copy" onClick={() => void (url && copyToClipboard(url))}>
          {t('links.copy')}
        </Button>
      </Space>
    </Modal>
  );
}
