import { z } from 'zod';

/**
 * Merchant details (spec §2 /merchant/showMerchantDetails, §3 Merchant): the business as the acquirer
 * registered it, its bank accounts, its gateways with their services, and the sign key, which is
 * shown masked and revealed only after the person types their password again.
 */
export const MerchantPath = {
  /** GET: every §3 Merchant field, bank accounts and the caller's gateways (menu /merchant/showMerchantDetails). */
  details: '/merchant/details',
  /** POST {password}: the sign key in clear (operation MerchantDetails:SignKey); each call is in the operation log. */
  revealSignKey: '/merchant/signKey/reveal',
} as const;

/** Kinds of registration document (spec §3 "document type"). */
export const DOCUMENT_TYPES = ['businessLicence', 'companyRegistration', 'passport', 'identityCard', 'other'] as const;
export type TDocumentType = (typeof DOCUMENT_TYPES)[number];

/** Spec §4 merchant region. */
export const MERCHANT_REGIONS = ['overseas', 'domestic'] as const;
export type TMerchantRegion = (typeof MERCHANT_REGIONS)[number];

export const ZBankAccount = z.object({
  id: z.number().int(),
  bankName: z.string(),
  holder: z.string(),
  /** Only the last four digits are shown; the rest is masked. */
  accountNoMasked: z.string(),
  currency: z.string(),
  isDefault: z.boolean(),
});
export type TBankAccount = z.infer<typeof ZBankAccount>;

export const ZGatewayWithServices = z.object({
  gatewayNo: z.string(),
  name: z.string(),
  currency: z.string(),
  status: z.number().int(),
  /** Card schemes and services open on this gateway (visa, mastercard, 3ds, ...). */
  services: z.array(z.string()),
});
export type TGatewayWithServices = z.infer<typeof ZGatewayWithServices>;

export const ZMerchantDetails = z.object({
  merchantNo: z.string(),
  name: z.string(),
  contact: z.string(),
  documentType: z.string(),
  documentNo: z.string(),
  industry: z.string(),
  region: z.string(),
  city: z.string(),
  address: z.string(),
  phone: z.string(),
  fax: z.string(),
  status: z.number().int(),
  /** Calendar dates YYYY-MM-DD. */
  contractStart: z.string().nullable(),
  contractEnd: z.string().nullable(),
  /** ISO 8601 UTC. */
  registeredAt: z.string(),
  /** Deduction rate in basis points (250 = 2.50 %). */
  deductionRateBp: z.number().int(),
  bankAccounts: z.array(ZBankAccount),
  /** The gateways the caller may see. */
  gateways: z.array(ZGatewayWithServices),
  /** The sign key with all but its last four characters masked; empty when none has been issued yet. */
  signKeyMasked: z.string(),
});
export type TMerchantDetails = z.infer<typeof ZMerchantDetails>;

export const ZRevealSignKeyBody = z.object({ password: z.string().min(1).max(128) });
export type TRevealSignKeyBody = z.infer<typeof ZRevealSignKeyBody>;

export const ZSignKey = z.object({ signKey: z.string() });
export type TSignKey = z.infer<typeof ZSignKey>;

/** The deduction rate as a percentage text with two decimals ("2.50"). */
export function formatRateBp(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const frac = String(Math.abs(bp % 100)).padStart(2, '0');
  return `${whole}.${frac}`;
}
