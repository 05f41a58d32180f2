import { Alert, Checkbox, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { BENEFICIARY_THRESHOLD_PERCENT, ID_TYPES, KYC_OWNERS_MAX, OWNER_ROLES } from '@mbo/shared/kyc';
import { dayjs } from '../../../../platform/dayjs';
import { DatePicker } from '../../../../platform/date-picker';
import { getLanguage } from '../../../../platform/i18n';
import { countryOptions } from '../../utils/display-names';
import { DATE_FORMAT, emptyOwner, type TOwnerValues } from '../../utils/step-values';
import { KycUpload } from '../kyc-upload';
import { EntryCards } from './entry-cards';
import type { TStepProps } from './step-props';

const HALF = { xs: 24, md: 12 };

type TOwnersStepProps = TStepProps & {
  /** Asks before a person (and the ID photos uploaded for them) is removed. */
  onRemoveOwner: (owner: TOwnerValues | undefined) => Promise<boolean>;
};

/** Step 4: every beneficiary of 25% or more, every director and the applicant (spec §5). */
export function OwnersStep({ form, rule, businessId, files, onUploaded, onRemoveOwner }: TOwnersStepProps) {
  const { t } = useTranslation();
  const countries = countryOptions(getLanguage());
  const countrySelect = <Select placeholder={t('kyc.choose')} options={countries} showSearch={{ optionFilterProp: 'label' }} />;

  return (
    <>
      <Alert
        type="info"
        showIcon
        className="kyc-alert"
        title={t('kyc.owners.rule', { threshold: BENEFICIARY_THRESHOLD_PERCENT })}
        description={t('kyc.owners.ruleDetail')}
        data-testid="kyc-owners-rule"
      />
      <EntryCards
        name="owners"
        testId="owner"
        title={(n) => t('kyc.owners.person', { n })}
        addText={t('kyc.owners.add')}
        max={KYC_OWNERS_MAX}
        newEntry={emptyOwner}
        confirmRemove={(fieldName) => onRemoveOwner(form.getFieldValue(['owners', fieldName]) as TOwnerValues | undefined)}
      >
        {(field, index) => {
          const path = (name: string) => ['owners', index, name];
          return (
            <>
              <Form.Item
                name={[field.name, 'roles']}
                label={t('kyc.field.roles')}
                required
                dependencies={[['owners', field.name, 'ownershipPercent']]}
                rules={[rule(path('roles'))]}
              >
                <Checkbox.Group options={OWNER_ROLES.map((role) => ({ value: role, label: t(`kyc.role.${role}`) }))} />
              </Form.Item>
              <Row gutter={16}>
                <Col {...HALF}>
                  <Form.Item name={[field.name, 'firstName']} label={t('kyc.field.firstName')} required rules={[rule(path('firstName'))]}>
                    <Input maxLength={100} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col {...HALF}>
                  <Form.Item name={[field.name, 'lastName']} label={t('kyc.field.lastName')} required rules={[rule(path('lastName'))]}>
                    <Input maxLength={100} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col {...HALF}>
                  <Form.Item name={[field.name, 'phone']} label={t('kyc.field.phone')} required rules={[rule(path('phone'))]}>
                    <Input maxLength={32} inputMode="tel" placeholder="+852 9123 4567" autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col {...HALF}>
                  <Form.Item
                    name={[field.name, 'dateOfBirth']}
                    label={t('kyc.field.dateOfBirth')}
                    required
                    rules={[rule(path('dateOfBirth'))]}
                  >
                    <DatePicker
                      format={DATE_FORMAT}
                      placeholder={DATE_FORMAT}
                      style={{ width: '100%' }}
                      disabledDate={(date) => date.isAfter(dayjs(), 'day')}
                    />
                  </Form.Item>
                </Col>
                <Col {...HALF}>
                  <Form.Item
                    name={[field.name, 'nationality']}
                    label={t('kyc.field.nationality')}
                    required
                    rules={[rule(path('nationality'))]}
                  >
                    {countrySelect}
                  </Form.Item>
                </Col>
                <Col {...HALF}>
                  <Form.Item
                    name={[field.name, 'idIssueCountry']}
                    label={t('kyc.field.idIssueCountry')}
                    required
                    rules={[rule(path('idIssueCountry'))]}
                  >
                    {countrySelect}
                  </Form.Item>
                </Col>
                <Col {...HALF}>
                  <Form.Item name={[field.name, 'idType']} label={t('kyc.field.idType')} required rules={[rule(path('idType'))]}>
                    <Select
                      placeholder={t('kyc.choose')}
                      options={ID_TYPES.map((type) => ({ value: type, label: t(`kyc.idType.${type}`) }))}
                    />
                  </Form.Item>
                </Col>
                <Col {...HALF}>
                  <Form.Item name={[field.name, 'idNumber']} label={t('kyc.field.idNumber')} required rules={[rule(path('idNumber'))]}>
                    <Input maxLength={64} autoComplete="off" />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item
                name={[field.name, 'idPhotoFileIds']}
                label={t('kyc.field.idPhotoFileIds')}
                required
                extra={t('kyc.hint.idPhotos')}
                rules={[rule(path('idPhotoFileIds'))]}
              >
                <KycUpload
                  field="idPhotos"
                  businessId={businessId}
                  files={files}
                  onUploaded={onUploaded}
                  testId={`kyc-upload-idPhotos-${index}`}
                />
              </Form.Item>
              <Row gutter={16}>
                <Col {...HALF}>
                  <Form.Item
                    name={[field.name, 'ownershipPercent']}
                    label={t('kyc.field.ownershipPercent')}
                    required
                    extra={t('kyc.hint.ownershipPercent', { threshold: BENEFICIARY_THRESHOLD_PERCENT })}
                    rules={[rule(path('ownershipPercent'))]}
                  >
                    <InputNumber min={0} max={100} precision={2} suffix="%" style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col {...HALF}>
                  <Form.Item name={[field.name, 'address']} label={t('kyc.field.address')} required rules={[rule(path('address'))]}>
                    <Input maxLength={200} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col {...HALF}>
                  <Form.Item name={[field.name, 'city']} label={t('kyc.field.city')} required rules={[rule(path('city'))]}>
                    <Input maxLength={100} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col {...HALF}>
                  <Form.Item name={[field.name, 'state']} label={t('kyc.field.state')} rules={[rule(path('state'))]}>
                    <Input maxLength={100} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col {...HALF}>
                  <Form.Item name={[field.name, 'postalCode']} label={t('kyc.field.postalCode')} rules={[rule(path('postalCode'))]}>
                    <Input maxLength={20} autoComplete="off" />
                  </Form.Item>
                </Col>
              </Row>
            </>
          );
        }}
      </EntryCards>
    </>
  );
}
