import { useEffect, useRef, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CODE_RESEND_SECONDS } from '@mbo/shared/onboarding';

/**
 * Seconds before another code may be asked for when the server does not say (spec: 60 s). A
 * type-only import ties it to the contract without loading the contract's schemas (and zod).
 */
export const RESEND_SECONDS_DEFAULT: typeof CODE_RESEND_SECONDS = 60;

/** What a send call answers; undefined when it failed (the caller or the request client told the person). */
export type TCodeSendOutcome = { resendAfterSeconds?: number } | undefined | null;

type TSendCodeButtonProps = {
  /** Sends the code; resolves undefined after a failure, so no countdown starts. */
  onSend: () => Promise<TCodeSendOutcome>;
  /** Checked before sending, e.g. validating the destination field; false stops the send. */
  beforeSend?: () => Promise<boolean>;
  disabled?: boolean;
  testId?: string;
  block?: boolean;
};

/**
 * "Send code" with the resend countdown. A second press while a send is in flight or during the
 * countdown does nothing (the button is disabled and the handler checks again).
 */
export function SendCodeButton({ onSend, beforeSend, disabled = false, testId = 'send-code', block = false }: TSendCodeButtonProps) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [remaining, setRemaining] = useState(0);
  const [sentOnce, setSentOnce] = useState(false);
  const busy = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((value) => Math.max(0, value - 1)), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const send = async () => {
    if (busy.current || remaining > 0) return;
    busy.current = true;
    try {
      if (beforeSend && !(await beforeSend())) return;
      if (mounted.current) setSending(true);
      const outcome = await onSend().catch(() => undefined);
      if (!mounted.current || !outcome) return;
      setSentOnce(true);
      setRemaining(outcome.resendAfterSeconds && outcome.resendAfterSeconds > 0 ? outcome.resendAfterSeconds : RESEND_SECONDS_DEFAULT);
    } finally {
      busy.current = false;
      if (mounted.current) setSending(false);
    }
  };

  const label =
    remaining > 0
      ? t('verificationCode.resendIn', { seconds: remaining })
      : sentOnce
        ? t('verificationCode.resend')
        : t('verificationCode.send');
  return (
    <Button block={block} loading={sending} disabled={disabled || remaining > 0} onClick={() => void send()} data-testid={testId}>
      {label}
    </Button>
  );
}
