/**
 * Operator-supplied links (customer service, social channels) go into `href` and
 * `window.open`; only http(s) and same-origin paths are allowed so a misconfigured or hostile
 * setting cannot run `javascript:` in the player's session.
 */
export function safeExternalUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const value = raw.trim();
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
