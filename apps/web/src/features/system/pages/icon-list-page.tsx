import { useMemo, useState } from 'react';
import { Card, Empty, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../../../platform/clipboard';
import { PRODUCT_ICONS } from '../icon-catalog';
import '../system.css';

/** The icons the product uses (spec §2 icon list): searchable by name; a click copies the name. */
export function IconListPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return Object.entries(PRODUCT_ICONS).filter(([name]) => name.toLowerCase().includes(q));
  }, [query]);
  return (
    <div className="mbo-page">
      <h1 className="mbo-page-title" data-testid="page-title">
        {t('menu.iconList')}
      </h1>
      <Card>
        <Input.Search
          allowClear
          placeholder={t('icons.search')}
          aria-label={t('icons.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          style={{ maxWidth: 360, marginBottom: 16 }}
          data-testid="icon-search"
        />
        <Typography.Paragraph type="secondary">{t('icons.hint', { count: shown.length })}</Typography.Paragraph>
        {shown.length === 0 ? (
          <Empty description={t('icons.none')} />
        ) : (
          <div className="mbo-icon-grid" data-testid="icon-grid">
            {shown.map(([name, Icon]) => (
              <button
                key={name}
                type="button"
                className="mbo-icon-cell"
                data-testid="icon-cell"
                onClick={() => void copyToClipboard(name)}
                title={t('icons.copy', { name })}
              >
                <Icon />
                <span className="mbo-icon-name">{name}</span>
              </button>
            ))}
          </div>
        )}
      </Card>
    </div>
  );
}
