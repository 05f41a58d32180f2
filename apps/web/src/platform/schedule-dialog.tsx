import { useEffect } from 'react';
import { Form, Input, Radio, Select, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  LAST_DAY_OF_MONTH,
  ReportSchedulePath,
  SCHEDULE_FREQUENCIES,
  SCHEDULE_NAME_MAX,
  SCHEDULE_RECIPIENTS_MAX,
  type TReportSchedule,
  type TScheduleSettings,
} from '@mbo/shared/report-schedules';
import { TIMEZONE_OPTIONS } from '@mbo/shared/timezones';
import { getLanguage } from './i18n';
import { http } from './request';
import { SubmitDialog } from './submit-dialog';
import { timezoneLabel, useTimezone } from './timezone';
import './schedule-dialog.css';

/** The query key of the scheduled reports screen (features/system): a saved schedule reads it again. */
export const REPORT_SCHEDULES_KEY = ['reportSchedules'] as const;

/** What a new schedule exports: the export route, the list's screen and the body its export button sends. */
export type TScheduleTarget = { exportPath: string; screen: string; filters: Record<string, string | number | boolean> };

type TValues = Omit<TScheduleSettings, 'recipients'> & { recipients: string[] };

const EMAIL_RE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const TIMES = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 === 0 ? '00' : '30'}`);
const MONTH_DAYS = [...Array.from({ length: 28 }, (_, i) => i + 1), LAST_DAY_OF_MONTH];

/**
 * Schedule a list's export (from its Schedule button), or change a schedule (from the scheduled reports
 * screen): its name, how often and when in which timezone, to whom, as CSV or Excel. The list's filters
 * are those it had when Schedule was pressed; the dialog says that the dates move with each run.
 */
export function ScheduleDialog(p: {
  open: boolean;
  onClose: () => void;
  target?: TScheduleTarget;
  editing?: TReportSchedule;
  name?: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TValues>();
  const tz = useTimezone();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (v: TScheduleSettings) =>
      p.editing
        ? http.post<null>(ReportSchedulePath.update, { ...v, id: p.editing.id })
        : http.post<{ id: number }>(ReportSchedulePath.create, { ...v, ...p.target }),
    onSuccess: () => client.invalidateQueries({ queryKey: REPORT_SCHEDULES_KEY }),
  });
  const frequency = Form.useWatch('frequency', form);

  useEffect(() => {
    if (!p.open) return;
    form.resetFields();
    const e = p.editing;
    form.setFieldsValue(
      e
        ? {
            name: e.name,
            frequency: e.frequency,
            weekday: e.weekday ?? 1,
            monthDay: e.monthDay ?? 1,
            time: e.time,
            timezone: e.timezone,
            recipients: e.recipients,
            format: e.format,
          }
        : {
            name: p.name ?? '',
            frequency: 'daily',
            weekday: 1,
            monthDay: 1,
            time: '08:00',
            timezone: tz.timezone,
            recipients: [],
            format: 'csv',
          },
    );
  }, [p.open, p.editing, p.name, tz.timezone, form]);

  const submit = async (v: TValues) => {
    try {
      await save.mutateAsync({
        ...v,
        name: v.name.trim(),
        weekday: v.frequency === 'weekly' ? v.weekday : undefined,
        monthDay: v.frequency === 'monthly' ? v.monthDay : undefined,
      });
      void message.success(t('reportSchedules.saved'));
      p.onClose();
    } catch {
      // The request client already showed the server's message.
    }
  };

  const lang = getLanguage();
  return (
    <SubmitDialog
      submit={{ text: t('reportSchedules.save'), testId: 'schedule-submit', pending: save.isPending, onClick: () => form.submit() }}
      title={t(p.editing ? 'reportSchedules.editTitle' : 'reportSchedules.dialogTitle')}
      width={560}
      open={p.open}
      onClose={p.onClose}
    >
      {!p.editing && <p className="mbo-schedule-note">{t('reportSchedules.filtersNote')}</p>}
      <Form<TValues> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="name"
          label={t('reportSchedules.name')}
          rules={[{ required: true, whitespace: true, message: t('reportSchedules.nameRequired') }]}
        >
          <Input data-testid="schedule-name" maxLength={SCHEDULE_NAME_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item name="frequency" label={t('reportSchedules.frequency')}>
          <Radio.Group
            data-testid="schedule-frequency"
            optionType="button"
            options={SCHEDULE_FREQUENCIES.map((f) => ({ value: f, label: t(`reportSchedules.frequencies.${f}`) }))}
          />
        </Form.Item>
        {frequency === 'weekly' && (
          <Form.Item name="weekday" label={t('reportSchedules.weekday')}>
            <Select
              data-testid="schedule-weekday"
              options={[1, 2, 3, 4, 5, 6, 0].map((d) => ({ value: d, label: t(`reportSchedules.weekdays.${d}`) }))}
            />
          </Form.Item>
        )}
        {frequency === 'monthly' && (
          <Form.Item name="monthDay" label={t('reportSchedules.monthDay')}>
            <Select
              data-testid="schedule-month-day"
              options={MONTH_DAYS.map((d) => ({ value: d, label: d === LAST_DAY_OF_MONTH ? t('reportSchedules.lastDay') : String(d) }))}
            />
          </Form.Item>
        )}
        <div className="mbo-schedule-when">
          <Form.Item name="time" label={t('reportSchedules.time')}>
            <Select data-testid="schedule-time" showSearch options={TIMES.map((time) => ({ value: time, label: time }))} />
          </Form.Item>
          <Form.Item name="timezone" label={t('reportSchedules.timezone')}>
            <Select
              data-testid="schedule-timezone"
              options={TIMEZONE_OPTIONS.map((o) => ({ value: o.timezone, label: timezoneLabel(o, lang) }))}
            />
          </Form.Item>
        </div>
        <Form.Item
          name="recipients"
          label={t('reportSchedules.recipients')}
          extra={t('reportSchedules.recipientsHelp', { max: SCHEDULE_RECIPIENTS_MAX })}
          rules={[
            { required: true, type: 'array', min: 1, message: t('reportSchedules.recipientsRequired') },
            { type: 'array', max: SCHEDULE_RECIPIENTS_MAX, message: t('reportSchedules.recipientsHelp', { max: SCHEDULE_RECIPIENTS_MAX }) },
            {
              validator: (_, value: string[] | undefined) =>
                (value ?? []).every((a) => EMAIL_RE.test(a.trim()))
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('reportSchedules.recipientInvalid'))),
            },
          ]}
        >
          <Select data-testid="schedule-recipients" mode="tags" open={false} tokenSeparators={[',', ';', ' ']} suffixIcon={null} />
        </Form.Item>
        <Form.Item name="format" label={t('reportSchedules.format')}>
          <Radio.Group
            data-testid="schedule-format"
            options={[
              { value: 'csv', label: 'CSV' },
              { value: 'xlsx', label: 'Excel (XLSX)' },
            ]}
          />
        </Form.Item>
      </Form>
    </SubmitDialog>
  );
}
