import { formatMoney } from '@banca/contracts';

/** 19801 → "1,98×" / "1.98×" (multipliers in 1/10,000, shown with 2 decimals, rounded down). */
export function formatMultiplier(multiplierE4: number, language: string, decimals = 2): string {
  const value = Math.floor(multiplierE4 / 10 ** (4 - decimals)) / 10 ** decimals;
  return `${value.toLocaleString(language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}×`;
}

/** 9900 → "99,00%". */
export function formatRtp(rtpBps: number, language: string): string {
  return `${(rtpBps / 100).toLocaleString(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
}

export const money = (minor: number, currency: string, language: string) =>
  formatMoney(minor, currency, language);

/** 5693 → "56,93" / "56.93" (dice rolls and targets, in hundredths). */
export function formatE2(valueE2: number, language: string): string {
  return (valueE2 / 100).toLocaleString(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  });
}
