import { z } from 'zod';
import { checkPassword } from './password';

export const ZLoginBody = z.object({
  merchantNo: z.string().trim().min(1).max(20).regex(/^\d+$/),
  loginName: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
});
export type TLoginBody = z.infer<typeof ZLoginBody>;

export const ZUserInfo = z.object({
  adminId: z.number().int(),
  loginName: z.string(),
  name: z.string(),
  avatar: z.string(),
  /** IANA timezone the person chose in the back office, or empty. */
  timeZone: z.string(),
  forceChangePwd: z.boolean(),
  merchantNo: z.string(),
  merchantName: z.string(),
  accountType: z.enum(['owner', 'member']),
  email: z.string(),
  mobile: z.string(),
  /** Operation permissions (`Resource:Action`) the role grants, for showing buttons. */
  permissions: z.array(z.string()),
  /** true when this session was opened by a system administrator (SSO). */
  sysAdmin: z.boolean(),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

/** Spec §3 kycInfo; null for accounts with no linked person (old merchant-number accounts). */
export const ZKycInfo = z.object({
  selectedMerAdminId: z.number().int().nullable(),
  currBusinessId: z.number().int().nullable(),
  currBusinessStatus: z.number().int().nullable(),
  isInitialLogin: z.number().int(),
  requires2FA: z.number().int(),
});
export type TKycInfo = z.infer<typeof ZKycInfo>;

export const ZModule = z.object({
  moduleId: z.number().int(),
  key: z.string(),
  menuList: z.array(z.string()),
});
export type TModule = z.infer<typeof ZModule>;

export const ZCurrency = z.object({ code: z.string(), name: z.string(), minorUnits: z.number().int() });
export type TCurrency = z.infer<typeof ZCurrency>;

export const ZBusinessLink = z.object({
  businessId: z.number().int(),
  merchantNo: z.string(),
  businessName: z.string(),
  status: z.number().int(),
  isCreator: z.boolean(),
  current: z.boolean(),
});
export type TBusinessLink = z.infer<typeof ZBusinessLink>;

export const ZSessionInfo = z.object({
  userInfo: ZUserInfo,
  kycInfo: ZKycInfo.nullable(),
  moduleList: z.array(ZModule),
  currencyList: z.array(ZCurrency),
  /** Other businesses linked to the same person (empty when there is nothing to switch to). */
  moreBusinessNameList: z.array(ZBusinessLink),
});
export type TSessionInfo = z.infer<typeof ZSessionInfo>;

export const ZLoginResult = ZSessionInfo.extend({ token: z.string() });
export type TLoginResult = z.infer<typeof ZLoginResult>;

export const ZUpdatePasswordBody = z
  .object({
    oldPassword: z.string().min(1).max(128),
    newPassword: z.string().refine((v) => checkPassword(v) === null, { message: 'password.rule' }),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'password.mismatch', path: ['confirmPassword'] });
export type TUpdatePasswordBody = z.infer<typeof ZUpdatePasswordBody>;

export const ZSwitchBusinessBody = z.object({ businessId: z.coerce.number().int().positive() });
export type TSwitchBusinessBody = z.infer<typeof ZSwitchBusinessBody>;

/** Name of the header that carries the session token (spec §7). */
export const TOKEN_HEADER = 'X-Auth-Token';
