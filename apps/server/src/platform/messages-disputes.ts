/**
 * Messages of refunds, chargebacks, retrievals, alerts and appeals, merged into the catalog in `messages.ts`. Same rules: three languages,
 * same keys, same placeholders (a unit test checks).
 */
export const disputesZhCn = {} as const;

export const disputesZhHk: Record<keyof typeof disputesZhCn, string> = {};

export const disputesEn: Record<keyof typeof disputesZhCn, string> = {};
