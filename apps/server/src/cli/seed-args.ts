import { DEMO_TRANSACTIONS_DEFAULT } from '../config';
import { DEMO_TRADE_SEED_DEFAULT, type DemoTradeOptions } from '../seed/demo';

export const SEED_USAGE = `Usage: npm run seed [-- --reset] [--transactions N] [--seed N] [--merchant NO] [--months N] [--now TIME]

Loads the demo data when the database (DATABASE_URL, or DATA_DIR/mbo.sqlite) holds no merchant.
  --reset           drop every table first, then migrate and seed again (all data is lost)
  --transactions N  gateway records to generate (default ${DEMO_TRANSACTIONS_DEFAULT}; e.g. 5000000 for benchmarks)
  --seed N          seed of the generator (default ${DEMO_TRADE_SEED_DEFAULT})
  --merchant NO     generate transactions for this demo merchant only (100001 or 100002)
  --months N        months of history, 1-12 (default 12; merchant 100002 has at most 6)
  --now TIME        the moment the data is generated up to, with its offset (2026-11-26T09:30:00Z or
                    2026-11-26T17:30:00+08:00; default: the current time), not in the future
The same --seed and --now give the same data (except password hashes, which are salted).`;

export type SeedArgs = { reset: boolean; now: number | null; trade: DemoTradeOptions };

/** An ISO 8601 instant with its offset: a moment, not a local time that depends on the machine's zone. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
/** The earliest --now: a year of history before it stays after 1970. */
const EARLIEST_NOW = Date.UTC(2000, 0, 1);
/** Slack for clocks that differ a little between the machine that runs the seed and the database's. */
const FUTURE_SLACK_MS = 60_000;

/** The seed command's arguments, or the message that says what is wrong with them. */
export function parseSeedArgs(args: readonly string[], clock: number): SeedArgs | string {
  const out: SeedArgs = { reset: false, now: null, trade: {} };
  const int = (name: string, raw: string | undefined, min: number, max: number): number | string => {
    const n = Number(raw);
    return raw !== undefined && /^\d+$/.test(raw) && n >= min && n <= max ? n : `${name} needs a whole number from ${min} to ${max}`;
  };
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i];
    const value = args[i + 1];
    if (a === '--reset') out.reset = true;
    else if (a === '--transactions' || a === '--seed' || a === '--months') {
      const n =
        a === '--transactions' ? int(a, value, 0, 50_000_000) : a === '--seed' ? int(a, value, 0, 4_294_967_295) : int(a, value, 1, 12);
      if (typeof n === 'string') return n;
      if (a === '--transactions') out.trade.transactions = n;
      else if (a === '--seed') out.trade.seed = n;
      else out.trade.months = n;
      i += 1;
    } else if (a === '--merchant') {
      if (value !== '100001' && value !== '100002') return '--merchant needs a demo merchant number: 100001 or 100002';
      out.trade.merchantNo = value;
      i += 1;
    } else if (a === '--now') {
      const at = value !== undefined && INSTANT.test(value) ? Date.parse(value) : Number.NaN;
      if (Number.isNaN(at) || !sameCalendarText(value ?? '', at)) {
        return '--now needs a time with its offset, such as 2026-11-26T09:30:00Z or 2026-11-26T17:30:00+08:00';
      }
      if (at < EARLIEST_NOW) return '--now must be in 2000 or later';
      if (at > clock + FUTURE_SLACK_MS)
        return '--now must not be in the future: the lists would show transactions that have not happened yet';
      out.now = at;
      i += 1;
    } else return `unknown argument: ${a}`;
  }
  return out;
}

/**
 * Whether the date and time written in `text` are those of `at` at the text's own offset, to the minute:
 * Date.parse rolls an impossible date or time over (2026-02-30 is 2 March, 24:00 the next day), which
 * then reads differently.
 */
function sameCalendarText(text: string, at: number): boolean {
  const offset = /(?:Z|([+-])(\d{2}):(\d{2}))$/.exec(text);
  if (!offset) return false;
  const minutes = offset[1] === undefined ? 0 : (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]));
  return new Date(at + minutes * 60_000).toISOString().slice(0, 16) === text.slice(0, 16);
}
