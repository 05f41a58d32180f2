import { Card, Empty, Result, Skeleton } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { GuardedLink } from '../../../platform/guarded-link';
import { useSession } from '../../../platform/session';
import { useAccountInfo } from '../api/get-account-info';
import { AccountCard } from '../components/settings/account-card';
import { ChangeEmailSection } from '../components/settings/change-email-section';
import { ChangeMobileSection } from '../components/settings/change-mobile-section';
import { RemoveAccountSection } from '../components/settings/remove-account-section';
import { TwoFactorSection } from '../components/settings/two-factor-section';
import { PasskeySection } from '../components/settings/passkey-section';
import { RefundCheckSection } from '../components/settings/refund-check-section';
import { Page } from '../../../platform/page';
import './settings-page.css';

/**
 * `/setting`: two-step verification, passkeys (the owner: the refund fresh-check threshold), email and mobile changes, account removal and the way to
 * upload additional documents. The email and mobile forms ask stay or leave when left with
 * unsaved input (see platform/unsaved-changes.ts); submits are blocked while one is in flight
 * (loading buttons, and the request client's duplicate window).
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const hasPerson = session.kycInfo !== null;
  const account = useAccountInfo();
  const businessId = session.kycInfo?.currBusinessId ?? null;
  // Passkeys belong to the administrator (not the person), so every session has them.
  const security = (
    <>
      <PasskeySection />
      {session.userInfo?.accountType === 'owner' && <RefundCheckSection />}
    </>
  );

  return (
    <Page title={t('route.setting')} className="mbo-settings">
      {!hasPerson ? (
        <div className="mbo-settings__grid">
          <Card>
            <Result status="info" title={t('settings.unavailable')} />
          </Card>
          {security}
        </div>
      ) : account.isPending ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : account.isError ? (
        <Card>
          <Empty description={t('common.loadFailed')} />
        </Card>
      ) : (
        <div className="mbo-settings__grid">
          <AccountCard account={account.data} />
          <TwoFactorSection account={account.data} />
          {security}
          <ChangeEmailSection account={account.data} />
          <ChangeMobileSection />
          {businessId !== null && (
            <Card title={t('settings.documents.title')} data-testid="settings-documents">
              <p className="mbo-settings__hint">{t('settings.documents.hint')}</p>
              <GuardedLink to={`/setting/uploadAdditional/${businessId}`} data-testid="settings-upload-additional">
                <UploadOutlined /> {t('settings.documents.link')}
              </GuardedLink>
            </Card>
          )}
          <RemoveAccountSection />
        </div>
      )}
    </Page>
  );
}
