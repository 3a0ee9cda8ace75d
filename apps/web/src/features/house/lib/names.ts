/** A house game's name from its code: BGS_DICE_TURBO → "Dice Turbo" (the lobby card has the translated one). */
export function gameName(gameCode: string): string {
  return gameCode
    .replace(/^BGS_/, '')
    .split('_')
    .map((word) => word.charAt(0) + word.slice(1).toLowerCase())
    .join(' ');
}
