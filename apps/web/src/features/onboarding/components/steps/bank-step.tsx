import { Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SETTLEMENT_CURRENCIES } from '@mbo/shared/kyc';
import { getLanguage } from '../../../../platform/i18n';
import { currencyLabel } from '../../utils/display-names';
import { HalfField, HalfTextField } from './half-field';
import type { TStepProps } from './step-props';

/** Step 3: the bank account settlements are paid to. */
export function BankStep({ rule }: TStepProps) {
  const { t } = useTranslation();
  const lang = getLanguage();
  return (
    <Row gutter={16}>
      <HalfTextField field="bankName" rule={rule} required maxLength={200} />
      <HalfTextField field="accountHolder" rule={rule} required maxLength={200} />
      <HalfTextField field="accountNumber" rule={rule} required extra={t('kyc.hint.accountNumber')} maxLength={64} autoComplete="off" />
      <HalfTextField field="branch" rule={rule} maxLength={200} />
      <HalfField
        field="swiftCode"
        rule={rule}
        required
        extra={t('kyc.hint.swiftCode')}
        normalize={(value: unknown) => (typeof value === 'string' ? value.toUpperCase().replace(/\s/g, '') : value)}
      >
        <Input maxLength={11} autoComplete="off" />
      </HalfField>
      <HalfField field="settlementCurrency" rule={rule} required>
        <Select
          placeholder={t('kyc.choose')}
          options={SETTLEMENT_CURRENCIES.map((code) => ({ value: code, label: currencyLabel(code, lang) }))}
        />
      </HalfField>
    </Row>
  );
}
