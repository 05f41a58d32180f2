import { useRef, type ReactNode } from 'react';
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
 * The first control of the form, in the order a person reads it: a field to type in or pick from (antd's
 * select is a read-only combobox input), a file chooser's button, a checkbox.
 */
const FIRST_CONTROL = [
  'input:not([type=hidden]):not([type=file]):not([disabled])',
  'textarea:not([disabled])',
  'button:not([disabled])',
  '[role=button][tabindex="0"]',
].join(', ');

/**
 * A dialog that asks for something and sends it: Cancel and one primary button below, and what was typed
 * is dropped when it closes (destroyOnHidden), so each opening starts empty. Once open, the keyboard is on
 * its first control (antd's dialog would leave it on the close button, a Tab away from the form), except
 * on a touch screen.
 */
export function SubmitDialog({ open, title, onClose, submit, width, footer, children }: TSubmitDialogProps) {
  const { t } = useTranslation();
  const body = useRef<HTMLDivElement>(null);
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      afterOpenChange={(opened) => {
        // Not on a touch screen: a focused field there pulls up the on-screen keyboard over the dialog.
        if (opened && !window.matchMedia?.('(pointer: coarse)').matches) body.current?.querySelector<HTMLElement>(FIRST_CONTROL)?.focus();
      }}
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
      <div ref={body}>{children}</div>
    </Modal>
  );
}
