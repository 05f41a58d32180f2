/*
 * The lock on an account after ten wrong passwords (PCI DSS 8.3.4), as the sign-in page needs it:
 * kept free of schemas (and zod), so that the page's first download does not grow.
 */

/**
 * The envelope code of a sign-in refused by the lock (ErrorCode.locked). It is given alike for names
 * that exist and names that do not (the lock is counted per typed name), so it tells nothing about
 * which accounts exist; the sign-in page offers the unlock step on it.
 */
export const LOCKED_CODE = 1423;

/** The unlock step's routes (flow in sign-in-unlock.ts). */
export const UnlockPath = {
  sendCode: '/admin/unlock/sendCode',
  unlock: '/admin/unlock',
} as const;
