import type { TFunction } from 'i18next';
import { EVIDENCE_MAX_BYTES, EVIDENCE_MAX_COUNT, checkEvidenceFiles } from '@mbo/shared/disputes';

/**
 * What is wrong with a list of evidence files (type, size, count: the server's rules, which also reads
 * each file's content), in the user's language; null when it may be sent. `already` counts files sent before.
 */
export function evidenceProblem(t: TFunction, files: readonly { name: string; size: number }[], already = 0): string | null {
  const check = checkEvidenceFiles([...Array.from({ length: already }, () => ({ name: 'sent.pdf', size: 0 })), ...files]);
  if (check.problem === 'tooMany') return t('dispute.evidenceTooMany', { count: EVIDENCE_MAX_COUNT });
  if (check.problem === 'badType') return t('dispute.evidenceBadType', { name: check.name });
  if (check.problem === 'tooLarge') return t('dispute.evidenceTooLarge', { name: check.name, mb: EVIDENCE_MAX_BYTES / 1024 / 1024 });
  return null;
}
