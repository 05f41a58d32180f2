import { z } from 'zod';
import { LOCKED_CODE } from './sign-in-lock';

/** Every API response is `{code, msg, data}`; code 0 means success (spec §7). */
export const SUCCESS_CODE = 0;

/**
 * Stable non-zero codes. The client only distinguishes 0 from non-zero; these exist so that
 * API clients and tests can tell failures apart without parsing translated text.
 */
export const ErrorCode = {
  validation: 1001,
  business: 1002,
  notFound: 1004,
  conflict: 1009,
  tooMany: 1029,
  /** A sign-in refused by the account lock (sign-in-lock.ts). */
  locked: LOCKED_CODE,
  unauthorized: 401,
  forbidden: 403,
  internal: 500,
} as const;

export const zEnvelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), msg: z.string(), data });

export const ZEmptyData = z.null();

export type TEnvelope<T> = { code: number; msg: string; data: T };
