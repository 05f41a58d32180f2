import os from 'node:os';
import { API_BASE } from '@mbo/shared/api-paths';
import type { TOperationType } from '@mbo/shared/operation-log';
import type { Db } from '../db/database';
import { AppError } from './errors';
import { insertOperationRows, operationContext, type OperatorStore } from './operation-log';
import type { OperationRow } from './operation-log-chain';
import { changeText } from './operation-log-values';
import { typeOfUrl, validModule } from './operation-names';
import type { Clock } from './time';

/*
 * The operation log of operator commands (`npm run ops`): every merchant a command touches gets an
 * entry marked `ops` with the operator's name, unless the command only reads. What the services it
 * calls write (writeOperationLog) is folded into those entries, as a request's are into its own.
 */

const READ_ONLY_VERBS = new Set(['list', 'show', 'verify', 'help']);

/** Whether an operator command changes data (`refund:audit`) rather than reading it (`refund:list`). */
export function isWriteCommand(command: string): boolean {
  return !READ_ONLY_VERBS.has(command.split(':').pop() ?? '');
}

function operatorName(): string {
  try {
    return `ops:${os.userInfo().username}`;
  } catch {
    return 'ops';
  }
}

/** Marks a merchant as touched by the running operator command (ops-common `merchantScope` calls it). */
export function noteOperatorMerchant(merchantId: number): void {
  const store = operationContext.getStore();
  if (store?.kind === 'ops') store.merchants.add(merchantId);
}

function commandType(command: string): TOperationType {
  return typeOfUrl(`${API_BASE}/${command.replace(':', '/')}`);
}

/** What an operator command was called with: its named positional arguments and its options. */
export type CommandArguments = { positionals: Record<string, string>; options: Record<string, unknown> };

/** The merchants an operator command's arguments name (a business id, a refund, trade or case number, a merchant or gateway number). */
async function merchantsNamed(db: Db, args: CommandArguments): Promise<{ merchantIds: number[]; target: string }> {
  const ids = new Set<number>();
  const p = args.positionals;
  const targets: string[] = [];
  const add = (rows: { merchant_id: number }[]) => {
    for (const r of rows) ids.add(Number(r.merchant_id));
  };
  if (p.businessId && /^\d{1,15}$/.test(p.businessId)) {
    add(await db.selectFrom('merchants').select('id as merchant_id').where('id', '=', Number(p.businessId)).execute());
    targets.push(`businessId=${p.businessId}`);
  }
  if (p.refundNo) {
    add(await db.selectFrom('refunds').select('merchant_id').where('refund_no', '=', p.refundNo).execute());
    targets.push(`refundNo=${p.refundNo}`);
  }
  if (p.tradeNo) {
    add(await db.selectFrom('transactions').select('merchant_id').where('trade_no', '=', p.tradeNo).execute());
    targets.push(`tradeNo=${p.tradeNo}`);
  }
  if (p.caseNo) {
    add(await db.selectFrom('disputes').select('merchant_id').where('case_no', '=', p.caseNo).execute());
    targets.push(`caseNo=${p.caseNo}`);
  }
  const merchantNo = args.options.merchant;
  if (typeof merchantNo === 'string' && merchantNo.trim() !== '') {
    add(await db.selectFrom('merchants').select('id as merchant_id').where('merchant_no', '=', merchantNo.trim()).execute());
  }
  const gatewayNo = args.options.gateway;
  if (typeof gatewayNo === 'string' && gatewayNo.trim() !== '') {
    add(await db.selectFrom('gateways').select('merchant_id').where('gateway_no', '=', gatewayNo.trim()).execute());
    targets.push(`gatewayNo=${gatewayNo.trim()}`);
  }
  return { merchantIds: [...ids], target: targets.join(' ') };
}

/**
 * Runs an operator command and records it: one entry per merchant it touched (named by its arguments
 * or looked up through ops-common's merchantScope), with what the services it called wrote, as the
 * operator (no administrator). Read-only commands (`:list`, `:show`, `:verify`) record nothing.
 */
export async function runOperatorCommand<T>(db: Db, now: Clock, command: string, args: CommandArguments, fn: () => Promise<T>): Promise<T> {
  const store: OperatorStore = { kind: 'ops', command, operator: operatorName(), merchants: new Set(), entries: [], change: {} };
  let failure: unknown = null;
  try {
    return await operationContext.run(store, fn);
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    if (isWriteCommand(command)) {
      const named = await merchantsNamed(db, args);
      const merchants = new Set([...store.merchants, ...named.merchantIds, ...store.entries.map((e) => e.merchantId)]);
      const at = now();
      const rows: OperationRow[] = [...merchants].map((merchantId) => {
        const said = store.entries.filter((e) => e.merchantId === merchantId);
        return {
          merchant_id: merchantId,
          admin_id: null,
          operator: store.operator,
          sys_admin: 0,
          source: 'ops',
          module: validModule(said[0]?.module ?? '', 'system'),
          operation: said[0]?.operation ?? command,
          action: `ops:${command}`,
          op_type: commandType(command),
          content: said
            .map((e) => e.content)
            .filter((c) => c.length > 0)
            .join('; '),
          target: named.target,
          result: failure === null ? 1 : 0,
          error: failure === null ? '' : failure instanceof AppError ? failure.key : 'opLog.commandFailed',
          ip: '',
          created_at: at,
          code: failure instanceof AppError ? failure.code : failure === null ? 0 : 1,
          actor_kind: 'operator',
          auth_method: '',
          before_value: changeText(store.change.before),
          after_value: changeText(store.change.after),
        };
      });
      await insertOperationRows(db, rows);
    }
  }
}
