import { formatMoney } from '@banca/contracts';
import type { LotteryKind } from '@banca/contracts/lottery-rules';
import type { TFunction } from 'i18next';

export const money = (minor: number, currency: string, language: string) =>
  formatMoney(minor, currency, language);

/** 98000 → "9,80×" / "9.80×": odds in 1/10,000, shown with 2 decimals, rounded down. */
export function formatOdds(oddsE4: number, language: string): string {
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

/** Milliseconds left as "m:ss", or "h:mm:ss" from an hour up (a VN draw hours away). */
export function clock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const ss = String(total % 60).padStart(2, '0');
  if (total < 3600) return `${Math.floor(total / 60)}:${ss}`;
  return `${Math.floor(total / 3600)}:${String(Math.floor(total / 60) % 60).padStart(2, '0')}:${ss}`;
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
