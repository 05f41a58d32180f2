import { useSyncExternalStore } from 'react';
import { resolveTimezoneId, timezoneById, type TTimezoneOption } from '@mbo/shared/timezones';
import type { TLanguage } from '@mbo/shared/i18n';
import { StorageKey, localStore } from './storage-keys';

/**
 * Chosen display timezone (spec §3). The id lives under 'timezone'; without a stored id the
 * signed-in person's own timeZone decides when it matches an option, else option 1.
 */
let userTimeZone: string | null = null;
let currentId = resolveTimezoneId(localStore.get(StorageKey.timezone), userTimeZone);
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function refresh(): void {
  const next = resolveTimezoneId(localStore.get(StorageKey.timezone), userTimeZone);
  if (next !== currentId) {
    currentId = next;
    emit();
  }
}

export function getTimezoneId(): number {
  return currentId;
}

export function getTimezoneOption(): TTimezoneOption {
  return timezoneById(currentId);
}

/** IANA name: what the `timezone` request header carries and what dates are shown in. */
export function getTimezoneName(): string {
  return getTimezoneOption().timezone;
}

export function setTimezoneId(id: number): void {
  const option = timezoneById(id);
  localStore.set(StorageKey.timezone, String(option.id));
  localStore.set(StorageKey.timezoneUser, option.timezone);
  currentId = option.id;
  emit();
}

/** Called when user info arrives (login, getInfo) so a person's own timezone becomes the default. */
export function syncUserTimezone(timeZone: string | null | undefined): void {
  userTimeZone = timeZone || null;
  refresh();
}

export function subscribeTimezone(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen option; components that show times call this so they re-render on a change. */
export function useTimezone(): TTimezoneOption {
  const id = useSyncExternalStore(subscribeTimezone, getTimezoneId, getTimezoneId);
  return timezoneById(id);
}

export function timezoneLabel(option: TTimezoneOption, lang: TLanguage): string {
  if (lang === 'zhCn') return option.cn;
  if (lang === 'zhHk') return option.hk;
  return option.en;
}
