import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResultTitle } from '../../platform/page';

/**
 * Shown when a screen cannot be loaded or crashes while rendering, most often a lazy chunk that
 * failed to download (spec §8 "loading failed, network error").
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div role="alert" style={{ padding: '15vh 24px', textAlign: 'center' }}>
      <ResultTitle>{t('request.chunkFailed')}</ResultTitle>
      <Button type="primary" style={{ marginTop: 24 }} onClick={() => window.location.reload()}>
        {t('request.reload')}
      </Button>
    </div>
  );
}
