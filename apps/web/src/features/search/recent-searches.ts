import { localStore } from '../../platform/storage-keys';

/**
 * The last searches of one person in this browser (apps/server/src/domains/search/README.md says why
 * they are not kept on the server): newest first, at most RECENT_MAX, per merchant and administrator so
 * that two people sharing a browser do not see each other's.
 */
export const RECENT_MAX = 10;
const KEY = 'Recent-Searches';

const keyOf = (who: string) => `${KEY}:${who}`;

export function readRecent(who: string): string[] {
  try {
    const value: unknown = JSON.parse(localStore.get(keyOf(who)) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

export function rememberSearch(who: string, text: string): string[] {
  const q = text.trim();
  if (q === '') return readRecent(who);
  const next = [q, ...readRecent(who).filter((r) => r !== q)].slice(0, RECENT_MAX);
  localStore.set(keyOf(who), JSON.stringify(next));
  return next;
}

export function clearRecent(who: string): void {
  localStore.remove(keyOf(who));
}
