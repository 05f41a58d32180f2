import { Button, Card, Checkbox, Col, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ADDITIONAL_INDUSTRY_THRESHOLD_PERCENT, INDUSTRIES, KYC_WEBSITES_MAX, SHOP_CHECKLIST_ITEMS, TURNOVER_BANDS } from '@mbo/shared/kyc';
import { emptyWebsite } from '../../utils/step-values';
import type { TStepProps } from './step-props';

const HALF = { xs: 24, md: 12 };
const threshold = ADDITIONAL_INDUSTRY_THRESHOLD_PERCENT;

/** Step 2: the business profile (industries, products, websites with the §5 shop-site checklist, turnover). */
export function IndustryStep({ form, rule }: TStepProps) {
  const { t } = useTranslation();
  const declared = Form.useWatch<boolean | undefined>('hasAdditionalIndustry', form) === true;
  const industryOptions = INDUSTRIES.map((code) => ({ value: code, label: t(`kyc.industry.${code}`) }));

  return (
    <>
      <Row gutter={16}>
        <Col {...HALF}>
          <Form.Item name="mainIndustry" label={t('kyc.field.mainIndustry')} required rules={[rule(['mainIndustry'])]}>
            <Select placeholder={t('kyc.choose')} options={industryOptions} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item
            name="mainIndustryShare"
            label={t('kyc.field.mainIndustryShare')}
            required
            dependencies={['additionalIndustryShare']}
            rules={[rule(['mainIndustryShare'])]}
          >
            <InputNumber min={1} max={100} precision={0} suffix="%" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
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
          <Col {...HALF}>
            <Form.Item
              name="additionalIndustry"
              label={t('kyc.field.additionalIndustry')}
              required
              dependencies={['mainIndustry']}
              rules={[rule(['additionalIndustry'])]}
            >
              <Select placeholder={t('kyc.choose')} options={industryOptions} showSearch={{ optionFilterProp: 'label' }} />
            </Form.Item>
          </Col>
          <Col {...HALF}>
            <Form.Item
              name="additionalIndustryShare"
              label={t('kyc.field.additionalIndustryShare')}
              required
              dependencies={['mainIndustryShare']}
              rules={[rule(['additionalIndustryShare'])]}
            >
              <InputNumber min={1} max={100} precision={0} suffix="%" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Form.Item name="productDescription" label={t('kyc.field.productDescription')} required rules={[rule(['productDescription'])]}>
        <Input.TextArea maxLength={2000} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
      </Form.Item>

      <div className="kyc-section-label">{t('kyc.field.websites')}</div>
      <p className="kyc-muted">{t('kyc.hint.checklist')}</p>
      <Form.List name="websites">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <Card
                key={field.key}
                size="small"
                className="kyc-card"
                title={t('kyc.website', { n: index + 1 })}
                data-testid={`kyc-website-${index}`}
                extra={
                  fields.length > 1 && (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                      data-testid={`kyc-remove-website-${index}`}
                    >
                      {t('kyc.remove')}
                    </Button>
                  )
                }
              >
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
              </Card>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add(emptyWebsite())}
              disabled={fields.length >= KYC_WEBSITES_MAX}
              block
              className="kyc-add"
              data-testid="kyc-add-website"
            >
              {t('kyc.addWebsite')}
            </Button>
          </>
        )}
      </Form.List>

      <Form.Item name="monthlyTurnover" label={t('kyc.field.monthlyTurnover')} required rules={[rule(['monthlyTurnover'])]}>
        <Select placeholder={t('kyc.choose')} options={TURNOVER_BANDS.map((band) => ({ value: band, label: t(`kyc.turnover.${band}`) }))} />
      </Form.Item>
    </>
  );
}
