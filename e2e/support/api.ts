// Direct API calls for setting up browser journeys (the browser then does what a person does).
import { baseURL, ops } from './browser';
import { codeIn } from './mailbox';

type TEnvelope<T> = { code: number; msg: string; data: T };

export async function api<T>(path: string, body?: unknown, token?: string): Promise<TEnvelope<T>> {
  const headers: Record<string, string> = { lang: 'en_US', timezone: 'Asia/Shanghai' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers['X-Auth-Token'] = token;
  const res = await fetch(`${baseURL()}/v3api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as TEnvelope<T>;
}

export async function apiOk<T>(path: string, body?: unknown, token?: string): Promise<T> {
  const res = await api<T>(path, body, token);
  if (res.code !== 0) throw new Error(`${path} failed: ${res.code} ${res.msg}`);
  return res.data;
}

/** The newest code sent by SMS to `mobile` (E.164), read from the SMS outbox with the operator command. */
export function lastSmsCode(mobile: string): string {
  const rows = ops(['sms:list', '--to', mobile])
    .split('\n')
    .filter((line) => line.includes(mobile))
    .map((line) => ({ id: Number(/^#(\d+)/.exec(line.trim())?.[1] ?? 0), line }))
    .sort((a, b) => b.id - a.id);
  if (!rows[0]) throw new Error(`no SMS to ${mobile}`);
  return codeIn(rows[0].line.split(mobile).slice(1).join(mobile));
}

/** A fresh mainland mobile number and email for one journey. */
export function freshIdentity(tag: string): { email: string; national: string; mobile: string } {
  const digits = String(Date.now() % 100_000_000).padStart(8, '0');
  const national = `139${digits}`;
  return { email: `${tag}.${digits}@example.test`, national, mobile: `+86${national}` };
}

/** Registers a person through the API (code read from the SMS outbox); returns the session token. */
export async function registerByApi(id: { email: string; mobile: string }, password: string): Promise<string> {
  await apiOk('/kyc/isc/captchaSms', { purpose: 'signup', channel: 'sms', target: id.mobile });
  const smsCode = lastSmsCode(id.mobile);
  const session = await apiOk<{ token: string }>('/kyc/isc/signup', {
    email: id.email,
    mobile: id.mobile,
    smsCode,
    password,
    confirmPassword: password,
  });
  return session.token;
}
