import { defineErrors } from '../../http/errors';

/** Error codes of registration and the profile (the catalogue's rules: http/errors.ts). */
export const MEMBERS_ERRORS = defineErrors({
  // ── registration ────────────────────────────────────────────────────────────
  /** A field breaks its configured rule; `data` has field, patternId, min, max. */
  field_invalid: {
    status: 400,
    messages: { 'pt-BR': '{message}', en: '{message}' },
  },
  /** Password and its confirmation differ. */
  password_mismatch: {
    status: 400,
    messages: {
      'pt-BR': 'As duas senhas digitadas são inconsistentes.',
      en: 'The two passwords entered are inconsistent.',
    },
  },
  /** Terms, privacy and age confirmation must be accepted. */
  terms_not_accepted: {
    status: 400,
    messages: {
      'pt-BR': 'Aceite os termos, a política de privacidade e confirme sua idade.',
      en: 'Please accept the terms and privacy policy and confirm your age.',
    },
  },
  /** The username is already registered on this brand. */
  username_taken: {
    status: 409,
    messages: {
      'pt-BR': 'Este nome de usuário já está em uso.',
      en: 'This username is already taken.',
    },
  },
  /** The mobile number is already registered on this brand. */
  mobile_taken: {
    status: 409,
    messages: {
      'pt-BR': 'Este número de celular já está cadastrado.',
      en: 'This mobile number is already registered.',
    },
  },
  /** The affiliate (invitation) code names no agent (spec: invitation_code_error). */
  invitation_code_error: {
    status: 400,
    messages: { 'pt-BR': 'Código de convite inválido.', en: 'Invalid invitation code.' },
  },
  /** The referral code is the registrant's own: the same CPF as the member who owns the code. */
  referral_self: {
    status: 400,
    messages: {
      'pt-BR': 'Você não pode usar o seu próprio código de indicação.',
      en: 'You cannot use your own referral code.',
    },
  },
  /** The password is among the most common ones (ASVS 2.1.7). */
  password_too_common: {
    status: 400,
    messages: {
      'pt-BR': 'Esta senha é comum demais. Escolha outra.',
      en: 'This password is too common. Please choose another.',
    },
  },
});

declare module '../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof MEMBERS_ERRORS> {}
}
