import { useState } from 'react';
import { Button, Card, Descriptions, Form, Input, Modal, Space, Tag, Typography, type ButtonProps, type TableColumnsType } from 'antd';
import { CopyOutlined, EyeOutlined, LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatRateBp, type TBankAccount, type TGatewayWithServices } from '@mbo/shared/system-merchant';
import { copyToClipboard } from '../../../platform/clipboard';
import { parseTime } from '../../../platform/format';
import { messageOf } from '../../../platform/request';
import { useHasPermission } from '../../../platform/session';
import { useTimezone } from '../../../platform/timezone';
import { useIsMobile } from '../../../platform/use-is-mobile';
import { useMerchantDetails } from '../api/get-merchant-details';
import { useRevealSignKey } from '../api/reveal-sign-key';
import { Page } from '../../../platform/page';
import '../system.css';
import { TableCard } from '../../../platform/table-card';

/** Merchant details (spec §2 /merchant/showMerchantDetails, §3 Merchant). */
export function MerchantDetailsPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const isMobile = useIsMobile();
  const details = useMerchantDetails();
  const d = details.data;
  const text = (v: string | null | undefined) => (v ? v : '-');

  const accountColumns: TableColumnsType<TBankAccount> = [
    { title: t('merchantDetails.bankName'), dataIndex: 'bankName', key: 'bankName' },
    { title: t('merchantDetails.holder'), dataIndex: 'holder', key: 'holder' },
    {
      title: t('merchantDetails.accountNo'),
      dataIndex: 'accountNoMasked',
      key: 'accountNo',
      render: (v: string) => <span className="mbo-mono">{v}</span>,
    },
    { title: t('merchantDetails.currency'), dataIndex: 'currency', key: 'currency' },
    {
      title: t('merchantDetails.defaultAccount'),
      dataIndex: 'isDefault',
      key: 'isDefault',
      render: (v: boolean) => (v ? <Tag color="success">{t('merchantDetails.default')}</Tag> : '-'),
    },
  ];
  const gatewayColumns: TableColumnsType<TGatewayWithServices> = [
    { title: t('merchantDetails.gatewayNo'), dataIndex: 'gatewayNo', key: 'gatewayNo' },
    { title: t('merchantDetails.gatewayName'), dataIndex: 'name', key: 'name' },
    { title: t('merchantDetails.currency'), dataIndex: 'currency', key: 'currency' },
    {
      title: t('merchantDetails.gatewayStatus'),
      dataIndex: 'status',
      key: 'status',
      render: (s: number) => (
        <Tag color={s === 1 ? 'success' : 'default'}>{t(`merchantDetails.gatewayStatuses.${s}`, { defaultValue: String(s) })}</Tag>
      ),
    },
    {
      title: t('merchantDetails.services'),
      dataIndex: 'services',
      key: 'services',
      render: (list: string[]) => (
        <Space size={[4, 4]} wrap>
          {list.map((s) => (
            <Tag key={s}>{t(`merchantDetails.serviceNames.${s}`, { defaultValue: s.toUpperCase() })}</Tag>
          ))}
        </Space>
      ),
    },
  ];

  return (
    <Page title={t('menu.merchantDetails')}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card loading={details.isLoading} title={t('merchantDetails.business')}>
          {d && (
            <Descriptions
              column={isMobile ? 1 : 2}
              size="small"
              bordered
              styles={{ label: { whiteSpace: 'nowrap', width: isMobile ? undefined : 160 } }}
              data-testid="merchant-details"
            >
              <Descriptions.Item label={t('merchantDetails.merchantNo')}>{d.merchantNo}</Descriptions.Item>
              <Descriptions.Item label={t('merchantDetails.name')}>{d.name}</Descriptions.Item>
              <Descriptions.Item label={t('merchantDetails.contact')}>{text(d.contact)}</Descriptions.Item>
              <Descriptions.Item label={t('merchantDetails.status')}>
                {t(`merchantDetails.statuses.${d.status}`, { defaultValue: String(d.status) })}
              </Descriptions.Item>
              <Descriptions.Item label={t('merchantDetails.documentType')}>
                {d.documentType ? t(`merchantDetails.documentTypes.${d.documentType}`, { defaultValue: d.documentType }) : '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('merchantDetails.documentNo')}>{text(d.documentNo)}</Descriptions.Item>
              <Descriptions.Item label={t('merchantDetails.industry')}>{text(d.industry)}</Descriptions.Item>
              <Descriptions.Item label={t('merchantDetails.region')}>
                {t(`merchantDetails.regions.${d.region}`, { defaultValue: d.region })}
              </Descriptions.Item>
              <Descriptions.Item label={t('merchantDetails.city')}>{text(d.city)}</Descriptions.Item>
              <Descriptions.Item label={t('merchantDetails.address')}>{text(d.address)}</Descriptions.Item>
              <Descriptions.Item label={t('merchantDetails.phone')}>{text(d.phone)}</Descriptions.Item>
              <Descriptions.Item label={t('merchantDetails.fax')}>{text(d.fax)}</Descriptions.Item>
              <Descriptions.Item label={t('merchantDetails.contractStart')}>{text(d.contractStart)}</Descriptions.Item>
              <Descriptions.Item label={t('merchantDetails.contractEnd')}>{text(d.contractEnd)}</Descriptions.Item>
              <Descriptions.Item label={t('merchantDetails.registeredAt')}>
                {parseTime(d.registeredAt, 'YYYY-MM-DD', tz.timezone)}
              </Descriptions.Item>
              <Descriptions.Item label={t('merchantDetails.deductionRate')}>{`${formatRateBp(d.deductionRateBp)} %`}</Descriptions.Item>
              <Descriptions.Item label={t('merchantDetails.signKey')} span={isMobile ? 1 : 2}>
                <SignKey masked={d.signKeyMasked} />
              </Descriptions.Item>
            </Descriptions>
          )}
        </Card>
        <TableCard<TBankAccount>
          title={t('merchantDetails.bankAccounts')}
          rowKey="id"
          size="small"
          columns={accountColumns}
          dataSource={d?.bankAccounts ?? []}
          scroll={{ x: 'max-content' }}
          data-testid="bank-accounts"
        />
        <TableCard<TGatewayWithServices>
          title={t('merchantDetails.gateways')}
          rowKey="gatewayNo"
          size="small"
          columns={gatewayColumns}
          dataSource={d?.gateways ?? []}
          scroll={{ x: 'max-content' }}
          data-testid="merchant-gateways"
        />
      </Space>
    </Page>
  );
}

/** The sign key, masked; revealed after the password is typed again, with a copy button. */
function SignKey({ masked }: { masked: string }) {
  const { t } = useTranslation();
  const mayReveal = useHasPermission('MerchantDetails:SignKey');
  const [asking, setAsking] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reveal = useRevealSignKey();

  const submit = async () => {
    if (!password) {
      setError(t('merchantDetails.passwordRequired'));
      return;
    }
    try {
      const res = await reveal.mutateAsync(password);
      setShown(res.signKey);
      setAsking(false);
    } catch (e) {
      setError(messageOf(e));
    }
  };

  return (
    <Space size={8} wrap>
      <Typography.Text className={shown || masked ? 'mbo-mono' : undefined} data-testid="sign-key" style={{ wordBreak: 'break-all' }}>
        {shown ?? (masked || t('merchantDetails.signKeyNotIssued'))}
      </Typography.Text>
      {shown ? (
        <>
          <Button size="small" icon={<CopyOutlined />} data-testid="sign-key-copy" onClick={() => void copyToClipboard(shown)}>
            {t('merchantDetails.copy')}
          </Button>
          <Button size="small" icon={<LockOutlined />} onClick={() => setShown(null)} data-testid="sign-key-hide">
            {t('merchantDetails.hide')}
          </Button>
        </>
      ) : (
        mayReveal && (
          <Button
            size="small"
            icon={<EyeOutlined />}
            data-testid="sign-key-reveal"
            onClick={() => {
              setPassword('');
              setError(null);
              setAsking(true);
            }}
          >
            {t('merchantDetails.reveal')}
          </Button>
        )
      )}
      <Modal
        open={asking}
        title={t('merchantDetails.revealTitle')}
        onCancel={() => setAsking(false)}
        onOk={() => void submit()}
        okText={t('merchantDetails.reveal')}
        cancelText={t('common.cancel')}
        confirmLoading={reveal.isPending}
        okButtonProps={{ 'data-testid': 'sign-key-confirm' } as ButtonProps}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('merchantDetails.revealText')}</Typography.Paragraph>
        <Form layout="vertical" onFinish={() => void submit()}>
          <Form.Item label={t('merchantDetails.password')} validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
            <Input.Password
              autoFocus
              autoComplete="current-password"
              maxLength={128}
              data-testid="sign-key-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setError(null);
              }}
              onPressEnter={() => void submit()}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
