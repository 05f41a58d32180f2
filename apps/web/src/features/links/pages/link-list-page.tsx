import { useState } from 'react';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LINKS, LinkAmountMode, LinkPayStatus, LinkStatus, type TLink } from '@mbo/shared/links';
import { formatAmount } from '../../../platform/format';
import { useListColumns } from '../../../platform/list-columns';
import { dialogButton, useListDialog } from '../../../platform/list-dialog';
import { ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useHasPermission } from '../../../platform/session';
import { useDisableLink } from '../api/links-api';
import { LinkCreateDialog } from '../components/link-create-dialog';
import { LinkDetailsDialog } from '../components/link-details';
import { LinkPaymentsDialog } from '../components/link-payments';
import { LinkShareDialog } from '../components/link-share';
import { LINK_LIST } from '../link-list';

/** Manage and generate links (spec §2 Shortcut payment): generate, share (copy, QR), disable, payments per link. */
export function LinkListPage() {
  const { t } = useTranslation();
  const screen = useListScreen(LINK_LIST);
  const { url } = screen;
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const [details, setDetails] = useState<TLink | null>(null);
  const create = useListDialog(useHasPermission('ShortcutPayment:Create'));
  const mayDisable = useHasPermission('ShortcutPayment:Disable');
  const disable = useDisableLink();

  const amountText = (r: TLink) => {
    if (r.amountMode === LinkAmountMode.fixed && r.amount !== null) return formatAmount(r.amount, r.currency);
    const min = r.minAmount !== null ? formatAmount(r.minAmount, r.currency, { code: false }) : '';
    const max = r.maxAmount !== null ? formatAmount(r.maxAmount, r.currency, { code: false }) : '';
    return min || max ? `${t('links.amountCustomer')} ${min}–${max} ${r.currency}` : `${t('links.amountCustomer')} (${r.currency})`;
  };

  const columns = useListColumns<typeof LINKS.fields, TLink>(LINKS.fields, {
    special: {
      title: { ellipsis: true, width: 200 },
      amount: { align: undefined, render: (_: unknown, r) => amountText(r) },
      activeUntil: {
        render: (_: unknown, r) => (
          <span>
            {r.activeUntil} {r.expired && <Tag>{t('links.expired')}</Tag>}
          </span>
        ),
      },
      status: { render: (s: number) => <Tag color={s === LinkStatus.active ? 'blue' : 'default'}>{t(`links.statusCode.${s}`)}</Tag> },
      payStatus: {
        render: (_: unknown, r) => (
          <Tag color={r.payStatus === LinkPayStatus.paid ? 'green' : 'default'} data-testid="link-pay-status">
            {t(`links.payStatusCode.${r.payStatus}`)}
            {r.paidCount > 1 ? ` ×${r.paidCount}` : ''}
          </Tag>
        ),
      },
    },
    append: [
      {
        title: t('links.actions'),
        key: 'actions',
        render: (_: unknown, r) => (
          <Space size={4} wrap>
            <Button size="small" type="link" data-testid="link-details-open" onClick={() => setDetails(r)}>
              {t('links.details')}
            </Button>
            <Button size="small" type="link" data-testid="link-share" onClick={() => setShareUrl(r.url)}>
              {t('links.share')}
            </Button>
            <Button size="small" type="link" data-testid="link-open-payments" onClick={() => url.setExtra('payments', r.linkKey)}>
              {t('links.payments')}
            </Button>
            {mayDisable && r.status === LinkStatus.active && (
              <Popconfirm title={t('links.disableConfirm')} onConfirm={() => disable.mutateAsync(r.linkKey).catch(() => undefined)}>
                <Button size="small" type="link" danger data-testid="link-disable">
                  {t('links.disable')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        ),
      },
    ],
  });

  return (
    <ListPage
      screen={screen}
      columns={columns}
      actions={dialogButton(create, t('links.generate'), { type: 'primary', icon: <PlusOutlined />, 'data-testid': 'link-create-open' })}
    >
      <LinkCreateDialog
        open={create.open}
        onClose={create.close}
        onCreated={(u) => {
          create.close();
          setShareUrl(u);
        }}
      />
      <LinkShareDialog url={shareUrl} onClose={() => setShareUrl(null)} />
      <LinkDetailsDialog link={details} onClose={() => setDetails(null)} />
      <LinkPaymentsDialog linkKey={url.extras.payments ?? null} onClose={() => url.setExtra('payments', null)} />
    </ListPage>
  );
}
