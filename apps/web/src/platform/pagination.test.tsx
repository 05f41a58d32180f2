import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Pagination, defaultPagerCount, nextPaging, parseLayout, showLessItemsFor } from './pagination';
import { i18n, setLanguage } from './i18n';

function renderPager(props: Partial<Parameters<typeof Pagination>[0]> = {}) {
  const onChange = vi.fn();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <Pagination total={1000} page={10} limit={20} onChange={onChange} {...props} />
    </I18nextProvider>,
  );
  return { onChange, ...view };
}

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  act(() => {
    window.dispatchEvent(new Event('resize'));
  });
}

afterEach(() => {
  setWidth(1024);
  setLanguage('zhCn');
});

describe('paging total', () => {
  it('shows the count with thousands separators', () => {
    renderPager({ total: 88547 });
    expect(screen.getByText(/88,547/)).toBeTruthy();
  });
});

describe('paging rules', () => {
  it('resets to page 1 after a size change when page × new size exceeds the total', () => {
    expect(nextPaging({ page: 3, limit: 20 }, { page: 3, size: 50 }, 100)).toEqual({ page: 1, limit: 50 });
    expect(nextPaging({ page: 2, limit: 10 }, { page: 2, size: 30 }, 100)).toEqual({ page: 2, limit: 30 });
    expect(nextPaging({ page: 5, limit: 20 }, { page: 5, size: 20 }, 100)).toEqual({ page: 5, limit: 20 });
  });

  it('keeps the requested page when only the page changes', () => {
    expect(nextPaging({ page: 1, limit: 20 }, { page: 4, size: 20 }, 100)).toEqual({ page: 4, limit: 20 });
  });

  it('uses a pager count of 5 below 992 px and 7 above, mapped onto antd', () => {
    expect(defaultPagerCount(true)).toBe(5);
    expect(defaultPagerCount(false)).toBe(7);
    expect(showLessItemsFor(5)).toBe(true);
    expect(showLessItemsFor(7)).toBe(false);
  });

  it('reads the layout parts', () => {
    expect([...parseLayout('total, sizes, prev, pager, next, jumper')]).toEqual(['total', 'sizes', 'prev', 'pager', 'next', 'jumper']);
  });
});

describe('<Pagination>', () => {
  it('shows total, sizes and jumper by default and reports a page change with the limit', () => {
    setLanguage('en');
    const { onChange, container } = renderPager();
    expect(screen.getByText('1,000 in total')).toBeTruthy();
    expect(container.querySelector('.ant-pagination-options-size-changer')).not.toBeNull();
    expect(container.querySelector('.ant-pagination-options-quick-jumper')).not.toBeNull();
    fireEvent.click(screen.getByTitle('11'));
    expect(onChange).toHaveBeenCalledWith(11, 20);
  });

  it('shows fewer page buttons below 992 px', () => {
    const pages = (container: HTMLElement) => [...container.querySelectorAll('.ant-pagination-item')].map((el) => el.textContent);
    const desktop = pages(renderPager({ page: 1 }).container);
    cleanup();
    setWidth(991);
    const mobile = pages(renderPager({ page: 1 }).container);
    expect(desktop).toEqual(['1', '2', '3', '4', '5', '50']);
    expect(mobile).toEqual(['1', '2', '3', '50']);
  });

  it('takes an explicit pager count over the screen width', () => {
    const pages = (container: HTMLElement) => container.querySelectorAll('.ant-pagination-item').length;
    expect(pages(renderPager({ page: 1, pagerCount: 5 }).container)).toBe(4);
  });

  it('resets to page 1 when a larger page size no longer reaches the current page', async () => {
    setLanguage('en');
    const { onChange, container } = renderPager({ total: 100, page: 3, limit: 20 });
    const selector = container.querySelector('.ant-pagination-options-size-changer')!;
    fireEvent.mouseDown(selector);
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find((el) => el.textContent?.includes('50'));
      expect(found).toBeTruthy();
      return found!;
    });
    fireEvent.click(option);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(1, 50));
  });

  it('renders nothing when hidden', () => {
    const { container } = renderPager({ hidden: true });
    expect(container.querySelector('.ant-pagination')).toBeNull();
  });
});
