import type { ReactNode } from 'react';
import { Button, Checkbox, Descriptions, Form, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BENEFICIARY_THRESHOLD_PERCENT, SHOP_CHECKLIST_ITEMS, type TKycDraftData, type TKycFile, type TKycStep } from '@mbo/shared/kyc';
import { getLanguage } from '../../../../platform/i18n';
import { useIsMobile } from '../../../../platform/use-is-mobile';
import { countryName, currencyLabel } from '../../utils/display-names';
import type { TStepProps } from './step-props';

type TReviewStepProps = TStepProps & {
  data: TKycDraftData;
  onEdit: (step: TKycStep) => void;
};

const COLUMNS = { xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 };

function Section({
  step,
  title,
  onEdit,
  children,
}: {
  step: TKycStep;
  title: string;
  onEdit: ((step: TKycStep) => void) | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="kyc-summary" data-testid={`kyc-summary-${step}`}>
      <div className="kyc-summary__head">
        <h3>{title}</h3>
        {onEdit && (
          <Button type="link" icon={<EditOutlined />} onClick={() => onEdit(step)} data-testid={`kyc-edit-${step}`}>
            {t('kyc.edit')}
          </Button>
        )}
      </div>
      {children}
    </section>
  );
}

/** Step 5: everything entered, then the applicant declaration and the submit. */
export function ReviewStep({ rule, data, files, onEdit }: TReviewStepProps) {
  const { t } = useTranslation();
  return (
    <>
      <ProfileSummary data={data} files={files} onEdit={onEdit} />
      <section className="kyc-declaration" data-testid="kyc-summary-declaration">
        <h3>{t('kyc.step.declaration')}</h3>
        <Form.Item name="allOwnersListed" valuePropName="checked" rules={[rule(['allOwnersListed'])]}>
          <Checkbox data-testid="kyc-all-owners-listed">
            {t('kyc.declaration.allOwnersListed', { threshold: BENEFICIARY_THRESHOLD_PERCENT })}
          </Checkbox>
        </Form.Item>
        <p className="kyc-declaration__text">{t('kyc.declaration.text')}</p>
        <Form.Item name="accepted" valuePropName="checked" rules={[rule(['accepted'])]}>
          <Checkbox data-testid="kyc-declaration">{t('kyc.declaration.accept')}</Checkbox>
        </Form.Item>
      </section>
    </>
  );
}

/** The profile, section by section: in the wizard's last step with "edit" links, read-only once submitted and approved. */
export function ProfileSummary({
  data,
  files,
  onEdit,
}: {
  data: TKycDraftData;
  files: ReadonlyMap<number, TKycFile>;
  onEdit?: (step: TKycStep) => void;
}) {
  const { t } = useTranslation();
  const lang = getLanguage();
  // Narrow screens: each label above its value, so long values get the full width.
  const layout = useIsMobile() ? 'vertical' : 'horizontal';
  const b = data.business ?? {};
  const ind = data.industry ?? {};
  const bank = data.bank ?? {};
  const owners = data.owners ?? [];
  const text = (value: string | number | undefined) => (value === undefined || value === '' ? '—' : String(value));
  const option = (prefix: string, value: string | undefined) => (value ? t(`${prefix}.${value}`) : '—');
  const fileNames = (ids: readonly number[] | undefined) => {
    const names = (ids ?? []).map((id) => files.get(id)?.name ?? `#${id}`);
    return names.length ? names.join(', ') : '—';
  };
  const stepTitle = (step: TKycStep) => t(`kyc.step.${step}`);
  const item = (key: string, label: string, children: ReactNode) => ({ key, label, children });
  const field = (key: string, children: ReactNode) => item(key, t(`kyc.field.${key}`), children);
  const table = (items: ReturnType<typeof item>[]) => <Descriptions bordered layout={layout} size="small" column={COLUMNS} items={items} />;

  return (
    <>
      <Section step="business" title={stepTitle('business')} onEdit={onEdit}>
        {table([
          field('registrationPlace', option('kyc.place', b.registrationPlace)),
          field('entityType', option('kyc.entityType', b.entityType)),
          field('legalName', text(b.legalName)),
          field('registrationNumber', text(b.registrationNumber)),
          field('crn', text(b.crn)),
          field('vatNumber', text(b.vatNumber)),
          field('registeredAddress', [b.registeredAddress, b.registeredAddress2].filter(Boolean).join(', ') || '—'),
          field('city', [b.city, b.postalCode].filter(Boolean).join(' ') || '—'),
          field('formationDate', text(b.formationDate)),
          field('documentFileIds', fileNames(b.documentFileIds)),
        ])}
      </Section>

      <Section step="industry" title={stepTitle('industry')} onEdit={onEdit}>
        {table([
          field('mainIndustry', `${option('kyc.industry', ind.mainIndustry)} (${text(ind.mainIndustryShare)}%)`),
          field(
            'additionalIndustry',
            ind.hasAdditionalIndustry
              ? `${option('kyc.industry', ind.additionalIndustry)} (${text(ind.additionalIndustryShare)}%)`
              : t('kyc.none'),
          ),
          field('monthlyTurnover', option('kyc.turnover', ind.monthlyTurnover)),
          field('productDescription', <span className="kyc-pre">{text(ind.productDescription)}</span>),
          ...(ind.websites ?? []).map((site, index) =>
            item(
              `website-${index}`,
              t('kyc.website', { n: index + 1 }),
              <>
                <div className="kyc-break">{text(site.url)}</div>
                {SHOP_CHECKLIST_ITEMS.every((key) => site.checklist?.[key] === true) ? (
                  <Tag color="success">{t('kyc.checklistConfirmed')}</Tag>
                ) : (
                  <Tag color="error">{t('kyc.checklistMissing')}</Tag>
                )}
              </>,
            ),
          ),
        ])}
      </Section>

      <Section step="bank" title={stepTitle('bank')} onEdit={onEdit}>
        {table([
          field('bankName', text(bank.bankName)),
          field('accountHolder', text(bank.accountHolder)),
          field('accountNumber', text(bank.accountNumber)),
          field('branch', text(bank.branch)),
          field('swiftCode', text(bank.swiftCode)),
          field('settlementCurrency', bank.settlementCurrency ? currencyLabel(bank.settlementCurrency, lang) : '—'),
        ])}
      </Section>

      <Section step="owners" title={stepTitle('owners')} onEdit={onEdit}>
        {owners.map((owner, index) => (
          <Descriptions
            key={index}
            className="kyc-summary__owner"
            title={`${t('kyc.owners.person', { n: index + 1 })}: ${[owner.firstName, owner.lastName].filter(Boolean).join(' ')}`}
            bordered
            layout={layout}
            size="small"
            column={COLUMNS}
            items={[
              field('roles', (owner.roles ?? []).map((role) => t(`kyc.role.${role}`)).join(', ') || '—'),
              field('ownershipPercent', `${text(owner.ownershipPercent)}%`),
              field('phone', text(owner.phone)),
              field('dateOfBirth', text(owner.dateOfBirth)),
              field('nationality', countryName(owner.nationality, lang) || '—'),
              field('idIssueCountry', countryName(owner.idIssueCountry, lang) || '—'),
              field('idType', `${option('kyc.idType', owner.idType)} ${owner.idNumber ?? ''}`.trim()),
              field('idPhotoFileIds', fileNames(owner.idPhotoFileIds)),
              field('address', [owner.address, owner.city, owner.state, owner.postalCode].filter(Boolean).join(', ') || '—'),
            ]}
          />
        ))}
      </Section>
    </>
  );
}
