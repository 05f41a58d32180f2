import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { TKycDraft, TKycDraftData, TKycFile, TKycSaveDraftBody } from '@mbo/shared/kyc';
import { setLanguage } from '../../../platform/i18n';
import { resetDuplicateSubmitWindow } from '../../../platform/request';
import { BUSINESS_ID, completeProfile, kycDraft, kycFile, kycStatus } from '../kyc-fixtures';
import { renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';
import { KycWizard } from './kyc-wizard';

type TServer = { saves: TKycSaveDraftBody[]; submits: number; uploads: number; draft: () => TKycDraft };

/** A server holding one draft: saves replace a step, submit answers "under review" after a moment. */
function mockServer(initial: TKycDraft, uploadAnswer?: (name: string) => Response): TServer {
  let draft = initial;
  const server = { saves: [] as TKycSaveDraftBody[], submits: 0, uploads: 0, draft: () => draft };
  mockFetch((url, init) => {
    if (url.pathname === '/v3api/kyc/draft') return envelope(draft);
    if (url.pathname === '/v3api/kyc/status') return envelope(kycStatus());
    if (url.pathname === '/v3api/kyc/draft/save') {
      const body = JSON.parse(String(init?.body)) as TKycSaveDraftBody;
      server.saves.push(body);
      draft = { ...draft, data: { ...draft.data, [body.step]: body.data } };
      return envelope(draft);
    }
    if (url.pathname === '/v3api/kyc/submit') {
      server.submits += 1;
      return new Promise<Response>((resolve) => setTimeout(() => resolve(envelope(kycStatus({ reviewState: 'underReview' }))), 30));
    }
    if (url.pathname === '/v3api/kyc/file/upload') {
      server.uploads += 1;
      const form = init?.body as FormData;
      const file = form.get('files') as File;
      expect(form.get('businessId')).toBe(String(BUSINESS_ID));
      return uploadAnswer ? uploadAnswer(file.name) : envelope([kycFile(100 + server.uploads, 'businessDocuments', file.name)]);
    }
    return undefined;
  });
  return server;
}

function renderWizard() {
  return renderRoutes('/kyc', {
    '/kyc': <KycWizard businessId={BUSINESS_ID} />,
    '/activate': <div data-testid="activate-page" />,
  });
}

function input(id: string): HTMLInputElement {
  const element = document.getElementById(id);
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) throw new Error(`no input #${id}`);
  return element as HTMLInputElement;
}

const full = completeProfile();
const upTo = (count: number): TKycDraftData =>
  Object.fromEntries((['business', 'industry', 'bank', 'owners'] as const).slice(0, count).map((step) => [step, full[step]]));

describe('KYC wizard', () => {
  beforeEach(() => {
    setLanguage('en');
    resetDuplicateSubmitWindow();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    setLanguage('zhCn');
  });

  it('resumes from the server draft at the first step that is not complete, with the saved values', async () => {
    const server = mockServer(kycDraft({ ...upTo(2), bank: { bankName: 'Harbour Bank' } }));
    renderWizard();
    expect(await screen.findByTestId('kyc-step-3')).toBeTruthy();
    expect(input('bankName').value).toBe('Harbour Bank');
    fireEvent.click(screen.getByTestId('kyc-prev'));
    expect(await screen.findByTestId('kyc-step-2')).toBeTruthy();
    expect(input('websites_0_url').value).toBe('https://shop.example.com');
    expect(server.saves).toEqual([]);
  });

  it('an approved business sees its submitted profile read-only, with the additional-documents link', async () => {
    mockServer(kycDraft(full, { reviewState: 'approved', editable: false }));
    renderWizard();
    expect(await screen.findByTestId('kyc-approved')).toBeTruthy();
    expect(screen.getByText('Business verification approved')).toBeTruthy();
    expect(screen.getByTestId('kyc-summary-business').textContent).toContain(full.business?.legalName ?? '?');
    expect(screen.queryByTestId('kyc-edit-business')).toBeNull();
    expect(document.getElementById('legalName')).toBeNull();
    expect(screen.queryByTestId('kyc-step-1')).toBeNull();
    expect(screen.getByTestId('kyc-additional-link')).toBeTruthy();
  });

  it('a business active without a profile submitted here gets no blank wizard', async () => {
    mockFetch((url) => {
      if (url.pathname === '/v3api/kyc/draft') return envelope(kycDraft({}, { updatedAt: null }));
      if (url.pathname === '/v3api/kyc/status') return envelope(kycStatus({ businessStatus: 40 }));
      return undefined;
    });
    renderWizard();
    expect(await screen.findByTestId('kyc-approved')).toBeTruthy();
    expect(screen.queryByTestId('kyc-step-1')).toBeNull();
  });

  it('a draft never saved starts at the first step', async () => {
    mockServer(kycDraft({}, { updatedAt: null }));
    renderWizard();
    expect(await screen.findByTestId('kyc-step-1')).toBeTruthy();
  });

  it('"next" checks the step, saves it as a draft and moves on', async () => {
    const server = mockServer(kycDraft(upTo(1)));
    renderWizard();
    await screen.findByTestId('kyc-step-2');
    fireEvent.click(screen.getByTestId('kyc-prev'));
    await screen.findByTestId('kyc-step-1');
    fireEvent.change(input('legalName'), { target: { value: '  Harbour Trading Co  ' } });
    fireEvent.click(screen.getByTestId('kyc-next'));
    expect(await screen.findByTestId('kyc-step-2')).toBeTruthy();
    expect(server.saves).toEqual([
      { businessId: BUSINESS_ID, step: 'business', data: { ...full.business, legalName: 'Harbour Trading Co' } },
    ]);
  });

  it('shows what is missing and saves nothing while a step is incomplete', async () => {
    const server = mockServer(kycDraft({}, { updatedAt: null }));
    renderWizard();
    await screen.findByTestId('kyc-step-1');
    fireEvent.click(screen.getByTestId('kyc-next'));
    // antd shows each field's message once that field's validation settles: wait for all of them, not the first.
    await waitFor(() => expect(screen.getAllByText('This field is required').length).toBeGreaterThanOrEqual(6));
    expect(screen.getByText('Upload at least one file')).toBeTruthy();
    expect(screen.getByTestId('kyc-step-1')).toBeTruthy();
    expect(server.saves).toEqual([]);
  });

  it('refuses a sole proprietor: the message shows and the wizard cannot go on', async () => {
    const server = mockServer(kycDraft({}, { updatedAt: null }));
    renderWizard();
    await screen.findByTestId('kyc-step-1');
    fireEvent.click(screen.getByLabelText('Sole proprietor'));
    expect((await screen.findAllByText('Sole traders are not supported in your region')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('kyc-sole-proprietor')).toBeTruthy();
    expect((screen.getByTestId('kyc-next') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('kyc-save') as HTMLButtonElement).disabled).toBe(true);
    expect(server.saves).toEqual([]);
    fireEvent.click(screen.getByLabelText('Company'));
    await waitFor(() => expect(screen.queryByTestId('kyc-sole-proprietor')).toBeNull());
    expect((screen.getByTestId('kyc-next') as HTMLButtonElement).disabled).toBe(false);
  });

  it('an additional industry, once declared, must be named and bring more than 40%', async () => {
    const { hasAdditionalIndustry: _omitted, ...industry } = { ...full.industry, mainIndustryShare: 55 };
    const server = mockServer(kycDraft({ business: full.business, industry }));
    renderWizard();
    await screen.findByTestId('kyc-step-2');
    expect(document.getElementById('additionalIndustry')).toBeNull();
    fireEvent.click(screen.getByLabelText('Yes'));
    await waitFor(() => expect(document.getElementById('additionalIndustryShare')).not.toBeNull());
    fireEvent.change(input('additionalIndustryShare'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('kyc-next'));
    expect(await screen.findByText('Declare an additional industry only when it brings more than 40% of the revenue')).toBeTruthy();
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(server.saves).toEqual([]);
  });

  it('every shop-site checklist item has to be confirmed', async () => {
    const industry = { ...full.industry, websites: [{ url: 'https://shop.example.com', checklist: { refundPolicy: true } }] };
    const server = mockServer(kycDraft({ business: full.business, industry }));
    renderWizard();
    await screen.findByTestId('kyc-step-2');
    fireEvent.click(screen.getByTestId('kyc-next'));
    await waitFor(() => expect(screen.getAllByText('Required: the shop site must meet this')).toHaveLength(4));
    expect(server.saves).toEqual([]);
    for (const label of [
      'The site shows contact information',
      'The site shows terms of service',
      'The site shows a shipping policy',
      'Test orders may be placed on the site',
    ]) {
      fireEvent.click(screen.getByLabelText(label));
    }
    fireEvent.click(screen.getByTestId('kyc-next'));
    expect(await screen.findByTestId('kyc-step-3')).toBeTruthy();
    expect(server.saves[0]?.step).toBe('industry');
  });

  it('owners: a holder of 25% or more must be an owner, and an applicant and a director must be listed', async () => {
    const owner = { ...full.owners[0]!, roles: ['director' as const], ownershipPercent: 30 };
    const server = mockServer(kycDraft({ ...upTo(3), owners: [owner] }));
    renderWizard();
    await screen.findByTestId('kyc-step-4');
    expect(screen.getByTestId('kyc-owners-rule').textContent).toContain('List every beneficiary owning 25% or more and every director');
    fireEvent.click(screen.getByTestId('kyc-next'));
    expect(await screen.findByText('This person owns 30% (25% or more) and must be marked as an owner')).toBeTruthy();
    expect(screen.getByTestId('kyc-step-issues').textContent).toContain('Mark one person as the applicant');
    expect(server.saves).toEqual([]);
    fireEvent.click(screen.getByTestId('kyc-add-owner'));
    expect(await screen.findByTestId('kyc-owner-1')).toBeTruthy();
    expect(document.getElementById('owners_1_firstName')).not.toBeNull();
  });

  it('blocks a second submit while the first is in flight, then shows the activation page', async () => {
    const server = mockServer(kycDraft(full));
    renderWizard();
    await screen.findByTestId('kyc-step-5');
    expect(screen.getByTestId('kyc-summary-business').textContent).toContain('Harbour Trading Limited');
    expect(screen.getByTestId('kyc-summary-business').textContent).toContain('document-11.pdf');
    const submit = screen.getByTestId('kyc-submit');
    fireEvent.click(submit);
    fireEvent.click(submit);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    fireEvent.click(submit);
    expect(await screen.findByTestId('activate-page')).toBeTruthy();
    expect(server.submits).toBe(1);
    // Blocked by the wizard itself, before the request client's duplicate-submit window had to.
    expect(screen.queryByText('Data is being processed, do not resubmit')).toBeNull();
    expect(server.saves).toEqual([]);
  });

  it('the declaration must be accepted before the submit', async () => {
    const server = mockServer(kycDraft({ ...full, declaration: { allOwnersListed: true } }));
    renderWizard();
    await screen.findByTestId('kyc-step-5');
    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect(await screen.findByText('Accept the applicant declaration to submit')).toBeTruthy();
    expect(server.submits).toBe(0);
    fireEvent.click(screen.getByTestId('kyc-declaration'));
    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect(await screen.findByTestId('activate-page')).toBeTruthy();
    expect(server.saves).toEqual([{ businessId: BUSINESS_ID, step: 'declaration', data: { allOwnersListed: true, accepted: true } }]);
    expect(server.submits).toBe(1);
  });

  it('checks a file before uploading it, and shows the server refusal next to it', async () => {
    const server = mockServer(kycDraft({}, { updatedAt: null }), (name) =>
      name === 'fake.pdf'
        ? envelope(null, 1001, 'The file "fake.pdf" is not in an accepted format: PDF, DOC, DOCX')
        : envelope([kycFile(201, 'businessDocuments', name)] satisfies TKycFile[]),
    );
    renderWizard();
    await screen.findByTestId('kyc-step-1');
    const picker = screen.getByTestId('kyc-upload-businessDocuments') as HTMLInputElement;
    expect(picker.type).toBe('file');
    expect(picker.id).toBe('documentFileIds');

    fireEvent.change(picker, { target: { files: [new File(['MZ'], 'tool.exe')] } });
    expect(await screen.findByText(/"tool.exe" is not an accepted format/)).toBeTruthy();
    const big = new File(['%PDF-'], 'big.pdf');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    // The picker is a new element after each choice.
    fireEvent.change(screen.getByTestId('kyc-upload-businessDocuments'), { target: { files: [big] } });
    expect(await screen.findByText('"big.pdf" is larger than 10 MB')).toBeTruthy();
    expect(server.uploads).toBe(0);

    fireEvent.change(screen.getByTestId('kyc-upload-businessDocuments'), { target: { files: [new File(['hello'], 'fake.pdf')] } });
    const errors = await screen.findByTestId('kyc-upload-businessDocuments-errors');
    expect(errors.textContent).toContain('The file "fake.pdf" is not in an accepted format');

    fireEvent.change(screen.getByTestId('kyc-upload-businessDocuments'), {
      target: { files: [new File(['%PDF-1.4'], 'registration.pdf')] },
    });
    expect(await screen.findByText('registration.pdf')).toBeTruthy();
    expect(server.uploads).toBe(2);
  });

  it('asks to stay or leave when leaving with unsaved changes', async () => {
    mockServer(kycDraft({}, { updatedAt: null }));
    renderWizard();
    await screen.findByTestId('kyc-step-1');
    fireEvent.change(input('legalName'), { target: { value: 'Unsaved Name' } });
    fireEvent.click(screen.getByTestId('kyc-exit'));
    fireEvent.click(await screen.findByTestId('leave-stay'));
    await waitFor(() => expect(screen.queryByTestId('leave-confirm')).toBeNull());
    expect(screen.getByTestId('kyc-step-1')).toBeTruthy();
    expect(input('legalName').value).toBe('Unsaved Name');

    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);

    fireEvent.click(screen.getByTestId('kyc-exit'));
    fireEvent.click(await screen.findByTestId('leave-confirm'));
    expect(await screen.findByTestId('activate-page')).toBeTruthy();
  });

  it('puts documents uploaded in a visit left before "next" back into the draft', async () => {
    const business = { ...full.business, documentFileIds: [] };
    const server = mockServer(kycDraft({ business }, { files: [kycFile(41, 'businessDocuments', 'left-behind.pdf')] }));
    renderWizard();
    // The business step is complete with the adopted document, so the wizard resumes at step 2.
    expect(await screen.findByTestId('kyc-step-2')).toBeTruthy();
    await waitFor(() =>
      expect(server.saves).toEqual([{ businessId: BUSINESS_ID, step: 'business', data: { ...business, documentFileIds: [41] } }]),
    );
    fireEvent.click(screen.getByTestId('kyc-prev'));
    expect(await screen.findByText('left-behind.pdf')).toBeTruthy();
    expect(server.saves).toHaveLength(1);
  });

  it('a submitted profile is not editable', async () => {
    mockServer(kycDraft(full, { reviewState: 'underReview', editable: false }));
    renderWizard();
    expect(await screen.findByText('Your business profile has been submitted')).toBeTruthy();
    fireEvent.click(screen.getByTestId('kyc-to-activate'));
    expect(await screen.findByTestId('activate-page')).toBeTruthy();
  });

  it('a changed bank account that waits for approval says so, stays on the step and is not taken as saved', async () => {
    const draft = kycDraft(upTo(3));
    const saves: TKycSaveDraftBody[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/v3api/kyc/draft') return envelope(draft);
      if (url.pathname === '/v3api/kyc/status') return envelope(kycStatus());
      if (url.pathname === '/v3api/kyc/draft/save') {
        saves.push(JSON.parse(String(init?.body)) as TKycSaveDraftBody);
        return envelope({ approvalPending: true, approvalId: 7, expiresAt: '2026-12-01T00:00:00.000Z' });
      }
      return undefined;
    });
    renderWizard();
    await screen.findByTestId('kyc-step-4');
    fireEvent.click(screen.getByTestId('kyc-prev'));
    await screen.findByTestId('kyc-step-3');
    fireEvent.change(input('accountNumber'), { target: { value: '6222111122223333' } });
    fireEvent.click(screen.getByTestId('kyc-next'));
    expect((await screen.findByTestId('kyc-bank-waiting')).textContent).toContain('request no. 7');
    expect(screen.getByTestId('kyc-step-3')).toBeTruthy();
    expect(saves.map((b) => b.step)).toEqual(['bank']);
  });
});
