import { defineErrors, type CodesOf } from '../../../http/errors';

/** Error codes of missions (docs/missions.md). */
export const MISSION_ERRORS = defineErrors({
  /** No mission has this id for the brand, or an operator switched it off. */
  mission_not_found: {
    status: 404,
    messages: { 'pt-BR': 'Missão não encontrada.', en: 'Mission not found.' },
  },
  /** A claim of a mission whose target is not reached yet in this period. */
  mission_not_completed: {
    status: 409,
    messages: {
      'pt-BR': 'Complete a missão antes de resgatar a recompensa.',
      en: 'Complete the mission before claiming its reward.',
    },
  },
  /** This period's reward was claimed already (a second claim, or two at once: one wins). */
  mission_already_claimed: {
    status: 409,
    messages: {
      'pt-BR': 'A recompensa desta missão já foi resgatada.',
      en: 'This mission’s reward has already been claimed.',
    },
  },
  /** Rules that do not fit together (a ticket without its kind, a category on a deposit mission…). */
  mission_bad_rules: {
    status: 400,
    messages: {
      'pt-BR': 'As regras desta missão não combinam entre si.',
      en: 'This mission’s rules do not fit together.',
    },
  },
  /** A window whose end is not after its start. */
  mission_window_invalid: {
    status: 400,
    messages: {
      'pt-BR': 'O fim da missão deve ser depois do início.',
      en: 'The mission’s end must be after its start.',
    },
  },
  /** A claim outside the mission's window (not started, or ended and its grace period over). */
  mission_not_active: {
    status: 409,
    messages: {
      'pt-BR': 'Esta missão não está ativa agora.',
      en: 'This mission is not active now.',
    },
  },
});

declare module '../../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this part's codes
  interface ErrorRegistry extends CodesOf<typeof MISSION_ERRORS> {}
}
