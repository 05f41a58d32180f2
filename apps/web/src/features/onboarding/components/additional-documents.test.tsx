import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { TKycFile } from '@mbo/shared/kyc';
import { i18n, setLanguage } from '../../../platform/i18n';
import { envelope, mockFetch } from '../../../test/utils';
import { BUSINESS_ID, kycFile } from '../kyc-fixtures';
import { AdditionalDocuments, parseBusinessId } from './additional-documents';

function renderPage(businessId: number | null = BUSINESS_ID) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <AdditionalDocuments businessId={businessId} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

function serve(existing: TKycFile[]) {
  const uploads: string[] = [];
  mockFetch((url, init) => {
    if (url.pathname === `/v3api/kyc/additionalFiles/${BUSINESS_ID}`) return envelope(existing);
    if (url.pathname === `/v3api/kyc/uploadAdditional/${BUSINESS_ID}`) {
      const file = (init?.body as FormData).get('files') as File;
      uploads.push(file.name);
      if (file.name.startsWith('fake')) return envelope(null, 1001, `The file "${file.name}" is not in an accepted format`);
      return envelope([kycFile(300 + uploads.length, 'additionalDocuments', file.name)]);
    }
    return undefined;
  });
  return uploads;
}

describe('additional KYC documents', () => {
  beforeEach(() => setLanguage('en'));
  afterEach(() => {
    vi.unstubAllGlobals();
    setLanguage('zhCn');
  });

  it('lists what was uploaded, adds a new upload and shows the server refusal', async () => {
    const uploads = serve([kycFile(31, 'additionalDocuments', 'bank-statement.pdf')]);
    renderPage();
    const list = await screen.findByTestId('upload-additional-list');
    expect(list.textContent).toContain('bank-statement.pdf');
    expect(list.dataset.count).toBe('1');

    fireEvent.change(screen.getByTestId('upload-additional-input'), { target: { files: [new File(['%PDF-1.4'], 'address-proof.pdf')] } });
    expect(await screen.findByText('"address-proof.pdf" uploaded')).toBeTruthy();
    expect(screen.getByTestId('upload-additional-list').textContent).toContain('address-proof.pdf');
    expect(screen.getByText('Uploaded documents (2)')).toBeTruthy();

    fireEvent.change(screen.getByTestId('upload-additional-input'), { target: { files: [new File(['text'], 'fake.pdf')] } });
    expect((await screen.findByTestId('upload-additional-errors')).textContent).toContain(
      'The file "fake.pdf" is not in an accepted format',
    );
    expect(uploads).toEqual(['address-proof.pdf', 'fake.pdf']);
  });

  it('checks type and the 10-file limit before sending', async () => {
    const existing = Array.from({ length: 9 }, (_, i) => kycFile(40 + i, 'additionalDocuments', `doc-${i}.pdf`));
    const uploads = serve(existing);
    renderPage();
    await screen.findByText('Uploaded documents (9)');
    fireEvent.change(screen.getByTestId('upload-additional-input'), { target: { files: [new File(['x'], 'notes.txt')] } });
    expect(await screen.findByText(/"notes.txt" is not an accepted format/)).toBeTruthy();
    fireEvent.change(screen.getByTestId('upload-additional-input'), {
      target: { files: [new File(['%PDF-'], 'tenth.pdf'), new File(['%PDF-'], 'eleventh.pdf')] },
    });
    expect(await screen.findByText('"eleventh.pdf" was not added: at most 10 files')).toBeTruthy();
    expect(await screen.findByText('"tenth.pdf" uploaded')).toBeTruthy();
    expect(uploads).toEqual(['tenth.pdf']);
  });

  it('only a positive number names a business', () => {
    expect(parseBusinessId('12')).toBe(12);
    for (const bad of [undefined, '', '0', '-1', '1.5', 'abc', '12abc']) expect(parseBusinessId(bad), String(bad)).toBeNull();
    renderPage(null);
    expect(screen.getByText('This business cannot be found')).toBeTruthy();
  });
});
