import { Button, Result, type ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PlainFrame } from '../../../platform/plain-frame';
import { getToken } from '../../../platform/session';
import { ResultTitle } from '../../../platform/page';

type TStatus = NonNullable<ResultProps['status']>;
const STATUSES: readonly TStatus[] = ['success', 'error', 'info', 'warning', '403', '404', '500'];

export function readStatus(value: string | null): TStatus {
  return STATUSES.find((s) => s === value) ?? 'info';
}

/**
 * /result?status=success&title=result.xxx&subTitle=result.yyy. Only keys of the result namespace
 * are translated and shown, so a crafted link cannot put arbitrary text on the page.
 */
export function ResultPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const status = readStatus(params.get('status'));
  const pick = (key: string | null) => (key && key.startsWith('result.') && i18n.exists(key) ? t(key) : null);
  const title = pick(params.get('title')) ?? t(`result.default.${status}`);
  const subTitle = pick(params.get('subTitle'));
  const signedIn = Boolean(getToken());

  return (
    <PlainFrame>
      <Result
        status={status}
        title={<ResultTitle>{title}</ResultTitle>}
        subTitle={subTitle}
        extra={
          <Link to={signedIn ? '/' : '/loginNew'}>
            <Button type="primary" data-testid="result-action">
              {signedIn ? t('prepared.backHome') : t('prepared.backLogin')}
            </Button>
          </Link>
        }
      />
    </PlainFrame>
  );
}
