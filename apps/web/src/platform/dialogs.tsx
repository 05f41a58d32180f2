import { Modal, type ButtonProps } from 'antd';
import { t } from './i18n';

/**
 * Confirm dialogs the platform opens outside any screen. Loaded on demand (see session-expired.ts and
 * version-check.ts) so the sign-in bundle does not carry the dialog component.
 */
export function openSessionExpiredDialog(onChoice: (relogin: boolean) => void): void {
  Modal.confirm({
    title: t('request.sessionExpiredTitle'),
    content: t('request.sessionExpiredContent'),
    okText: t('request.relogin'),
    cancelText: t('request.stay'),
    className: 'session-expired-dialog',
    mask: { closable: false },
    keyboard: false,
    modalRender: (node) => <div data-testid="session-expired-dialog">{node}</div>,
    okButtonProps: { 'data-testid': 'session-expired-relogin' } as ButtonProps,
    cancelButtonProps: { 'data-testid': 'session-expired-stay' } as ButtonProps,
    onOk: () => onChoice(true),
    onCancel: () => onChoice(false),
  });
}

export function openNewVersionDialog(): void {
  Modal.confirm({
    title: t('version.title'),
    content: t('version.content'),
    okText: t('version.refresh'),
    cancelText: t('common.cancel'),
    mask: { closable: false },
    className: 'version-dialog',
    okButtonProps: { 'data-testid': 'version-refresh' } as ButtonProps,
    onOk: () => window.location.reload(),
  });
}

/** Spec §5: leaving a form with unsaved changes asks stay or leave (see unsaved-changes.ts). */
export function openLeaveDialog(onChoice: (leave: boolean) => void): void {
  Modal.confirm({
    title: t('unsavedChanges.title'),
    content: t('unsavedChanges.content'),
    okText: t('unsavedChanges.leave'),
    cancelText: t('unsavedChanges.stay'),
    className: 'leave-dialog',
    mask: { closable: false },
    okButtonProps: { 'data-testid': 'leave-confirm' } as ButtonProps,
    cancelButtonProps: { 'data-testid': 'leave-stay' } as ButtonProps,
    onOk: () => onChoice(true),
    onCancel: () => onChoice(false),
  });
}
