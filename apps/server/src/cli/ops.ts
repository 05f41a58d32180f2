import { parseArgs, type ParseArgsConfig } from 'node:util';
import { checkPassword, PASSWORD_MAX, PASSWORD_MIN } from '@mbo/shared/password';
import { loadConfig } from '../config';
import type { Db } from '../db/database';
import { describeDatabase, openDatabase } from '../db/open';
import { hashPassword } from '../platform/passwords';
import { operatorScope, type Scope } from '../platform/scope';
import { MINUTE_MS, toIso } from '../platform/time';
import * as repo from './ops-repository';

class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | boolean | undefined>;
type Context = { db: Db; sessionIdleMinutes: number };

type Command = {
  summary: string;
  usage: string;
  options: Options;
  run: (ctx: Context, values: Values) => Promise<void>;
};

function text(values: Values, name: string, required: true): string;
function text(values: Values, name: string, required?: false): string | undefined;
function text(values: Values, name: string, required = false): string | undefined {
  const v = values[name];
  const s = typeof v === 'string' ? v.trim() : undefined;
  if (required && !s) throw new UsageError(`--${name} is required`);
  return s || undefined;
}

async function merchantScope(db: Db, merchantNo: string): Promise<Scope> {
  if (!/^\d{1,20}$/.test(merchantNo)) throw new UsageError(`--merchant must be a merchant number, got "${merchantNo}"`);
  const m = await repo.findMerchantIdByNo(db, merchantNo);
  if (!m) throw new UsageError(`no merchant ${merchantNo}`);
  return operatorScope(m.id);
}

const COMMANDS: Record<string, Command> = {
  'admin:create': {
    summary: 'create an administrator (member account) of a merchant',
    usage:
      'admin:create --merchant 100001 --login NAME --password PW [--role administrator|<role name>] [--name TEXT] [--email ADDR] [--force-change-pwd] [--gateways 10010001,10010002]',
    options: {
      merchant: { type: 'string' },
      login: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
      email: { type: 'string' },
      'force-change-pwd': { type: 'boolean' },
      gateways: { type: 'string' },
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

      const roleName = text(values, 'role') ?? 'administrator';
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
        const found = await repo.findGatewaysByNo(db, scope, wanted);
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

  'reminder:add': {
    summary: 'add a reminder for every admin of a merchant, or for one admin',
    usage: 'reminder:add --merchant 100001 [--admin LOGIN] --content "..." [--content-en "..."] [--content-zh-hk "..."]',
    options: {
      merchant: { type: 'string' },
      admin: { type: 'string' },
      content: { type: 'string' },
      'content-en': { type: 'string' },
      'content-zh-hk': { type: 'string' },
    },
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
    options: {
      title: { type: 'string' },
      content: { type: 'string' },
      merchant: { type: 'string' },
      'title-en': { type: 'string' },
      'title-zh-hk': { type: 'string' },
      'content-en': { type: 'string' },
      'content-zh-hk': { type: 'string' },
    },
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
  for (const [name, c] of Object.entries(COMMANDS)) lines.push(`  ${name.padEnd(18)} ${c.summary}`, `      ${c.usage}`);
  lines.push('', 'The commands use the same DATABASE_URL / DATA_DIR as the server and apply migrations first.');
  return lines.join('\n');
}

async function run(argv: string[]): Promise<number> {
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
  try {
    values = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: false }).values as Values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\nUsage: npm run ops -- ${command.usage}`);
    return 2;
  }

  const config = loadConfig();
  const handle = await openDatabase(config);
  try {
    console.error(`database: ${describeDatabase(config.databaseUrl)}`);
    await command.run({ db: handle.db, sessionIdleMinutes: config.sessionIdleMinutes }, values);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`error: ${error.message}\nUsage: npm run ops -- ${command.usage}`);
      return 2;
    }
    throw error;
  } finally {
    await handle.destroy();
  }
}

run(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
