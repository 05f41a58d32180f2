import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';
import { getToken, storeLoginResult } from '../../../platform/session';
import { loginResult } from '../../../test/factories';
import { bodyOf, renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';
import { useSignedOutEnglishClient } from '../../../test/client-state';

const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });

function renderAt(path: string) {
  return renderRoutes(path, {
    '/forgotPassword': <ForgotPasswordPage />,
    '/resetPassword': <ResetPasswordPage />,
    '/loginNew': <div data-testid="login">login</div>,
  });
}

describe('forgot and reset password', () => {
  useSignedOutEnglishClient();

  it('by email: sends the link and says it was sent', async () => {
    const fetch = mockFetch((url) => (url.pathname === '/v3api/kyc/isc/resetpwd/sendEmail' ? envelope(null) : undefined));
    renderAt('/forgotPassword');
    type('email', 'owner@example.com');
    fireEvent.click(screen.getByTestId('reset-send-email'));
    expect((await screen.findByTestId('reset-email-sent')).textContent).toContain('If owner@example.com is a verified registered address');
    expect(bodyOf(fetch, '/v3api/kyc/isc/resetpwd/sendEmail')).toEqual({ email: 'owner@example.com' });
  });

  it('by SMS: sends a code, trades it for a reset token, sets the new password, then goes to sign in again', async () => {
    const fetch = mockFetch((url) => {
      if (url.pathname === '/v3api/kyc/isc/resetpwd/sms')
        return envelope({ channel: 'sms', sentTo: '+852****4567', expiresInSeconds: 600, resendAfterSeconds: 60 });
      if (url.pathname === '/v3api/kyc/isc/resetPwd/verifySmsCode') return envelope({ token: 'reset-1', expiresInSeconds: 600 });
      if (url.pathname === '/v3api/kyc/isc/resetPwd') return envelope(null);
      return undefined;
    });
    const { location } = renderAt('/forgotPassword');
    fireEvent.click(screen.getByTestId('reset-by-sms'));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('+852 Hong Kong'));
    type('mobile', '91234567');
    fireEvent.click(screen.getByTestId('reset-send-code'));
    expect(await screen.findByText('Code sent to +852****4567')).toBeTruthy();
    type('code', '135790');
    fireEvent.click(screen.getByTestId('reset-verify'));
    expect(await screen.findByTestId('reset-submit')).toBeTruthy();
    expect(bodyOf(fetch, '/v3api/kyc/isc/resetPwd/verifySmsCode')).toEqual({ mobile: '+85291234567', code: '135790' });

    type('newPassword', 'Reset@2026');
    type('confirmPassword', 'Reset@2026');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByTestId('login')).toBeTruthy();
    expect(location()).toBe('/loginNew');
    expect(await screen.findByText('Your password has been reset. Sign in with the new password.')).toBeTruthy();
    expect(bodyOf(fetch, '/v3api/kyc/isc/resetPwd')).toEqual({
      token: 'reset-1',
      newPassword: 'Reset@2026',
      confirmPassword: 'Reset@2026',
    });
  });

  it('from the mail link: an expired token shows the server message and a way to ask again', async () => {
    mockFetch(() => envelope(null, 1002, 'The password reset link has expired, please request a new one'));
    renderAt('/resetPassword?token=old');
    type('newPassword', 'Reset@2026');
    type('confirmPassword', 'Reset@2026');
    fireEvent.click(screen.getByTestId('reset-submit'));
    const error = await screen.findByTestId('reset-error');
    expect(error.textContent).toContain('The password reset link has expired, please request a new one');
    expect(error.textContent).toContain('Request a new reset link');
  });

  it('without a token: the page names the problem in its level-one heading and links to a new request', async () => {
    mockFetch(() => undefined);
    renderAt('/resetPassword');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('The reset link is incomplete. Open the full link from the email or request a new one.');
    expect(screen.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe('/forgotPassword');
  });

  it('from the mail link: a reset ends the session kept in this browser', async () => {
    storeLoginResult(loginResult());
    mockFetch(() => envelope(null));
    renderAt('/resetPassword?token=fresh');
    type('newPassword', 'Reset@2026');
    type('confirmPassword', 'Reset@2026');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByTestId('login')).toBeTruthy();
    expect(getToken()).toBeNull();
  });
});
