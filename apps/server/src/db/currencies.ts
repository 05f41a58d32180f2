import type { Db } from './database';

/** ISO 4217 currencies the gateways settle in, with their minor units. */
export const CURRENCIES = [
  { code: 'USD', name: 'US Dollar', minor_units: 2 },
  { code: 'EUR', name: 'Euro', minor_units: 2 },
  { code: 'GBP', name: 'Pound Sterling', minor_units: 2 },
  { code: 'HKD', name: 'Hong Kong Dollar', minor_units: 2 },
  { code: 'CNY', name: 'Chinese Yuan', minor_units: 2 },
  { code: 'JPY', name: 'Japanese Yen', minor_units: 0 },
  { code: 'AUD', name: 'Australian Dollar', minor_units: 2 },
  { code: 'CAD', name: 'Canadian Dollar', minor_units: 2 },
  { code: 'SGD', name: 'Singapore Dollar', minor_units: 2 },
] as const;

/** Inserts the currencies that are missing; safe to run on every start. */
export async function ensureCurrencies(db: Db): Promise<void> {
  await db
    .insertInto('currencies')
    .values(CURRENCIES.map((c) => ({ ...c })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}
