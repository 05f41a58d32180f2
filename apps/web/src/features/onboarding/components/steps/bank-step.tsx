import { Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SETTLEMENT_CURRENCIES } from '@mbo/shared/kyc';
import { getLanguage } from '../../../../platform/i18n';
import { currencyLabel } from '../../utils/display-names';
import { HalfField } from './half-field';
import type { TStepProps } from './step-props';

/** Step 3: the bank account settlements are paid to. */
export function BankStep({ rule }: TStepProps) {
  const { t } = useTranslation();
  const lang = getLanguage();
  return (
    <Row gutter={16}>
      <HalfField field="bankName" rule={rule} required>
        <Input maxLength={200} />
      </HalfField>
      <HalfField field="accountHolder" rule={rule} required>
        <Input maxLength={200} />
      </HalfField>
      <HalfField field="accountNumber" rule={rule} required extra={t('kyc.hint.accountNumber')}>
        <Input maxLength={64} autoComplete="off" />
      </HalfField>
      <HalfField field="branch" rule={rule}>
        <Input maxLength={200} />
      </HalfField>
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
