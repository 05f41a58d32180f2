import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { API_BASE } from '@mbo/shared/api-paths';
import { ExportJobPath } from '@mbo/shared/export-job-paths';
import type { TExportJob, TExportJobList } from '@mbo/shared/export-jobs';
import { NotificationPath, type TNotificationList } from '@mbo/shared/notifications';
import { TRANSACTION_VIEW_DEFS } from '@mbo/shared/transactions';
import { call, createTestApp, sessionTokenFor, type TestContext } from '../../../test/helpers';
import { storedFileCount } from '../../../test/files';
import { createTransaction } from '../../../test/trade-factories';
import { createAdmin, createGateway, createMerchant, createRole, type AdminRow } from '../../../test/factories';
import { FILE_RESPONSE } from '../../platform/export-route';
import { readXlsxRows } from '../../platform/xlsx-reader';
import { createExportRunner, sweepExportJobs } from './runner';

/*
 * Background exports through the API, on SQLite and PostgreSQL: the file of a job is the file the
 * list's own export gives for the same body; only the administrator who asked sees, cancels and
 * downloads it; a lost permission or a narrower gateway scope refuses the download; a cancel stops the
 * export and keeps no file; two nodes looking at once make an export once.
 */

const FORMAL = TRANSACTION_VIEW_DEFS.formal;
const NOW = Date.UTC(2026, 10, 29, 4, 0);
const FILTERS = { from: '2026-11-01', to: '2026-11-29' };
const SLOW_PATH = '/testOnly/slowExport';

let t: TestContext;
let merchant: AdminRow['merchant'];
let gateways: Awaited<ReturnType<typeof createGateway>>[];
let owner: AdminRow;
let ownerToken: string;
/** The slow test export: it writes its header, then waits until the test releases it or its stream is closed. */
type Slow = {
  entered: Promise<void>;
  enter: () => void;
  released: Promise<void>;
  release: () => void;
  closed: Promise<void>;
  close: () => void;
};
let slow: Slow | null = null;

function newSlow(): Slow {
  const s = {} as Slow;
  s.entered = new Promise((r) => (s.enter = r));
  s.released = new Promise((r) => (s.release = r));
  s.closed = new Promise((r) => (s.close = r));
  slow = s;
  return s;
}

beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      // An export that writes its header and waits for the test: a cancel must find it running.
      app.post(
        `${API_BASE}${SLOW_PATH}`,
        {
          config: { permission: FORMAL.download },
          schema: { body: z.object({ format: z.enum(['csv', 'xlsx']) }), response: FILE_RESPONSE },
        },
        async (_request, reply) => {
          const run = slow!;
          const out = new PassThrough();
          out.write('\uFEFFheader\r\n');
          out.once('close', () => run.close());
          run.enter();
          void run.released.then(() => {
            if (!out.destroyed) out.end('row\r\n');
          });
          return reply.header('content-type', 'text/csv').header('content-disposition', 'attachment; filename="slow.csv"').send(out);
        },
      );
    },
  });
  t.clock.set(NOW);
  merchant = await createMerchant(t.db);
  gateways = [await createGateway(t.db, merchant), await createGateway(t.db, merchant)];
  owner = await createAdmin(t.db, merchant, { isOwner: true });
  ownerToken = await tokenFor(owner);
  for (let i = 0; i < 40; i += 1)
    await createTransaction(t.db, merchant, gateways[i % 2]!, {
      created_at: NOW - (i + 1) * 3_600_000,
      merchant_order_no: `ORD-"${i}",\nx`,
    });
}, 60_000);
afterAll(() => t.close());

function tokenFor(admin: AdminRow): Promise<string> {
  return sessionTokenFor(t.db, admin, t.clock.now());
}

const startBody = (o: Record<string, unknown> = {}) => ({
  exportPath: FORMAL.export,
  screen: FORMAL.menu,
  filters: FILTERS,
  format: 'csv',
  ...o,
});

async function start(token: string, o: Record<string, unknown> = {}): Promise<number> {
  const res = await call<{ id: number }>(t.app, ExportJobPath.start, { token, body: startBody(o) });
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data.id;
}

async function jobs(token: string): Promise<TExportJob[]> {
  const res = await call<TExportJobList>(t.app, ExportJobPath.list, { token });
  expect(res.body.code).toBe(0);
  return res.body.data.list;
}

/** A POST whose answer may be a file: the raw answer, and its envelope when it is one. */
async function postFile(token: string, apiPath: string, body: unknown) {
  const raw = await t.app.inject({
    method: 'POST',
    url: `${API_BASE}${apiPath}`,
    headers: { 'x-auth-token': token },
    payload: body as object,
  });
  await t.app.background.idle();
  const json = String(raw.headers['content-type'] ?? '').includes('application/json');
  return { status: raw.statusCode, raw, body: json ? raw.json<{ code: number; msg: string }>() : { code: 0, msg: '' }, json };
}

const download = (token: string, id: number) => postFile(token, ExportJobPath.download, { id });
const exportDirect = (format: string) => postFile(ownerToken, FORMAL.export, { ...FILTERS, format });

/** Files the merchant has in storage (disk folder or database chunks), a part file being written included. */
const storedFiles = () => storedFileCount(t, merchant.id);

/** What the export job hands to storage, piece by piece as storage receives it. */
function watchStorage(): Buffer[] {
  const received: Buffer[] = [];
  const putStream = t.app.files.putStream;
  vi.spyOn(t.app.files, 'putStream').mockImplementation((db, merchantId, content, o) =>
    putStream(
      db,
      merchantId,
      (async function* () {
        for await (const piece of content) {
          received.push(Buffer.from(piece));
          yield piece;
        }
      })(),
      o,
    ),
  );
  return received;
}

/** Starts the slow export as a job, without waiting for the background (the export waits for the test). */
async function startSlow(): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${API_BASE}${ExportJobPath.start}`,
    headers: { 'x-auth-token': ownerToken },
    payload: startBody({ exportPath: SLOW_PATH, filters: {} }),
  });
  return res.json<{ data: { id: number } }>().data.id;
}

/** Until storage has received the slow export's header (a generous bound: it comes at once when streamed). */
const headerStored = (received: Buffer[]) =>
  vi.waitFor(() => expect(Buffer.concat(received).toString('utf8')).toBe('\uFEFFheader\r\n'), { timeout: 10_000, interval: 20 });

/** The slow export started as a job and under way: its header is in storage; with the merchant's files before it. */
async function slowExportUnderWay(): Promise<{ s: Slow; before: number; id: number }> {
  const s = newSlow();
  const before = await storedFiles();
  const received = watchStorage();
  const id = await startSlow();
  await s.entered;
  await headerStored(received);
  return { s, before, id };
}

afterEach(async () => {
  vi.restoreAllMocks();
  // A test that failed half-way lets its slow export end, so the exports after it get their place.
  slow?.release();
  await t.app.background.idle();
});

describe('background exports', () => {
  it("makes the same CSV file as the list's own export, and tells the asker in the bell", async () => {
    const direct = await exportDirect('csv');
    expect(direct.status).toBe(200);
    const id = await start(ownerToken, { expectedRows: 40 });
    const job = (await jobs(ownerToken)).find((j) => j.id === id)!;
    expect(job).toMatchObject({ status: 'done', rowsWritten: 40, expectedRows: 40, format: 'csv', size: direct.raw.rawPayload.length });
    // Downloaded as it is read from storage, never read whole first.
    const whole = vi.spyOn(t.app.files, 'get');
    const file = await download(ownerToken, id);
    expect(file.status).toBe(200);
    expect(file.raw.rawPayload.equals(direct.raw.rawPayload)).toBe(true);
    expect(file.raw.headers['content-length']).toBe(String(direct.raw.rawPayload.length));
    expect(whole).not.toHaveBeenCalled();
    const bell = await call<TNotificationList>(t.app, NotificationPath.list, { token: ownerToken, lang: 'en_US' });
    const notice = bell.body.data.items.find((n) => n.kind === 'exportReady');
    expect(notice?.link).toBe('/exports/recent');
    expect(notice?.text).toContain('40 rows');
  });

  it("makes an XLSX file with the same rows as the list's own export", async () => {
    const direct = await exportDirect('xlsx');
    const id = await start(ownerToken, { format: 'xlsx' });
    const file = await download(ownerToken, id);
    expect(file.status).toBe(200);
    const rows = readXlsxRows(file.raw.rawPayload, 1000);
    expect(rows).not.toBeNull();
    expect(rows).toEqual(readXlsxRows(direct.raw.rawPayload, 1000));
    expect(rows!.length).toBe(41);
  });

  it('shows, cancels and downloads an export for the administrator who asked only', async () => {
    const id = await start(ownerToken);
    const colleague = await createAdmin(t.db, merchant);
    const other = await createAdmin(t.db, await createMerchant(t.db), { isOwner: true });
    for (const admin of [colleague, other]) {
      const token = await tokenFor(admin);
      expect((await jobs(token)).map((j) => j.id)).not.toContain(id);
      const refused = await download(token, id);
      expect(refused.json && refused.body.code !== 0).toBe(true);
      const cancel = await call(t.app, ExportJobPath.cancel, { token, body: { id } });
      expect(cancel.body.code).not.toBe(0);
    }
    expect((await download(ownerToken, id)).status).toBe(200);
  });

  it('refuses the download once the export permission is gone, or the gateways narrowed', async () => {
    const role = await createRole(t.db, merchant, { permissions: [FORMAL.menu, FORMAL.download] });
    const clerk = await createAdmin(t.db, merchant, { roleId: role.id });
    const token = await tokenFor(clerk);
    const id = await start(token);
    expect((await download(token, id)).status).toBe(200);
    await t.db.deleteFrom('role_permissions').where('role_id', '=', role.id).where('permission', '=', FORMAL.download).execute();
    const refused = await download(token, id);
    expect(refused.json && refused.body.code !== 0).toBe(true);

    const id2 = await start(ownerToken);
    expect((await download(ownerToken, id2)).status).toBe(200);
    await t.db.updateTable('admins').set({ all_gateways: 0 }).where('id', '=', owner.id).execute();
    await t.db.insertInto('admin_gateways').values({ admin_id: owner.id, gateway_id: gateways[0]!.id }).execute();
    const narrowed = await download(ownerToken, id2);
    expect(narrowed.json && narrowed.body.code !== 0).toBe(true);
    await t.db.deleteFrom('admin_gateways').where('admin_id', '=', owner.id).execute();
    await t.db.updateTable('admins').set({ all_gateways: 1 }).where('id', '=', owner.id).execute();
    expect((await download(ownerToken, id2)).status).toBe(200);
  });

  it('hands the file to storage as the export writes it, not once the export has ended', async () => {
    const s = newSlow();
    const received = watchStorage();
    const id = await startSlow();
    await s.entered;
    // The export has written its header and waits: storage already holds those bytes.
    await headerStored(received);
    s.release();
    await t.app.background.idle();
    expect((await jobs(ownerToken)).find((j) => j.id === id)).toMatchObject({ status: 'done', rowsWritten: 1, size: 16 });
    const file = await download(ownerToken, id);
    expect(file.raw.rawPayload.toString('utf8')).toBe('\uFEFFheader\r\nrow\r\n');
  });

  it('stops a running export on cancel and keeps no file, not even the part already stored', async () => {
    const { s, before, id } = await slowExportUnderWay();
    // Read without waiting for the background (the export is in it, waiting for the test).
    const listed = await t.app.inject({ method: 'GET', url: `${API_BASE}${ExportJobPath.list}`, headers: { 'x-auth-token': ownerToken } });
    expect(listed.json<{ data: TExportJobList }>().data.list.find((j) => j.id === id)?.status).toBe('running');
    const cancel = await call(t.app, ExportJobPath.cancel, { token: ownerToken, body: { id } });
    expect(cancel.body.code).toBe(0);
    // Stopped: the export's stream is closed before it was let finish.
    await s.closed;
    s.release();
    await t.app.background.idle();
    const job = (await jobs(ownerToken)).find((j) => j.id === id)!;
    expect(job.status).toBe('cancelled');
    expect(await storedFiles()).toBe(before);
    expect((await download(ownerToken, id)).json).toBe(true);
    expect((await call(t.app, ExportJobPath.cancel, { token: ownerToken, body: { id } })).body.code).not.toBe(0);
  });

  it('keeps nothing of an export whose node stopped while writing it, once the sweep has taken it as stopped', async () => {
    const { s, before, id } = await slowExportUnderWay();
    // The name the file is being written under is on the job before its first byte.
    const running = await t.db.selectFrom('export_jobs').select('storage_name').where('id', '=', id).executeTakeFirstOrThrow();
    expect(running.storage_name).toMatch(/^\d+\/[0-9a-f]{32}$/);
    // The database backend stores its part a megabyte at a time: here, one it had stored.
    if (t.app.files.kind === 'database')
      await t.db
        .insertInto('stored_file_chunks')
        .values({ storage_name: `${running.storage_name}.part`, seq: 0, data: Buffer.from('\uFEFFheader\r\n') })
        .execute();
    // The part of the file is in storage; then the node goes silent (its heartbeat is old), as a killed node does.
    expect(await storedFiles()).toBe(before + 1);
    await t.db.updateTable('export_jobs').set({ heartbeat_at: 0 }).where('id', '=', id).execute();
    await sweepExportJobs({ ...t.app, now: () => t.clock.now() });
    expect(await storedFiles()).toBe(before);
    const failed = await t.app.inject({ method: 'GET', url: `${API_BASE}${ExportJobPath.list}`, headers: { 'x-auth-token': ownerToken } });
    expect(failed.json<{ data: TExportJobList }>().data.list.find((j) => j.id === id)?.status).toBe('failed');
    // Had the node only been slow, it finds its export taken and keeps nothing either.
    s.release();
    await t.app.background.idle();
    expect((await jobs(ownerToken)).find((j) => j.id === id)?.status).toBe('failed');
    expect(await storedFiles()).toBe(before);
  });

  it('is made once when two nodes look for queued exports at the same time', async () => {
    const queued = await t.db
      .insertInto('export_jobs')
      .values({
        merchant_id: merchant.id,
        admin_id: owner.id,
        screen: FORMAL.menu,
        export_path: FORMAL.export,
        filters: JSON.stringify(FILTERS),
        format: 'csv',
        language: 'en',
        timezone: 'Asia/Shanghai',
        gateway_ids: null,
        status: 'queued',
        runner: null,
        heartbeat_at: null,
        rows_written: null,
        expected_rows: null,
        storage_name: null,
        created_at: t.clock.now(),
        started_at: null,
        finished_at: null,
        expires_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(queued.id);
    const a = createExportRunner(t.app, 'node-a');
    const b = createExportRunner(t.app, 'node-b');
    const filesBefore = await storedFiles();
    const started = (await Promise.all([a.pass(), b.pass(), a.pass(), b.pass()])).flat();
    expect(started.filter((s) => s === id)).toHaveLength(1);
    await t.app.background.idle();
    expect((await jobs(ownerToken)).find((j) => j.id === id)).toMatchObject({ status: 'done', rowsWritten: 40 });
    expect(await storedFiles()).toBe(filesBefore + 1);
    const notices = await t.db.selectFrom('notifications').select('id').where('event_key', '=', `export-job:${id}`).execute();
    expect(notices).toHaveLength(1);
  });
});
