import type { ReactNode } from 'react';
import { Modal, message, type ButtonProps } from 'antd';
import { t } from './i18n';

/** Runs a request and says `done` when it worked; a refusal was already shown by the request client. */
export async function sayWhenDone(run: Promise<unknown>, done: string): Promise<void> {
  try {
    await run;
    void message.success(done);
  } catch {
    // Shown by the request client.
  }
}

/**
 * Asks before a row's action (delete a role, disable an administrator); OK runs it and says `done`
 * when it worked. The dialog closes either way: a refusal was already shown by the request client.
 */
export function confirmAction(o: {
  title: string;
  content: ReactNode;
  okText: string;
  danger?: boolean;
  /** data-testid of the OK button. */
  okTestId: string;
  run: () => Promise<unknown>;
  done: string;
}): void {
  Modal.confirm({
    title: o.title,
    content: o.content,
    okText: o.okText,
    cancelText: t('common.cancel'),
    okButtonProps: { danger: o.danger, 'data-testid': o.okTestId } as ButtonProps,
    onOk: () => sayWhenDone(o.run(), o.done),
  });
}
