import type { ParseArgsConfig } from 'node:util';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Notifier } from '../platform/notifier';
import { noteOperatorMerchant } from '../platform/operation-log-commands';
import { operatorScope, type Scope } from '../platform/scope';
import type { Clock } from '../platform/time';
import * as repo from './ops-repository';

/** A mistake in how a command was called: printed with the command's usage, exit code 2. */
export class UsageError extends Error {}

export type Options = NonNullable<ParseArgsConfig['options']>;
export type Values = Record<string, string | boolean | undefined>;
export type Context = { db: Db; sessionIdleMinutes: number; config: Config; notifier: Notifier; now: Clock };

export type Command = {
  summary: string;
  usage: string;
  options: Options;
  /** Names of the positional arguments, in order (all required). */
  positionals?: readonly string[];
  run: (ctx: Context, values: Values, positionals: string[]) => Promise<void>;
};

/** Options that each take a text value (`--name VALUE`), the common kind: one list of names instead of a line each. */
export function textOptions(...names: string[]): Options {
  return Object.fromEntries(names.map((name) => [name, { type: 'string' as const }]));
}

/**
 * The optional `--merchant 100001` of a command that runs for one merchant or for all of them:
 * that merchant's id, or undefined when the option is not given.
 */
export async function merchantIdOption(db: Db, values: Values): Promise<number | undefined> {
  const merchantNo = text(values, 'merchant');
  return merchantNo === undefined ? undefined : (await merchantScope(db, merchantNo)).merchantId;
}

/** The merchant of `--merchant`, or 0 (the defaults every merchant without its own follows) when it is not given. */
export async function merchantIdOrDefaults(db: Db, values: Values): Promise<number> {
  return (await merchantIdOption(db, values)) ?? 0;
}

export function text(values: Values, name: string, required: true): string;
export function text(values: Values, name: string, required?: false): string | undefined;
export function text(values: Values, name: string, required = false): string | undefined {
  const v = values[name];
  const s = typeof v === 'string' ? v.trim() : undefined;
  if (required && !s) throw new UsageError(`--${name} is required`);
  return s || undefined;
}

export async function merchantScope(db: Db, merchantNo: string): Promise<Scope> {
  if (!/^\d{1,20}$/.test(merchantNo)) throw new UsageError(`--merchant must be a merchant number, got "${merchantNo}"`);
  const m = await repo.findMerchantIdByNo(db, merchantNo);
  if (!m) throw new UsageError(`no merchant ${merchantNo}`);
  noteOperatorMerchant(m.id);
  return operatorScope(m.id);
}

export function positiveInt(value: string | undefined, what: string, fallback: number, max: number): number {
  const n = Number(value ?? fallback);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new UsageError(`${what} must be an integer from 1 to ${max}`);
  return n;
}
