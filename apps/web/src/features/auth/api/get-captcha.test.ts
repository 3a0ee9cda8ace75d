import { captchaIdHeader } from '@banca/contracts';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_ID_HEADER } from './get-captcha';

describe('getCaptcha', () => {
  it('reads the captcha id from the header the contract names', () => {
    expect(CAPTCHA_ID_HEADER).toBe(captchaIdHeader);
  });
});
