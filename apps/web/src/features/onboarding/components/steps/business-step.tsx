import { Alert, Form, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ENTITY_TYPES, REGISTRATION_PLACES } from '@mbo/shared/kyc';
import { isRefusedEntityType } from '../../utils/kyc-rules';
import { KycUpload } from '../kyc-upload';
import { HalfField, HalfTextField } from './half-field';
import { PastDatePicker } from './past-date-picker';
import type { TStepProps } from './step-props';

/** Step 1: the business entity (spec §3 KYC: registration, names and numbers, address, documents). */
export function BusinessStep({ form, rule, businessId, files, onUploaded }: TStepProps) {
  const { t } = useTranslation();
  const entityType = Form.useWatch<string | undefined>('entityType', form);
  const refused = isRefusedEntityType(entityType);

  return (
    <>
      <Row gutter={16}>
        <HalfField field="registrationPlace" rule={rule} required>
          <Select
            placeholder={t('kyc.choose')}
            options={REGISTRATION_PLACES.map((place) => ({ value: place, label: t(`kyc.place.${place}`) }))}
          />
        </HalfField>
        <HalfField field="entityType" rule={rule} required>
          <Radio.Group options={ENTITY_TYPES.map((type) => ({ value: type, label: t(`kyc.entityType.${type}`) }))} />
        </HalfField>
      </Row>
      {refused && (
        <Alert type="error" showIcon title={t('kyc.error.soleProprietor')} className="kyc-alert" data-testid="kyc-sole-proprietor" />
      )}
      <Row gutter={16}>
        <HalfTextField field="legalName" rule={rule} required maxLength={200} autoComplete="organization" />
        <HalfTextField field="registrationNumber" rule={rule} required maxLength={64} />
        <HalfTextField
          field="crn"
          rule={rule}
          required={entityType === 'company'}
          extra={t('kyc.hint.crn')}
          dependencies={['entityType']}
          maxLength={64}
        />
        <HalfTextField field="vatNumber" rule={rule} maxLength={64} />
        <HalfTextField field="registeredAddress" rule={rule} required maxLength={200} autoComplete="address-line1" />
        <HalfTextField field="registeredAddress2" rule={rule} maxLength={200} autoComplete="address-line2" />
        <HalfTextField field="city" rule={rule} required maxLength={100} autoComplete="address-level2" />
        <HalfTextField field="postalCode" rule={rule} maxLength={20} autoComplete="postal-code" />
        <HalfField field="formationDate" rule={rule} required>
          <PastDatePicker />
        </HalfField>
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
