import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../../platform/sign-out';

/** For screens the guard holds a session on (2FA, activation): the way out is to sign out. */
export function SignOutButton({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  return (
    <Button
      type={primary ? 'primary' : 'default'}
      loading={pending}
      data-testid="prepared-logout"
      onClick={() => {
        setPending(true);
        void signOut().finally(() => setPending(false));
      }}
    >
      {t('prepared.backLoginSignOut')}
    </Button>
  );
}
