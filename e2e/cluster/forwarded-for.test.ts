// A client's own X-Forwarded-For through the shipped nginx (deploy/nginx/merchant-back-office.conf)
// to nodes started with TRUST_PROXY=127.0.0.1 (support/cluster-setup.ts): nginx replaces the header
// with the address it saw, so a client that forges a new address for each try is still one address
// to the per-address sign-in limit and in the login log. The client connects from a loopback address
// of its own (127.x.y.z, all local on Linux), so that nginx sees an address no other spec uses and the
// limit this spec reaches holds up nobody else.
import { randomInt } from 'node:crypto';
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ApiPath } from '@mbo/shared/api-paths';
import { ErrorCode } from '@mbo/shared/envelope';
import { apiOk } from '../support/api';
import { baseURL, ops } from '../support/browser';
import { DEMO } from '../support/chromium';

/** Failed tries one address gets before it must wait (IP_FREE_FAILURES in apps/server/src/platform/attempt-limiter.ts). */
const IP_FREE_FAILURES = 10;

const clientAddress = `127.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(2, 255)}`;
const member = { loginName: `xff-${randomInt(1e9)}`, password: 'Forged#Xff2026' };
let ownerToken = '';

type TEnvelope = { code: number; msg: string; data: unknown };

/** A sign-in through nginx from `clientAddress`, with the X-Forwarded-For a client chose. */
function signInFrom(loginName: string, password: string, forwardedFor: string): Promise<TEnvelope> {
  const url = new URL(`${baseURL()}${API_BASE}${ApiPath.login}`);
  const body = JSON.stringify({ merchantNo: DEMO.merchantNo, loginName, password });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: clientAddress,
        headers: { 'content-type': 'application/json', lang: 'en_US', 'x-forwarded-for': forwardedFor },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as TEnvelope));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  ops(['admin:create', '--merchant', DEMO.merchantNo, '--login', member.loginName, '--password', member.password]);
  ownerToken = (await apiOk<{ token: string }>(ApiPath.login, DEMO)).token;
});

describe('X-Forwarded-For forged by the client, through nginx', () => {
  it('is replaced by the address nginx saw: the login log shows that address', async () => {
    const res = await signInFrom(member.loginName, 'Wrong#Pass1', '198.51.100.23');
    expect(res.code).toBe(ErrorCode.business);
    const page = await apiOk<{ list: { loginName: string; ip: string; success: boolean }[] }>(
      `${ApiPath.loginLogs}?limit=50`,
      undefined,
      ownerToken,
    );
    const mine = page.list.filter((l) => l.loginName === member.loginName);
    expect(mine).toEqual([expect.objectContaining({ ip: clientAddress, success: false })]);
    // The right password still signs in from there: one failure is far from any limit.
    expect((await signInFrom(member.loginName, member.password, '198.51.100.24')).code).toBe(0);
  });

  it('does not give each forged address its own sign-in budget', async () => {
    const answers: TEnvelope[] = [];
    // A new made-up address and account name each try (so no account's own delay plays a part). The
    // limit is per address: after its free failures the address waits 1, 2, 4 ... seconds, so a refusal
    // comes within a few more tries however slow the machine. With a budget per forged address it never would.
    for (let i = 1; i <= 3 * IP_FREE_FAILURES && !answers.some((a) => a.code === ErrorCode.tooMany); i += 1) {
      answers.push(await signInFrom(`xff-ghost-${i}`, 'Wrong#Pass1', `203.0.113.${i}, 192.0.2.${i}`));
    }
    const codes = answers.map((a) => a.code);
    expect(codes.at(-1), JSON.stringify(codes)).toBe(ErrorCode.tooMany);
    expect(answers.at(-1)?.msg).toMatch(/^Too many sign-in attempts, please try again in \d+ s$/);
    // Before the refusal, each try was checked and failed: the free failures of the one address (the first test's counted too).
    expect(codes.length).toBeGreaterThan(1);
    expect(codes.slice(0, -1).every((c) => c === ErrorCode.business)).toBe(true);
  });
});
