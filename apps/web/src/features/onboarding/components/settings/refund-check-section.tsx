import { useEffect } from 'react';
import { Button, Card, Form, InputNumber, Skeleton, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSaveRefundThreshold, useSecuritySettings } from '../../api/passkeys';

/** Mirrors ZSaveSecuritySettingsBody in packages/shared/src/passkeys.ts. */
const THRESHOLD_MAX = 1_000_000_000;

/**
 * The owner's rule: refunds above this amount (whole units of the refund's currency) ask the person
 * to confirm it is them (the fresh check), as withdrawals always do. 0: every refund asks.
 */
export function RefundCheckSection() {
  const { t } = useTranslation();
  const settings = useSecuritySettings();
  const save = useSaveRefundThreshold();
  const [form] = Form.useForm<{ threshold: number }>();
  const current = settings.data?.refundCheckThreshold;

  useEffect(() => {
    if (current !== undefined) form.setFieldsValue({ threshold: current });
  }, [current, form]);

  return (
    <Card title={t('settings.refundCheck.title')} data-testid="settings-refund-check">
      <p className="mbo-settings__hint">{t('settings.refundCheck.hint')}</p>
      {settings.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Form
          form={form}
          layout="inline"
          requiredMark={false}
          onFinish={({ threshold }) => save.mutate(threshold, { onSuccess: () => void message.success(t('settings.refundCheck.saved')) })}
        >
          <Form.Item
            name="threshold"
            label={t('settings.refundCheck.label')}
            rules={[{ required: true, message: t('settings.refundCheck.required') }]}
          >
            <InputNumber min={0} max={THRESHOLD_MAX} precision={0} style={{ width: 180 }} data-testid="refund-check-threshold" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="refund-check-save">
              {t('settings.refundCheck.save')}
            </Button>
          </Form.Item>
        </Form>
      )}
    </Card>
  );
}
