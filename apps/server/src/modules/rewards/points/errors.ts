import { defineErrors, type CodesOf } from '../../../http/errors';

/** Error codes of points and the points mall (docs/loyalty.md "Points" and "The mall"). */
export const POINTS_ERRORS = defineErrors({
  /** The brand's points are off. */
  points_disabled: {
    status: 403,
    messages: {
      'pt-BR': 'Os pontos não estão disponíveis.',
      en: 'Points are not available.',
    },
  },
  /** The redeem or conversion needs more points than the member holds. */
  points_insufficient: {
    status: 409,
    messages: {
      'pt-BR': 'Você não tem pontos suficientes (saldo: {balance}).',
      en: 'You do not have enough points (balance: {balance}).',
    },
  },
  /** A conversion below the exchange-rate table's smallest row, or worth less than a cent. */
  points_convert_too_small: {
    status: 400,
    messages: {
      'pt-BR': 'Converta pelo menos {minPoints} pontos.',
      en: 'Convert at least {minPoints} points.',
    },
  },
  /** No such goods in the brand's mall, or switched off. */
  mall_goods_not_found: {
    status: 404,
    messages: {
      'pt-BR': 'Este item não está disponível.',
      en: 'This item is not available.',
    },
  },
  /** Goods saved without a name in Portuguese (the fallback of every other language). */
  mall_goods_name_required: {
    status: 400,
    messages: {
      'pt-BR': 'Informe o nome do item em português.',
      en: 'Enter the item name in Portuguese.',
    },
  },
  /** Not enough items left (another member may have redeemed the last one). */
  mall_out_of_stock: {
    status: 409,
    messages: {
      'pt-BR': 'Este item esgotou.',
      en: 'This item is out of stock.',
    },
  },
  /** The member's valid bets over the VIP window are below the item's amount requirement. */
  mall_requirement_not_met: {
    status: 409,
    messages: {
      'pt-BR': 'Este item exige {amount} em apostas válidas no período.',
      en: 'This item requires {amount} of valid bets in the period.',
    },
  },
  /** Physical goods need a receiving address and a mobile number. */
  mall_address_required: {
    status: 400,
    messages: {
      'pt-BR': 'Informe o endereço de entrega e um celular.',
      en: 'Enter the delivery address and a mobile number.',
    },
  },
  /** The redeem was already approved or rejected. */
  mall_redemption_decided: {
    status: 409,
    messages: {
      'pt-BR': 'Este resgate já foi analisado.',
      en: 'This redeem has already been decided.',
    },
  },
  /** No such redeem. */
  mall_redemption_not_found: {
    status: 404,
    messages: {
      'pt-BR': 'Resgate não encontrado.',
      en: 'Redeem not found.',
    },
  },
});

declare module '../../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof POINTS_ERRORS> {}
}
