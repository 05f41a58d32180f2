import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import './choice-popover.css';

export type TChoice = { key: string; label: ReactNode; testId: string };

type TChoicePopoverProps = {
  choices: readonly TChoice[];
  selected: string;
  onSelect: (key: string) => void;
  /** The trigger button's content, test id and accessible name. */
  icon: ReactNode;
  text: ReactNode;
  testId: string;
  ariaLabel: string;
  title?: string;
};

/**
 * A compact single-choice menu for the top bars (language, timezone). Hand-made rather than an antd
 * Dropdown or Popover: the sign-in page needs it, and those would add the Menu and popup
 * positioning code to the first download for a list of a few buttons.
 */
export function ChoicePopover({ choices, selected, onSelect, icon, text, testId, ariaLabel, title }: TChoicePopoverProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    listRef.current?.querySelector<HTMLButtonElement>('[aria-checked="true"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="mbo-choice-root" ref={rootRef}>
      <Button
        type="text"
        data-testid={testId}
        aria-label={ariaLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        title={title}
        icon={icon}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="mbo-switch-text">{text}</span>
      </Button>
      {open && (
        <ul className="mbo-choice" role="menu" aria-label={ariaLabel} id={listId} ref={listRef}>
          {choices.map((choice) => {
            const active = choice.key === selected;
            return (
              <li key={choice.key} role="none">
                <button
                  type="button"
                  role="menuitemradio"
                  aria-checked={active}
                  className={`mbo-choice__item${active ? ' mbo-choice__item--active' : ''}`}
                  data-testid={choice.testId}
                  onClick={() => {
                    setOpen(false);
                    if (!active) onSelect(choice.key);
                  }}
                >
                  <span className="mbo-choice__label">{choice.label}</span>
                  {active && <CheckOutlined className="mbo-choice__check" />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
