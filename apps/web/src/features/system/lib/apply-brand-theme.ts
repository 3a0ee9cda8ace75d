import type { PermissionInfo } from '@banca/contracts';

type BrandTheme = PermissionInfo['theme'];

/** Brand colour → the CSS custom property it sets (styles/tokens.css derives the rest). */
const THEME_PROPERTIES = {
  accentColor: '--accent',
  accentContrastColor: '--accent-contrast',
  backgroundColor: '--bg',
  surfaceColor: '--surface',
} as const satisfies Partial<Record<keyof BrandTheme, `--${string}`>>;

function isColour(value: string): boolean {
  // Without CSS.supports (tests) accept the value; the browser ignores an invalid one anyway.
  return typeof CSS === 'undefined' || CSS.supports('color', value);
}

/**
 * White-label look (docs/architecture.md): the brand's colours become CSS custom properties on
 * <html>; a value that is not a colour is skipped so the neutral fallback stays.
 */
export function applyBrandTheme(
  theme: BrandTheme,
  root: HTMLElement = document.documentElement,
): void {
  for (const [field, property] of Object.entries(THEME_PROPERTIES) as [
    keyof typeof THEME_PROPERTIES,
    string,
  ][]) {
    const value = theme[field].trim();
    if (value && isColour(value)) root.style.setProperty(property, value);
  }
  const themeColour = document.querySelector('meta[name="theme-color"]');
  if (themeColour && isColour(theme.backgroundColor))
    themeColour.setAttribute('content', theme.backgroundColor);
}
