import { Avatar, Button, Dropdown, Modal, type ButtonProps, type MenuProps } from 'antd';
import { LogoutOutlined, SettingOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../platform/session';
import { signOut } from '../../platform/sign-out';
import { useConfirmedNavigate } from '../../platform/unsaved-changes';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useConfirmedNavigate();
  const session = useSession();
  const user = session.userInfo;
  const name = user?.name || user?.loginName || '';

  const confirmLogout = () => {
    Modal.confirm({
      title: t('layout.logoutTitle'),
      content: t('layout.logoutConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      className: 'logout-dialog',
      okButtonProps: { 'data-testid': 'logout-confirm' } as ButtonProps,
      onOk: () => signOut(),
    });
  };

  const items: NonNullable<MenuProps['items']> = [];
  if (session.moreBusinessNameList.length > 0) {
    items.push({
      key: 'switch',
      icon: <SwapOutlined />,
      label: <span data-testid="menu-switch-account">{t('layout.switchAccount')}</span>,
      onClick: () => navigate('/selectMerchant'),
    });
  }
  if (session.kycInfo) {
    items.push({
      key: 'settings',
      icon: <SettingOutlined />,
      label: <span data-testid="menu-settings">{t('layout.settings')}</span>,
      onClick: () => navigate('/setting'),
    });
  }
  if (items.length > 0) items.push({ type: 'divider' });
  items.push({
    key: 'logout',
    icon: <LogoutOutlined />,
    label: <span data-testid="menu-logout">{t('layout.logout')}</span>,
    onClick: confirmLogout,
  });

  return (
    // Above the reminders (antd's notifications, z-index 2050), which come in at the top right 2 s after a
    // page opens: a menu the person has just opened stays clickable under a reminder that arrived meanwhile.
    <Dropdown trigger={['click']} menu={{ items }} placement="bottomRight" styles={{ root: { zIndex: 2100 } }}>
      <Button type="text" data-testid="user-menu" className="mbo-user-menu" aria-label={t('layout.userMenu')}>
        <Avatar size={24} src={user?.avatar || undefined} icon={<UserOutlined />} />
        <span className="mbo-switch-text mbo-user-menu__name">{name}</span>
      </Button>
    </Dropdown>
  );
}
