import { buildApp } from '../app';
import { runDueSchedules } from '../domains/schedules/runner';
import type { Command } from './ops-common';

/** Operator commands of the scheduled reports (domains/schedules/README.md). */
export const SCHEDULE_COMMANDS: Record<string, Command> = {
  // What the job does every minute, now: after a clock change, or to send what downtime held back
  // without waiting for a node. The runs' claims keep it from sending anything a node already sent.
  'schedules:run-due': {
    summary: 'make and mail every scheduled report that is due now, once (what the job does every minute)',
    usage: 'schedules:run-due',
    options: {},
    async run({ db, config, notifier, now }) {
      // The exports are made by the export routes themselves, so the command builds the app (without listening).
      const app = await buildApp({ config: { ...config, logLevel: 'error' }, db, now, notifier });
      try {
        const made = await runDueSchedules(app);
        console.log(`${made} scheduled report run(s) made`);
      } finally {
        await app.close();
      }
    },
  },
};
