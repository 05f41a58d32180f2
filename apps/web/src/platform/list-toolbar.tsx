import { useState } from 'react';
import { Alert, Button, Checkbox, Dropdown, Form, Input, Segmented, Space, Tag, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { VIEW_TITLE_MAX } from '@mbo/shared/views';
import type { TDensity } from './list-display';
import type { TListViews } from './list-views';
import { SubmitDialog } from './submit-dialog';

/**
 * The bar above every list's table (ListPage): the Views menu (on screens that keep views), the column
 * chooser and the density switch. Each is a button with a menu, reachable and worked by keyboard (antd's
 * Dropdown menus move with the arrow keys), and the bar wraps on a narrow screen.
 */

type TChoice = { key: string; title: string };

type TToolbarProps = {
  views: TListViews;
  choices: readonly TChoice[];
};

export function ListToolbar({ views, choices }: TToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="mbo-list-toolbar" data-testid="list-toolbar">
      <Space wrap size={[8, 8]}>
        {views.screen && <ViewsMenu views={views} />}
        {views.current && (
          <Tag color="blue" data-testid="view-current">
            {views.current.title}
          </Tag>
        )}
      </Space>
      <Space wrap size={[8, 8]}>
        <ColumnChooser choices={choices} hidden={views.hidden} onChange={views.setHidden} />
        <Segmented<TDensity>
          aria-label={t('listView.density')}
          data-testid="density"
          value={views.density}
          onChange={views.setDensity}
          options={[
            { value: 'default', label: t('listView.densityDefault') },
            { value: 'compact', label: t('listView.densityCompact') },
          ]}
        />
      </Space>
      {views.notice && views.notice.length > 0 && (
        <ViewNotice
          views={views}
          type="warning"
          testId="view-dropped"
          title={t('listView.dropped', { filters: views.notice.map((key) => t(key)).join(t('listView.separator')) })}
        />
      )}
      {views.gone && <ViewNotice views={views} type="info" testId="view-gone" title={t('listView.gone')} />}
    </div>
  );
}

/** A closable note under the bar about the view just opened (filters it dropped, or the view gone). */
function ViewNotice({ views, type, testId, title }: { views: TListViews; type: 'warning' | 'info'; testId: string; title: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      className="mbo-list-notice"
      type={type}
      showIcon
      closable={{ onClose: views.dismissNotice, 'aria-label': t('listView.close') }}
      data-testid={testId}
      title={title}
    />
  );
}

/** Which columns show: a menu of checkboxes that stays open while they are ticked. */
function ColumnChooser({ choices, hidden, onChange }: { choices: readonly TChoice[]; hidden: string[]; onChange: (h: string[]) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const shown = choices.filter((c) => !hidden.includes(c.key));
  const items: MenuProps['items'] = choices.map((c) => {
    const visible = !hidden.includes(c.key);
    return {
      key: c.key,
      // The last column shown cannot be hidden.
      disabled: visible && shown.length <= 1,
      label: (
        <Checkbox checked={visible} tabIndex={-1} data-testid={`column-${c.key}`}>
          {c.title}
        </Checkbox>
      ),
    };
  });
  const toggle = (key: string) => onChange(hidden.includes(key) ? hidden.filter((k) => k !== key) : [...hidden, key]);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={(next, info) => {
        if (info.source === 'trigger' || !next) setOpen(next);
      }}
      menu={{ items, onClick: ({ key }) => toggle(key), selectable: false }}
    >
      <Button data-testid="columns-button" aria-haspopup="menu">
        {t('listView.columns')} {shown.length < choices.length ? `(${shown.length}/${choices.length})` : ''} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

type TDialog = { kind: 'saveAs' } | { kind: 'rename' } | { kind: 'delete' } | null;

/** The Views menu: save what is on screen, open a view, and change the chosen one. */
function ViewsMenu({ views }: { views: TListViews }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<TDialog>(null);
  const current = views.current;
  const mine = views.views.filter((v) => v.mine);
  const others = views.views.filter((v) => !v.mine);
  const entry = (v: (typeof views.views)[number]) => ({
    key: `open:${v.id}`,
    label: (
      <span data-testid={`view-open-${v.id}`}>
        {v.title}
        {v.isDefault ? ` · ${t('listView.isDefault')}` : ''}
        {v.shared && v.mine ? ` · ${t('listView.isShared')}` : ''}
        {!v.mine ? ` · ${v.owner}` : ''}
      </span>
    ),
  });
  const items: MenuProps['items'] = [
    { key: 'saveAs', label: <span data-testid="view-save-as">{t('listView.saveAs')}</span> },
    ...(current?.mine
      ? [
          { key: 'save', label: <span data-testid="view-save">{t('listView.save', { title: current.title })}</span> },
          { key: 'rename', label: <span data-testid="view-rename">{t('listView.rename')}</span> },
        ]
      : []),
    ...(current
      ? [
          {
            key: 'default',
            label: <span data-testid="view-default">{t(current.isDefault ? 'listView.clearDefault' : 'listView.setDefault')}</span>,
          },
        ]
      : []),
    ...(current?.mine && views.mayShare
      ? [{ key: 'share', label: <span data-testid="view-share">{t(current.shared ? 'listView.unshare' : 'listView.share')}</span> }]
      : []),
    ...(current && (current.mine || views.mayShare)
      ? [{ key: 'delete', danger: true, label: <span data-testid="view-delete">{t('listView.delete')}</span> }]
      : []),
    { type: 'divider' as const },
    ...(views.views.length === 0 ? [{ key: 'none', disabled: true, label: t('listView.none') }] : []),
    ...(mine.length > 0 ? [{ type: 'group' as const, key: 'mine', label: t('listView.mine'), children: mine.map(entry) }] : []),
    ...(others.length > 0
      ? [{ type: 'group' as const, key: 'others', label: t('listView.sharedWithMe'), children: others.map(entry) }]
      : []),
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith('open:')) {
      const view = views.views.find((v) => `open:${v.id}` === key);
      if (view) views.open(view);
    } else if (key === 'saveAs' || key === 'rename' || key === 'delete') setDialog({ kind: key });
    else if (key === 'save') void views.saveCurrent().catch(() => undefined);
    else if (key === 'default') void views.toggleDefault().catch(() => undefined);
    else if (key === 'share' && current) void views.change({ shared: !current.shared }).catch(() => undefined);
  };
  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick }}>
        <Button data-testid="views-button" aria-haspopup="menu">
          {t('listView.views')} <DownOutlined />
        </Button>
      </Dropdown>
      {dialog?.kind === 'delete' && current ? (
        <SubmitDialog
          open
          title={t('listView.deleteTitle', { title: current.title })}
          onClose={() => setDialog(null)}
          submit={{
            text: t('listView.delete'),
            testId: 'view-delete-confirm',
            pending: views.pending,
            onClick: () =>
              void views.remove().then(
                () => setDialog(null),
                () => undefined,
              ),
          }}
        >
          {t(current.shared ? 'listView.deleteShared' : 'listView.deleteOwn')}
        </SubmitDialog>
      ) : dialog ? (
        <TitleDialog rename={dialog.kind === 'rename'} views={views} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}

/** "Save current view as" (a title, and shared when the caller may share) and "Rename". */
function TitleDialog({ rename, views, onClose }: { rename: boolean; views: TListViews; onClose: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(rename ? (views.current?.title ?? '') : '');
  const [shared, setShared] = useState(false);
  const trimmed = title.trim();
  const submit = () => {
    if (trimmed === '') return;
    const done = rename ? views.change({ title: trimmed }) : views.saveAs(trimmed, shared);
    void done.then(onClose, () => undefined);
  };
  return (
    <SubmitDialog
      open
      title={t(rename ? 'listView.rename' : 'listView.saveAs')}
      onClose={onClose}
      submit={{
        text: t('listView.saveButton'),
        testId: 'view-title-submit',
        pending: views.pending,
        disabled: trimmed === '',
        onClick: submit,
      }}
    >
      <Form layout="vertical" onFinish={submit}>
        <Form.Item label={t('listView.title')} required>
          <Input
            autoFocus
            data-testid="view-title"
            maxLength={VIEW_TITLE_MAX}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            onPressEnter={submit}
          />
        </Form.Item>
        {!rename && views.mayShare && (
          <Checkbox checked={shared} onChange={(e) => setShared(e.target.checked)} data-testid="view-shared">
            {t('listView.shareWithAll')}
          </Checkbox>
        )}
      </Form>
    </SubmitDialog>
  );
}
