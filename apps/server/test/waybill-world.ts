import { expect } from 'vitest';
import type { TListPage } from '@mbo/shared/list';
import { API_BASE } from '@mbo/shared/api-paths';
import { WaybillPath, type TWaybill, type TWaybillBatchResult } from '@mbo/shared/waybills';
import { setProofType } from '../src/domains/waybills/repository';
import { DAY_MS } from '../src/platform/time';
import { createAdmin, createGateway, createMerchant, type GatewayRow, type MerchantRow } from './factories';
import { multipartBody } from './files';
import { call, createTestApp, signIn, type TestContext } from './helpers';
import { createTransaction } from './trade-factories';

/*
 * What the waybill tests (src/domains/waybills/waybills.test.ts, batch-upload.test.ts) start from: a
 * merchant that must prove delivery (a tracking number or images), its gateway and administrator, the
 * clock at noon of the test transactions' business day, and the requests both make.
 */

export const HOUR = 3_600_000;
/** 2026-03-10 00:00 in UTC+08:00 (2026-03-09 16:00 UTC): the business day of the test transactions. */
export const DAY0 = Date.UTC(2026, 2, 9, 16);

export type WaybillWorld = { t: TestContext; merchant: MerchantRow; gateway: GatewayRow; token: string };

export async function createWaybillWorld(): Promise<WaybillWorld> {
  const t = await createTestApp();
  // The clock only moves forward in a test file (sessions expire after 30 idle minutes): tests that
  // move it sign in again, and come last.
  t.clock.set(DAY0 + 12 * HOUR);
  const merchant = await createMerchant(t.db);
  const gateway = await createGateway(t.db, merchant);
  await setProofType(t.db, merchant.id, 'either');
  const token = await signIn(t.app, await createAdmin(t.db, merchant));
  return { t, merchant, gateway, token };
}

/** The requests of the waybill tests, made in the world `world()` gives (once beforeAll has made it). */
export function waybillCalls(world: () => WaybillWorld) {
  /** A successful transaction made at 10:00 on DAY0 + `day` (UTC+08:00): settles on DAY0+day+7, proof by DAY0+day+4. */
  function trade(day = 0, m: MerchantRow = world().merchant, g: GatewayRow = world().gateway) {
    return createTransaction(world().t.db, m, g, { created_at: DAY0 + day * DAY_MS + 10 * HOUR });
  }

  async function list(query: Record<string, string> = {}, tok = world().token) {
    const res = await call<TListPage<TWaybill>>(world().t.app, WaybillPath.list, {
      token: tok,
      query: { from: '2026-03-01', to: '2026-03-31', limit: '50', ...query },
    });
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data.list;
  }

  async function batch(kind: 'preview' | 'commit', name: string, content: Buffer | string, tok = world().token) {
    const { payload, headers } = multipartBody({}, [{ name, content: Buffer.isBuffer(content) ? content : Buffer.from(content) }], 'file');
    const res = await world().t.app.inject({
      method: 'POST',
      url: `${API_BASE}${kind === 'preview' ? WaybillPath.batchPreview : WaybillPath.batchCommit}`,
      headers: { ...headers, 'x-auth-token': tok, lang: 'en_US' },
      payload,
    });
    return { status: res.statusCode, body: res.json<{ code: number; msg: string; data: TWaybillBatchResult }>() };
  }

  return { trade, batch, list };
}
