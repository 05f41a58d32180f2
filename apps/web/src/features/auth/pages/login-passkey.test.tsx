import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import { LoginPage } from './login-page';
import { getToken } from '../../../platform/session';
import { loginResult } from '../../../test/factories';
import { bodyOf, renderRoutes } from '../../../test/render';
import { envelope, headerOf, mockFetch } from '../../../test/utils';
import { useSignedOutEnglishClient } from '../../../test/client-state';

// The browser's passkey dialog: what the authenticator would hand back.
const ASSERTION = {
  id: 'cred1',
  rawId: 'cred1',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'c2ln', userHandle: 'dXNlcg' },
  clientExtensionResults: {},
};
const startAuthentication = vi.fn();
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication, startRegistration: vi.fn() }));

function renderPage() {
  return renderRoutes('/loginNew', { '/loginNew': <LoginPage />, '/': <div data-testid="home">home</div> });
}

describe('sign-in with a passkey', () => {
  useSignedOutEnglishClient();

  it('asks for the merchant number only, then signs in with the passkey the browser picks', async () => {
    startAuthentication.mockResolvedValue(ASSERTION);
    const fetch = mockFetch((url) => {
      if (url.pathname === '/v3api/auth/passkeys/signInOptions') return envelope({ challenge: 'abc', rpId: 'localhost' });
      if (url.pathname === '/v3api/auth/passkeys/signIn') return envelope(loginResult({ token: 'passkey-token' }));
      return undefined;
    });
    renderPage();
    fireEvent.click(screen.getByTestId('login-passkey'));
    expect(await screen.findByText('The merchant number is required')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(document.getElementById('merchantNo')!, { target: { value: ' 100001 ' } });
    fireEvent.click(screen.getByTestId('login-passkey'));
    expect(await screen.findByTestId('home')).toBeTruthy();
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'abc', rpId: 'localhost' } });
    expect(bodyOf(fetch, '/v3api/auth/passkeys/signIn')).toEqual({ merchantNo: '100001', response: ASSERTION });
    expect(headerOf(fetch.mock.calls[1]![1], 'X-Auth-Token')).toBeNull();
    expect(getToken()).toBe('passkey-token');
  });

  it('stays on the sign-in page with a message when the passkey dialog is closed', async () => {
    startAuthentication.mockRejectedValue(Object.assign(new Error('closed'), { name: 'NotAllowedError' }));
    const fetch = mockFetch((url) => (url.pathname === '/v3api/auth/passkeys/signInOptions' ? envelope({ challenge: 'abc' }) : undefined));
    const errorToast = vi.spyOn(message, 'error');
    renderPage();
    fireEvent.change(document.getElementById('merchantNo')!, { target: { value: '100001' } });
    fireEvent.click(screen.getByTestId('login-passkey'));
    await waitFor(() => expect(startAuthentication).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId('login-passkey').className).not.toContain('loading'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('home')).toBeNull();
    expect(getToken()).toBeFalsy();
    expect(errorToast.mock.calls.map(([arg]) => (arg as { content: string }).content)).toEqual([
      'The passkey was not used (the dialog was closed or no passkey of this site is on this device).',
    ]);
  });
});
