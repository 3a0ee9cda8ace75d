/**
 * A vendor's launch URL from its template (vendor_integrations.launch_url_template), e.g.
 * `https://games.example.com/play/{vendor}/{game}?token={token}&lang={lang}`. Placeholders:
 * {token} (the X-Player-Token), {game} (the vendor's game code), {vendor}, {lang} (two
 * letters, lower case), {currency}, {lobby} (where the game's "back" goes). Each value is
 * URL-encoded; an unknown placeholder is left as it is.
 */
export type LaunchValues = Record<
  'token' | 'game' | 'vendor' | 'lang' | 'currency' | 'lobby',
  string
>;

export function fillLaunchTemplate(template: string, values: LaunchValues): string {
  return template.replace(/\{(token|game|vendor|lang|currency|lobby)\}/g, (_match, name: string) =>
    encodeURIComponent(values[name as keyof LaunchValues]),
  );
}

/** The placeholders a template may hold (LaunchValues' names); `{token}` is required. */
const PLACEHOLDERS = new Set(['token', 'game', 'vendor', 'lang', 'currency', 'lobby']);

/**
 * Whether an operator's launch URL template is usable (the Vendors desk): `{token}` present,
 * every `{…}` one of the placeholders above and no stray brace, and, filled in, an absolute
 * http(s) address with a host and no spaces.
 */
export function isValidLaunchTemplate(template: string): boolean {
  if (!template.includes('{token}') || /\s/.test(template)) return false;
  for (const match of template.matchAll(/\{([^{}]*)\}/g))
    if (!PLACEHOLDERS.has(match[1]!)) return false;
  if (/[{}]/.test(template.replace(/\{[a-z]+\}/g, ''))) return false;
  const sample = fillLaunchTemplate(template, {
    token: 'token',
    game: 'game',
    vendor: 'vendor',
    lang: 'pt',
    currency: 'BRL',
    lobby: 'https://example.com/',
  });
  return isHttpUrl(sample);
}

/** An absolute http(s) address with a host, no spaces and no user name or password in it. */
export function isHttpUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.hostname.length > 0 &&
    url.username === '' &&
    url.password === ''
  );
}
