import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const resultsDir = path.join(repoRoot, 'test-results');
export const screenshotsDir = path.join(resultsDir, 'screenshots');
export const mailDir = path.join(resultsDir, 'mail');
