import type { TFunction } from 'i18next';
import type { ptBRLobby } from '@/i18n/lobby/pt-BR';

type ClassifyKey = Exclude<keyof (typeof ptBRLobby)['lobby']['classify'], 'label' | 'all'>;

const KNOWN = new Set<string>([
  'SLOT_VIDEO',
  'SLOT_CLASSIC',
  'MEGAWAYS',
  'JACKPOT',
  'BONUS_BUY',
  'CRASH',
  'BACCARAT',
  'ROULETTE',
  'BLACKJACK',
  'GAME_SHOW',
  'DRAGON_TIGER',
  'SIC_BO',
  'FISH_SHOOTER',
  'ARCADE',
  'POKER',
  'TEEN_PATTI',
  'RUMMY',
  'TRUCO',
  'DOMINO',
  'ORIGINALS',
] satisfies ClassifyKey[]);

const isKnown = (key: string): key is ClassifyKey => KNOWN.has(key);

/**
 * A classify key in the player's language. The server sends keys (displayName = key, see
 * lobby-service lanes()); a key the catalogue does not know yet reads as words, not SHOUTING_CASE.
 */
export function classifyLabel(key: string, t: TFunction): string {
  if (isKnown(key)) return t(`lobby.classify.${key}`);
  const words = key.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
