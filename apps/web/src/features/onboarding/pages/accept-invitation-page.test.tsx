import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { AcceptInvitationPage } from './accept-invitation-page';
import { getToken } from '../../../platform/session';
import { loginResult } from '../../../test/factories';
import { bodyOf, renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';
import { useSignedOutEnglishClient } from '../../../test/client-state';

const INFO = {
  merchantNo: '100001',
  merchantName: 'Harbourline Trading',
  email: 'staff@example.com',
  loginName: 'staff@example.com',
  expiresAt: '2026-03-01T00:00:00Z',
};

function renderPage() {
  return renderRoutes('/acceptInvitation?token=inv-1', {
    '/acceptInvitation': <AcceptInvitationPage />,
    '/': <div data-testid="home" />,
    '/loginNew': <div data-testid="login" />,
  });
}

const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });

describe('invitation acceptance page', () => {
  useSignedOutEnglishClient();

  it('shows the merchant and the email, takes a name and a password and signs the invitee in', async () => {
    const fetch = mockFetch((url) => {
      if (url.pathname === '/v3api/admin/invitation/info') return envelope(INFO);
      if (url.pathname === '/v3api/admin/invitation/accept') return envelope(loginResult({ token: 'tok-invitee' }));
      return undefined;
    });
    renderPage();
    expect((await screen.findByTestId('invitation-merchant')).textContent).toBe('Harbourline Trading (100001)');
    expect(screen.getByTestId('invitation-email').textContent).toBe('staff@example.com');
    expect(String(fetch.mock.calls[0]![0])).toContain('token=inv-1');

    fireEvent.click(screen.getByTestId('invitation-submit'));
    expect(await screen.findByText('Your name is required')).toBeTruthy();
    type('name', ' Sam Lee ');
    type('password', 'Staff@2026');
    type('confirmPassword', 'Staff@2027');
    fireEvent.click(screen.getByTestId('invitation-submit'));
    expect(await screen.findByText('The two passwords differ')).toBeTruthy();
    type('confirmPassword', 'Staff@2026');
    fireEvent.click(screen.getByTestId('invitation-submit'));
    expect(await screen.findByTestId('home')).toBeTruthy();
    expect(bodyOf(fetch, '/v3api/admin/invitation/accept')).toEqual({
      token: 'inv-1',
      name: 'Sam Lee',
      password: 'Staff@2026',
      confirmPassword: 'Staff@2026',
    });
    expect(getToken()).toBe('tok-invitee');
  });

  it("shows the server's message for an expired invitation", async () => {
    const expired = 'Invitation acceptance failed: link expired, ask an administrator to resend';
    mockFetch((url) => (url.pathname === '/v3api/admin/invitation/info' ? envelope(null, 1002, expired) : undefined));
    renderPage();
    expect((await screen.findByTestId('invitation-error')).textContent).toBe(expired);
    expect(screen.queryByTestId('invitation-submit')).toBeNull();
  });
});
