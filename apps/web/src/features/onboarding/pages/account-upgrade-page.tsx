import { Alert, Form } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TUpgradeVerifyBody } from '@mbo/shared/onboarding';
import { checkFieldFirst, CodeFormItem } from '../../../platform/code-form-item';
import { FormSubmitButton } from '../../../platform/form-submit-button';
import { EmailField } from '../../../platform/email-input';
import { MobileField, splitMobile } from '../../../platform/mobile-input';
import { PlainFrame } from '../../../platform/plain-frame';
import { storeSessionInfo, useSession } from '../../../platform/session';
import { useSendUpgradeCode } from '../api/send-upgrade-code';
import { useVerifyUpgrade } from '../api/verify-upgrade';
import { SignOutButton } from '../components/sign-out-button';
import { ResultTitle } from '../../../platform/page';

/**
 * Account-upgrade notice (guard step 4.2): an old merchant-number login with no person behind it
 * adds an email and a mobile and proves both with a code each. The answer is the same session
 * with kycInfo, so the guard's step 3 takes over from there.
 */
export function AccountUpgradePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const [form] = Form.useForm<TUpgradeVerifyBody>();
  const sendEmailCode = useSendUpgradeCode();
  const sendSmsCode = useSendUpgradeCode();
  const verify = useVerifyUpgrade();
  const user = session.userInfo;
  const initialMobile = user?.mobile && splitMobile(user.mobile).code ? user.mobile : undefined;
  return (
    <PlainFrame>
      <section className="mbo-plain-card mbo-plain-card--wide">
        <ResultTitle>{t('upgrade.title')}</ResultTitle>
        <Alert
          type="warning"
          showIcon
          title={t('upgrade.notice')}
          description={t('upgrade.noticeDetail', { merchantNo: user?.merchantNo ?? '', loginName: user?.loginName ?? '' })}
          style={{ margin: '16px 0 20px' }}
          data-testid="upgrade-notice"
        />
        <Form<TUpgradeVerifyBody>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ email: user?.email ?? '', mobile: initialMobile }}
          onFinish={(values) =>
            verify.mutate(
              { email: values.email.trim(), emailCode: values.emailCode.trim(), mobile: values.mobile, smsCode: values.smsCode.trim() },
              {
                onSuccess: (info) => {
                  storeSessionInfo(info);
                  queryClient.clear();
                  void navigate('/', { replace: true });
                },
              },
            )
          }
        >
          <EmailField icon />
          <CodeFormItem
            name="emailCode"
            label={t('upgrade.emailCode')}
            sendTestId="upgrade-send-email"
            beforeSend={checkFieldFirst(form, 'email')}
            onSend={() =>
              sendEmailCode.mutateAsync({ channel: 'email', target: String(form.getFieldValue('email')).trim() }).catch(() => undefined)
            }
            sentTo={sendEmailCode.data?.sentTo}
          />
          <MobileField />
          <CodeFormItem
            name="smsCode"
            label={t('upgrade.smsCode')}
            sendTestId="upgrade-send-sms"
            beforeSend={checkFieldFirst(form, 'mobile')}
            onSend={() => sendSmsCode.mutateAsync({ channel: 'sms', target: String(form.getFieldValue('mobile')) }).catch(() => undefined)}
            sentTo={sendSmsCode.data?.sentTo}
          />
          <FormSubmitButton pending={verify.isPending} testId="upgrade-submit" marginBottom={24}>
            {t('upgrade.submit')}
          </FormSubmitButton>
        </Form>
        <div className="mbo-plain-card__footer">
          <SignOutButton />
        </div>
      </section>
    </PlainFrame>
  );
}
