import { Alert, Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { canonicalAmountInput, isMajorAmountText } from '@mbo/shared/money';
import { normalizeWebsiteUrl, WEBSITE_URL_MAX, WebsiteType } from '@mbo/shared/websites';
import { useSession } from '../../../platform/session';
import { SubmitDialog } from '../../../platform/submit-dialog';
import { useAddWebsite } from '../api/websites';
import { ShopChecklist } from './shop-checklist';
import { UploadResult } from './upload-result';
import { useWebsiteSubmission } from './website-submission';

type TForm = { url: string; type: number; averageAmount: string; currency: string; platformStoreUrl: string };

/** Add one website: the same URL and amount rules as the server, the checklist confirmed, then the outcome. */
export function WebsiteAddDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const [form] = Form.useForm<TForm>();
  const { checklist, setChecklist, problem, result, reset, send } = useWebsiteSubmission();
  const add = useAddWebsite();
  const type = Form.useWatch('type', form);
  const currencies = session.currencyList.map((c) => c.code);

  const close = () => {
    form.resetFields();
    reset();
    onClose();
  };

  const submit = async () => {
    if (add.isPending) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    await send((confirmed) =>
      add.mutateAsync({
        url: values.url.trim(),
        type: values.type as 1 | 2,
        averageAmount: canonicalAmountInput(values.averageAmount),
        currency: values.currency,
        ...(values.type === WebsiteType.platformStore ? { platformStoreUrl: values.platformStoreUrl.trim() } : {}),
        checklist: confirmed,
      }),
    );
  };

  const urlRule = {
    validator: (_: unknown, v: string) =>
      !v || normalizeWebsiteUrl(v) ? Promise.resolve() : Promise.reject(new Error(t('websites.badUrl'))),
  };

  return (
    <SubmitDialog
      open={open}
      title={t('websites.addTitle')}
      onClose={close}
      submit={{ text: t('websites.submit'), testId: 'website-add-submit', pending: add.isPending, onClick: () => void submit() }}
      footer={
        result
          ? [
              <Button key="close" type="primary" data-testid="website-add-done" onClick={close}>
                {t('websites.done')}
              </Button>,
            ]
          : undefined
      }
    >
      {result ? (
        <UploadResult result={result} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ type: WebsiteType.independent, currency: currencies[0] ?? 'USD', platformStoreUrl: '' }}
        >
          <Form.Item name="url" label={t('websites.url')} rules={[{ required: true, message: t('websites.urlRequired') }, urlRule]}>
            <Input data-testid="website-add-url" maxLength={WEBSITE_URL_MAX} placeholder="https://" />
          </Form.Item>
          <Form.Item name="type" label={t('websites.type')}>
            <Select
              data-testid="website-add-type"
              options={Object.values(WebsiteType).map((v) => ({ value: v, label: t(`websites.types.${v}`) }))}
            />
          </Form.Item>
          {type === WebsiteType.platformStore && (
            <Form.Item
              name="platformStoreUrl"
              label={t('websites.platformStoreUrl')}
              rules={[{ required: true, message: t('websites.storeUrlRequired') }, urlRule]}
            >
              <Input maxLength={WEBSITE_URL_MAX} placeholder="https://" />
            </Form.Item>
          )}
          <Form.Item
            name="averageAmount"
            label={t('websites.averageAmount')}
            rules={[
              { required: true, message: t('websites.amountRequired') },
              {
                validator: (_: unknown, v: string) =>
                  !v || isMajorAmountText(canonicalAmountInput(v)) ? Promise.resolve() : Promise.reject(new Error(t('websites.badAmount'))),
              },
            ]}
          >
            <Input data-testid="website-add-amount" inputMode="decimal" maxLength={20} />
          </Form.Item>
          <Form.Item name="currency" label={t('websites.currency')} rules={[{ required: true }]}>
            <Select options={(currencies.length > 0 ? currencies : ['USD']).map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          <ShopChecklist value={checklist} onChange={setChecklist} />
          {problem && <Alert style={{ marginTop: 12 }} type="error" data-testid="website-add-problem" title={problem} />}
        </Form>
      )}
    </SubmitDialog>
  );
}
