import { defineErrors } from '../../http/errors';

/** Error codes of login, captcha, codes, passwords, authenticator and re-authentication (the catalogue's rules: http/errors.ts). */
export const AUTH_ERRORS = defineErrors({
  // ── login ───────────────────────────────────────────────────────────────────
  /** Wrong account or password; deliberately the same whether the account exists or not. */
  login_failed: {
    status: 400,
    messages: { 'pt-BR': 'Usuário ou senha incorretos.', en: 'Incorrect username or password.' },
  },
  /** Username and password (or mobile and code) are required. */
  login_fields_required: {
    status: 400,
    messages: { 'pt-BR': 'O campo não pode estar vazio.', en: 'Input cannot be empty.' },
  },
  /** A captcha is required for this attempt and was missing. `data.captcha` is true. */
  captcha_required: {
    status: 400,
    messages: {
      'pt-BR': 'Digite o código de verificação da imagem.',
      en: 'Please enter the captcha.',
    },
  },
  /** The captcha answer is wrong, expired or already used. */
  captcha_invalid: {
    status: 400,
    messages: { 'pt-BR': 'Captcha inválido.', en: 'Invalid captcha.' },
  },
  /** Too many failed logins for this account or IP in the last hour; try later. */
  login_locked: {
    status: 429,
    messages: {
      'pt-BR': 'Muitas tentativas sem sucesso. Tente novamente em {retryAfterMinutes} minutos.',
      en: 'Too many failed attempts. Try again in {retryAfterMinutes} minutes.',
    },
  },
  /** Many failures on this account from many addresses: each attempt waits a growing delay (auth/attempt-limiter.ts). */
  login_throttled: {
    status: 429,
    messages: {
      'pt-BR':
        'Muitas tentativas nesta conta. Aguarde {retryAfterSeconds} segundos e tente novamente.',
      en: 'Too many attempts on this account. Wait {retryAfterSeconds} seconds and try again.',
    },
  },
  /** The account is locked or disabled by the operator. */
  account_disabled: {
    status: 403,
    messages: {
      'pt-BR': 'Conta bloqueada. Contate o atendimento ao cliente.',
      en: 'Account locked. Please contact customer service.',
    },
  },
  /** A non-member account (staff, test) tried to log in to the player site (spec: member_no_enter). */
  member_no_enter: {
    status: 403,
    messages: {
      'pt-BR': 'Contas que não são de membros não podem entrar.',
      en: 'Non-member accounts cannot log in.',
    },
  },
  /** A non-agent tried the agent login. */
  only_agents_can_login: {
    status: 403,
    messages: { 'pt-BR': 'Somente agentes podem entrar aqui.', en: 'Only agents can log in.' },
  },
  /** New IP with extra verification on: `data` holds the pending token and the methods. */
  login_verification_required: {
    status: 403,
    messages: {
      'pt-BR': 'Login de um IP não registrado. Conclua a verificação primeiro.',
      en: 'Login from an unregistered IP. Please complete verification first.',
    },
  },
  /** The extra verification answer is wrong, or the pending login expired. */
  verification_failed: {
    status: 400,
    messages: { 'pt-BR': 'Falha na verificação.', en: 'Verification failed.' },
  },
  /** The feature is switched off for this brand (free play, SMS login…). */
  feature_disabled: {
    status: 403,
    messages: {
      'pt-BR': 'Operação não habilitada. Contate o atendimento ao cliente.',
      en: 'This operation is not enabled. Please contact customer service.',
    },
  },
  // ── phone and e-mail codes (docs/product.md §8 phone-authentication errors) ───
  /** The phone number is not a valid number for its country. */
  phone_invalid_format: {
    status: 400,
    messages: {
      'pt-BR': 'Formato de número de telefone inválido.',
      en: 'Invalid phone number format.',
    },
  },
  /** No phone number was given. */
  phone_missing: {
    status: 400,
    messages: { 'pt-BR': 'Informe o número de telefone.', en: 'Phone number is missing.' },
  },
  /** Codes were requested too often: wait 5 minutes. */
  sms_too_many_requests: {
    status: 429,
    messages: {
      'pt-BR': 'Muitas solicitações. Tente novamente após 5 minutos.',
      en: 'Too many requests. Please try again after 5 minutes.',
    },
  },
  /** A second send within a second of the first. */
  sms_throttled: {
    status: 429,
    messages: {
      'pt-BR': 'Aguarde um instante antes de pedir outro código.',
      en: 'Please wait a moment before asking for another code.',
    },
  },
  /** The SMS provider failed for a reason it did not explain. */
  sms_unknown_error: {
    status: 502,
    messages: {
      'pt-BR': 'Erro desconhecido ao enviar o SMS. Tente novamente.',
      en: 'Unknown error sending the SMS. Please try again.',
    },
  },
  /** The SMS provider's quota is used up. */
  sms_quota_exceeded: {
    status: 503,
    messages: {
      'pt-BR': 'Cota de SMS insuficiente. Contate o atendimento ao cliente.',
      en: 'SMS quota insufficient. Please contact customer service.',
    },
  },
  /** The verification code is missing or wrong. */
  verification_code_invalid: {
    status: 400,
    messages: {
      'pt-BR': 'Código de verificação inválido ou ausente.',
      en: 'Invalid or missing verification code.',
    },
  },
  /** The verification code expired: send a new one. */
  verification_code_expired: {
    status: 400,
    messages: {
      'pt-BR': 'O código expirou. Envie novamente.',
      en: 'The code has expired. Please send it again.',
    },
  },
  // ── passwords ───────────────────────────────────────────────────────────────
  /** The current password given to change it is wrong. */
  old_password_incorrect: {
    status: 400,
    messages: {
      'pt-BR': 'A senha atual está incorreta.',
      en: 'The current password is incorrect.',
    },
  },
  /** The payment (withdraw) password given is wrong; counted like a wrong login password. */
  payment_password_incorrect: {
    status: 400,
    messages: {
      'pt-BR': 'A senha de pagamento está incorreta.',
      en: 'The payment password is incorrect.',
    },
  },
  /** A withdrawal needs a payment password, and the member has not set one in the security centre. */
  payment_password_not_set: {
    status: 400,
    messages: {
      'pt-BR': 'Defina uma senha de pagamento na central de segurança antes de sacar.',
      en: 'Set a payment password in the security centre before withdrawing.',
    },
  },
  /** The new password equals the current one. */
  password_unchanged: {
    status: 400,
    messages: {
      'pt-BR': 'A nova senha deve ser diferente da atual.',
      en: 'The new password must differ from the current one.',
    },
  },
  /** Forgot password by e-mail: no account has this username and e-mail (docs/product.md §8). */
  username_or_email_not_found: {
    status: 400,
    messages: {
      'pt-BR': 'Nome de usuário ou e-mail não existe.',
      en: 'Username or email does not exist.',
    },
  },
  /** TOTP (Google Authenticator) code wrong or already used. */
  totp_invalid: {
    status: 400,
    messages: { 'pt-BR': 'Código do autenticador inválido.', en: 'Invalid authenticator code.' },
  },
  /** Changing a recovery channel (e-mail, mobile, authenticator) needs the password or a code again; `data.methods` lists the ways. */
  reauth_required: {
    status: 403,
    messages: {
      'pt-BR': 'Confirme que é você: digite sua senha para continuar.',
      en: 'Confirm it is you: enter your password to continue.',
    },
  },
  /** The value given as an e-mail address is not one. */
  email_invalid_format: {
    status: 400,
    messages: { 'pt-BR': 'Formato de e-mail inválido.', en: 'Invalid e-mail format.' },
  },
  /** A new e-mail or mobile is saved only with the code sent to it (`data.channel`: 'email' | 'mobile'). */
  contact_code_required: {
    status: 400,
    messages: {
      'pt-BR': 'Confirme o novo contato com o código que enviamos para ele.',
      en: 'Confirm the new contact with the code we sent to it.',
    },
  },
  /** The e-mail or mobile changed recently; it cannot recover the account or log in by code until the cooling period ends. */
  recovery_channel_cooling: {
    status: 403,
    messages: {
      'pt-BR':
        'Este contato foi alterado recentemente e só poderá ser usado para recuperar a conta em {hours} horas.',
      en: 'This contact was changed recently and can recover the account only in {hours} hours.',
    },
  },
  /** The session to end is not one of this member's open sessions. */
  session_not_found: {
    status: 404,
    messages: { 'pt-BR': 'Sessão não encontrada.', en: 'Session not found.' },
  },
});

declare module '../../http/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's codes
  interface ErrorRegistry extends CodesOf<typeof AUTH_ERRORS> {}
}
