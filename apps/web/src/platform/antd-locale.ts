import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/es/locale/zh_CN';
import zhHK from 'antd/es/locale/zh_HK';
import enUS from 'antd/es/locale/en_US';
import type { TLanguage } from '@mbo/shared/i18n';

const ANTD_LOCALES: Record<TLanguage, Locale> = { zhCn: zhCN, zhHk: zhHK, en: enUS };

export function antdLocaleFor(lang: TLanguage): Locale {
  return ANTD_LOCALES[lang];
}
