import { Alert, Form, Input, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ENTITY_TYPES, REGISTRATION_PLACES } from '@mbo/shared/kyc';
import { isRefusedEntityType } from '../../utils/kyc-rules';
import { KycUpload } from '../kyc-upload';
import { HalfField } from './half-field';
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
        <HalfField field="legalName" rule={rule} required>
          <Input maxLength={200} autoComplete="organization" />
        </HalfField>
        <HalfField field="registrationNumber" rule={rule} required>
          <Input maxLength={64} />
        </HalfField>
        <HalfField field="crn" rule={rule} required={entityType === 'company'} extra={t('kyc.hint.crn')} dependencies={['entityType']}>
          <Input maxLength={64} />
        </HalfField>
        <HalfField field="vatNumber" rule={rule}>
          <Input maxLength={64} />
        </HalfField>
        <HalfField field="registeredAddress" rule={rule} required>
          <Input maxLength={200} autoComplete="address-line1" />
        </HalfField>
        <HalfField field="registeredAddress2" rule={rule}>
          <Input maxLength={200} autoComplete="address-line2" />
        </HalfField>
        <HalfField field="city" rule={rule} required>
          <Input maxLength={100} autoComplete="address-level2" />
        </HalfField>
        <HalfField field="postalCode" rule={rule}>
          <Input maxLength={20} autoComplete="postal-code" />
        </HalfField>
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
