// Finds (and, when missing and running as root, installs through apt-get) the system parts the
// tests need: Chromium for browser tests, PostgreSQL 15 for the API tests, a CJK font so that
// Chinese screenshots are legible.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function findPgBin() {
  if (process.env.PG_BIN && existsSync(`${process.env.PG_BIN}/initdb`)) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(`${root}/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? `${root}/${versions[0]}/bin` : null;
}

function hasCjkFont() {
  return ['/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'].some((f) =>
    existsSync(f),
  );
}

let aptUpdated = false;
function aptInstall(packages) {
  if (process.getuid?.() !== 0) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    aptUpdated = true;
  }
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
  return true;
}

/** Returns a list of problems (empty when everything is there). */
export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

export function ensureSystemDeps({ chromium = true, postgres = true, nginx = true } = {}) {
  const problems = [];
  const want = [];
  if (nginx && !existsSync(NGINX)) want.push('nginx-light');
  if (chromium && !existsSync(CHROMIUM)) want.push('chromium');
  if (chromium && !hasCjkFont()) want.push('fonts-wqy-microhei');
  if (postgres && !findPgBin()) want.push('postgresql');
  if (want.length) {
    console.log(`Installing missing system packages: ${want.join(', ')}`);
    try {
      if (!aptInstall(want)) {
        problems.push(
          `Missing system packages (${want.join(', ')}) and not running as root, so they cannot be installed here. ` +
            `Install them with: sudo apt-get install -y --no-install-recommends ${want.join(' ')}`,
        );
      }
    } catch (err) {
      problems.push(`apt-get could not install ${want.join(', ')}: ${err.message}`);
    }
  }
  if (chromium && !existsSync(CHROMIUM)) problems.push(`Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH).`);
  if (postgres && !findPgBin())
    problems.push('PostgreSQL server binaries (initdb, pg_ctl) not found under /usr/lib/postgresql (set PG_BIN).');
  if (nginx && !existsSync(NGINX)) problems.push(`nginx not found at ${NGINX} (set NGINX_PATH).`);
  return [...new Set(problems)];
}
