import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Shown when a screen cannot be loaded or crashes while rendering, most often a lazy chunk that
 * failed to download (spec §8 "loading failed, network error").
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div role="alert" style={{ padding: '15vh 24px', textAlign: 'center' }}>
      <h1 className="mbo-result-title" data-testid="page-title">
        {t('request.chunkFailed')}
      </h1>
      <Button type="primary" style={{ marginTop: 24 }} onClick={() => window.location.reload()}>
        {t('request.reload')}
      </Button>
    </div>
  );
}
