import type { ReactNode } from 'react';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** The primary button: its text, its test id and what a click does (often `form.submit()`). */
type TSubmitButton = {
  text: string;
  testId: string;
  onClick: () => void;
  /** The request runs: the button spins and ignores clicks, so a double click cannot send twice. */
  pending?: boolean;
  disabled?: boolean;
};

type TSubmitDialogProps = {
  open: boolean;
  title: ReactNode;
  /** Cancel, the close icon and Escape. */
  onClose: () => void;
  submit: TSubmitButton;
  width?: number;
  /** Buttons in place of Cancel and the primary one, e.g. a single "Done" once the outcome is shown. */
  footer?: ReactNode[];
  children: ReactNode;
};

/**
 * A dialog that asks for something and sends it: Cancel and one primary button below, and what was typed
 * is dropped when it closes (destroyOnHidden), so each opening starts empty.
 */
export function SubmitDialog({ open, title, onClose, submit, width, footer, children }: TSubmitDialogProps) {
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
          <Button
            key="ok"
            type="primary"
            data-testid={submit.testId}
            loading={submit.pending}
            disabled={submit.disabled}
            onClick={submit.onClick}
          >
            {submit.text}
          </Button>,
        ]
      }
    >
      {children}
    </Modal>
  );
}
