import { useCallback, useEffect } from 'react';
import { useNavigate, type NavigateOptions, type To } from 'react-router';

/**
 * Spec §5 "unsaved changes prompt stay or leave". The app uses the declarative router, which has no
 * useBlocker (that needs the data router, about 16 KB more gzip on the sign-in page), so:
 * - a form with unsaved changes calls useUnsavedChanges(dirty): while dirty, the browser asks
 *   before a reload, closing the tab or following an outside link (beforeunload);
 * - in-app navigation that can leave such a form (the sidebar, breadcrumbs, user menu and the
 *   forms' own links and buttons) goes through confirmLeave / useConfirmedNavigate, which asks
 *   stay or leave in a dialog.
 * The browser's back and forward buttons are not intercepted (popstate cannot be cancelled).
 */
const dirtyForms = new Set<symbol>();
let openDialog: Promise<boolean> | null = null;

export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0;
}

function onBeforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
  // Older browsers show the prompt only when returnValue is set.
  event.returnValue = '';
}

export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const id = Symbol('dirty-form');
    dirtyForms.add(id);
    if (dirtyForms.size === 1) window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      dirtyForms.delete(id);
      if (dirtyForms.size === 0) window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);
}

/** Resolves true when nothing is unsaved or the person chooses to leave; one dialog at a time. */
export function confirmLeave(): Promise<boolean> {
  if (!hasUnsavedChanges()) return Promise.resolve(true);
  openDialog ??= import('./dialogs')
    .then(({ openLeaveDialog }) => new Promise<boolean>((resolve) => openLeaveDialog(resolve)))
    .catch(() => true)
    .finally(() => {
      openDialog = null;
    });
  return openDialog;
}

/** navigate() that asks first when a form on the page has unsaved changes. */
export function useConfirmedNavigate(): (to: To, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  return useCallback(
    (to: To, options?: NavigateOptions) => {
      void confirmLeave().then((leave) => {
        if (leave) void navigate(to, options);
      });
    },
    [navigate],
  );
}
