import { randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../../db/connect';
import { AppError } from '../../http/errors';
import { captchaText, renderCaptcha, type Rng } from './captcha-image';
import { constantTimeEqual, sha256 } from './passwords';

/** A captcha is answerable for 5 minutes, once. */
const CAPTCHA_TTL_MS = 5 * 60 * 1000;

/** Who fetched a captcha: only the same IP and user agent may answer it. */
export type CaptchaClient = { ip: string; userAgent: string | null };

/** 2^31 steps: as fine as a double's useful bits here, and drawn from the system's CSPRNG. */
const RNG_STEPS = 2 ** 31;
const secureRng: Rng = () => randomInt(RNG_STEPS) / RNG_STEPS;

function clientHash(client: CaptchaClient): string {
  return sha256(`${client.ip}\n${client.userAgent ?? ''}`);
}

/**
 * Image captchas (docs/product.md §2 login dialog): a distorted PNG (captcha-image.ts) whose answer
 * is stored hashed with the client that fetched it; it expires and is used once.
 */
export function createCaptchaService(db: Db, now: () => number = Date.now) {
  async function issue(client: CaptchaClient): Promise<{ id: string; imageDataUrl: string }> {
    const text = captchaText(secureRng);
    const png = renderCaptcha(text, secureRng);
    const id = randomBytes(16).toString('base64url');
    await db
      .insertInto('captchas')
      .values({
        id,
        answer_hash: sha256(text.toLowerCase()),
        client_hash: clientHash(client),
        expires_at: new Date(now() + CAPTCHA_TTL_MS),
        used_at: null,
      })
      .execute();
    return { id, imageDataUrl: `data:image/png;base64,${png.toString('base64')}` };
  }

  /**
   * Consumes the captcha whatever the answer, and whoever sends it: a wrong guess needs a new
   * image, and an answer relayed from another client burns the captcha it stole.
   */
  async function verify(
    id: string | undefined,
    answer: string | undefined,
    client: CaptchaClient,
  ): Promise<void> {
    if (!id || !answer) throw new AppError('captcha_required', { data: { captcha: true } });
    const row = await db
      .updateTable('captchas')
      .set({ used_at: new Date(now()) })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date(now()))
      .returning(['answer_hash', 'client_hash'])
      .executeTakeFirst();
    const answerOk = constantTimeEqual(row?.answer_hash ?? '', sha256(answer.trim().toLowerCase()));
    const clientOk = constantTimeEqual(row?.client_hash ?? '', clientHash(client));
    if (!row || !answerOk || !clientOk) {
      throw new AppError('captcha_invalid', { data: { captcha: true } });
    }
  }

  return { issue, verify };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
