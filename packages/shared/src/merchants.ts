/**
 * Merchant (business) status codes. Spec §4 names the states (deleted, disabled, not activated,
 * normal, testing) and §9 fixes 40 as fully active; the other numbers are ours.
 */
export const MerchantStatus = {
  deleted: 0,
  disabled: 10,
  notActivated: 20,
  testing: 30,
  normal: 40,
} as const;
export type TMerchantStatus = (typeof MerchantStatus)[keyof typeof MerchantStatus];

/** Administrator status (spec §4). */
export const AdminStatus = {
  normal: 1,
  disabled: 2,
  invitationPending: 3,
  invitationExpired: 4,
} as const;
export type TAdminStatus = (typeof AdminStatus)[keyof typeof AdminStatus];

export const AccountType = { owner: 'owner', member: 'member' } as const;
export type TAccountType = (typeof AccountType)[keyof typeof AccountType];
