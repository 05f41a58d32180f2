/** Payment gateway status codes (`ZGateway.status`). */
export const GatewayStatus = {
  enabled: 1,
  disabled: 2,
} as const;
export type TGatewayStatus = (typeof GatewayStatus)[keyof typeof GatewayStatus];
