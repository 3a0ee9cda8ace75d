import { defineErrors, type CodesOf } from '../../http/errors';

/** Error codes of promotions and rewards (the catalogue's rules: http/errors.ts). */
export const REWARDS_ERRORS = defineErrors({
  /** No promotion has this id for the brand, or it is switched off (kill switch). */
  promotion_not_found: {
    status: 404,
    messages: { 'pt-BR': 'Promoção não encontrada.', en: 'Promotion not found.' },
  },
  /** The promotion has not started yet. */
  promotion_not_started: {
    status: 409,
    messages: {
      'pt-BR': 'Esta promoção ainda não começou.',
      en: 'This promotion has not started yet.',
    },
  },
  /** The promotion has ended. */
  promotion_closed: {
    status: 409,
    messages: { 'pt-BR': 'Esta promoção foi encerrada.', en: 'This promotion has ended.' },
  },
  /** The member is not among those the promotion is for (its eligibility rule). */
  promotion_not_eligible: {
    status: 403,
    messages: {
      'pt-BR': 'Você não pode participar desta promoção.',
      en: 'You are not eligible for this promotion.',
    },
  },
  /** Nothing to claim: the member has not qualified in this period, or already claimed. */
  promotion_nothing_to_claim: {
    status: 409,
    messages: {
      'pt-BR': 'Não há recompensa para resgatar nesta promoção.',
      en: 'There is no reward to claim in this promotion.',
    },
  },
  /** The reward was already claimed (a second claim, or two at once: one wins). */
  promotion_already_claimed: {
    status: 409,
    messages: {
      'pt-BR': 'Esta recompensa já foi resgatada.',
      en: 'This reward has already been claimed.',
    },
  },
  /** Join asked of a promotion that needs no joining, or joined already this period. */
  promotion_already_joined: {
    status: 409,
    messages: {
      'pt-BR': 'Você já está participando desta promoção.',
      en: 'You are already taking part in this promotion.',
    },
  },
  /** An application to a promotion that takes none, or a claim/join of an application promotion. */
  promotion_wrong_action: {
    status: 409,
    messages: {
      'pt-BR': 'Esta ação não se aplica a esta promoção.',
      en: 'This action does not apply to this promotion.',
    },
  },
  /** An application is already waiting for review, or this period's was approved. */
  promotion_application_exists: {
    status: 409,
    messages: {
      'pt-BR': 'Você já enviou uma solicitação para esta promoção.',
      en: 'You have already applied to this promotion.',
    },
  },
  /** The application was decided already (another operator, or twice). */
  promotion_application_decided: {
    status: 409,
    messages: {
      'pt-BR': 'Esta solicitação já foi analisada.',
      en: 'This application has already been reviewed.',
    },
  },
  /** An application has more images than allowed (params: max). */
  promotion_too_many_files: {
    status: 400,
    messages: {
      'pt-BR': 'Envie no máximo {max} imagens.',
      en: 'Send at most {max} images.',
    },
  },
  /** A proof or banner is not a PNG or JPEG by its bytes, or is larger than allowed (params: maxMb). */
  promotion_bad_file: {
    status: 400,
    messages: {
      'pt-BR': 'Envie imagens PNG ou JPG de até {maxMb} MB.',
      en: 'Send PNG or JPG images of up to {maxMb} MB.',
    },
  },
  /** Bonus rewards are off under the brand's compliance profile (Lei 14.790 art. 29). */
  promotion_bonus_forbidden: {
    status: 403,
    messages: {
      'pt-BR': 'Bônus não são permitidos nesta plataforma.',
      en: 'Bonuses are not allowed on this platform.',
    },
  },
  /** The promotion's reward kind has no issuer on this platform yet. */
  reward_kind_unavailable: {
    status: 409,
    messages: {
      'pt-BR': 'Este tipo de recompensa está indisponível no momento.',
      en: 'This kind of reward is unavailable at the moment.',
    },
  },
  /** The editor's rules contradict each other (params: field). */
  promotion_invalid_rules: {
    status: 400,
    messages: {
      'pt-BR': 'Regras da promoção inválidas: {field}.',
      en: 'Invalid promotion rules: {field}.',
    },
  },
});

declare module '../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof REWARDS_ERRORS> {}
}
