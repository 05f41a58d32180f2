import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TIMEZONE_OPTIONS } from '@mbo/shared/timezones';
import { getLanguage } from './i18n';
import { setTimezoneId, timezoneLabel, useTimezone } from './timezone';
import { ChoicePopover } from './choice-popover';

export function TimezoneSwitch() {
  const { t } = useTranslation();
  const current = useTimezone();
  const lang = getLanguage();
  return (
    <ChoicePopover
      choices={TIMEZONE_OPTIONS.map((option) => ({
        key: String(option.id),
        label: timezoneLabel(option, lang),
        testId: `tz-option-${option.id}`,
      }))}
      selected={String(current.id)}
      onSelect={(key) => setTimezoneId(Number(key))}
      icon={<ClockCircleOutlined />}
      text={current.value}
      testId="tz-switch"
      ariaLabel={t('timezone.label')}
      title={timezoneLabel(current, lang)}
    />
  );
}
