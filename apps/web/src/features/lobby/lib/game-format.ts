import { formatMoney, type Language } from '@banca/contracts';

/** Card frame variants (docs/product.md §3: nodeId modulo 4 plus 1, four variants). */
export const CARD_VARIANTS = 4;

export function cardVariantClass(nodeId: number): string {
  return `card--v${(((nodeId % CARD_VARIANTS) + CARD_VARIANTS) % CARD_VARIANTS) + 1}`;
}

/** One formatter per language: building one costs far more than formatting with it. */
const rtpFormats = new Map<Language, Intl.NumberFormat>();

/** "96,5" in pt-BR, "96.5" in English: up to two decimals, none when whole. */
export function formatRtp(rtpPercent: number, language: Language): string {
  let format = rtpFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    rtpFormats.set(language, format);
  }
  return format.format(rtpPercent);
}

/** A win for the board: "R$ 51.242,86" in pt-BR (the contracts' money format). */
export function formatWin(amountMinor: number, currency: string, language: Language): string {
  return formatMoney(amountMinor, currency, language);
}

/**
 * Winner names arrive masked by the server ("be***84"); a name that somehow arrives whole is
 * masked here the same way, so a full username never reaches the board.
 */
export function maskWinnerName(name: string): string {
  if (name.includes('*')) return name;
  if (name.length <= 2) return `${name.slice(0, 1)}***`;
  return `${name.slice(0, 2)}***${name.length > 4 ? name.slice(-2) : ''}`;
}

/** Spec §9: a home list over this many is cut to HOME_SECTION_SIZE. */
export const HOME_CUT_OVER = 12;
/** Items a home section shows (docs/product.md §9: hot list cut, sports vendors, recent games). */
export const HOME_SECTION_SIZE = 6;

/** Spec §9: "a hot list over 12 is cut to 6"; twelve or fewer are shown whole. */
export function homeHotList<T>(items: readonly T[]): readonly T[] {
  return items.length > HOME_CUT_OVER ? items.slice(0, HOME_SECTION_SIZE) : items;
}

/** Spec §9: a vendor list over this many entries uses the large layout. */
export const LARGE_VENDOR_LIST_OVER = 10;
