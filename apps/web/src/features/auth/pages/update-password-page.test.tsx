import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { UpdatePasswordPage } from './update-password-page';
import { setLanguage } from '../../../platform/i18n';
import { clearSession, getSession, storeLoginResult } from '../../../platform/session';
import { resetDuplicateSubmitWindow } from '../../../platform/request';
import { loginResult } from '../../../test/factories';
import { renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';

function renderPage() {
  return renderRoutes('/merchant/showUpdatePassword', {
    '/merchant/showUpdatePassword': <UpdatePasswordPage />,
    '/': <div data-testid="home">home</div>,
  });
}

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label);
}

function type(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

describe('change password page', () => {
  beforeEach(() => {
    setLanguage('en');
    resetDuplicateSubmitWindow();
    storeLoginResult(loginResult());
  });

  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
    setLanguage('zhCn');
  });

  it('tells the person why a forced change is needed', () => {
    renderPage();
    expect(screen.getByText('For the security of your account, please change your password before continuing')).toBeTruthy();
  });

  it('requires every field, with translated messages', async () => {
    renderPage();
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('The current password is required')).toBeTruthy();
    expect(await screen.findByText(/^A password following the rules is required/)).toBeTruthy();
    expect(await screen.findByText('Please confirm the new password')).toBeTruthy();
  });

  it('explains the password rule when the new password breaks it', async () => {
    renderPage();
    for (const bad of ['short1A', 'alllowercase', 'has space 1A', 'Abcdefgh12345678']) {
      type('New password', bad);
      expect(
        await screen.findByText(
          'A password following the rules is required: 8 to 15 characters, with at least two of uppercase letters, lowercase letters, digits and special characters, and no spaces',
        ),
        bad,
      ).toBeTruthy();
    }
    type('New password', 'Abcdefg1');
    await waitFor(() => expect(screen.queryByText(/^A password following the rules is required/)).toBeNull());
  });

  it('says so when the two passwords differ', async () => {
    renderPage();
    type('New password', 'Abcdefg1');
    type('Confirm password', 'Abcdefg2');
    expect(await screen.findByText('The two passwords differ')).toBeTruthy();
    type('Confirm password', 'Abcdefg1');
    await waitFor(() => expect(screen.queryByText('The two passwords differ')).toBeNull());
  });

  it('in Chinese too', async () => {
    setLanguage('zhCn');
    renderPage();
    type('新密码', 'Abcdefg1');
    type('确认密码', 'x');
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
  });

  it('sends the change, clears the forced flag and goes home', async () => {
    const fetch = mockFetch((url) => (url.pathname === '/v3api/merchant/updatePassword' ? envelope(null) : undefined));
    renderPage();
    type('Current password', 'Old@2026x');
    type('New password', 'New@2026x');
    type('Confirm password', 'New@2026x');
    fireEvent.click(screen.getByTestId('password-submit'));
    await screen.findByTestId('home');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({
      oldPassword: 'Old@2026x',
      newPassword: 'New@2026x',
      confirmPassword: 'New@2026x',
    });
    expect(getSession().userInfo?.forceChangePwd).toBe(false);
    expect(JSON.parse(localStorage.getItem('Admin-Info') ?? '{}')).toMatchObject({ forceChangePwd: false });
  });
});
