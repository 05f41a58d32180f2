import { Button, Card, Tag } from 'antd';
import { CheckCircleFilled, ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TBusinessLink } from '@mbo/shared/auth';

type TBusinessCardProps = {
  business: TBusinessLink;
  pending: boolean;
  disabled: boolean;
  onChoose: () => void;
};

export function BusinessCard({ business, pending, disabled, onChoose }: TBusinessCardProps) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      className={`mbo-business${business.current ? ' mbo-business--current' : ''}`}
      data-testid={`business-${business.businessId}`}
    >
      <div className="mbo-business__row">
        <ShopOutlined className="mbo-business__icon" />
        <div className="mbo-business__text">
          <div className="mbo-business__name">{business.businessName}</div>
          <div className="mbo-business__no">
            {t('selectMerchant.merchantNo')}: {business.merchantNo}
          </div>
          <div className="mbo-business__tags">
            <Tag color={business.isCreator ? 'blue' : 'default'}>
              {business.isCreator ? t('selectMerchant.creator') : t('selectMerchant.member')}
            </Tag>
            {business.current && (
              <Tag color="success" icon={<CheckCircleFilled />} data-testid="business-current">
                {t('selectMerchant.current')}
              </Tag>
            )}
          </div>
        </div>
        <Button
          type={business.current ? 'default' : 'primary'}
          loading={pending}
          disabled={disabled}
          onClick={onChoose}
          data-testid="business-choose"
        >
          {business.current ? t('selectMerchant.continue') : t('selectMerchant.choose')}
        </Button>
      </div>
    </Card>
  );
}
