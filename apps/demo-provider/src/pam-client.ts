import { randomUUID } from 'node:crypto';

/**
 * A client of the Valkyrie PAM API v0.6.0 (`pam/pam_api.yml` of valkyrie-fnd/valkyrie), written
 * from the contract alone: `Authorization: Bearer <api key>`, `X-Player-Token`,
 * `X-Correlation-ID`, the query parameter `provider`, the `{status: OK|ERROR}` wrapper, amounts
 * as JSON numbers. It knows nothing of Banca beyond the base URL.
 */

export interface PamSession {
  playerId: string;
  token: string;
  currency: string;
  country: string;
  language: string;
  gameId?: string;
}

export interface PamBalance {
  cashAmount: number;
  bonusAmount: number;
  promoAmount: number;
}

export type TransactionType = 'WITHDRAW' | 'DEPOSIT' | 'CANCEL';

export interface PamTransaction {
  currency: string;
  provider: string;
  transactionType: TransactionType;
  cashAmount: number;
  bonusAmount: number;
  promoAmount: number;
  transactionDateTime: string;
  providerTransactionId: string;
  providerBetRef?: string;
  providerGameId?: string;
  providerRoundId?: string;
  betCode?: string;
  isGameOver?: boolean;
}

export interface PamTransactionResult {
  transactionId?: string;
  balance?: PamBalance;
}

/** A business error the PAM answered (`status: ERROR`), or a hard HTTP error with its code. */
export class PamError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus: number,
    /** The balance an error answer carries where the contract says so (overdraft, …). */
    readonly balance?: PamBalance,
  ) {
    super(`${code}: ${message}`);
  }
}

/** The PAM could not be reached or answered something that is not the contract's wrapper. */
export class PamUnavailable extends Error {}

export interface PamClientOptions {
  /** e.g. http://127.0.0.1:8080/pam */
  baseUrl: string;
  apiKey: string;
  /** A call that takes longer is treated as a network failure (a WITHDRAW is then cancelled). */
  timeoutMs?: number;
}

/** Long enough for a busy PAM; short enough that a player is not left staring at a spinning reel. */
const DEFAULT_TIMEOUT_MS = 5_000;

export interface PamClient {
  getSession(provider: string, token: string): Promise<PamSession>;
  getBalance(provider: string, token: string, playerId: string): Promise<PamBalance>;
  addTransaction(
    provider: string,
    token: string,
    playerId: string,
    transaction: PamTransaction,
  ): Promise<PamTransactionResult>;
}

export function createPamClient(options: PamClientOptions): PamClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    provider: string,
    token: string,
    body?: unknown,
  ): Promise<T> {
    const url = `${base}${path}?provider=${encodeURIComponent(provider)}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${options.apiKey}`,
          'X-Player-Token': token,
          'X-Correlation-ID': randomUUID(),
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PamUnavailable(`PAM ${method} ${path}: ${(error as Error).message}`);
    }
    let payload: {
      status?: string;
      error?: { code?: string; message?: string; msg?: string };
    } & Record<string, unknown>;
    try {
      payload = (await response.json()) as typeof payload;
    } catch {
      throw new PamUnavailable(
        `PAM ${method} ${path}: HTTP ${response.status} without a JSON body`,
      );
    }
    if (payload.status === 'OK' && response.ok) return payload as T;
    const code = payload.error?.code;
    if (typeof code === 'string' && code.startsWith('PAM_ERR_')) {
      const result = payload.transactionResult as PamTransactionResult | undefined;
      const balance = (result?.balance ?? payload.balance) as PamBalance | undefined;
      throw new PamError(
        code,
        payload.error?.message ?? payload.error?.msg ?? '',
        response.status,
        balance,
      );
    }
    throw new PamUnavailable(
      `PAM ${method} ${path}: HTTP ${response.status}, status ${String(payload.status)}`,
    );
  }

  return {
    async getSession(provider, token) {
      const answer = await call<{ session: PamSession }>(
        'GET',
        '/players/session',
        provider,
        token,
      );
      return answer.session;
    },
    async getBalance(provider, token, playerId) {
      const answer = await call<{ balance: PamBalance }>(
        'GET',
        `/players/${encodeURIComponent(playerId)}/balance`,
        provider,
        token,
      );
      return answer.balance;
    },
    async addTransaction(provider, token, playerId, transaction) {
      const answer = await call<{ transactionResult: PamTransactionResult }>(
        'POST',
        `/players/${encodeURIComponent(playerId)}/transactions`,
        provider,
        token,
        transaction,
      );
      return answer.transactionResult;
    },
  };
}
