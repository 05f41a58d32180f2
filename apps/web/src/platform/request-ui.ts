import { message } from 'antd';
import { ERROR_TOAST_SECONDS } from '@mbo/shared/limits';

/** Toasts of the request client (spec §8: they last 5 s). */
export function showErrorToast(text: string): void {
  void message.error({ content: text, duration: ERROR_TOAST_SECONDS });
}

export function showWarningToast(text: string): void {
  void message.warning({ content: text, duration: ERROR_TOAST_SECONDS });
}

let sessionDialogOpen = false;

export function isSessionDialogOpen(): boolean {
  return sessionDialogOpen;
}

/**
 * The "login expired" dialog (spec §8). Only one is ever open: while it is, further callers get
 * null and simply reject. Resolves true when the person chooses to log in again.
 */
export function confirmSessionExpired(): Promise<boolean> | null {
  if (sessionDialogOpen) return null;
  sessionDialogOpen = true;
  return new Promise((resolve) => {
    const settle = (relogin: boolean) => {
      sessionDialogOpen = false;
      resolve(relogin);
    };
    import('./dialogs').then(
      ({ openSessionExpiredDialog }) => openSessionExpiredDialog(settle),
      () => settle(false),
    );
  });
}
