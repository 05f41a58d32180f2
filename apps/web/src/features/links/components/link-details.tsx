import { Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkAmountMode, type TLink } from '@mbo/shared/links';
import { formatAmount, parseTime } from '../../../platform/format';
import { useTimezone } from '../../../platform/timezone';

/** Every §3 field of a link as it was generated. */
export function LinkDetailsDialog({ link, onClose }: { link: TLink | null; onClose: () => void }) {
  const { t } = useTranslation();
  const tz = useTimezone();
  if (!link) return null;
  const money = (v: number | null) => (v === null ? '-' : formatAmount(v, link.currency));
  const address = Object.entries(link.prefill)
    .filter(([, v]) => typeof v === 'string' && v !== '')
    .map(([k, v]) => `${t(`links.address.${k}`, { defaultValue: k })}: ${String(v)}`)
    .join(' · ');
  const items: [string, string][] = [
    [t('links.title'), link.title],
    [t('links.description'), link.description || '-'],
    [t('links.operatingName'), link.operatingName],
    [t('links.linkType'), t(`links.linkTypeCode.${link.linkType}`)],
    [t('links.status'), t(`links.statusCode.${link.status}`)],
    [t('links.payStatus'), `${t(`links.payStatusCode.${link.payStatus}`)}${link.paidCount > 0 ? ` (${link.paidCount})` : ''}`],
    [t('links.activeUntil'), `${link.activeUntil}${link.expired ? ` (${t('links.expired')})` : ''}`],
    [t('links.reference'), link.reference || '-'],
    [t('links.gateway'), link.gatewayNo],
    [t('links.currency'), link.currency],
    [
      t('links.amount'),
      link.amountMode === LinkAmountMode.fixed
        ? money(link.amount)
        : `${t('links.amountCustomer')}: ${money(link.minAmount)} – ${money(link.maxAmount)}`,
    ],
    [t('links.methods'), link.methods.map((m) => t(`links.method.${m}`)).join(', ')],
    [t('links.customerMessage'), link.customerMessage || '-'],
    [
      t('links.collect'),
      [link.collectBilling ? t('links.collectBilling') : '', link.collectShipping ? t('links.collectShipping') : '']
        .filter(Boolean)
        .join(', ') || '-',
    ],
    [t('links.customDomain'), link.customDomain || '-'],
    [t('links.prefill'), address || '-'],
    [t('links.createdBy'), link.createdBy],
    [t('links.createdAt'), parseTime(link.createdAt, undefined, tz.timezone)],
    [t('links.disabledAt'), link.disabledAt ? parseTime(link.disabledAt, undefined, tz.timezone) : '-'],
    ...(link.pausedUntil ? [[t('links.pausedUntil'), parseTime(link.pausedUntil, undefined, tz.timezone)] as [string, string]] : []),
  ];
  return (
    <Modal open title={t('links.details')} onCancel={onClose} footer={null} width={720}>
      <Descriptions
        column={1}
        size="small"
        bordered
        data-testid="link-details"
        items={items.map(([label, children], i) => ({ key: String(i), label, children }))}
      />
    </Modal>
  );
}
