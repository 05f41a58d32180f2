import { useCallback, useState } from 'react';
import { getCookie, setCookie } from '../../platform/cookies';
import { CookieKey } from '../../platform/storage-keys';

/** Spec §3: opened unless the sidebarStatus cookie says 0. */
export function readSidebarOpened(): boolean {
  return getCookie(CookieKey.sidebarStatus) !== '0';
}

export function writeSidebarOpened(opened: boolean): void {
  setCookie(CookieKey.sidebarStatus, opened ? '1' : '0');
}

export function useSidebarOpened(): [boolean, () => void] {
  const [opened, setOpened] = useState(readSidebarOpened);
  const toggle = useCallback(() => {
    setOpened((previous) => {
      const next = !previous;
      writeSidebarOpened(next);
      return next;
    });
  }, []);
  return [opened, toggle];
}
