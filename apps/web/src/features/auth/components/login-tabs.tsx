import { useTranslation } from 'react-i18next';

export type TLoginTab = 'merchant' | 'email' | 'sms';

const TABS: readonly { key: TLoginTab; labelKey: string; testId: string }[] = [
  { key: 'merchant', labelKey: 'codeLogin.tabMerchant', testId: 'code-login-tab-merchant' },
  { key: 'email', labelKey: 'codeLogin.tabEmail', testId: 'code-login-tab-email' },
  { key: 'sms', labelKey: 'codeLogin.tabMobile', testId: 'code-login-tab-mobile' },
];

/**
 * The sign-in methods as a tab bar. Plain buttons with tab roles rather than antd Tabs, whose
 * overflow menu would add its dropdown to the sign-in page's first download.
 */
export function LoginTabs({ value, onChange }: { value: TLoginTab; onChange: (tab: TLoginTab) => void }) {
  const { t } = useTranslation();
  return (
    <div className="mbo-login-tabs" role="tablist" aria-label={t('codeLogin.methods')}>
      {TABS.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          id={`login-tab-${tab.key}`}
          aria-selected={value === tab.key}
          aria-controls="login-tab-panel"
          className={`mbo-login-tabs__tab${value === tab.key ? ' mbo-login-tabs__tab--active' : ''}`}
          data-testid={tab.testId}
          onClick={() => onChange(tab.key)}
        >
          {t(tab.labelKey)}
        </button>
      ))}
    </div>
  );
}
