// The export pool's thread from its TypeScript sources (tests and `npm run dev`): registers tsx in this
// thread, then loads export-worker.ts. The compiled server starts dist/export-worker.js directly.
import { register } from 'tsx/esm/api';

register();
await import('./export-worker.ts');
