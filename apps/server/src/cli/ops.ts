import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkPassword, PASSWORD_MAX, PASSWORD_MIN } from '@mbo/shared/password';
import { loadConfig } from '../config';
import { describeDatabase, openDatabase } from '../db/open';
import { AppError } from '../platform/errors';
import { translate } from '../platform/i18n';
// Every domain's words, so a service error prints its text rather than its key.
import '../messages';
import { consoleNotifyLog, createNotifier } from '../platform/notifier';
import { hashPassword } from '../platform/passwords';
import { runOperatorCommand } from '../platform/operation-log-commands';
import { MINUTE_MS, systemClock, toIso } from '../platform/time';
import { merchantScope, text, textOptions, UsageError, type Command, type Context, type Values } from './ops-common';
import { GATEWAY_COMMANDS } from './ops-gateway';
import { RISK_COMMANDS } from './ops-risk';
import { ONBOARDING_COMMANDS } from './ops-onboarding';
import { TRADE_COMMANDS } from './ops-trade';
import { REPORT_COMMANDS } from './ops-reports';
import { PROGRAMME_COMMANDS } from './ops-programmes';
import { SYSTEM_COMMANDS } from './ops-system';
import { SCHEDULE_COMMANDS } from './ops-schedules';
import { FILE_COMMANDS } from './ops-files';
import { FUNDS_COMMANDS } from './ops-funds';
import { WEBSITE_COMMANDS } from './ops-websites';
import { WAYBILL_COMMANDS } from './ops-waybills';
import { LINK_COMMANDS } from './ops-links';
import * as repo from './ops-repository';
import { findGatewaysByNo } from '../domains/system/repository';
import { BUILT_IN_ROLES } from '../domains/system/roles';
import { exitWith } from './exit';

const COMMANDS: Record<string, Command> = {
  'admin:create': {
    summary: 'create an administrator (member account) of a merchant',
    usage:
      'admin:create --merchant 100001 --login NAME --password PW [--role administrator|<role name>] [--name TEXT] [--email ADDR] [--force-change-pwd] [--gateways 10010001,10010002]',
    options: {
      ...textOptions('merchant', 'login', 'password', 'role', 'name', 'email', 'gateways'),
      'force-change-pwd': { type: 'boolean' },
    },
    async run({ db }, values) {
      const scope = await merchantScope(db, text(values, 'merchant', true));
      const login = text(values, 'login', true);
      if (!/^[A-Za-z0-9._@-]{1,64}$/.test(login)) throw new UsageError('--login may hold letters, digits and . _ @ - (at most 64)');
      const password = typeof values.password === 'string' ? values.password : '';
      if (!password) throw new UsageError('--password is required');
      const problem = checkPassword(password);
      if (problem) {
        throw new UsageError(
          `--password breaks the password rule (${problem}): ${PASSWORD_MIN}-${PASSWORD_MAX} characters, no spaces, at least two of upper case, lower case, digits, symbols`,
        );
      }
      if (await repo.findAdminByLogin(db, scope, login)) throw new UsageError(`login "${login}" already exists in this merchant`);

      const roleName = text(values, 'role') ?? BUILT_IN_ROLES.administrator.name;
      const roles = await repo.listRoles(db, scope);
      const role = roles.find((r) => r.name.toLowerCase() === roleName.toLowerCase());
      if (!role) throw new UsageError(`no role "${roleName}"; roles of this merchant: ${roles.map((r) => r.name).join(', ') || '(none)'}`);

      let gatewayIds: number[] | null = null;
      const gatewayList = text(values, 'gateways');
      if (gatewayList) {
        const wanted = [
          ...new Set(
            gatewayList
              .split(',')
              .map((g) => g.trim())
              .filter(Boolean),
          ),
        ];
        const found = await findGatewaysByNo(db, scope, wanted);
        const missing = wanted.filter((g) => !found.some((f) => f.gateway_no === g));
        if (missing.length > 0) throw new UsageError(`gateways not found in this merchant: ${missing.join(', ')}`);
        gatewayIds = found.map((f) => f.id);
      }

      const id = await repo.createAdmin(db, scope, {
        loginName: login,
        name: text(values, 'name') ?? login,
        email: text(values, 'email') ?? '',
        passwordHash: await hashPassword(password),
        roleId: role.id,
        forceChangePwd: values['force-change-pwd'] === true,
        gatewayIds,
        now: Date.now(),
      });
      console.log(`created admin #${id} "${login}" with role "${role.name}", gateways: ${gatewayList ?? 'all'}`);
    },
  },

  ...ONBOARDING_COMMANDS,

  ...TRADE_COMMANDS,

  ...REPORT_COMMANDS,
  ...PROGRAMME_COMMANDS,
  ...GATEWAY_COMMANDS,
  ...RISK_COMMANDS,
  ...SYSTEM_COMMANDS,
  ...SCHEDULE_COMMANDS,
  ...FILE_COMMANDS,
  ...FUNDS_COMMANDS,
  ...WEBSITE_COMMANDS,
  ...WAYBILL_COMMANDS,
  ...LINK_COMMANDS,

  'reminder:add': {
    summary: 'add a reminder for every admin of a merchant, or for one admin',
    usage: 'reminder:add --merchant 100001 [--admin LOGIN] --content "..." [--content-en "..."] [--content-zh-hk "..."]',
    options: { ...textOptions('merchant', 'admin', 'content', 'content-en', 'content-zh-hk') },
    async run({ db }, values) {
      const scope = await merchantScope(db, text(values, 'merchant', true));
      const content = text(values, 'content', true);
      let adminId: number | null = null;
      const login = text(values, 'admin');
      if (login) {
        const admin = await repo.findAdminByLogin(db, scope, login);
        if (!admin) throw new UsageError(`no admin "${login}" in this merchant`);
        adminId = admin.id;
      }
      const id = await repo.addReminder(
        db,
        scope,
        adminId,
        { zhCn: content, zhHk: text(values, 'content-zh-hk') ?? content, en: text(values, 'content-en') ?? content },
        Date.now(),
      );
      console.log(`added reminder #${id} for ${login ? `admin "${login}"` : 'every admin'}`);
    },
  },

  'announcement:add': {
    summary: 'publish an announcement to every merchant, or to one',
    usage:
      'announcement:add --title "..." --content "..." [--merchant N] [--title-en ...] [--title-zh-hk ...] [--content-en ...] [--content-zh-hk ...]',
    options: { ...textOptions('title', 'content', 'merchant', 'title-en', 'title-zh-hk', 'content-en', 'content-zh-hk') },
    async run({ db }, values) {
      const title = text(values, 'title', true);
      const content = text(values, 'content', true);
      const merchantNo = text(values, 'merchant');
      const scope = merchantNo ? await merchantScope(db, merchantNo) : null;
      const id = await repo.addAnnouncement(
        db,
        scope,
        { zhCn: title, zhHk: text(values, 'title-zh-hk') ?? title, en: text(values, 'title-en') ?? title },
        { zhCn: content, zhHk: text(values, 'content-zh-hk') ?? content, en: text(values, 'content-en') ?? content },
        Date.now(),
      );
      console.log(`published announcement #${id} to ${merchantNo ? `merchant ${merchantNo}` : 'every merchant'}`);
    },
  },

  'session:list': {
    summary: 'list the latest sessions of a merchant',
    usage: 'session:list --merchant 100001 [--limit 50]',
    options: { merchant: { type: 'string' }, limit: { type: 'string' } },
    async run({ db, sessionIdleMinutes }, values) {
      const scope = await merchantScope(db, text(values, 'merchant', true));
      const limit = Number(text(values, 'limit') ?? '50');
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit must be an integer from 1 to 1000');
      const rows = await repo.listSessions(db, scope, limit);
      const now = Date.now();
      if (rows.length === 0) console.log('no sessions');
      for (const s of rows) {
        const state = s.revoked_at !== null ? 'revoked' : now - s.last_seen_at >= sessionIdleMinutes * MINUTE_MS ? 'expired' : 'active';
        console.log(
          [
            `#${s.id}`,
            state.padEnd(7),
            s.login_name.padEnd(16),
            s.ip.padEnd(16),
            `created ${toIso(s.created_at)}`,
            `last seen ${toIso(s.last_seen_at)}`,
          ].join('  '),
        );
      }
    },
  },
};

function help(): string {
  const lines = ['Usage: npm run ops -- <command> [options]', '', 'Commands:'];
  for (const [name, c] of Object.entries(COMMANDS)) lines.push(`  ${name.padEnd(20)} ${c.summary}`, `      ${c.usage}`);
  lines.push('', 'Mail and SMS go through SMTP_URL / SMS_HTTP_URL when set, otherwise to their outbox tables (mail:list, sms:list).');
  lines.push('', "Amounts are major units of the transaction's currency (12.50); refund and case numbers are printed by the commands.");
  lines.push(
    '',
    'The commands use the same DATABASE_URL / DATA_DIR as the server and apply migrations first (with MIGRATE_ON_START=false: check them).',
  );
  return lines.join('\n');
}

export type OpenContext = () => Promise<{ ctx: Context; close: () => Promise<void> }>;

/** The server's own configuration and database, as the shell command uses them. */
const openFromEnvironment: OpenContext = async () => {
  const config = loadConfig();
  const handle = await openDatabase(config);
  console.error(`database: ${describeDatabase(config.databaseUrl)}`);
  const notifier = createNotifier({ config, db: handle.db, now: systemClock, log: consoleNotifyLog });
  return {
    ctx: { db: handle.db, sessionIdleMinutes: config.sessionIdleMinutes, config, notifier, now: systemClock },
    close: async () => {
      notifier.close();
      await handle.destroy();
    },
  };
};

/** Runs one operator command and returns the process exit code (tests call it with their own database). */
export async function runOps(argv: string[], open: OpenContext = openFromEnvironment): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(help());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`unknown command "${name}"\n\n${help()}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(`Usage: npm run ops -- ${command.usage}`);
    return 0;
  }
  let values: Values;
  let positionals: string[];
  try {
    const parsed = parseArgs({
      args: rest,
      options: command.options,
      strict: true,
      allowPositionals: (command.positionals ?? []).length > 0,
    });
    values = parsed.values as Values;
    positionals = parsed.positionals;
    if (positionals.length !== (command.positionals ?? []).length)
      throw new Error(`expected ${(command.positionals ?? []).join(' ') || 'no positional argument'}`);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\nUsage: npm run ops -- ${command.usage}`);
    return 2;
  }

  const { ctx, close } = await open();
  try {
    // Every merchant a changing command touches gets an operation-log entry as the operator.
    const named = Object.fromEntries((command.positionals ?? []).map((n, i) => [n, positionals[i] ?? '']));
    await runOperatorCommand(ctx.db, ctx.now, name, { positionals: named, options: values }, () => command.run(ctx, values, positionals));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`error: ${error.message}\nUsage: npm run ops -- ${command.usage}`);
      return 2;
    }
    if (error instanceof AppError) {
      console.error(`error: ${translate('en', error.key, error.params)}`);
      return 1;
    }
    throw error;
  } finally {
    await close();
  }
}

// Run when started as a program (npm run ops), not when imported by a test.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  exitWith(runOps(process.argv.slice(2)));
}
