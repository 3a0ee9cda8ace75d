import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { fieldOfError, issueMessage } from './field-errors';

const FIELDS = ['username', 'mobileNum', 'confirmPassword'] as const;

describe('fieldOfError', () => {
  it('places field_invalid beside the field the server names', () => {
    const error = new ApiError('field_invalid', 'Use somente números.', 400, {
      field: 'mobileNum',
    });
    expect(fieldOfError(error, FIELDS)).toBe('mobileNum');
  });

  it('places validation_failed beside the first issue’s field', () => {
    const error = new ApiError('validation_failed', 'x', 400, {
      issues: [
        { field: 'email', rule: 'x', message: 'a' },
        { field: 'username', rule: 'y', message: 'b' },
      ],
    });
    expect(fieldOfError(error, FIELDS)).toBe('username');
    expect(issueMessage(error)).toBe('a');
  });

  it('ties other codes to fields through the form’s map, else to the whole form', () => {
    const taken = new ApiError('username_taken', 'Este nome de usuário já está em uso.', 409);
    expect(fieldOfError(taken, FIELDS, { username_taken: 'username' })).toBe('username');
    expect(fieldOfError(new ApiError('login_locked', 'x', 429), FIELDS, {})).toBeNull();
    expect(fieldOfError(new Error('boom'), FIELDS)).toBeNull();
  });

  it('ignores a field the form does not show', () => {
    const error = new ApiError('field_invalid', 'x', 400, { field: 'qqNum' });
    expect(fieldOfError(error, FIELDS)).toBeNull();
  });
});
