import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TIMEZONE_OPTIONS } from '@mbo/shared/timezones';
import { scanZoneTransitions } from '../platform/time';

/**
 * Writes packages/shared/src/zone-table.ts: the UTC offsets of the product's timezone options from
 * 1970 to 2100, as this Node's time zone data gives them (`npm run zone-table`). The server and the web
 * app read offsets there instead of asking Intl (zoneTableOf in the shared zone-offsets.ts says why); a
 * test (platform/time.test.ts) fails when the table and this Node's data disagree, which is the time
 * to run this again.
 */
const ZONE_TABLE_FROM_MS = Date.UTC(1970, 0, 1);
const ZONE_TABLE_UNTIL_MS = Date.UTC(2100, 0, 1);

function zoneTableSource(): string {
  const zones = TIMEZONE_OPTIONS.map((o) => o.timezone);
  const lines = [
    '// Written by `npm run zone-table` (apps/server/src/cli/zone-table.ts) from the time zone data of Node',
    `// ${process.versions.node} (tz ${process.versions.tz ?? 'unknown'}). Do not edit by hand.`,
    '//',
    '// Per timezone option: pairs of (seconds since the epoch, UTC offset in seconds from then on), the',
    "// first pair at the table's start; read by zone-offsets.ts (zoneTableOf) for instants from 1970 up to 2100.",
    '',
    `export const ZONE_TABLE_FROM_MS = ${ZONE_TABLE_FROM_MS};`,
    `export const ZONE_TABLE_UNTIL_MS = ${ZONE_TABLE_UNTIL_MS};`,
    '',
    'export const ZONE_TABLE: Readonly<Record<string, readonly number[]>> = {',
    ...zones.map((tz) => `  '${tz}': [${scanZoneTransitions(tz, ZONE_TABLE_FROM_MS, ZONE_TABLE_UNTIL_MS).join(', ')}],`),
    '};',
    '',
  ];
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === fs.realpathSync(process.argv[1])) {
  const file = fileURLToPath(new URL('../../../../packages/shared/src/zone-table.ts', import.meta.url));
  fs.writeFileSync(file, zoneTableSource());
  console.log(`wrote ${file}`);
}
