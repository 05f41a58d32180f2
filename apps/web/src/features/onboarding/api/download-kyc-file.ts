import type { TKycFile } from '@mbo/shared/kyc';
import { OnboardingPath, fillPath } from '@mbo/shared/onboarding-paths';
import { saveBlob } from '../../../platform/download';
import { t } from '../../../platform/i18n';
import { RequestError, sendRaw } from '../../../platform/request';
import { showErrorToast } from '../../../platform/request-ui';

/**
 * Saves an uploaded KYC file. The file call needs the session header, so it cannot be a plain link;
 * a JSON answer instead of the file is an error envelope whose msg is shown.
 */
export async function downloadKycFile(file: Pick<TKycFile, 'fileId' | 'name'>): Promise<boolean> {
  try {
    const response = await sendRaw('GET', fillPath(OnboardingPath.kycFile, { fileId: file.fileId }));
    if ((response.headers.get('content-type') ?? '').includes('application/json')) {
      const body = (await response.json()) as { msg?: unknown };
      showErrorToast(typeof body.msg === 'string' && body.msg ? body.msg : t('request.unknownError'));
      return false;
    }
    saveBlob(await response.blob(), file.name);
    return true;
  } catch (error) {
    if (!(error instanceof RequestError)) showErrorToast(t('request.downloadError'));
    return false;
  }
}
