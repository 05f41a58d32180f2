import { ConfigError } from '../config';
import { SchemaError } from '../db/migrate';

/**
 * How an operator command ends: the process exits with the code its run answered; a failure is told
 * in one line on stderr (what is wrong with the configuration or the schema said as such) and exits 1.
 */
export function exitWith(run: Promise<number>): void {
  run
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      if (error instanceof ConfigError) console.error(`configuration error: ${error.message}`);
      else if (error instanceof SchemaError) console.error(`database schema: ${error.message}`);
      else console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
