import { z } from 'zod';

export { ZAnnouncement, type TAnnouncement } from './announcements';

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
