import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { RegisterPage } from './register-page';
import { setLanguage } from '../../../platform/i18n';
import { getSession, getToken } from '../../../platform/session';
import { useSignedOutEnglishClient } from '../../../test/client-state';
import { loginResult } from '../../../test/factories';
import { bodyOf, renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';

const CODE_SENT = { channel: 'sms', sentTo: '+861****5678', expiresInSeconds: 600, resendAfterSeconds: 60 };

function renderPage() {
  return renderRoutes('/register', { '/register': <RegisterPage />, '/': <div data-testid="home">home</div> });
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });

describe('sign-up page', () => {
  useSignedOutEnglishClient();
  afterEach(() => vi.useRealTimers());

  it('names every missing field with its own message', async () => {
    renderPage();
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('The email address is required')).toBeTruthy();
    expect(await screen.findByText('The mobile number is required')).toBeTruthy();
    expect(await screen.findByText('The verification code is required')).toBeTruthy();
    expect(await screen.findByText(/^A password following the rules is required/)).toBeTruthy();
    expect(await screen.findByText('Please confirm the new password')).toBeTruthy();
    expect(await screen.findByText('Please read and accept the terms of service and the privacy policy')).toBeTruthy();
  });

  it('checks the email, the mobile, the code, the password rule and the confirmation', async () => {
    renderPage();
    type('email', 'not-an-email');
    type('mobile', '123');
    type('code', '12a');
    expect(input('code').value).toBe('12');
    type('password', 'alllowercase');
    type('confirmPassword', 'other');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(await screen.findByText('Enter a valid mobile number')).toBeTruthy();
    expect(await screen.findByText('The verification code is 6 digits')).toBeTruthy();
    expect(
      await screen.findByText(
        'A password following the rules is required: 8 to 15 characters, with at least two of uppercase letters, lowercase letters, digits and special characters, and no spaces',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('The two passwords differ')).toBeTruthy();
  });

  it('shows the same messages in Traditional Chinese', async () => {
    setLanguage('zhHk');
    renderPage();
    type('password', 'Abcdefg1');
    type('confirmPassword', 'Abcdefg2');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('兩次輸入的密碼不一致')).toBeTruthy();
    expect(await screen.findByText('電郵地址不能為空')).toBeTruthy();
  });

  it('does not send a code before the mobile number is valid', async () => {
    const fetch = mockFetch(() => envelope(CODE_SENT));
    renderPage();
    fireEvent.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('The mobile number is required')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the code by SMS to the mobile with its calling code, then counts down 60 s before another', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = mockFetch((url) => (url.pathname === '/v3api/kyc/isc/captchaSms' ? envelope(CODE_SENT) : undefined));
    renderPage();
    type('mobile', '139 1234 5678');
    const button = screen.getByTestId('send-code') as HTMLButtonElement;
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('Send again in 60 s'));
    expect(button.disabled).toBe(true);
    expect(bodyOf(fetch, '/v3api/kyc/isc/captchaSms')).toEqual({ purpose: 'signup', channel: 'sms', target: '+8613912345678' });
    expect(screen.getByText('Code sent to +861****5678')).toBeTruthy();

    fireEvent.click(button);
    for (let second = 0; second < 59; second += 1) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    expect(button.textContent).toBe('Send again in 1 s');
    expect(button.disabled).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(button.textContent).toBe('Send again');
    expect(button.disabled).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('starts no countdown when the server refuses to send', async () => {
    mockFetch(() => envelope(null, 1009, 'This mobile number is already registered'));
    renderPage();
    type('mobile', '13912345678');
    const button = screen.getByTestId('send-code') as HTMLButtonElement;
    fireEvent.click(button);
    expect(await screen.findByText('This mobile number is already registered')).toBeTruthy();
    expect(button.textContent).toBe('Send code');
    expect(button.disabled).toBe(false);
  });

  it('signs up, asks to check the mailbox, and opens the new session on continue', async () => {
    const registered = loginResult({
      token: 'tok-new',
      userInfo: { ...loginResult().userInfo, merchantNo: '100123', forceChangePwd: false },
      kycInfo: { selectedMerAdminId: 9, currBusinessId: 9, currBusinessStatus: 10, isInitialLogin: 1, requires2FA: 0 },
    });
    const fetch = mockFetch((url) => {
      if (url.pathname === '/v3api/kyc/isc/captchaSms') return envelope(CODE_SENT);
      if (url.pathname === '/v3api/kyc/isc/signup') return envelope(registered);
      return undefined;
    });
    renderPage();
    type('email', 'Owner@Example.com ');
    type('mobile', '13912345678');
    type('code', '123456');
    type('password', 'Sign@2026x');
    type('confirmPassword', 'Sign@2026x');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('register-submit'));

    expect(await screen.findByTestId('register-done')).toBeTruthy();
    expect(bodyOf(fetch, '/v3api/kyc/isc/signup')).toEqual({
      email: 'Owner@Example.com',
      mobile: '+8613912345678',
      smsCode: '123456',
      password: 'Sign@2026x',
      confirmPassword: 'Sign@2026x',
    });
    expect(screen.getByText(/We sent a verification email to Owner@Example.com/)).toBeTruthy();
    expect(screen.getByTestId('register-merchant-no').textContent).toBe('100123');
    expect(getToken()).toBeNull();

    fireEvent.click(screen.getByTestId('register-continue'));
    expect(await screen.findByTestId('home')).toBeTruthy();
    expect(getToken()).toBe('tok-new');
    expect(getSession().kycInfo?.isInitialLogin).toBe(1);
  });
});
