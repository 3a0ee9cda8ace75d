import { randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/connect';
import { AppError } from '../../http/errors';
import { constantTimeEqual, sha256 } from './passwords';

/** A captcha is answerable for 5 minutes, once. */
const CAPTCHA_TTL_MS = 5 * 60 * 1000;

/**
 * Image captchas (spec §2 login dialog). The text is drawn as glyph outlines with noise, never
 * as SVG text, so reading it takes OCR; the answer is stored hashed, expires, and is used once.
 */
export function createCaptchaService(db: Db, now: () => number = Date.now) {
  async function issue(): Promise<{ id: string; imageDataUrl: string }> {
    const captcha = svgCaptcha.create({
      size: 4,
      noise: 3,
      color: true,
      background: '#f3f4f6',
      ignoreChars: '0oO1ilI',
    });
    const id = randomBytes(16).toString('base64url');
    await db
      .insertInto('captchas')
      .values({
        id,
        answer_hash: sha256(captcha.text.toLowerCase()),
        expires_at: new Date(now() + CAPTCHA_TTL_MS),
        used_at: null,
      })
      .execute();
    const imageDataUrl = `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`;
    return { id, imageDataUrl };
  }

  /** Consumes the captcha whatever the answer: a wrong guess needs a new image. */
  async function verify(id: string | undefined, answer: string | undefined): Promise<void> {
    if (!id || !answer) throw new AppError('captcha_required', { data: { captcha: true } });
    const row = await db
      .updateTable('captchas')
      .set({ used_at: new Date(now()) })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date(now()))
      .returning('answer_hash')
      .executeTakeFirst();
    if (!row || !constantTimeEqual(row.answer_hash, sha256(answer.trim().toLowerCase()))) {
      throw new AppError('captcha_invalid', { data: { captcha: true } });
    }
  }

  return { issue, verify };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
