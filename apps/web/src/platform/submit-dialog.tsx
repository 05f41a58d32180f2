import type { ReactNode } from 'react';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

type TSubmitDialogProps = {
  open: boolean;
  title: ReactNode;
  /** Cancel, the close icon and Escape. */
  onClose: () => void;
  /** The primary button: its text, its test id and what a click does (often `form.submit()`). */
  submitText: string;
  submitTestId: string;
  onSubmit: () => void;
  /** The request runs: the button spins and ignores clicks, so a double click cannot send twice. */
  submitting?: boolean;
  submitDisabled?: boolean;
  width?: number;
  /** Buttons in place of Cancel and the primary one, e.g. a single "Done" once the outcome is shown. */
  footer?: ReactNode[];
  children: ReactNode;
};

/**
 * A dialog that asks for something and sends it: Cancel and one primary button below, and what was typed
 * is dropped when it closes (destroyOnHidden), so each opening starts empty.
 */
export function SubmitDialog({
  open,
  title,
  onClose,
  submitText,
  submitTestId,
  onSubmit,
  submitting,
  submitDisabled,
  width,
  footer,
  children,
}: TSubmitDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      destroyOnHidden
      width={width}
      footer={
        footer ?? [
          <Button key="cancel" onClick={onClose}>
            {t('common.cancel')}
          </Button>,
          <Button key="ok" type="primary" data-testid={submitTestId} loading={submitting} disabled={submitDisabled} onClick={onSubmit}>
            {submitText}
          </Button>,
        ]
      }
    >
      {children}
    </Modal>
  );
}
