import { Checkbox, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADDITIONAL_INDUSTRY_THRESHOLD_PERCENT, INDUSTRIES, KYC_WEBSITES_MAX, SHOP_CHECKLIST_ITEMS, TURNOVER_BANDS } from '@mbo/shared/kyc';
import { emptyWebsite } from '../../utils/step-values';
import { EntryCards } from './entry-cards';
import { HalfField } from './half-field';
import type { TStepProps } from './step-props';

const threshold = ADDITIONAL_INDUSTRY_THRESHOLD_PERCENT;

/** Step 2: the business profile (industries, products, websites with the §5 shop-site checklist, turnover). */
export function IndustryStep({ form, rule }: TStepProps) {
  const { t } = useTranslation();
  const declared = Form.useWatch<boolean | undefined>('hasAdditionalIndustry', form) === true;
  const industryOptions = INDUSTRIES.map((code) => ({ value: code, label: t(`kyc.industry.${code}`) }));

  return (
    <>
      <Row gutter={16}>
        <HalfField field="mainIndustry" rule={rule} required>
          <Select placeholder={t('kyc.choose')} options={industryOptions} showSearch={{ optionFilterProp: 'label' }} />
        </HalfField>
        <HalfField field="mainIndustryShare" rule={rule} required dependencies={['additionalIndustryShare']}>
          <InputNumber min={1} max={100} precision={0} suffix="%" style={{ width: '100%' }} />
        </HalfField>
      </Row>
      <Form.Item
        name="hasAdditionalIndustry"
        label={t('kyc.field.hasAdditionalIndustry', { threshold })}
        extra={t('kyc.hint.additionalIndustry', { threshold })}
        required
        rules={[rule(['hasAdditionalIndustry'])]}
      >
        <Radio.Group
          options={[
            { value: true, label: t('kyc.yes') },
            { value: false, label: t('kyc.no') },
          ]}
          onChange={(event) => {
            if (event.target.value !== true) form.setFieldsValue({ additionalIndustry: undefined, additionalIndustryShare: undefined });
          }}
        />
      </Form.Item>
      {declared && (
        <Row gutter={16}>
          <HalfField field="additionalIndustry" rule={rule} required dependencies={['mainIndustry']}>
            <Select placeholder={t('kyc.choose')} options={industryOptions} showSearch={{ optionFilterProp: 'label' }} />
          </HalfField>
          <HalfField field="additionalIndustryShare" rule={rule} required dependencies={['mainIndustryShare']}>
            <InputNumber min={1} max={100} precision={0} suffix="%" style={{ width: '100%' }} />
          </HalfField>
        </Row>
      )}
      <Form.Item name="productDescription" label={t('kyc.field.productDescription')} required rules={[rule(['productDescription'])]}>
        <Input.TextArea maxLength={2000} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
      </Form.Item>

      <div className="kyc-section-label">{t('kyc.field.websites')}</div>
      <p className="kyc-muted">{t('kyc.hint.checklist')}</p>
      <EntryCards
        name="websites"
        testId="website"
        title={(n) => t('kyc.website', { n })}
        addText={t('kyc.addWebsite')}
        max={KYC_WEBSITES_MAX}
        newEntry={emptyWebsite}
      >
        {(field, index) => (
          <>
            <Form.Item name={[field.name, 'url']} label={t('kyc.field.url')} required rules={[rule(['websites', index, 'url'])]}>
              <Input maxLength={300} placeholder="https://" inputMode="url" />
            </Form.Item>
            <div className="kyc-checklist">
              {SHOP_CHECKLIST_ITEMS.map((item) => (
                <Form.Item
                  key={item}
                  name={[field.name, 'checklist', item]}
                  valuePropName="checked"
                  rules={[rule(['websites', index, 'checklist', item])]}
                  className="kyc-checklist__item"
                >
                  <Checkbox>{t(`kyc.checklist.${item}`)}</Checkbox>
                </Form.Item>
              ))}
            </div>
          </>
        )}
      </EntryCards>

      <Form.Item name="monthlyTurnover" label={t('kyc.field.monthlyTurnover')} required rules={[rule(['monthlyTurnover'])]}>
        <Select placeholder={t('kyc.choose')} options={TURNOVER_BANDS.map((band) => ({ value: band, label: t(`kyc.turnover.${band}`) }))} />
      </Form.Item>
    </>
  );
}
