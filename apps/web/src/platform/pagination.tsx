import { Pagination as AntPagination } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  LIMIT_DEFAULT,
  PAGE_DEFAULT,
  PAGE_SCROLL_MS,
  PAGE_SIZES,
  PAGER_COUNT_DESKTOP,
  PAGER_COUNT_MOBILE,
  pageAfterSizeChange,
} from '@mbo/shared/paging';
import { formatCount } from './format';
import { useIsMobile } from './use-is-mobile';
import { scrollTo } from './scroll-to';
import './pagination.css';

export const DEFAULT_LAYOUT = 'total, sizes, prev, pager, next, jumper';

export type TPaginationProps = {
  total: number;
  /** `total` is a lower bound (the list's count stopped early): the total reads "more than N". */
  capped?: boolean;
  page?: number;
  limit?: number;
  pageSizes?: readonly number[];
  /** Page buttons shown at once: 5 below 992 px, else 7 (spec §9). */
  pagerCount?: number;
  /** Which parts to show, as a comma-separated list of total, sizes, prev, pager, next, jumper. */
  layout?: string;
  /** Filled page buttons. */
  background?: boolean;
  /** Smoothly scrolls to the top (800 ms) after a change. */
  autoScroll?: boolean;
  hidden?: boolean;
  small?: boolean;
  /** Reports the new page and limit. */
  onChange: (page: number, limit: number) => void;
};

export function defaultPagerCount(isMobile: boolean): number {
  return isMobile ? PAGER_COUNT_MOBILE : PAGER_COUNT_DESKTOP;
}

/**
 * antd has no pager count. Its default pager shows up to seven slots around the current page
 * (first, last, the neighbouring pages and the two jump buttons); `showLessItems` narrows the window
 * by one page on each side, which shows near the ends of the list. So a count of 5 or fewer (the
 * mobile value) maps to showLessItems and anything larger (7, desktop) to the default.
 */
export function showLessItemsFor(pagerCount: number): boolean {
  return pagerCount <= PAGER_COUNT_MOBILE;
}

/** Spec §5: after a size change the page resets to 1 when page × new size exceeds the total. */
export function nextPaging(current: { page: number; limit: number }, requested: { page: number; size: number }, total: number) {
  if (requested.size !== current.limit) {
    return { page: pageAfterSizeChange(current.page, requested.size, total), limit: requested.size };
  }
  return { page: requested.page, limit: current.limit };
}

export function parseLayout(layout: string): Set<string> {
  return new Set(
    layout
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );
}

/**
 * The shared paging control of every list. antd orders the parts itself (total, pager, sizes,
 * jumper), so `layout` chooses which parts appear, not their order.
 */
export function Pagination({
  total,
  capped = false,
  page = PAGE_DEFAULT,
  limit = LIMIT_DEFAULT,
  pageSizes = PAGE_SIZES,
  pagerCount,
  layout = DEFAULT_LAYOUT,
  background = true,
  autoScroll = true,
  hidden = false,
  small = false,
  onChange,
}: TPaginationProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  if (hidden) return null;
  const parts = parseLayout(layout);
  const count = pagerCount ?? defaultPagerCount(isMobile);

  const handleChange = (nextPage: number, size: number) => {
    const next = nextPaging({ page, limit }, { page: nextPage, size }, total);
    onChange(next.page, next.limit);
    if (autoScroll) scrollTo(0, PAGE_SCROLL_MS);
  };

  return (
    <div className={`mbo-pagination${background ? ' mbo-pagination--background' : ''}`} data-testid="pagination">
      <AntPagination
        total={total}
        current={page}
        pageSize={limit}
        pageSizeOptions={[...pageSizes]}
        showLessItems={showLessItemsFor(count)}
        showSizeChanger={parts.has('sizes')}
        showQuickJumper={parts.has('jumper')}
        showTotal={
          parts.has('total') ? (value) => t(capped ? 'paging.totalMore' : 'paging.total', { total: formatCount(value) }) : undefined
        }
        itemRender={(_page, type, element) => {
          if (type === 'prev' && !parts.has('prev')) return null;
          if (type === 'next' && !parts.has('next')) return null;
          return element;
        }}
        size={small ? 'small' : undefined}
        onChange={handleChange}
      />
    </div>
  );
}
