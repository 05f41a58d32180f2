import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PlainFrame } from '../../../platform/plain-frame';
import { useSession } from '../../../platform/session';
import { KycWizard } from '../components/kyc-wizard';

/** /kyc: the business verification wizard for the current business (its owner's to fill in). */
export function KycPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const businessId = session.kycInfo?.currBusinessId ?? null;
  if (session.userInfo?.accountType === 'member') {
    return (
      <PlainFrame>
        <Result
          status="info"
          title={<h1 className="mbo-result-title">{t('kyc.memberTitle')}</h1>}
          subTitle={t('kyc.memberText')}
          extra={
            <Button type="primary" onClick={() => void navigate('/')} data-testid="kyc-member-home">
              {t('prepared.backHome')}
            </Button>
          }
        />
      </PlainFrame>
    );
  }
  return (
    <PlainFrame>
      <KycWizard businessId={businessId} />
    </PlainFrame>
  );
}
