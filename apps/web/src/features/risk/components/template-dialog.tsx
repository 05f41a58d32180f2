import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Tabs, message } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  REPLY_BODY_MAX,
  REPLY_SUBJECT_MAX,
  type TReplyPreview,
  type TReplyTemplate,
  type TReplyTemplateSave,
} from '@mbo/shared/complaints';
import { LANGUAGES, type TLanguage } from '@mbo/shared/i18n';
import { SubmitDialog } from '../../../platform/submit-dialog';
import { previewTemplate, useSaveTemplate } from '../api/complaints-api';

type TForm = { name: string } & Record<`subject_${TLanguage}` | `body_${TLanguage}`, string>;

/** Add or change a reply template: a subject and a body in each of the three languages, with placeholders. */
export function TemplateDialog({ template, open, onClose }: { template: TReplyTemplate | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TForm>();
  const save = useSaveTemplate();
  const [preview, setPreview] = useState<TReplyPreview | null>(null);

  useEffect(() => {
    if (!open) return;
    setPreview(null);
    form.resetFields();
    if (template) {
      const v: Record<string, string> = { name: template.name };
      for (const l of LANGUAGES) {
        v[`subject_${l}`] = template.subjects[l];
        v[`body_${l}`] = template.bodies[l];
      }
      form.setFieldsValue(v as TForm);
    }
  }, [open, template, form]);

  const submit = async (v: TForm) => {
    const body: TReplyTemplateSave = {
      ...(template ? { id: template.id } : {}),
      name: v.name.trim(),
      subjects: { zhCn: v.subject_zhCn, zhHk: v.subject_zhHk, en: v.subject_en },
      bodies: { zhCn: v.body_zhCn, zhHk: v.body_zhHk, en: v.body_en },
    };
    try {
      await save.mutateAsync(body);
      void message.success(t('risk.reply.saved'));
      onClose();
    } catch {
      // Shown by the request client.
    }
  };

  const showPreview = async (language: TLanguage) => {
    if (!template) return;
    try {
      setPreview(await previewTemplate({ templateId: template.id, language }));
    } catch {
      // Shown by the request client.
    }
  };

  const required = [{ required: true, whitespace: true, message: t('risk.required') }];
  return (
    <SubmitDialog
      open={open}
      title={template ? t('risk.reply.editTemplate') : t('risk.reply.addTemplate')}
      onClose={onClose}
      submit={{ text: t('risk.reply.save'), testId: 'template-save', pending: save.isPending, onClick: () => form.submit() }}
      width={760}
    >
      <Alert type="info" title={t('risk.reply.placeholders')} style={{ marginBottom: 12 }} />
      <Form<TForm> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="name" label={t('risk.reply.name')} rules={required}>
          <Input maxLength={60} data-testid="template-name" />
        </Form.Item>
        <Tabs
          items={LANGUAGES.map((l) => ({
            key: l,
            label: t(`risk.reply.lang.${l}`),
            forceRender: true,
            children: (
              <>
                <Form.Item name={`subject_${l}`} label={t('risk.reply.subject')} rules={required}>
                  <Input maxLength={REPLY_SUBJECT_MAX} data-testid={`template-subject-${l}`} />
                </Form.Item>
                <Form.Item name={`body_${l}`} label={t('risk.reply.body')} rules={required}>
                  <Input.TextArea rows={6} maxLength={REPLY_BODY_MAX} data-testid={`template-body-${l}`} />
                </Form.Item>
                {template && (
                  <Button onClick={() => void showPreview(l)} data-testid={`template-preview-${l}`}>
                    {t('risk.reply.preview')}
                  </Button>
                )}
              </>
            ),
          }))}
        />
      </Form>
      {preview && (
        <div data-testid="template-preview" style={{ marginTop: 16, padding: 12, border: '1px solid #d9d9d9', borderRadius: 6 }}>
          <strong>{preview.subject}</strong>
          <p style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{preview.body}</p>
        </div>
      )}
    </SubmitDialog>
  );
}
