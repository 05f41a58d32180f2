import { VERSION_FILE } from '@mbo/shared/api-paths';

let prompted = false;
let inFlight = false;

export function readVersion(body: unknown): number | null {
  if (!body || typeof body !== 'object') return null;
  const version = Number((body as { version?: unknown }).version);
  return Number.isFinite(version) ? version : null;
}

/**
 * Spec §4 version check: when the deployed version.json holds a number above this build's
 * timestamp, offer a reload. Asked at most once per page session; failures are silent.
 */
export async function checkForNewVersion(buildVersion: number = __BUILD_VERSION__): Promise<void> {
  if (prompted || inFlight) return;
  inFlight = true;
  try {
    const response = await fetch(VERSION_FILE, { cache: 'no-store' });
    if (!response.ok) return;
    const deployed = readVersion(await response.json());
    if (deployed === null || deployed <= buildVersion || prompted) return;
    prompted = true;
    const { openNewVersionDialog } = await import('./dialogs');
    openNewVersionDialog();
  } catch {
    // Offline or no version file (development): nothing to announce.
  } finally {
    inFlight = false;
  }
}

export function resetVersionPrompt(): void {
  prompted = false;
}
