import { ENDPOINTS } from '@banca/contracts';
import { apiRequestWithHeaders } from '@/api/client';

/**
 * `captchaIdHeader` of @banca/contracts, spelled out: importing it pulls the rest of
 * contracts/auth.ts, whose schemas keep zod (~40 KB gzipped) in the login chunk. The contract
 * test in get-captcha.test.ts keeps the two in step.
 */
export const CAPTCHA_ID_HEADER = 'x-captcha-id';

export type Captcha = { imageUrl: string; id: string };

/** `GET /wps/captcha`: the image is a data URL in `value`, its id in the `x-captcha-id` header. */
export async function getCaptcha(): Promise<Captcha> {
  const { value, headers } = await apiRequestWithHeaders<string>(ENDPOINTS.auth.captcha);
  return { imageUrl: value, id: headers.get(CAPTCHA_ID_HEADER) ?? '' };
}
