import { z } from 'zod';

export const ZAnnouncement = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** ISO 8601 UTC */
  publishedAt: z.string(),
  /** Whether the signed-in administrator has read it (announcements screen, top-bar count). */
  read: z.boolean(),
});
export type TAnnouncement = z.infer<typeof ZAnnouncement>;

export const ZGateway = z.object({
  gatewayNo: z.string(),
  name: z.string(),
  currency: z.string(),
  status: z.number().int(),
});
export type TGateway = z.infer<typeof ZGateway>;

export const ZGatewayParams = z.object({ gatewayNo: z.string().regex(/^\d{1,20}$/) });

export const ZMerchantSummary = z.object({
  merchantNo: z.string(),
  name: z.string(),
  status: z.number().int(),
  contractStart: z.string().nullable(),
  contractEnd: z.string().nullable(),
  registeredAt: z.string(),
  services: z.array(z.string()),
});
export type TMerchantSummary = z.infer<typeof ZMerchantSummary>;

export { ZLoginLog, type TLoginLog } from './logs';
