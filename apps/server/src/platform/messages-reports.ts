/**
 * Messages of daily and monthly reports, statistics, card-scheme monitoring and the dashboard, merged into the catalog in `messages.ts`. Same rules: three languages,
 * same keys, same placeholders (a unit test checks).
 */
export const reportsZhCn = {} as const;

export const reportsZhHk: Record<keyof typeof reportsZhCn, string> = {};

export const reportsEn: Record<keyof typeof reportsZhCn, string> = {};
