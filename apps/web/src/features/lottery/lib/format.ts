import { formatMoney } from '@banca/contracts';
import type { LotteryKind } from '@banca/contracts/lottery-rules';
import type { TFunction } from 'i18next';

export const money = (minor: number, currency: string, language: string) =>
  formatMoney(minor, currency, language);

/**
 * 98000 → "9,80×" / "9.80×": odds in 1/10,000, shown with 2 decimals, rounded down. `compact`
 * (the board's small tiles): from 1,000× up without the cents, "97.000×" rather than "97.000,00×".
 */
export function formatOdds(oddsE4: number, language: string, compact = false): string {
  if (compact && oddsE4 >= 10_000_000)
    return `${Math.floor(oddsE4 / 10_000).toLocaleString(language)}×`;
  const value = Math.floor(oddsE4 / 100) / 100;
  return `${value.toLocaleString(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}×`;
}

/** A selection as people read it: "Bola 3: 7", "Alto", "Carro 4 em 1º lugar", "Soma 12". */
export function selectionLabel(
  t: TFunction,
  kind: LotteryKind,
  betType: string,
  selection: string,
): string {
  const [a, b] = selection.split('-');
  if (betType === 'position' && b !== undefined)
    return kind === 'race10'
      ? `${t('lottery.place', { n: a })}: ${t('lottery.car', { n: b })}`
      : `${t('lottery.ball', { n: a })}: ${b}`;
  const named = ['big', 'small', 'odd', 'even', 'any'] as const;
  const word = named.find((n) => n === selection);
  const shown = word ? t(`lottery.selections.${word}`) : selection;
  return `${t(`lottery.betTypes.${betType as 'sum'}`)} ${shown}`;
}

/** 60 → "1 minuto", 20 → "20 s". */
export function intervalLabel(t: TFunction, seconds: number): string {
  return seconds % 60 === 0
    ? t('lottery.lobby.minutes', { count: seconds / 60 })
    : t('lottery.lobby.seconds', { count: seconds });
}

/**
 * Milliseconds left as "m:ss", "h:mm:ss" from an hour up (a VN draw hours away), and
 * "2d 03:12:00" from a day up (a province drawing later in the week).
 */
export function clock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const ss = String(total % 60).padStart(2, '0');
  const mm = String(Math.floor(total / 60) % 60).padStart(2, '0');
  if (total < 3600) return `${Math.floor(total / 60)}:${ss}`;
  if (total < 86_400) return `${Math.floor(total / 3600)}:${mm}:${ss}`;
  const hh = String(Math.floor(total / 3600) % 24).padStart(2, '0');
  return `${Math.floor(total / 86_400)}d ${hh}:${mm}:${ss}`;
}

/** An instant's date in a zone as `YYYY-MM-DD` (to group draws by their local day). */
export function localDay(iso: string | number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

/** An instant's day in a zone as people read it: "qua., 25/11" / "Wed, 11/25". */
export function localDate(iso: string | number, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone,
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
  }).format(new Date(iso));
}

/** ISO weekdays (1 Monday … 7 Sunday) as short names in the page's language: "Mon, Sat". */
export function weekdaysLabel(days: readonly number[], language: string): string {
  const name = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
  // 23 November 2026 is a Monday: day d of the ISO week is 22 + d.
  return days.map((d) => name.format(new Date(Date.UTC(2026, 10, 22 + d)))).join(', ');
}

/** A game's local draw time with its zone's city ("18:15 (Ho Chi Minh)"). */
export function zoneLabel(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ');
}

/** An instant as the wall clock of a zone, "HH:MM". */
export function localTime(iso: string, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** The name of a game in the page's language. */
export const gameName = (game: { nameEn: string; namePt: string }, language: string) =>
  language.startsWith('pt') ? game.namePt : game.nameEn;

/**
 * A bet's game by name: the bets API gives only its code, so it is looked up among the games the
 * page knows (the menus, the game on screen); the code when none of them is it.
 */
export function gameNameOf(
  gameCode: string,
  games: ReadonlyArray<{ gameCode: string; nameEn: string; namePt: string }>,
  language: string,
): string {
  const game = games.find((g) => g.gameCode === gameCode);
  return game ? gameName(game, language) : gameCode;
}
