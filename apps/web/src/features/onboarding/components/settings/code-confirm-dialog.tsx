import type { ReactNode } from 'react';
import { Form, Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeFormItem } from '../../../../platform/code-form-item';
import type { TCodeSendOutcome } from '../../../../platform/send-code-button';

type TCodeConfirmDialogProps = {
  open: boolean;
  title: string;
  children?: ReactNode;
  okText: string;
  danger?: boolean;
  pending: boolean;
  /** Where the code went, once sent. */
  sentTo: string | null;
  onSend: () => Promise<TCodeSendOutcome>;
  onConfirm: (code: string) => void;
  onCancel: () => void;
  testId: string;
  /** Form name: prefixes the field ids (`<name>_code`), since the settings page holds several code fields. */
  formName: string;
};

/** A settings action confirmed with a code sent to the person (2FA on/off, account removal). */
export function CodeConfirmDialog({
  open,
  title,
  children,
  okText,
  danger,
  pending,
  sentTo,
  onSend,
  onConfirm,
  onCancel,
  testId,
  formName,
}: TCodeConfirmDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger, loading: pending, 'data-testid': `${testId}-confirm` } as ButtonProps}
      cancelButtonProps={{ disabled: pending }}
      onOk={() =>
        void form.validateFields().then(
          (values) => onConfirm(values.code.trim()),
          () => undefined,
        )
      }
      onCancel={onCancel}
      mask={{ closable: false }}
      destroyOnHidden
      modalRender={(node) => <div data-testid={testId}>{node}</div>}
    >
      {children}
      <Form form={form} name={formName} layout="vertical" requiredMark={false} preserve={false}>
        <CodeFormItem sendTestId={`${testId}-send-code`} onSend={onSend} sentTo={sentTo} />
      </Form>
    </Modal>
  );
}
