import type { Language } from '@banca/contracts';

type Messages = Record<Language, string>;
type ErrorDefinition = { status: number; messages: Messages };

/**
 * The one catalogue of error codes the gateway answers with (DESIGN.md §2). Codes are stable
 * snake_case keys: clients translate by code and tests assert on them, so never rename one.
 * Messages may hold `{name}` placeholders filled from the error's params.
 */
export const ERRORS = {
  // ── request shape ───────────────────────────────────────────────────────────
  /** No route answers this method and path. */
  not_found: {
    status: 404,
    messages: { 'pt-BR': 'Endereço não encontrado.', en: 'Not found.' },
  },
  /** The body is not valid JSON (or not valid form data) for its Content-Type. */
  invalid_json: {
    status: 400,
    messages: {
      'pt-BR': 'O corpo da requisição não é um JSON válido.',
      en: 'The request body is not valid JSON.',
    },
  },
  /** A field of the body, query or path has the wrong type, format or length; `data.issues` lists them. */
  validation_failed: {
    status: 400,
    messages: { 'pt-BR': 'Dados inválidos: {detail}', en: 'Invalid data: {detail}' },
  },
  /** The body is larger than the route accepts. */
  payload_too_large: {
    status: 413,
    messages: { 'pt-BR': 'A requisição é grande demais.', en: 'The request is too large.' },
  },
  /** The URL does not decode (a broken percent-escape) or a path segment is over the router's limit. */
  bad_url: {
    status: 400,
    messages: { 'pt-BR': 'Endereço inválido.', en: 'Invalid address.' },
  },
  /** The headers are larger than the HTTP parser accepts (Node's 16 KB); answered on the socket. */
  headers_too_large: {
    status: 431,
    messages: {
      'pt-BR': 'Os cabeçalhos da requisição são grandes demais.',
      en: 'The request headers are too large.',
    },
  },
  /** The HTTP parser could not read the request at all (bad request line, bad header syntax). */
  malformed_request: {
    status: 400,
    messages: {
      'pt-BR': 'A requisição está malformada.',
      en: 'The request is malformed.',
    },
  },
  /** The client took too long to send its request headers or body. */
  request_timeout: {
    status: 408,
    messages: {
      'pt-BR': 'A requisição demorou demais para chegar. Tente novamente.',
      en: 'The request took too long to arrive. Please try again.',
    },
  },
  /** The body's Content-Type is not one the route reads. */
  unsupported_media_type: {
    status: 415,
    messages: {
      'pt-BR': 'Tipo de conteúdo não suportado.',
      en: 'Unsupported content type.',
    },
  },
  /** `X-Gateway-Version` names a protocol version this server does not speak. */
  unsupported_gateway_version: {
    status: 400,
    messages: {
      'pt-BR': 'Versão do gateway não suportada: {version}.',
      en: 'Unsupported gateway version: {version}.',
    },
  },
  /** The `Merchant` header names no brand of this platform. */
  unknown_merchant: {
    status: 400,
    messages: {
      'pt-BR': 'URL inválida, falha na verificação do domínio. Contate o atendimento ao cliente.',
      en: 'Invalid URL, domain check failed. Please contact customer service.',
    },
  },
  /** Too many requests from this client in a short time. */
  too_many_requests: {
    status: 429,
    messages: {
      'pt-BR': 'Muitas solicitações. Tente novamente em {retryAfterSeconds} segundos.',
      en: 'Too many requests. Try again in {retryAfterSeconds} seconds.',
    },
  },
  // ── site state ──────────────────────────────────────────────────────────────
  /** The brand is in maintenance; only the status endpoints answer. */
  site_maintenance: {
    status: 503,
    messages: {
      'pt-BR': 'O site está em manutenção. Volte em breve.',
      en: 'The site is under maintenance. Please come back soon.',
    },
  },
  /** The visitor's IP is outside the regions the brand serves. */
  region_restricted: {
    status: 403,
    messages: {
      'pt-BR': 'Desculpe, o acesso a partir do seu IP ({ip}) não é permitido.',
      en: 'Sorry, access from your IP ({ip}) is not allowed.',
    },
  },
  // ── encrypted bodies ────────────────────────────────────────────────────────
  /** A route marked E received a plain body; it only accepts `{ enc: {...} }`. */
  encryption_required: {
    status: 400,
    messages: {
      'pt-BR': 'Esta operação exige dados criptografados.',
      en: 'This operation requires an encrypted body.',
    },
  },
  /** The body names a key this server no longer (or never) had; fetch /wps/session/key/rsa again. */
  encryption_key_unknown: {
    status: 400,
    messages: {
      'pt-BR': 'Chave de criptografia expirada. Tente novamente.',
      en: 'The encryption key has expired. Please try again.',
    },
  },
  /** The encrypted body could not be decrypted or is not JSON. */
  encryption_invalid: {
    status: 400,
    messages: {
      'pt-BR': 'Não foi possível ler os dados criptografados.',
      en: 'The encrypted data could not be read.',
    },
  },
  /** This encrypted body was already sent once: each ciphertext is accepted a single time. */
  encryption_replayed: {
    status: 400,
    messages: {
      'pt-BR': 'Esta requisição já foi enviada. Tente novamente.',
      en: 'This request was already sent. Please try again.',
    },
  },
  // ── sessions ────────────────────────────────────────────────────────────────
  /** The route needs a session and none (or an ended/expired one) was sent. */
  not_logged_in: {
    status: 401,
    messages: {
      'pt-BR': 'Você não está conectado. Faça login.',
      en: 'You are not logged in. Please log in.',
    },
  },
  /** The session may only change its password (forced change pending). */
  password_change_required: {
    status: 403,
    messages: {
      'pt-BR': 'Altere sua senha para continuar.',
      en: 'Please change your password to continue.',
    },
  },
  /** Trial (free play) accounts cannot do this; they must register a real account. */
  trial_register_first: {
    status: 403,
    messages: {
      'pt-BR': 'Registre uma conta real primeiro.',
      en: 'Please register a real account first.',
    },
  },
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
  /** The password is among the most common ones (ASVS 2.1.7). */
  password_too_common: {
    status: 400,
    messages: {
      'pt-BR': 'Esta senha é comum demais. Escolha outra.',
      en: 'This password is too common. Please choose another.',
    },
  },
  // ── phone and e-mail codes (spec §8 phone-authentication errors) ────────────
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
  /** The new password equals the current one. */
  password_unchanged: {
    status: 400,
    messages: {
      'pt-BR': 'A nova senha deve ser diferente da atual.',
      en: 'The new password must differ from the current one.',
    },
  },
  /** Forgot password by e-mail: no account has this username and e-mail (spec §8). */
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
  // ── wallet ──────────────────────────────────────────────────────────────────
  /** The amount is not a positive number with at most two decimals, or is beyond the limit. */
  invalid_amount: {
    status: 400,
    messages: {
      'pt-BR': 'Valor inválido: use um número positivo com no máximo duas casas decimais.',
      en: 'Invalid amount: use a positive number with at most two decimals.',
    },
  },
  /** The source wallet has less than the amount; `data.balanceMinor` is what it holds. */
  insufficient_funds: {
    status: 400,
    messages: { 'pt-BR': 'Saldo insuficiente.', en: 'Insufficient balance.' },
  },
  /** The same idempotency key was sent before with a different amount or account. */
  idempotency_conflict: {
    status: 409,
    messages: {
      'pt-BR': 'Esta operação já foi registrada com outros dados.',
      en: 'This operation was already recorded with different data.',
    },
  },
  /** The wallet (accountTypeId) does not exist for this member, or is the same on both sides. */
  unknown_wallet: {
    status: 400,
    messages: { 'pt-BR': 'Carteira inválida.', en: 'Invalid wallet.' },
  },
  /** The brand runs a single wallet: there is nothing to transfer between. */
  single_wallet_brand: {
    status: 400,
    messages: {
      'pt-BR': 'Este site usa uma carteira única.',
      en: 'This site uses a single wallet.',
    },
  },
  /** A date range is reversed or longer than allowed. */
  invalid_date_range: {
    status: 400,
    messages: {
      'pt-BR': 'Período inválido (máximo de {maxDays} dias).',
      en: 'Invalid period (at most {maxDays} days).',
    },
  },
  // ── games ───────────────────────────────────────────────────────────────────
  /** No game has this node id. */
  game_not_found: {
    status: 404,
    messages: { 'pt-BR': 'Jogo não encontrado.', en: 'Game not found.' },
  },
  /** The game (or its vendor) is under maintenance; `data.suggestions` lists popular games to play instead. */
  game_maintenance: {
    status: 409,
    messages: {
      'pt-BR': 'Este jogo está em manutenção. Que tal um destes jogos populares?',
      en: 'This game is under maintenance. How about one of these popular games?',
    },
  },
  /** Launching needs the vendor integration, which is not connected yet. */
  game_launch_unavailable: {
    status: 503,
    messages: {
      'pt-BR': 'Não foi possível abrir o jogo agora: o provedor ainda não está conectado.',
      en: 'The game cannot be opened right now: the provider is not connected yet.',
    },
  },
  // ── server ──────────────────────────────────────────────────────────────────
  /** Anything unexpected. Details are logged with the request id, never sent. */
  internal_error: {
    status: 500,
    messages: {
      'pt-BR':
        'Erro interno. Tente novamente; se persistir, informe o código {requestId} ao atendimento.',
      en: 'Internal error. Please try again; if it persists, give code {requestId} to customer service.',
    },
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;
export type ErrorParams = Record<string, string | number>;

/**
 * The error services throw. `params` fill the message placeholders; `data` travels to the
 * client untouched (e.g. `{ captcha: true }`).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: ErrorParams;
  readonly data: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    options: { params?: ErrorParams; data?: Record<string, unknown> } = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.params = options.params ?? {};
    this.data = options.data;
  }

  get status(): number {
    return ERRORS[this.code].status;
  }
}

export function translateError(
  code: ErrorCode,
  language: Language,
  params: ErrorParams = {},
): string {
  const template = ERRORS[code].messages[language];
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    params[name] === undefined ? match : String(params[name]),
  );
}
