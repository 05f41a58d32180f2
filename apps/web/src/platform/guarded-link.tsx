import type { MouseEvent } from 'react';
import { Link, type LinkProps } from 'react-router';
import { hasUnsavedChanges, useConfirmedNavigate } from './unsaved-changes';

/** A router Link that asks stay or leave first when a form on the page has unsaved changes. */
export function GuardedLink({ onClick, to, replace, ...rest }: LinkProps) {
  const navigate = useConfirmedNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // Modified clicks open a new tab: this page stays, nothing to ask.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!hasUnsavedChanges()) return;
    event.preventDefault();
    navigate(to, { replace });
  };
  return <Link to={to} replace={replace} onClick={handleClick} {...rest} />;
}
