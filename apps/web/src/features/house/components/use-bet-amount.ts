import type { HouseGame } from '@banca/contracts';
import { useState } from 'react';
import { amountInputToMinor, minorToAmountInput } from '@/lib/amount';
import { currentLanguage } from '@/i18n';

/** The bet amount as the player types it, with its value in minor units and the quick buttons. */
export function useBetAmount(game: HouseGame) {
  const language = currentLanguage();
  const start = Math.max(game.minBetMinor, 100);
  const [text, setText] = useState(() => minorToAmountInput(start, language));
  const minor = amountInputToMinor(text);
  const clamp = (value: number) => Math.min(game.maxBetMinor, Math.max(game.minBetMinor, value));
  const setMinor = (value: number) => setText(minorToAmountInput(clamp(value), language));
  return {
    text,
    setText,
    minor,
    valid: minor !== null && minor >= game.minBetMinor && minor <= game.maxBetMinor,
    half: () => setMinor(Math.floor((minor ?? start) / 2)),
    double: () => setMinor((minor ?? start) * 2),
    min: () => setMinor(game.minBetMinor),
    max: () => setMinor(game.maxBetMinor),
  };
}
export type BetAmount = ReturnType<typeof useBetAmount>;
