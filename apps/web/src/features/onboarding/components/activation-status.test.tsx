import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TKycStatus } from '@mbo/shared/kyc';
import { setLanguage } from '../../../platform/i18n';
import { resetDuplicateSubmitWindow } from '../../../platform/request';
import { clearSession, getSession, storeLoginResult } from '../../../platform/session';
import { loginResult } from '../../../test/factories';
import { renderRoutes } from '../../../test/render';
import { envelope, headerOf, mockFetch } from '../../../test/utils';
import { BUSINESS_ID, kycStatus } from '../kyc-fixtures';
import { ActivationStatus, activationSteps } from './activation-status';

const pending = { selectedMerAdminId: 1, currBusinessId: BUSINESS_ID, currBusinessStatus: 20, isInitialLogin: 1, requires2FA: 0 };

function renderPage() {
  return renderRoutes('/activate', {
    '/activate': <ActivationStatus businessId={BUSINESS_ID} />,
    '/kyc': <div data-testid="kyc-page" />,
    '/': <div data-testid="home-page" />,
  });
}

function serve(status: TKycStatus) {
  return mockFetch((url) => {
    if (url.pathname === '/v3api/kyc/status') return envelope(status);
    if (url.pathname === '/v3api/kyc/isc/verifyEmail/resend') return envelope(null);
    if (url.pathname === '/v3api/admin/getInfo') {
      const { token: _token, ...info } = loginResult({ kycInfo: { ...pending, currBusinessStatus: 40, isInitialLogin: 0 } });
      return envelope({ ...info, userInfo: { ...info.userInfo, forceChangePwd: false } });
    }
    return undefined;
  });
}

describe('activation status page', () => {
  beforeEach(() => {
    setLanguage('en');
    resetDuplicateSubmitWindow();
    storeLoginResult(loginResult({ kycInfo: pending, userInfo: { ...loginResult().userInfo, forceChangePwd: false } }));
  });

  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
    setLanguage('zhCn');
  });

  it('profile not submitted: how long it takes, and the way to the wizard', async () => {
    serve(kycStatus());
    renderPage();
    const status = await screen.findByTestId('activate-status');
    expect(status.dataset.state).toBe('notSubmitted');
    expect(status.textContent).toContain('Filling in the profile takes 5 to 10 minutes');
    fireEvent.click(screen.getByTestId('activate-go-kyc'));
    expect(await screen.findByTestId('kyc-page')).toBeTruthy();
  });

  it('under review: 1 to 3 working days, nothing to do', async () => {
    serve(kycStatus({ reviewState: 'underReview', submittedAt: '2026-01-05T02:00:00.000Z' }));
    renderPage();
    const status = await screen.findByTestId('activate-status');
    expect(status.dataset.state).toBe('underReview');
    expect(status.textContent).toContain('The review takes 1 to 3 working days');
    expect(status.textContent).toContain('Submitted 2026-01-05 10:00:00');
    expect(screen.queryByTestId('activate-go-kyc')).toBeNull();
  });

  it('review failed: the reason and a way back to the wizard', async () => {
    serve(kycStatus({ reviewState: 'rejected', rejectReason: 'The registration document is unreadable' }));
    renderPage();
    expect((await screen.findByTestId('activate-reject-reason')).textContent).toContain('The registration document is unreadable');
    expect(screen.getByTestId('activate-status').dataset.state).toBe('rejected');
    expect(screen.getByTestId('activate-go-kyc').textContent).toBe('Correct and submit again');
  });

  it('email not verified: resends the verification mail, then waits before offering it again', async () => {
    const fetch = serve(kycStatus({ emailVerified: false }));
    renderPage();
    fireEvent.click(await screen.findByTestId('activate-resend-email'));
    expect(await screen.findByText('A verification email has been sent to owner@example.com')).toBeTruthy();
    const call = fetch.mock.calls.find(([input]) => String(input).includes('/verifyEmail/resend'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'owner@example.com' });
    expect(headerOf(call?.[1], 'X-Auth-Token')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('activate-resend-email').textContent).toMatch(/^Resend in \d+ s$/));
  });

  it('gateway opened: refreshes the stored session so the guard lets the person in, then goes home', async () => {
    const fetch = serve(kycStatus({ reviewState: 'approved', businessStatus: 40, gatewayOpened: true }));
    renderPage();
    expect((await screen.findByTestId('activate-status')).dataset.state).toBe('active');
    // What the guard reads: an active business, no longer an initial login.
    await waitFor(() => expect(getSession().kycInfo).toMatchObject({ currBusinessStatus: 40, isInitialLogin: 0 }));
    expect(fetch.mock.calls.filter(([input]) => String(input).includes('/admin/getInfo'))).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('Admin-Kyc') ?? '{}')).toMatchObject({ currBusinessStatus: 40, isInitialLogin: 0 });
    fireEvent.click(screen.getByTestId('activate-home'));
    expect(await screen.findByTestId('home-page')).toBeTruthy();
  });

  it('the steps indicator follows email -> profile -> review -> gateway', () => {
    expect(activationSteps(kycStatus({ emailVerified: false }))).toEqual(['process', 'process', 'wait', 'wait']);
    expect(activationSteps(kycStatus({ reviewState: 'underReview' }))).toEqual(['finish', 'finish', 'process', 'wait']);
    expect(activationSteps(kycStatus({ reviewState: 'rejected' }))).toEqual(['finish', 'process', 'error', 'wait']);
    expect(activationSteps(kycStatus({ reviewState: 'approved' }))).toEqual(['finish', 'finish', 'finish', 'process']);
    expect(activationSteps(kycStatus({ reviewState: 'approved', gatewayOpened: true }))).toEqual(['finish', 'finish', 'finish', 'finish']);
  });
});
