import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TAccountInfo } from '@mbo/shared/onboarding';
import { SettingsPage } from './settings-page';
import { setLanguage } from '../../../platform/i18n';
import { clearSession, getSession, getToken, storeLoginResult } from '../../../platform/session';
import { resetDuplicateSubmitWindow } from '../../../platform/request';
import { hasUnsavedChanges } from '../../../platform/unsaved-changes';
import { loginResult } from '../../../test/factories';
import { bodyOf, renderRoutes } from '../../../test/render';
import { clearCookies, envelope, mockFetch } from '../../../test/utils';

const account: TAccountInfo = {
  upgradeRequired: false,
  name: 'Owner',
  email: 'owner@example.com',
  emailVerified: true,
  mobile: '+85291234567',
  twoFAEnabled: false,
  language: 'en',
};

const CODE_SENT = { channel: 'sms', sentTo: '+852****4567', expiresInSeconds: 600, resendAfterSeconds: 60 };

function server(info: TAccountInfo = account) {
  return mockFetch((url) => {
    if (url.pathname === '/v3api/kyc/account/info') return envelope(info);
    if (url.pathname === '/v3api/kyc/sendCode') return envelope(CODE_SENT);
    if (url.pathname === '/v3api/kyc/changeEmail') return envelope(null);
    if (url.pathname === '/v3api/kyc/twoFA/toggle') return envelope(null);
    if (url.pathname === '/v3api/kyc/removeAccount') return envelope(null);
    return undefined;
  });
}

function renderPage() {
  return renderRoutes('/setting', {
    '/setting': <SettingsPage />,
    '/setting/uploadAdditional/:businessId': <div data-testid="upload-page">upload</div>,
    '/loginNew': <div data-testid="login">login</div>,
  });
}

function beforeUnloadPrevented(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

const newEmail = () => document.getElementById('changeEmail_newEmail') as HTMLInputElement;
const field = (id: string) => document.getElementById(id) as HTMLInputElement;

describe('settings page', () => {
  beforeEach(() => {
    setLanguage('en');
    resetDuplicateSubmitWindow();
    clearCookies();
    storeLoginResult(loginResult({ userInfo: { ...loginResult().userInfo, forceChangePwd: false } }));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
    setLanguage('zhCn');
  });

  it('shows the account and links to the additional documents of the current business', async () => {
    server();
    renderPage();
    expect((await screen.findByTestId('settings-current-email')).textContent).toContain('owner@example.com');
    expect(screen.getByTestId('settings-email-state').textContent).toBe('Verified');
    expect(screen.getByTestId('settings-upload-additional').getAttribute('href')).toBe('/setting/uploadAdditional/1');
  });

  it('leaves at once when nothing was typed', async () => {
    server();
    const { location } = renderPage();
    fireEvent.click(await screen.findByTestId('settings-upload-additional'));
    expect(await screen.findByTestId('upload-page')).toBeTruthy();
    expect(location()).toBe('/setting/uploadAdditional/1');
  });

  it('asks stay or leave when a form holds unsaved input, in the page and before unload', async () => {
    server();
    const { location } = renderPage();
    await screen.findByTestId('settings-email');
    expect(beforeUnloadPrevented()).toBe(false);

    fireEvent.change(newEmail(), { target: { value: 'new@example.com' } });
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
    expect(beforeUnloadPrevented()).toBe(true);

    fireEvent.click(screen.getByTestId('settings-upload-additional'));
    expect((await screen.findAllByText('Unsaved changes')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('leave-stay'));
    await waitFor(() => expect(screen.queryByTestId('leave-confirm')).toBeNull());
    expect(location()).toBe('/setting');
    expect(newEmail().value).toBe('new@example.com');

    fireEvent.click(screen.getByTestId('settings-upload-additional'));
    fireEvent.click(await screen.findByTestId('leave-confirm'));
    expect(await screen.findByTestId('upload-page')).toBeTruthy();
    expect(location()).toBe('/setting/uploadAdditional/1');
    expect(hasUnsavedChanges()).toBe(false);
    expect(beforeUnloadPrevented()).toBe(false);
  });

  it('stops asking once the input is cleared', async () => {
    server();
    renderPage();
    await screen.findByTestId('settings-email');
    fireEvent.change(newEmail(), { target: { value: 'x' } });
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
    fireEvent.change(newEmail(), { target: { value: '' } });
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
  });

  it('changes the email with a code, says email sign-in is blocked until the new address is verified, and is clean again', async () => {
    const fetch = server();
    renderPage();
    await screen.findByTestId('settings-email');
    fireEvent.change(newEmail(), { target: { value: 'New@Example.com' } });
    fireEvent.click(screen.getByTestId('settings-email-send-code'));
    expect(await screen.findByText('Code sent to +852****4567')).toBeTruthy();
    expect(bodyOf(fetch, '/v3api/kyc/sendCode')).toEqual({ purpose: 'changeEmail' });
    fireEvent.change(field('changeEmail_code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('settings-email-submit'));
    const notice = await screen.findByTestId('settings-email-changed');
    expect(notice.textContent).toContain('Your email is now New@Example.com');
    expect(notice.textContent).toContain('Until you open that link, sign-in by email code is blocked.');
    expect(bodyOf(fetch, '/v3api/kyc/changeEmail')).toEqual({ newEmail: 'New@Example.com', code: '654321' });
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
    expect(newEmail().value).toBe('');
  });

  it('blocks a second submit while the first is in flight', async () => {
    let release: (response: Response) => void = () => undefined;
    const fetch = mockFetch((url) => {
      if (url.pathname === '/v3api/kyc/account/info') return envelope(account);
      if (url.pathname === '/v3api/kyc/changeEmail') return new Promise<Response>((resolve) => (release = resolve));
      return undefined;
    });
    renderPage();
    await screen.findByTestId('settings-email');
    fireEvent.change(newEmail(), { target: { value: 'new@example.com' } });
    fireEvent.change(field('changeEmail_code'), { target: { value: '654321' } });
    const submit = screen.getByTestId('settings-email-submit');
    fireEvent.click(submit);
    await waitFor(() => expect(submit.className).toContain('ant-btn-loading'));
    fireEvent.click(submit);
    fireEvent.click(submit);
    release(envelope(null));
    await screen.findByTestId('settings-email-changed');
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/kyc/changeEmail'))).toHaveLength(1);
  });

  it('warns that an unverified email blocks email sign-in', async () => {
    server({ ...account, emailVerified: false });
    renderPage();
    expect(await screen.findByTestId('settings-email-unverified')).toBeTruthy();
    expect(screen.getByTestId('settings-email-state').textContent).toBe('Not verified');
  });

  it('turns two-step verification on after a code', async () => {
    const fetch = server();
    renderPage();
    fireEvent.click(await screen.findByTestId('settings-twofa-switch'));
    await screen.findByTestId('settings-twofa-dialog');
    fireEvent.click(screen.getByTestId('settings-twofa-dialog-send-code'));
    await screen.findByText('Code sent to +852****4567');
    expect(bodyOf(fetch, '/v3api/kyc/sendCode')).toEqual({ purpose: 'twoFAToggle' });
    fireEvent.change(field('twoFAToggle_code'), { target: { value: '111222' } });
    fireEvent.click(screen.getByTestId('settings-twofa-dialog-confirm'));
    await waitFor(() => expect(bodyOf(fetch, '/v3api/kyc/twoFA/toggle')).toEqual({ enabled: true, code: '111222' }));
  });

  it('explains what removal does to owned businesses, and signs out after it', async () => {
    const fetch = server();
    renderPage();
    const consequences = await screen.findByTestId('settings-remove-consequences');
    expect(consequences.textContent).toContain('the businesses you own are kept with their transactions, settlements and other data');
    fireEvent.click(screen.getByTestId('settings-remove-account'));
    await screen.findByTestId('settings-remove-dialog');
    fireEvent.click(screen.getByTestId('settings-remove-dialog-confirm'));
    expect(await screen.findByText('The verification code is required')).toBeTruthy();
    fireEvent.change(field('removeAccount_code'), { target: { value: '333444' } });
    fireEvent.click(screen.getByTestId('settings-remove-dialog-confirm'));
    expect(await screen.findByTestId('login')).toBeTruthy();
    expect(bodyOf(fetch, '/v3api/kyc/removeAccount')).toEqual({ confirm: true, code: '333444' });
    expect(getToken()).toBeNull();
    expect(getSession().exitTo).toBe('/loginNew');
  });
});
