import { Checkbox, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SHOP_CHECKLIST_ITEMS, type TShopChecklist } from '@mbo/shared/kyc';

export type TChecklistState = Record<(typeof SHOP_CHECKLIST_ITEMS)[number], boolean>;

export const EMPTY_CHECKLIST: TChecklistState = {
  refundPolicy: false,
  contactInfo: false,
  termsOfService: false,
  shippingPolicy: false,
  testOrdersAllowed: false,
};

/** The checklist as the server takes it, or null while an item is unconfirmed. */
export function confirmedChecklist(state: TChecklistState): TShopChecklist | null {
  return SHOP_CHECKLIST_ITEMS.every((k) => state[k])
    ? { refundPolicy: true, contactInfo: true, termsOfService: true, shippingPolicy: true, testOrdersAllowed: true }
    : null;
}

/** The shop-site requirements of spec §5, each confirmed by the merchant before a submission. */
export function ShopChecklist({ value, onChange }: { value: TChecklistState; onChange: (next: TChecklistState) => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="website-checklist">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('websites.checklistIntro')}
      </Typography.Paragraph>
      {SHOP_CHECKLIST_ITEMS.map((k) => (
        <div key={k}>
          <Checkbox data-testid={`website-check-${k}`} checked={value[k]} onChange={(e) => onChange({ ...value, [k]: e.target.checked })}>
            {t(`websites.checklist.${k}`)}
          </Checkbox>
        </div>
      ))}
    </div>
  );
}
