import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { VerificationCodesTable } from './tables';
import { AppError } from '../../http/errors';
import { ProviderError, type MessageSender } from './outside-services';
import { constantTimeEqual, sha256 } from './passwords';

/** Codes expire within 10 minutes (ASVS 2.7.x); the client's countdown is this × 60 s. */
export const CODE_TTL_MINUTES = 10;
/** One send per second per client (docs/product.md §9 "login SMS send throttle 1 s"). */
const MIN_SEND_INTERVAL_MS = 1_000;
/** More sends than this to one destination or from one client within the window → wait 5 minutes. */
const MAX_SENDS_PER_WINDOW = 5;
const SEND_WINDOW_MS = 5 * 60 * 1000;
/** Wrong guesses allowed against one code before it is burned. */
const MAX_CODE_ATTEMPTS = 5;

type Purpose = VerificationCodesTable['purpose'];

const TEXTS: Record<Purpose, Record<'pt-BR' | 'en', string>> = {
  register: {
    'pt-BR': 'Seu código de cadastro {brand}: {code}',
    en: 'Your {brand} sign-up code: {code}',
  },
  login: { 'pt-BR': 'Seu código de acesso {brand}: {code}', en: 'Your {brand} login code: {code}' },
  reset_password: {
    'pt-BR': 'Seu código para redefinir a senha {brand}: {code}',
    en: 'Your {brand} password reset code: {code}',
  },
  login_ip: {
    'pt-BR': 'Código para confirmar um novo acesso {brand}: {code}',
    en: 'Code to confirm a new {brand} login: {code}',
  },
  reauth: {
    'pt-BR': 'Código para confirmar uma alteração de segurança {brand}: {code}',
    en: 'Code to confirm a security change on {brand}: {code}',
  },
  verify_contact: {
    'pt-BR': 'Código para confirmar este contato na sua conta {brand}: {code}',
    en: 'Code to confirm this contact for your {brand} account: {code}',
  },
};

export type NoticeKind = 'email_changed' | 'mobile_changed' | 'totp_disabled' | 'totp_enabled';

/** Warnings sent to a channel the account already had when a recovery channel changes. */
const NOTICES: Record<NoticeKind, Record<'pt-BR' | 'en', string>> = {
  email_changed: {
    'pt-BR':
      'O e-mail da sua conta {brand} foi alterado. Se não foi você, entre em contato com o atendimento imediatamente.',
    en: 'The e-mail of your {brand} account was changed. If this was not you, contact customer service at once.',
  },
  mobile_changed: {
    'pt-BR':
      'O celular da sua conta {brand} foi alterado. Se não foi você, entre em contato com o atendimento imediatamente.',
    en: 'The mobile number of your {brand} account was changed. If this was not you, contact customer service at once.',
  },
  totp_enabled: {
    'pt-BR':
      'Um autenticador foi ativado na sua conta {brand}. Se não foi você, entre em contato com o atendimento imediatamente.',
    en: 'An authenticator was turned on for your {brand} account. If this was not you, contact customer service at once.',
  },
  totp_disabled: {
    'pt-BR':
      'O autenticador da sua conta {brand} foi desativado. Se não foi você, entre em contato com o atendimento imediatamente.',
    en: 'The authenticator of your {brand} account was turned off. If this was not you, contact customer service at once.',
  },
};

/**
 * One-time codes sent by SMS or e-mail: 6 digits, stored hashed, expire in 10 minutes, used
 * once, throttled per client and per destination.
 */
export function createVerificationCodes(
  db: Db,
  sender: MessageSender,
  now: () => number = Date.now,
) {
  async function send(input: {
    merchantCode: string;
    brandName: string;
    purpose: Purpose;
    channel: 'sms' | 'email';
    destination: string;
    clientKey: string;
    language: 'pt-BR' | 'en';
    /** When false the throttles still count, but nothing is sent (no account behind the number: say nothing). */
    deliver?: boolean;
  }): Promise<{ expiredMinutes: number }> {
    const since = new Date(now() - SEND_WINDOW_MS);
    const recent = await db
      .selectFrom('verification_codes')
      .select([
        sql<number>`count(*) filter (where client_key = ${input.clientKey})::int`.as('byClient'),
        sql<number>`count(*) filter (where destination = ${input.destination} and merchant_code = ${input.merchantCode})::int`.as(
          'byDestination',
        ),
        sql<Date | null>`max(created_at) filter (where client_key = ${input.clientKey})`.as(
          'lastByClient',
        ),
      ])
      .where('created_at', '>', since)
      .where((eb) =>
        eb.or([eb('client_key', '=', input.clientKey), eb('destination', '=', input.destination)]),
      )
      .executeTakeFirstOrThrow();
    if (
      recent.lastByClient &&
      now() - new Date(recent.lastByClient).getTime() < MIN_SEND_INTERVAL_MS
    )
      throw new AppError('sms_throttled');
    if (recent.byClient >= MAX_SENDS_PER_WINDOW || recent.byDestination >= MAX_SENDS_PER_WINDOW)
      throw new AppError('sms_too_many_requests');

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await db
      .insertInto('verification_codes')
      .values({
        merchant_code: input.merchantCode,
        purpose: input.purpose,
        channel: input.channel,
        destination: input.destination,
        code_hash: sha256(`${input.destination}:${code}`),
        client_key: input.clientKey,
        expires_at: new Date(now() + CODE_TTL_MINUTES * 60_000),
        used_at: null,
      })
      .execute();
    if (input.deliver ?? true) {
      const body = TEXTS[input.purpose][input.language]
        .replace('{brand}', input.brandName)
        .replace('{code}', code);
      try {
        await sender.send({
          merchantCode: input.merchantCode,
          channel: input.channel,
          destination: input.destination,
          subject: input.channel === 'email' ? body.replace(/: \d+$/, '') : null,
          body,
        });
      } catch (error) {
        if (error instanceof ProviderError)
          throw new AppError(
            error.reason === 'quota_exceeded' ? 'sms_quota_exceeded' : 'sms_unknown_error',
          );
        throw error;
      }
    }
    return { expiredMinutes: CODE_TTL_MINUTES };
  }

  /** Uses the newest live code for this destination; wrong guesses count against it. */
  async function consume(input: {
    merchantCode: string;
    purpose: Purpose;
    destination: string;
    code: string | undefined;
  }): Promise<void> {
    if (!input.code) throw new AppError('verification_code_invalid');
    const latest = await db
      .selectFrom('verification_codes')
      .select(['id', 'code_hash', 'attempts', 'expires_at', 'used_at'])
      .where('merchant_code', '=', input.merchantCode)
      .where('purpose', '=', input.purpose)
      .where('destination', '=', input.destination)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!latest || latest.used_at || latest.attempts >= MAX_CODE_ATTEMPTS)
      throw new AppError('verification_code_invalid');
    if (latest.expires_at.getTime() <= now()) throw new AppError('verification_code_expired');
    if (!constantTimeEqual(latest.code_hash, sha256(`${input.destination}:${input.code}`))) {
      await db
        .updateTable('verification_codes')
        .set({ attempts: sql`attempts + 1` })
        .where('id', '=', latest.id)
        .execute();
      throw new AppError('verification_code_invalid');
    }
    // Conditional update: two requests racing with the same code cannot both use it.
    const used = await db
      .updateTable('verification_codes')
      .set({ used_at: new Date(now()) })
      .where('id', '=', latest.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (used.numUpdatedRows === 0n) throw new AppError('verification_code_invalid');
  }

  /** A security notice (no code) to a channel of the account; not throttled, never fails the change it reports. */
  async function notify(input: {
    merchantCode: string;
    brandName: string;
    kind: NoticeKind;
    channel: 'sms' | 'email';
    destination: string;
    language: 'pt-BR' | 'en';
  }): Promise<void> {
    const body = NOTICES[input.kind][input.language].replace('{brand}', input.brandName);
    try {
      await sender.send({
        merchantCode: input.merchantCode,
        channel: input.channel,
        destination: input.destination,
        subject: input.channel === 'email' ? body.replace(/\. .*$/, '.') : null,
        body,
      });
    } catch (error) {
      // The change is made; a provider that fails to deliver the notice must not undo it.
      if (!(error instanceof ProviderError)) throw error;
    }
  }

  return { send, consume, notify };
}
export type VerificationCodes = ReturnType<typeof createVerificationCodes>;
