import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@mbo/shared/api-paths';
import { DisputePath, disputeDetailPath, type TDisputeDetail } from '@mbo/shared/disputes';
import {
  DisputeEvidencePath,
  draftPreviewPath,
  workspacePath,
  type TDraft,
  type TEvidencePackage,
  type TOutcomes,
  type TWorkspace,
} from '@mbo/shared/dispute-evidence';
import { AppealStatus } from '@mbo/shared/trade-enums';
import { createAdmin, createGateway, createMerchant, type GatewayRow } from '../../../test/factories';
import { exeFile, multipartBody, pdfFile, pngFile } from '../../../test/files';
import { call, signIn, testAppForFile } from '../../../test/helpers';
import { shopForFile } from '../../../test/signed-in-shop';
import { createTransaction } from '../../../test/trade-factories';
import { businessDay } from '../../platform/rollups';
import { DAY_MS } from '../../platform/time';
import { decideAppeal, raiseChargeback } from './operator-service';

/* The dispute workspace over HTTP (issue 49 §1): pre-fill within scope, CE 3.0, draft save, preview, submit once. */

const t = testAppForFile();
const shop = shopForFile(t);
let gateway2: GatewayRow;

beforeAll(async () => {
  gateway2 = await createGateway(t.db, shop.merchant);
});

const now = () => t.clock.now();
let cardSeq = 0;

/** A disputed payment with the CE 3.0 elements set, a 10.4 chargeback on it, and a fresh card per test. */
async function disputedCase(o: { code?: string; scheme?: string; g?: GatewayRow } = {}) {
  cardSeq += 1;
  const card = { card_first6: '400000', card_last4: String(1000 + cardSeq), card_scheme: o.scheme ?? 'VISA' };
  const who = {
    customer_id: `user-${cardSeq}`,
    device_id: `dev-${cardSeq}`,
    ip: `198.51.100.${cardSeq}`,
    email: `buyer-${cardSeq}@example.com`,
  };
  const tx = await createTransaction(t.db, shop.merchant, o.g ?? shop.gateway, {
    ...card,
    ...who,
    created_at: now() - 5 * DAY_MS,
    shipping_address: '1 Harbour Road',
  });
  const cb = await raiseChargeback(t.db, tx.tradeNo, {
    reason: 'Other Fraud - Card-Absent Environment',
    reasonCode: o.code ?? '10.4',
    deadlineDays: 20,
    now: now(),
  });
  const prior = (days: number, extra: Record<string, unknown> = {}, g = shop.gateway) =>
    createTransaction(t.db, shop.merchant, g, {
      ...card,
      ...who,
      created_at: now() - days * DAY_MS,
      shipping_address: '1 Harbour Road',
      ...extra,
    });
  return { tx, caseNo: cb.caseNo, prior, card, who };
}

function saveDraft(fields: Record<string, string>, files: { name: string; content: Buffer }[] = [], tok = shop.token) {
  const { payload, headers } = multipartBody(fields, files);
  return t.app.inject({
    method: 'POST',
    url: `${API_BASE}${DisputeEvidencePath.draftSave}`,
    headers: { ...headers, 'x-auth-token': tok, lang: 'en_US' },
    payload,
  });
}

const workspace = (caseNo: string, tok = shop.token) => call<TWorkspace>(t.app, workspacePath(caseNo), { token: tok, lang: 'en_US' });

describe('dispute workspace', () => {
  it('lists the qualifying CE 3.0 transactions of a 10.4 case, and names the missing element when there are not enough', async () => {
    const c = await disputedCase();
    const a = await c.prior(130);
    await c.prior(200, { customer_id: null, shipping_address: '' });
    // Too recent, another card, and one without IP or device in common: none qualifies.
    await c.prior(100);
    await c.prior(150, { card_last4: '9999' });
    await c.prior(160, { ip: '192.0.2.1', device_id: null });
    const ws = await workspace(c.caseNo);
    expect(ws.body.code).toBe(0);
    expect(ws.body.data.guide).toBe('v10_4');
    expect(ws.body.data.ce3?.eligible).toBe(true);
    expect(ws.body.data.ce3?.qualifying.map((q) => [q.daysBefore, q.matched])).toEqual([
      [130, ['userId', 'shippingAddress', 'ip', 'deviceId']],
      [200, ['ip', 'deviceId']],
    ]);
    expect(ws.body.data.ce3?.qualifying[0]?.tradeNo).toBe(a.tradeNo);

    const d = await disputedCase();
    await d.prior(130);
    await d.prior(140, { ip: '192.0.2.1', device_id: 'other' });
    const ws2 = await workspace(d.caseNo);
    expect(ws2.body.data.ce3).toMatchObject({ eligible: false, missing: 'ipOrDevice' });
  });

  it('pre-fills from the payment, its customer and their other payments, only within the caller\u2019s scope', async () => {
    const c = await disputedCase();
    const mine = await c.prior(30);
    const otherGateway = await c.prior(40, {}, gateway2);
    // Another merchant's payment with the same email and card is never read.
    const stranger = await createMerchant(t.db);
    const strangerGw = await createGateway(t.db, stranger);
    const foreign = await createTransaction(t.db, stranger, strangerGw, { ...c.card, ...c.who, created_at: now() - 20 * DAY_MS });

    const ws = await workspace(c.caseNo);
    const p = ws.body.data.prefill;
    expect(p.transaction.tradeNo).toBe(c.tx.tradeNo);
    expect(p.customer).toMatchObject({ email: c.who.email, ip: c.who.ip, userId: c.who.customer_id, deviceId: c.who.device_id });
    const others = p.otherTransactions.map((o) => o.tradeNo);
    expect(others).toEqual(expect.arrayContaining([mine.tradeNo, otherGateway.tradeNo]));
    expect(others).not.toContain(foreign.tradeNo);
    expect(ws.body.data.suggested.customer).toContain(c.who.ip);

    // A member limited to the first gateway sees the case but not the payment on the second gateway.
    const member = await createAdmin(t.db, shop.merchant, { gateways: [shop.gateway] });
    const limited = await workspace(c.caseNo, await signIn(t.app, member));
    expect(limited.body.code).toBe(0);
    const seen = limited.body.data.prefill.otherTransactions.map((o) => o.tradeNo);
    expect(seen).toContain(mine.tradeNo);
    expect(seen).not.toContain(otherGateway.tradeNo);
  });

  it('answers another merchant\u2019s case as not found on every workspace route', async () => {
    const c = await disputedCase();
    const stranger = await createMerchant(t.db);
    await createGateway(t.db, stranger);
    const other = await signIn(t.app, await createAdmin(t.db, stranger));
    expect((await workspace(c.caseNo, other)).body.msg).toBe('The case does not exist');
    const save = await saveDraft({ caseNo: c.caseNo, version: '0', note: 'x', sections: '{}' }, [], other);
    expect(save.json()).toMatchObject({ msg: 'The case does not exist' });
    expect((await call(t.app, draftPreviewPath(c.caseNo), { token: other, lang: 'en_US' })).body.msg).toBe('The case does not exist');
    const submit = await call(t.app, DisputeEvidencePath.draftSubmit, {
      token: other,
      lang: 'en_US',
      body: { caseNo: c.caseNo, version: 1 },
    });
    expect(submit.body.msg).toBe('The case does not exist');
    const caseId = (await t.db.selectFrom('disputes').select('id').where('case_no', '=', c.caseNo).executeTakeFirstOrThrow()).id;
    expect(await t.db.selectFrom('dispute_drafts').select('id').where('dispute_id', '=', caseId).execute()).toHaveLength(0);
  });

  it('saves a draft without touching the case, previews it, submits it once; a submitted draft no longer changes', async () => {
    const c = await disputedCase();
    await c.prior(150);
    await c.prior(170);
    const sections = JSON.stringify({ delivery: 'Delivered to the door on 3 Nov.', product: 'Blue kettle' });
    const first = await saveDraft({ caseNo: c.caseNo, version: '0', note: 'Customer known to us', sections, ce3: '1' }, [
      { name: 'receipt.pdf', content: pdfFile() },
      { name: 'photo.png', content: pngFile() },
    ]);
    const saved = first.json<{ code: number; data: TDraft }>();
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({ version: 1, note: 'Customer known to us', ce3: true, submittedAt: null });
    expect(saved.data.files.map((f) => f.name)).toEqual(['receipt.pdf', 'photo.png']);
    const detail = await call<TDisputeDetail>(t.app, disputeDetailPath(c.caseNo), { token: shop.token });
    expect(detail.body.data).toMatchObject({ appealStatus: AppealStatus.none, canAppeal: true, files: [] });

    // A save over an older version is refused; keeping one file of two drops the other.
    const stale = await saveDraft({ caseNo: c.caseNo, version: '0', note: 'late', sections: '{}' });
    expect(stale.json()).toMatchObject({ msg: 'Someone else saved this draft meanwhile: reload it, then save again' });
    const keep = String(saved.data.files[0]?.id);
    const second = (
      await saveDraft({ caseNo: c.caseNo, version: '1', note: 'Customer known to us', sections, ce3: '1', keepFiles: keep })
    ).json<{ data: TDraft }>();
    expect(second.data.version).toBe(2);
    expect(second.data.files.map((f) => f.name)).toEqual(['receipt.pdf']);
    expect(second.data.sections.delivery).toBe('Delivered to the door on 3 Nov.');

    const preview = await call<TEvidencePackage>(t.app, draftPreviewPath(c.caseNo), { token: shop.token });
    expect(preview.body.data).toMatchObject({
      caseNo: c.caseNo,
      reasonCode: '10.4',
      tradeNo: c.tx.tradeNo,
      note: 'Customer known to us',
      version: 2,
    });
    expect(preview.body.data.sections.map((s) => s.title)).toEqual(['Delivery', 'Product or service']);
    expect(preview.body.data.ce3).toHaveLength(2);

    // Submitting an older version than the one previewed is refused; the previewed one goes through once.
    expect(
      (await call(t.app, DisputeEvidencePath.draftSubmit, { token: shop.token, lang: 'en_US', body: { caseNo: c.caseNo, version: 1 } }))
        .body.code,
    ).not.toBe(0);
    const [a, b] = await Promise.all([
      call(t.app, DisputeEvidencePath.draftSubmit, { token: shop.token, lang: 'en_US', body: { caseNo: c.caseNo, version: 2 } }),
      call(t.app, DisputeEvidencePath.draftSubmit, { token: shop.token, lang: 'en_US', body: { caseNo: c.caseNo, version: 2 } }),
    ]);
    expect([a.body.code, b.body.code].filter((x) => x === 0)).toHaveLength(1);
    const again = await call(t.app, DisputeEvidencePath.draftSubmit, {
      token: shop.token,
      lang: 'en_US',
      body: { caseNo: c.caseNo, version: 2 },
    });
    expect(again.body.msg).toBe('This evidence draft was submitted: it can no longer be changed or submitted again');
    const after = await call<TDisputeDetail>(t.app, disputeDetailPath(c.caseNo), { token: shop.token });
    expect(after.body.data).toMatchObject({ appealStatus: AppealStatus.underAppeal, appealNote: 'Customer known to us', canAppeal: false });
    expect(after.body.data.files.map((f) => f.name)).toEqual(['receipt.pdf']);
    const edit = await saveDraft({ caseNo: c.caseNo, version: '3', note: 'changed', sections: '{}' });
    expect(edit.json()).toMatchObject({ msg: 'This evidence draft was submitted: it can no longer be changed or submitted again' });
    expect((await workspace(c.caseNo)).body.data).toMatchObject({ canEdit: false, draft: { note: 'Customer known to us', version: 2 } });
  });

  it('refuses bad input with a translated message and writes nothing', async () => {
    const c = await disputedCase();
    const badType = await saveDraft({ caseNo: c.caseNo, version: '0', note: '', sections: '{}' }, [{ name: 'a.pdf', content: exeFile() }]);
    expect(badType.json()).toMatchObject({ msg: 'File "a.pdf" has a wrong format; allowed: PDF, Word, Excel, JPG, JPEG, PNG, BMP' });
    const badJson = await saveDraft({ caseNo: c.caseNo, version: '0', note: '', sections: '{not json' });
    expect(badJson.statusCode).toBeLessThan(500);
    expect(badJson.json<{ code: number }>().code).not.toBe(0);
    const long = await saveDraft({ caseNo: c.caseNo, version: '0', note: '', sections: JSON.stringify({ delivery: 'x'.repeat(2001) }) });
    expect(long.json<{ code: number }>().code).not.toBe(0);
    const noDraft = await call(t.app, DisputeEvidencePath.draftSubmit, {
      token: shop.token,
      lang: 'en_US',
      body: { caseNo: c.caseNo, version: 1 },
    });
    expect(noDraft.body.msg).toBe('Save the evidence draft first');
    const empty = await saveDraft({ caseNo: c.caseNo, version: '0', note: 'no files', sections: '{}' });
    expect(empty.json()).toMatchObject({ code: 0 });
    const noFiles = await call(t.app, DisputeEvidencePath.draftSubmit, {
      token: shop.token,
      lang: 'en_US',
      body: { caseNo: c.caseNo, version: 1 },
    });
    expect(noFiles.body.msg).toBe('Upload at least one evidence file');
    expect((await call<TDisputeDetail>(t.app, disputeDetailPath(c.caseNo), { token: shop.token })).body.data.appealStatus).toBe(
      AppealStatus.none,
    );
  });

  it('a case appealed directly can no longer take a draft; a Mastercard case has no CE 3.0 check', async () => {
    const c = await disputedCase({ scheme: 'MASTERCARD', code: '4853' });
    const ws = await workspace(c.caseNo);
    expect(ws.body.data).toMatchObject({ guide: 'm4853', ce3: null, canEdit: true });
    const { payload, headers } = multipartBody({ caseNo: c.caseNo, note: 'direct' }, [{ name: 'a.pdf', content: pdfFile() }]);
    await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${DisputePath.appeal}`,
      headers: { ...headers, 'x-auth-token': shop.token },
      payload,
    });
    const late = await saveDraft({ caseNo: c.caseNo, version: '0', note: 'x', sections: '{}' });
    expect(late.json<{ code: number }>().code).not.toBe(0);
    expect((await workspace(c.caseNo)).body.data.canEdit).toBe(false);
  });

  it('counts won, lost and pending appeals by reason code and month', async () => {
    const month = businessDay(now()).slice(0, 7);
    const before = await call<TOutcomes>(t.app, DisputeEvidencePath.outcomes, { token: shop.token, query: { from: month, to: month } });
    const row = (r: TOutcomes) => r.list.find((x) => x.reasonCode === '13.1' && x.cardScheme === 'VISA');
    expect(row(before.body.data)).toBeUndefined();
    for (const won of [true, true, false, null]) {
      const c = await disputedCase({ code: '13.1' });
      const { payload, headers } = multipartBody({ caseNo: c.caseNo, note: 'n' }, [{ name: 'a.pdf', content: pdfFile() }]);
      await t.app.inject({
        method: 'POST',
        url: `${API_BASE}${DisputePath.appeal}`,
        headers: { ...headers, 'x-auth-token': shop.token },
        payload,
      });
      if (won !== null) await decideAppeal(t.db, c.caseNo, won ? 'success' : 'failed', now());
    }
    const res = await call<TOutcomes>(t.app, DisputeEvidencePath.outcomes, { token: shop.token, query: { from: month, to: month } });
    expect(row(res.body.data)).toEqual({ month, cardScheme: 'VISA', reasonCode: '13.1', won: 2, lost: 1, pending: 1, winRateBp: 6667 });
    const bad = await call(t.app, DisputeEvidencePath.outcomes, {
      token: shop.token,
      lang: 'en_US',
      query: { from: month, to: '2020-01' },
    });
    expect(bad.body.code).not.toBe(0);
  });
});
