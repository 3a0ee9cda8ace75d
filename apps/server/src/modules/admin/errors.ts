import { defineErrors, type CodesOf } from '../../http/errors';

/** Error codes of the operator console: staff sign-in and operators (the catalogue's rules: http/errors.ts). */
export const ADMIN_ERRORS = defineErrors({
  // ── staff sign-in ───────────────────────────────────────────────────────────
  /** Wrong operator username or password; the same whether the account exists or not. */
  staff_login_failed: {
    status: 400,
    messages: {
      'pt-BR': 'Operador ou senha incorretos.',
      en: 'Incorrect operator username or password.',
    },
  },
  /** The pending sign-in (after the password) is unknown, expired, used up, or from another address: start again. */
  staff_login_expired: {
    status: 400,
    messages: {
      'pt-BR': 'A entrada expirou. Digite usuário e senha novamente.',
      en: 'The sign-in expired. Enter your username and password again.',
    },
  },
  /** The operator account is disabled by an owner. */
  staff_account_disabled: {
    status: 403,
    messages: {
      'pt-BR': 'Esta conta de operador está desativada.',
      en: 'This operator account is disabled.',
    },
  },
  // ── operators ───────────────────────────────────────────────────────────────
  /** Another operator already has this username (case-insensitive). */
  operator_username_taken: {
    status: 409,
    messages: {
      'pt-BR': 'Já existe um operador com este usuário.',
      en: 'An operator with this username already exists.',
    },
  },
  /** No operator has this id. */
  operator_not_found: {
    status: 404,
    messages: { 'pt-BR': 'Operador não encontrado.', en: 'Operator not found.' },
  },
  /** An owner may not disable their own account or drop their own owner role: the console would lose its last way in. */
  operator_self_lockout: {
    status: 400,
    messages: {
      'pt-BR': 'Você não pode desativar a própria conta nem remover o próprio perfil de dono.',
      en: 'You cannot disable your own account or remove your own owner role.',
    },
  },
});

declare module '../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof ADMIN_ERRORS> {}
}
