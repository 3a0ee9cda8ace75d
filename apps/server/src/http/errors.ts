import type { Language } from '@banca/contracts';

type Messages = Record<Language, string>;
export type ErrorDefinition = { status: number; messages: Messages };

/**
 * The error codes the gateway answers with (docs/architecture.md), assembled from one catalogue per
 * module: the gateway's own below, and each module's `errors.ts` (`defineErrors`), which also
 * adds its codes to `ErrorRegistry` so `AppError` accepts exactly the codes that exist. Codes
 * are stable snake_case keys: clients translate by code and tests assert on them, so never
 * rename one. Messages may hold `{name}` placeholders filled from the error's params.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ErrorRegistry extends CodesOf<typeof GATEWAY_ERRORS> {}

/** The registry entries of one catalogue: its codes as keys. */
export type CodesOf<T> = { readonly [K in keyof T]: ErrorDefinition };

const CATALOGUE = new Map<string, ErrorDefinition>();

/** Adds a module's codes to the catalogue; a code defined twice is a programming error. */
export function defineErrors<const T extends Record<string, ErrorDefinition>>(definitions: T): T {
  for (const [code, definition] of Object.entries(definitions)) {
    if (CATALOGUE.has(code)) throw new Error(`error code ${code} is defined twice`);
    CATALOGUE.set(code, definition);
  }
  return definitions;
}

/** Codes of the gateway itself: request shape, encrypted bodies, sessions, the unexpected. */
export const GATEWAY_ERRORS = defineErrors({
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
  // ── other scopes (http/scopes.ts) ───────────────────────────────────────────
  /** An operator route was called without a live staff session. */
  staff_login_required: {
    status: 401,
    messages: {
      'pt-BR': 'Entre com uma conta de operador.',
      en: 'Log in with an operator account.',
    },
  },
  /** The staff member's roles do not include one this operator route allows. */
  staff_role_required: {
    status: 403,
    messages: {
      'pt-BR': 'Seu perfil de operador não permite esta ação.',
      en: 'Your operator role does not allow this action.',
    },
  },
  /** A webhook's signature does not match its body (or is missing). */
  webhook_signature_invalid: {
    status: 401,
    messages: { 'pt-BR': 'Assinatura inválida.', en: 'Invalid signature.' },
  },
  // ── shared services (lib/), whichever module calls them ─────────────────────
  /**
   * The file storage (lib/file-storage.ts: folder or S3-compatible bucket) could not keep or
   * give back a file: payments' receipts and proofs, content's banners and feedback and support
   * pictures, promotions' images.
   */
  file_storage_unavailable: {
    status: 503,
    messages: {
      'pt-BR': 'Não foi possível guardar ou ler o arquivo agora. Tente de novo em instantes.',
      en: 'The file could not be stored or read right now. Try again in a moment.',
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
});

function definitionOf(code: ErrorCode): ErrorDefinition {
  const definition = CATALOGUE.get(code);
  // Only a module whose errors.ts was never imported can get here: modules/index.ts imports all.
  if (!definition) throw new Error(`error code ${code} is not registered`);
  return definition;
}

/** The HTTP status of a code. */
export function errorStatus(code: ErrorCode): number {
  return definitionOf(code).status;
}

export type ErrorCode = keyof ErrorRegistry & string;
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
    return errorStatus(this.code);
  }
}

export function translateError(
  code: ErrorCode,
  language: Language,
  params: ErrorParams = {},
): string {
  const template = definitionOf(code).messages[language];
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    params[name] === undefined ? match : String(params[name]),
  );
}
