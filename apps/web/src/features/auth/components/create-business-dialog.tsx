import { Form, Input, Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TCreateBusinessBody } from '@mbo/shared/onboarding';

/** Matches ZCreateBusinessBody's businessName (onboarding.ts). */
const BUSINESS_NAME_MAX = 128;

type TCreateBusinessDialogProps = {
  open: boolean;
  pending: boolean;
  onCreate: (body: TCreateBusinessBody) => void;
  onCancel: () => void;
};

/** Asks for an optional trading name before creating another business for the signed-in person. */
export function CreateBusinessDialog({ open, pending, onCreate, onCancel }: TCreateBusinessDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TCreateBusinessBody>();
  return (
    <Modal
      open={open}
      title={t('newBusiness.title')}
      okText={t('newBusiness.create')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: pending, 'data-testid': 'create-business-confirm' } as ButtonProps}
      cancelButtonProps={{ disabled: pending }}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      mask={{ closable: !pending }}
    >
      <p>{t('newBusiness.intro')}</p>
      <Form<TCreateBusinessBody>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(values) => onCreate(values.businessName?.trim() ? { businessName: values.businessName.trim() } : {})}
      >
        <Form.Item name="businessName" label={t('newBusiness.name')} extra={t('newBusiness.nameHint')}>
          <Input maxLength={BUSINESS_NAME_MAX} placeholder={t('newBusiness.namePlaceholder')} data-testid="create-business-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
