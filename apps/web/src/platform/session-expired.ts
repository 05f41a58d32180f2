/*
 * Kept apart from the toasts (request-ui.ts): i18n shows a toast when a language fails to load, and
 * the dialogs use i18n, so a module holding both the toasts and the dialog loader closes a cycle.
 */

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
