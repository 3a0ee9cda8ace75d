import { formatMoney } from '@banca/contracts';

/** A signed figure (P&L) with its sign shown: "+R$ 5,00" / "−R$ 30,00". */
export function formatSigned(minor: number, currency: string, language: string): string {
  if (minor === 0) return formatMoney(0, currency, language);
  return `${minor > 0 ? '+' : '−'}${formatMoney(Math.abs(minor), currency, language)}`;
}

/** The tone a P&L figure is drawn in, as the agent reads it: a player's loss is the team's gain. */
export function toneOf(playerResultMinor: number): 'up' | 'down' | 'flat' {
  return playerResultMinor < 0 ? 'up' : playerResultMinor > 0 ? 'down' : 'flat';
}
