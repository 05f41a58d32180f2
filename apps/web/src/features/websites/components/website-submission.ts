import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TShopChecklist } from '@mbo/shared/kyc';
import type { TWebsiteUploadResult } from '@mbo/shared/websites';
import { messageOf } from '../../../platform/request';
import { confirmedChecklist, EMPTY_CHECKLIST, type TChecklistState } from './shop-checklist';

/**
 * What the add and upload dialogs share: the shop checklist, the problem shown under the form and the
 * outcome once the server has answered. `send` asks only once every checklist item is confirmed.
 */
export function useWebsiteSubmission() {
  const { t } = useTranslation();
  const [checklist, setChecklist] = useState<TChecklistState>(EMPTY_CHECKLIST);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<TWebsiteUploadResult | null>(null);

  const reset = () => {
    setChecklist(EMPTY_CHECKLIST);
    setProblem(null);
    setResult(null);
  };

  const send = async (request: (checklist: TShopChecklist) => Promise<TWebsiteUploadResult>) => {
    const confirmed = confirmedChecklist(checklist);
    if (!confirmed) {
      setProblem(t('websites.checklistRequired'));
      return;
    }
    setProblem(null);
    try {
      setResult(await request(confirmed));
    } catch (error) {
      setProblem(messageOf(error));
    }
  };

  return { checklist, setChecklist, problem, setProblem, result, setResult, reset, send };
}
