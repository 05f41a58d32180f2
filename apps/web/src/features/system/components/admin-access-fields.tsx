import { Checkbox, Form, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TGrantable } from '@mbo/shared/system-admins';

export type TAccessValues = { roleId?: number; allGateways: boolean; gatewayNos: string[]; mayViewAccount: boolean };

/**
 * Role, gateways and the account-dynamics flag, as the invite and edit dialogs ask for them. Only
 * what the signed-in person may give is offered: roles holding more than they hold are shown but
 * disabled, and "every gateway" only when they have every gateway themselves.
 */
export function AdminAccessFields({ grantable }: { grantable: TGrantable | undefined }) {
  const { t } = useTranslation();
  const all = Form.useWatch<boolean | undefined>('allGateways');
  return (
    <>
      <Form.Item name="roleId" label={t('admins.role')} rules={[{ required: true, message: t('admins.roleRequired') }]}>
        <Select
          data-testid="admin-role"
          options={(grantable?.roles ?? []).map((r) => ({
            value: r.id,
            label: r.grantable ? r.name : `${r.name} (${t('admins.beyondYou')})`,
            disabled: !r.grantable,
          }))}
        />
      </Form.Item>
      {grantable?.allGateways && (
        <Form.Item name="allGateways" valuePropName="checked" style={{ marginBottom: 8 }}>
          <Checkbox data-testid="admin-all-gateways">{t('admins.allGateways')}</Checkbox>
        </Form.Item>
      )}
      {!all && (
        <Form.Item
          name="gatewayNos"
          label={t('admins.gateways')}
          rules={[{ required: true, type: 'array', min: 1, message: t('admins.gatewaysRequired') }]}
        >
          <Select
            mode="multiple"
            data-testid="admin-gateways"
            options={(grantable?.gateways ?? []).map((g) => ({ value: g.gatewayNo, label: `${g.gatewayNo} ${g.name} (${g.currency})` }))}
          />
        </Form.Item>
      )}
      <Form.Item name="mayViewAccount" label={t('admins.mayViewAccount')} valuePropName="checked">
        <Switch data-testid="admin-may-view-account" />
      </Form.Item>
    </>
  );
}

/** What the API takes: no gateway numbers means every gateway. */
export function gatewayNosOf(v: TAccessValues): string[] {
  return v.allGateways ? [] : v.gatewayNos;
}
