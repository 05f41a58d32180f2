import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ALL_OPERATIONS } from '@mbo/shared/permissions';
import en from '../../../locales/en.json';
import { setLanguage } from '../../../platform/i18n';
import { PermissionTree, permissionLabelKey } from './permission-tree';

function Harness({ held, initial = [] }: { held: (c: string) => boolean; initial?: string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <PermissionTree value={value} onChange={setValue} held={held} />
      <output data-testid="value">{value.join(' ')}</output>
    </>
  );
}

/** The checkbox of the tree node whose title is `title` within the menu `menu`. */
function box(menu: string, title: string): HTMLElement {
  const menuNode = screen.getByText(menu).closest('.ant-tree-treenode');
  let node = menuNode?.nextElementSibling;
  while (node && !node.textContent?.includes(title)) node = node.nextElementSibling;
  const checkbox = node?.querySelector('.ant-tree-checkbox');
  if (!(checkbox instanceof HTMLElement)) throw new Error(`no checkbox ${menu} > ${title}`);
  return checkbox;
}

describe('permission tree', () => {
  beforeEach(() => setLanguage('en'));

  it('labels every operation of the catalog in the three languages', () => {
    const perm = (en as unknown as { perm: Record<string, string> }).perm;
    expect(ALL_OPERATIONS.filter((op) => !perm[permissionLabelKey(op).slice('perm.'.length)])).toEqual([]);
  });

  it('ticks the screen with an operation, unticks the operations with their screen, and leaves what one lacks alone', () => {
    render(<Harness held={(c) => c !== 'Refundment:Apply'} />);
    fireEvent.click(box('Refunds', 'Export'));
    expect(screen.getByTestId('value').textContent).toBe('/refundment/forwardRefundmentList Refundment:Downloads');
    fireEvent.click(box('Refunds', 'Apply for a refund'));
    expect(screen.getByTestId('value').textContent).toBe('/refundment/forwardRefundmentList Refundment:Downloads');
    fireEvent.click(box('Refunds', 'Open the screen'));
    expect(screen.getByTestId('value').textContent).toBe('');
  });
});
