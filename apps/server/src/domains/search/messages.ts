/**
 * Words of the search box. Registered with the translator by `src/messages.ts`; zh_HK and en are typed
 * against zh_CN. The search itself refuses nothing but an empty or overlong text, named by its field.
 */
const zhCn = {
  'field.q': '搜索内容',
};

type Key = keyof typeof zhCn;

const zhHk: Record<Key, string> = {
  'field.q': '搜尋內容',
};

const en: Record<Key, string> = {
  'field.q': 'Search text',
};

export const SEARCH_MESSAGES = { zhCn, zhHk, en };

// Makes these keys part of `MessageKey` (platform never imports a domain, so the domain adds itself).
declare module '../../platform/messages' {
  interface MessageCatalogs {
    search: Key;
  }
}
