import { useState } from 'react';
import { Button, Card, Empty, Form, Input, List, Modal, Popconfirm, Skeleton, message, type ButtonProps } from 'antd';
import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { parseTime } from '../../../../platform/format';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../../api/passkeys';

/** Spec of ZPasskeyName in packages/shared/src/passkeys.ts. */
const NAME_MAX = 60;

/**
 * The administrator's passkeys: signing in without a password, the second step and the fresh check
 * before money moves. Adding or removing one may first open the fresh-check prompt (the server asks).
 */
export function PasskeySection() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [naming, setNaming] = useState(false);
  const [form] = Form.useForm<{ name: string }>();

  const submit = ({ name }: { name: string }) =>
    add.mutate(name.trim(), {
      onSuccess: () => {
        void message.success(t('settings.passkeys.added'));
        setNaming(false);
        form.resetFields();
      },
    });

  return (
    <Card
      title={t('settings.passkeys.title')}
      data-testid="settings-passkeys"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setNaming(true)} data-testid="passkey-add">
          {t('settings.passkeys.add')}
        </Button>
      }
    >
      <p className="mbo-settings__hint">{t('settings.passkeys.hint')}</p>
      {passkeys.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : passkeys.isError ? (
        <Empty description={t('common.loadFailed')} />
      ) : (
        <List
          dataSource={passkeys.data}
          locale={{ emptyText: <span className="mbo-settings__hint">{t('settings.passkeys.none')}</span> }}
          renderItem={(p) => (
            <List.Item
              data-testid="passkey-row"
              actions={[
                <Popconfirm
                  key="remove"
                  title={t('settings.passkeys.removeTitle', { name: p.name })}
                  description={t('settings.passkeys.removeText')}
                  okText={t('settings.passkeys.remove')}
                  okButtonProps={{ danger: true, loading: remove.isPending }}
                  cancelText={t('common.cancel')}
                  onConfirm={() => remove.mutateAsync(p.id).then(() => void message.success(t('settings.passkeys.removed')))}
                >
                  <Button type="link" danger data-testid="passkey-remove">
                    {t('settings.passkeys.remove')}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                avatar={<KeyOutlined />}
                title={<span data-testid="passkey-name">{p.name}</span>}
                description={
                  <span className="mbo-settings__passkey-times">
                    <span>{t('settings.passkeys.created', { time: parseTime(p.createdAt) })}</span>
                    <span>
                      {p.lastUsedAt === null
                        ? t('settings.passkeys.neverUsed')
                        : t('settings.passkeys.lastUsed', { time: parseTime(p.lastUsedAt) })}
                    </span>
                  </span>
                }
              />
            </List.Item>
          )}
        />
      )}
      <Modal
        open={naming}
        title={t('settings.passkeys.addTitle')}
        okText={t('settings.passkeys.create')}
        okButtonProps={{ loading: add.isPending, 'data-testid': 'passkey-create' } as ButtonProps}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setNaming(false)}
        destroyOnHidden
      >
        <p className="mbo-settings__hint">{t('settings.passkeys.addText')}</p>
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
          <Form.Item
            name="name"
            label={t('settings.passkeys.name')}
            rules={[{ required: true, whitespace: true, message: t('settings.passkeys.nameRequired') }]}
          >
            <Input maxLength={NAME_MAX} placeholder={t('settings.passkeys.namePlaceholder')} data-testid="passkey-name-input" autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
