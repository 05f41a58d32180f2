import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd';
import type { TListUrl } from './list-url-state';

/**
 * A dialog a list screen opens: whether this person may open it from the toolbar, whether it is open,
 * and what it was opened for (a row), if anything.
 */
export type TListDialog<T = never> = {
  allowed: boolean;
  open: boolean;
  subject: T | undefined;
  show: (subject?: T) => void;
  close: () => void;
};

/**
 * A dialog of a list screen: its toolbar button is for one `allowed` to open it, a row's own button may
 * open it for that row. With `from`, a link that carries `?<extra>=` opens it too (a refund applied for
 * from a transaction's row) for one allowed, and closing it takes the value out of the URL.
 */
export function useListDialog<T = never>(
  allowed: boolean,
  from?: { url: Pick<TListUrl<string>, 'extras' | 'setExtra'>; extra: string },
): TListDialog<T> {
  const [shown, setShown] = useState<{ subject: T | undefined } | null>(null);
  const linked = from ? (from.url.extras[from.extra] ?? null) : null;
  return {
    allowed,
    open: shown !== null || (allowed && linked !== null),
    subject: shown?.subject,
    show: (subject) => setShown({ subject }),
    close: () => {
      setShown(null);
      if (from && linked) from.url.setExtra(from.extra, null);
    },
  };
}

/**
 * The toolbar button (ListPage `actions`) that opens `dialog`, or nothing for one who may not open it:
 * a value rather than a component, so that the toolbar keeps no empty place for it.
 */
export function dialogButton<T>(
  dialog: TListDialog<T>,
  label: ReactNode,
  button: Omit<ButtonProps, 'onClick'> & { 'data-testid': string },
): ReactNode {
  return (
    dialog.allowed && (
      <Button {...button} onClick={() => dialog.show()}>
        {label}
      </Button>
    )
  );
}
