import { Alert, Checkbox, Form, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { BENEFICIARY_THRESHOLD_PERCENT, ID_TYPES, KYC_OWNERS_MAX, OWNER_ROLES } from '@mbo/shared/kyc';
import { getLanguage } from '../../../../platform/i18n';
import { countryOptions } from '../../utils/display-names';
import { emptyOwner, type TOwnerValues } from '../../utils/step-values';
import { KycUpload } from '../kyc-upload';
import { EntryCards } from './entry-cards';
import { HalfField, HalfTextField } from './half-field';
import { PastDatePicker } from './past-date-picker';
import type { TStepProps } from './step-props';

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
          const entry = { list: 'owners', name: field.name, index };
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
                <HalfTextField field="firstName" rule={rule} entry={entry} required maxLength={100} autoComplete="off" />
                <HalfTextField field="lastName" rule={rule} entry={entry} required maxLength={100} autoComplete="off" />
                <HalfTextField
                  field="phone"
                  rule={rule}
                  entry={entry}
                  required
                  maxLength={32}
                  inputMode="tel"
                  placeholder="+852 9123 4567"
                  autoComplete="off"
                />
                <HalfField field="dateOfBirth" rule={rule} entry={entry} required>
                  <PastDatePicker />
                </HalfField>
                <HalfField field="nationality" rule={rule} entry={entry} required>
                  {countrySelect}
                </HalfField>
                <HalfField field="idIssueCountry" rule={rule} entry={entry} required>
                  {countrySelect}
                </HalfField>
                <HalfField field="idType" rule={rule} entry={entry} required>
                  <Select
                    placeholder={t('kyc.choose')}
                    options={ID_TYPES.map((type) => ({ value: type, label: t(`kyc.idType.${type}`) }))}
                  />
                </HalfField>
                <HalfTextField field="idNumber" rule={rule} entry={entry} required maxLength={64} autoComplete="off" />
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
                <HalfField
                  field="ownershipPercent"
                  rule={rule}
                  entry={entry}
                  required
                  extra={t('kyc.hint.ownershipPercent', { threshold: BENEFICIARY_THRESHOLD_PERCENT })}
                >
                  <InputNumber min={0} max={100} precision={2} suffix="%" style={{ width: '100%' }} />
                </HalfField>
                <HalfTextField field="address" rule={rule} entry={entry} required maxLength={200} autoComplete="off" />
                <HalfTextField field="city" rule={rule} entry={entry} required maxLength={100} autoComplete="off" />
                <HalfTextField field="state" rule={rule} entry={entry} maxLength={100} autoComplete="off" />
                <HalfTextField field="postalCode" rule={rule} entry={entry} maxLength={20} autoComplete="off" />
              </Row>
            </>
          );
        }}
      </EntryCards>
    </>
  );
}
