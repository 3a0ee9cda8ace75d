/**
 * The device id sent with login and registration (docs/platform-facts.md §1: "a hash of a browser
 * fingerprint"): SHA-256 of a few stable browser traits, hex, cut to 32 characters. It helps
 * the operator see accounts opened from one device; it is not a secret and not an identity.
 */
const DEVICE_ID_LENGTH = 32;

let cached: Promise<string> | null = null;

function traits(): string {
  const nav = globalThis.navigator;
  const screenInfo = globalThis.screen;
  return [
    nav?.userAgent ?? '',
    nav?.language ?? '',
    (nav?.languages ?? []).join(','),
    nav?.hardwareConcurrency ?? '',
    screenInfo ? `${screenInfo.width}x${screenInfo.height}x${screenInfo.colorDepth}` : '',
    Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
  ].join('|');
}

export function deviceId(): Promise<string> {
  cached ??= globalThis.crypto.subtle
    .digest('SHA-256', new TextEncoder().encode(traits()))
    .then((digest) =>
      Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0'))
        .join('')
        .slice(0, DEVICE_ID_LENGTH),
    );
  return cached;
}
