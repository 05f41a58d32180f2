import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** A page body waiting for its first answer: the spinner with "loading", centred by the page's class. */
export function LoadingBody({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <Spin description={t('common.loading')} />
    </div>
  );
}

/** A page body whose first request failed: says so and offers to ask again. */
export function LoadFailedBody({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('common.loadFailed')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('common.refresh')}
        </Button>
      }
    />
  );
}
