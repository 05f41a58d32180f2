import { useState } from 'react';
import { Button, Empty } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PlainFrame } from '../../../platform/plain-frame';
import { storeLoginResult, useSession } from '../../../platform/session';
import { signOut } from '../../../platform/sign-out';
import { useSwitchBusiness } from '../api/switch-business';
import { useCreateNewBusiness } from '../api/create-new-business';
import { BusinessCard } from '../components/business-card';
import { CreateBusinessDialog } from '../components/create-business-dialog';
import { ResultTitle } from '../../../platform/page';
import './select-merchant-page.css';

/** Account chooser among the businesses linked to the signed-in person. */
export function SelectMerchantPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const switchBusiness = useSwitchBusiness();
  const createBusiness = useCreateNewBusiness();
  const [creating, setCreating] = useState(false);
  const linked = session.moreBusinessNameList;
  // Only a session with a person behind it can own another business (old logins upgrade first), and
  // it is offered to those who run a business already: a member invited to one is not.
  const canCreate = session.kycInfo !== null && (session.userInfo?.accountType === 'owner' || linked.some((b) => b.isCreator));
  const hasCurrent = session.kycInfo?.currBusinessId != null || session.kycInfo?.selectedMerAdminId != null;

  const choose = (businessId: number, current: boolean) => {
    if (current && hasCurrent) {
      void navigate('/');
      return;
    }
    switchBusiness.mutate(
      { businessId },
      {
        onSuccess: (result) => {
          storeLoginResult(result);
          queryClient.clear();
          void navigate('/', { replace: true });
        },
      },
    );
  };

  return (
    <PlainFrame>
      <div className="mbo-select-merchant">
        <ResultTitle>{t(linked.length > 1 ? 'selectMerchant.title' : 'selectMerchant.singleTitle')}</ResultTitle>
        {/* Worded from what the person has: several accounts to choose from, or just this one. */}
        <p className="mbo-select-merchant__subtitle" data-testid="select-merchant-subtitle">
          {linked.length > 1
            ? t('selectMerchant.subtitle')
            : t('selectMerchant.single', { name: session.userInfo?.merchantName ?? '', merchantNo: session.userInfo?.merchantNo ?? '' })}
        </p>
        {linked.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('selectMerchant.empty')} />
        ) : (
          <div className="mbo-select-merchant__list">
            {linked.map((business) => (
              <BusinessCard
                key={business.businessId}
                business={business}
                pending={switchBusiness.isPending && switchBusiness.variables?.businessId === business.businessId}
                disabled={switchBusiness.isPending}
                onChoose={() => choose(business.businessId, business.current)}
              />
            ))}
          </div>
        )}
        {canCreate && (
          <div className="mbo-select-merchant__create">
            <Button
              icon={<PlusOutlined />}
              block
              disabled={switchBusiness.isPending}
              onClick={() => setCreating(true)}
              data-testid="create-business"
            >
              {t('newBusiness.button')}
            </Button>
            <CreateBusinessDialog
              open={creating}
              pending={createBusiness.isPending}
              onCancel={() => setCreating(false)}
              onCreate={(body) =>
                createBusiness.mutate(body, {
                  onSuccess: (result) => {
                    // The new business's session replaces the old one; its KYC comes next.
                    storeLoginResult(result);
                    queryClient.clear();
                    setCreating(false);
                    void navigate('/kyc', { replace: true });
                  },
                })
              }
            />
          </div>
        )}
        <div className="mbo-select-merchant__footer">
          {hasCurrent && (
            <Button type="link" onClick={() => void navigate('/')}>
              {t('prepared.backHome')}
            </Button>
          )}
          <Button type="link" onClick={() => void signOut()} data-testid="select-merchant-logout">
            {t('layout.logout')}
          </Button>
        </div>
      </div>
    </PlainFrame>
  );
}
