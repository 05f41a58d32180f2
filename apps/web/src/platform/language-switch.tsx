import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage } from '@mbo/shared/i18n';
import { getLanguage, setLanguage } from './i18n';
import { ChoicePopover } from './choice-popover';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : getLanguage();
  return (
    <ChoicePopover
      choices={LANGUAGES.map((lang) => ({ key: lang, label: t(`language.${lang}`), testId: `lang-option-${lang}` }))}
      selected={current}
      onSelect={(key) => {
        if (isLanguage(key)) setLanguage(key);
      }}
      icon={<TranslationOutlined />}
      text={t(`language.${current}`)}
      testId="lang-switch"
      ariaLabel={t('language.label')}
    />
  );
}
