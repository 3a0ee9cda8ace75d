import { gameMenusSchema } from '@banca/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { unwrapEnvelope, type ClientMessages } from './envelope';

const messages: ClientMessages = {
  network_error: 'network',
  network_timeout: 'timeout',
  invalid_response: 'invalid',
  server_error: 'server',
};

describe('unwrapEnvelope', () => {
  it('returns the value of a success envelope', () => {
    expect(unwrapEnvelope({ success: true, value: { a: 1 } }, 200, messages)).toEqual({ a: 1 });
  });

  it('throws the error envelope as an ApiError with code, message, data and status', () => {
    const failure = {
      success: false,
      code: 'captcha_required',
      message: 'Digite o captcha.',
      data: { captcha: true },
    };
    expect(() => unwrapEnvelope(failure, 400, messages)).toThrowError(ApiError);
    try {
      unwrapEnvelope(failure, 400, messages);
    } catch (error) {
      expect(error).toMatchObject({
        code: 'captcha_required',
        message: 'Digite o captcha.',
        data: { captcha: true },
        status: 400,
      });
    }
  });

  it('never shows the body of a non-envelope answer', () => {
    expect(() => unwrapEnvelope('<html>Bad gateway</html>', 502, messages)).toThrowError(
      expect.objectContaining({ code: 'server_error', message: 'server' }),
    );
    expect(() => unwrapEnvelope(undefined, 200, messages)).toThrowError(
      expect.objectContaining({ code: 'invalid_response' }),
    );
  });

  it('rejects a value that breaks its contract', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      unwrapEnvelope(
        { success: true, value: [{ gameCategory: 'POKER', vendors: [] }] },
        200,
        messages,
        gameMenusSchema,
      ),
    ).toThrowError(expect.objectContaining({ code: 'invalid_response' }));
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
