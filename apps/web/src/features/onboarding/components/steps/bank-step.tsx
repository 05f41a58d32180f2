import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SETTLEMENT_CURRENCIES } from '@mbo/shared/kyc';
import { getLanguage } from '../../../../platform/i18n';
import { currencyLabel } from '../../utils/display-names';
import type { TStepProps } from './step-props';

const HALF = { xs: 24, md: 12 };

/** Step 3: the bank account settlements are paid to. */
export function BankStep({ rule }: TStepProps) {
  const { t } = useTranslation();
  const lang = getLanguage();
  return (
    <Row gutter={16}>
      <Col {...HALF}>
        <Form.Item name="bankName" label={t('kyc.field.bankName')} required rules={[rule(['bankName'])]}>
          <Input maxLength={200} />
        </Form.Item>
      </Col>
      <Col {...HALF}>
        <Form.Item name="accountHolder" label={t('kyc.field.accountHolder')} required rules={[rule(['accountHolder'])]}>
          <Input maxLength={200} />
        </Form.Item>
      </Col>
      <Col {...HALF}>
        <Form.Item
          name="accountNumber"
          label={t('kyc.field.accountNumber')}
          required
          extra={t('kyc.hint.accountNumber')}
          rules={[rule(['accountNumber'])]}
        >
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col {...HALF}>
        <Form.Item name="branch" label={t('kyc.field.branch')} rules={[rule(['branch'])]}>
          <Input maxLength={200} />
        </Form.Item>
      </Col>
      <Col {...HALF}>
        <Form.Item
          name="swiftCode"
          label={t('kyc.field.swiftCode')}
          required
          extra={t('kyc.hint.swiftCode')}
          normalize={(value: unknown) => (typeof value === 'string' ? value.toUpperCase().replace(/\s/g, '') : value)}
          rules={[rule(['swiftCode'])]}
        >
          <Input maxLength={11} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col {...HALF}>
        <Form.Item name="settlementCurrency" label={t('kyc.field.settlementCurrency')} required rules={[rule(['settlementCurrency'])]}>
          <Select
            placeholder={t('kyc.choose')}
            options={SETTLEMENT_CURRENCIES.map((code) => ({ value: code, label: currencyLabel(code, lang) }))}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
