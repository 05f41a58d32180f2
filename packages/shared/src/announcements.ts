import { z } from 'zod';
import { defineList, field } from './list-fields';

/**
 * Announcements as each administrator reads them (spec §2 /mernews/showNewsManage): read or unread
 * per administrator, and the unread count in the top bar. Operators publish them with
 * `npm run ops -- announcement:add` in the three languages; the list itself is `ApiPath.announcements`.
 */
export const NewsPath = {
  /** GET: one announcement (any signed-in caller); reading it does not mark it read. */
  detail: '/mernews/detail/:id',
  /** PUT: mark an announcement read for the caller. */
  read: '/mernews/read/:id',
  /** GET: how many published announcements the caller has not read. */
  unreadCount: '/mernews/unreadCount',
} as const;

export const newsDetailPath = (id: number) => NewsPath.detail.replace(':id', String(id));
export const newsReadPath = (id: number) => NewsPath.read.replace(':id', String(id));

/** The announcements screen's list, declared once (list-fields.ts): newest first, a page by number. */
export const ANNOUNCEMENTS = defineList({
  fields: {
    id: field.count(),
    title: field.text('news.title'),
    content: field.text(),
    /** ISO 8601 UTC. */
    publishedAt: field.time('news.publishedAt'),
    /** Whether the signed-in administrator has read it (announcements screen, top-bar count). */
    read: field.data(z.boolean(), 'news.state'),
  },
  filters: z.object({}),
  days: null,
});
export const ZAnnouncement = ANNOUNCEMENTS.row;
export type TAnnouncement = z.infer<typeof ZAnnouncement>;

export const ZAnnouncementIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const ZAnnouncementDetail = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** ISO 8601 UTC. */
  publishedAt: z.string(),
  read: z.boolean(),
});
export type TAnnouncementDetail = z.infer<typeof ZAnnouncementDetail>;

export const ZUnreadCount = z.object({ unread: z.number().int() });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;
