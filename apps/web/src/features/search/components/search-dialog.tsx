import { useEffect, useState, type KeyboardEvent } from 'react';
import { Button, Empty, Input, Modal, Spin } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SEARCH_STATUS_CODES, type TSearchAnswer, type TSearchHit } from '@mbo/shared/search';
import { formatAmount, parseTime } from '../../../platform/format';
import { useSession } from '../../../platform/session';
import { useIsMobile } from '../../../platform/use-is-mobile';
import { useSearch } from '../api/search';
import { clearRecent, readRecent, rememberSearch } from '../recent-searches';
import { openAddress } from '../search-open';

/** How long the box waits after the last key before it asks (typing a number is one question, not twelve). */
const TYPING_PAUSE_MS = 200;

function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(text), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  return settled;
}

function HitLine({ hit }: { hit: TSearchHit }) {
  const { t } = useTranslation();
  const codes = SEARCH_STATUS_CODES[hit.kind];
  return (
    <>
      <span className="mbo-search__main">
        <span className="mbo-search__id">{hit.id}</span>
        {hit.status !== null && codes ? <span className="mbo-search__status">{t(`${codes}.${hit.status}`)}</span> : null}
        {hit.amount !== null && hit.currency ? <span className="mbo-search__amount">{formatAmount(hit.amount, hit.currency)}</span> : null}
      </span>
      <span className="mbo-search__sub">
        <span>{t(`search.matched.${hit.matched}`)}</span>
        {hit.at ? <span>{parseTime(hit.at)}</span> : null}
        {hit.detail ? <span className="mbo-search__detail">{hit.detail}</span> : null}
      </span>
    </>
  );
}

function Results({ answer, active, onChoose }: { answer: TSearchAnswer; active: number; onChoose: (hit: TSearchHit) => void }) {
  const { t } = useTranslation();
  let index = -1;
  return (
    <>
      {answer.groups.map((group) => (
        <div key={group.kind} role="group" aria-label={t(`search.kind.${group.kind}`)} className="mbo-search__group">
          <div className="mbo-search__heading" data-testid={`search-group-${group.kind}`}>
            {t(`search.kind.${group.kind}`)}
            {group.more ? <span className="mbo-search__more">{t('search.more')}</span> : null}
          </div>
          {group.hits.map((hit) => {
            index += 1;
            const mine = index;
            return (
              <div
                key={`${hit.kind}:${hit.id}`}
                id={`mbo-search-option-${mine}`}
                role="option"
                aria-selected={mine === active}
                className={`mbo-search__option${mine === active ? ' mbo-search__option--active' : ''}`}
                data-testid="search-hit"
                data-kind={hit.kind}
                data-id={hit.id}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => onChoose(hit)}
              >
                <HitLine hit={hit} />
              </div>
            );
          })}
        </div>
      ))}
    </>
  );
}

/**
 * The search dialog (Ctrl+K / ⌘K or the top bar's box): type, the answer grouped by kind, arrows move,
 * Enter opens the record on its own screen, Esc closes. With nothing typed it offers the last searches.
 */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const { userInfo } = useSession();
  const who = `${userInfo?.merchantNo ?? ''}:${userInfo?.adminId ?? ''}`;
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [recent, setRecent] = useState<string[]>([]);
  const q = useSettled(text.trim());
  const search = useSearch(q);
  const typed = text.trim() !== '';
  const answer = typed && search.data ? search.data : null;
  const hits = answer ? answer.groups.flatMap((g) => g.hits) : [];
  const count = typed ? hits.length : recent.length;

  useEffect(() => {
    if (!open) return;
    setText('');
    setActive(0);
    setRecent(readRecent(who));
  }, [open, who]);
  // A new answer starts again at its first hit.
  useEffect(() => setActive(0), [answer]);

  const choose = (hit: TSearchHit) => {
    setRecent(rememberSearch(who, text));
    onClose();
    void navigate(openAddress(hit));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (count > 0) setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : count - 1)) % count);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (typed) {
        const hit = hits[active];
        // Enter before the answer of the last keys is here waits for nothing: it opens what is shown.
        if (hit) choose(hit);
      } else {
        const again = recent[active];
        if (again !== undefined) setText(again);
      }
    }
  };

  const waiting = typed && (q !== text.trim() || search.isFetching);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      closable={false}
      width={isMobile ? 'calc(100vw - 16px)' : 640}
      style={{ top: isMobile ? 8 : 80, maxWidth: 'calc(100vw - 16px)' }}
      className="mbo-search"
      title={null}
      destroyOnHidden
      aria-label={t('search.title')}
    >
      <Input
        autoFocus
        size="large"
        prefix={<SearchOutlined />}
        suffix={waiting ? <Spin size="small" /> : null}
        value={text}
        maxLength={300}
        placeholder={t('search.placeholder')}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={count > 0}
        aria-controls="mbo-search-list"
        aria-activedescendant={count > 0 ? `mbo-search-option-${active}` : undefined}
        aria-label={t('search.title')}
        data-testid="search-input"
      />
      <div id="mbo-search-list" role="listbox" className="mbo-search__list" aria-label={t('search.results')}>
        {typed ? (
          answer && answer.groups.length > 0 ? (
            <Results answer={answer} active={active} onChoose={choose} />
          ) : answer && !waiting ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.nothing')} data-testid="search-nothing" />
          ) : null
        ) : recent.length > 0 ? (
          <div role="group" aria-label={t('search.recent')} className="mbo-search__group">
            <div className="mbo-search__heading">
              {t('search.recent')}
              <Button
                type="link"
                size="small"
                onClick={() => {
                  clearRecent(who);
                  setRecent([]);
                }}
                data-testid="search-clear-recent"
              >
                {t('search.clearRecent')}
              </Button>
            </div>
            {recent.map((r, i) => (
              <div
                key={r}
                id={`mbo-search-option-${i}`}
                role="option"
                aria-selected={i === active}
                className={`mbo-search__option${i === active ? ' mbo-search__option--active' : ''}`}
                data-testid="search-recent"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => setText(r)}
              >
                <span className="mbo-search__id">{r}</span>
              </div>
            ))}
          </div>
        ) : (
          <div className="mbo-search__hint">{t('search.hint')}</div>
        )}
      </div>
      <div className="mbo-search__keys" aria-hidden>
        {t('search.keys')}
      </div>
    </Modal>
  );
}
