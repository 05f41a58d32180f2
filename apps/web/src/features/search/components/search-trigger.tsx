import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DeferredPart } from '../../../platform/deferred-part';
import { lazyPage } from '../../../platform/lazy-page';
import './search.css';

/** The dialog's code (antd's modal, the answer's lines) comes when it first opens, or at the first idle moment. */
const SearchDialog = lazyPage(() => import('./search-dialog'), 'SearchDialog');

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The top bar's search box: a button that looks like one (an icon on a phone) and Ctrl+K / ⌘K from
 * anywhere in the app, both opening the search dialog.
 */
export function SearchTrigger({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const shortcut = isMac() ? '⌘K' : 'Ctrl+K';
  return (
    <>
      <Button
        type={compact ? 'text' : 'default'}
        icon={<SearchOutlined />}
        onClick={() => setOpen(true)}
        className={compact ? undefined : 'mbo-search-trigger'}
        aria-label={t('search.open', { shortcut })}
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="search-open"
      >
        {compact ? null : (
          <>
            <span className="mbo-search-trigger__text">{t('search.placeholderShort')}</span>
            <kbd className="mbo-search-trigger__kbd">{shortcut}</kbd>
          </>
        )}
      </Button>
      <DeferredPart open={open} preload={SearchDialog.preload}>
        <SearchDialog open={open} onClose={() => setOpen(false)} />
      </DeferredPart>
    </>
  );
}
