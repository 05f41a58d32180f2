import { Alert, Col, Form, Input, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ENTITY_TYPES, REGISTRATION_PLACES } from '@mbo/shared/kyc';
import { dayjs } from '../../../../platform/dayjs';
import { DatePicker } from '../../../../platform/date-picker';
import { isRefusedEntityType } from '../../utils/kyc-rules';
import { DATE_FORMAT } from '../../utils/step-values';
import { KycUpload } from '../kyc-upload';
import type { TStepProps } from './step-props';

const HALF = { xs: 24, md: 12 };

/** Step 1: the business entity (spec §3 KYC: registration, names and numbers, address, documents). */
export function BusinessStep({ form, rule, businessId, files, onUploaded }: TStepProps) {
  const { t } = useTranslation();
  const entityType = Form.useWatch<string | undefined>('entityType', form);
  const refused = isRefusedEntityType(entityType);

  return (
    <>
      <Row gutter={16}>
        <Col {...HALF}>
          <Form.Item name="registrationPlace" label={t('kyc.field.registrationPlace')} required rules={[rule(['registrationPlace'])]}>
            <Select
              placeholder={t('kyc.choose')}
              options={REGISTRATION_PLACES.map((place) => ({ value: place, label: t(`kyc.place.${place}`) }))}
            />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item name="entityType" label={t('kyc.field.entityType')} required rules={[rule(['entityType'])]}>
            <Radio.Group options={ENTITY_TYPES.map((type) => ({ value: type, label: t(`kyc.entityType.${type}`) }))} />
          </Form.Item>
        </Col>
      </Row>
      {refused && (
        <Alert type="error" showIcon title={t('kyc.error.soleProprietor')} className="kyc-alert" data-testid="kyc-sole-proprietor" />
      )}
      <Row gutter={16}>
        <Col {...HALF}>
          <Form.Item name="legalName" label={t('kyc.field.legalName')} required rules={[rule(['legalName'])]}>
            <Input maxLength={200} autoComplete="organization" />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item name="registrationNumber" label={t('kyc.field.registrationNumber')} required rules={[rule(['registrationNumber'])]}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item
            name="crn"
            label={t('kyc.field.crn')}
            required={entityType === 'company'}
            extra={t('kyc.hint.crn')}
            dependencies={['entityType']}
            rules={[rule(['crn'])]}
          >
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item name="vatNumber" label={t('kyc.field.vatNumber')} rules={[rule(['vatNumber'])]}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item name="registeredAddress" label={t('kyc.field.registeredAddress')} required rules={[rule(['registeredAddress'])]}>
            <Input maxLength={200} autoComplete="address-line1" />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item name="registeredAddress2" label={t('kyc.field.registeredAddress2')} rules={[rule(['registeredAddress2'])]}>
            <Input maxLength={200} autoComplete="address-line2" />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item name="city" label={t('kyc.field.city')} required rules={[rule(['city'])]}>
            <Input maxLength={100} autoComplete="address-level2" />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item name="postalCode" label={t('kyc.field.postalCode')} rules={[rule(['postalCode'])]}>
            <Input maxLength={20} autoComplete="postal-code" />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item name="formationDate" label={t('kyc.field.formationDate')} required rules={[rule(['formationDate'])]}>
            <DatePicker
              format={DATE_FORMAT}
              placeholder={DATE_FORMAT}
              style={{ width: '100%' }}
              disabledDate={(date) => date.isAfter(dayjs(), 'day')}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="documentFileIds"
        label={t('kyc.field.documentFileIds')}
        required
        extra={t('kyc.hint.documents')}
        rules={[rule(['documentFileIds'])]}
      >
        <KycUpload
          field="businessDocuments"
          businessId={businessId}
          files={files}
          onUploaded={onUploaded}
          testId="kyc-upload-businessDocuments"
        />
      </Form.Item>
    </>
  );
}
