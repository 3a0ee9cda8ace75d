/** The gateway headers every request of the web app carries (docs/platform-facts.md §1). */
export const GATEWAY_VERSION = '3';
export const gatewayHeaderNames = {
  version: 'x-gateway-version',
  merchant: 'merchant',
  device: 'device',
  language: 'language',
  authorization: 'authorization',
} as const;

/** Devices the original client sends; unknown values are treated as `web`. */
export const DEVICES = ['web', 'h5', 'ios', 'android'] as const;
export type Device = (typeof DEVICES)[number];

/** Client request timeout (docs/platform-facts.md §1). */
export const CLIENT_TIMEOUT_MS = 20_000;
