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
