import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NewsPath, ZAnnouncementDetail, ZAnnouncementIdParams, ZUnreadCount } from '@mbo/shared/announcements';
import { ZEmptyData } from '@mbo/shared/envelope';
import type { TLanguage } from '@mbo/shared/i18n';
import { ok, okResponse } from '../../platform/envelope';
import { notFoundError } from '../../platform/errors';
import { requireSession } from '../../platform/request-context';
import { toIso } from '../../platform/time';
import * as repo from './announcement-repository';

/** Text in the caller's language; an empty translation falls back to Simplified Chinese, then English. */
export function localized(lang: TLanguage, t: { zh_cn: string; zh_hk: string; en: string }): string {
  const preferred = lang === 'en' ? t.en : lang === 'zhHk' ? t.zh_hk : t.zh_cn;
  return preferred || t.zh_cn || t.en;
}

/** Announcements read per administrator (spec §2 /mernews/showNewsManage); the list is in routes.ts. */
export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(NewsPath.unreadCount, { config: { signedIn: true }, schema: { response: okResponse(ZUnreadCount) } }, async (request) => {
    const { scope } = requireSession(request);
    return ok(request, { unread: await repo.countUnread(app.db, scope, app.now()) });
  });

  app.get(
    NewsPath.detail,
    { config: { signedIn: true }, schema: { params: ZAnnouncementIdParams, response: okResponse(ZAnnouncementDetail) } },
    async (request) => {
      const { scope } = requireSession(request);
      const a = await repo.findAnnouncement(app.db, scope, request.params.id, app.now());
      if (!a) throw notFoundError();
      return ok(request, {
        id: a.id,
        title: localized(request.lang, { zh_cn: a.title_zh_cn, zh_hk: a.title_zh_hk, en: a.title_en }),
        content: localized(request.lang, { zh_cn: a.content_zh_cn, zh_hk: a.content_zh_hk, en: a.content_en }),
        publishedAt: toIso(a.published_at),
        read: Boolean(a.is_read),
      });
    },
  );

  app.put(
    NewsPath.read,
    {
      config: { signedIn: true, operation: { module: 'system' } },
      schema: { params: ZAnnouncementIdParams, response: okResponse(ZEmptyData) },
    },
    async (request) => {
      const { scope } = requireSession(request);
      const a = await repo.findAnnouncement(app.db, scope, request.params.id, app.now());
      if (!a) throw notFoundError();
      await repo.markRead(app.db, scope, a.id, app.now());
      return ok(request, null);
    },
  );
};
