import { describe, expect, it } from 'vitest';
import { clockFace, gmtOffset } from './clock';

describe('agent centre clock', () => {
  const at = new Date('2026-11-24T14:05:09Z');

  it('shows the brand zone offset as GMT±hh:mm', () => {
    expect(gmtOffset('America/Sao_Paulo', at)).toBe('GMT-03:00');
    expect(gmtOffset('UTC', at)).toBe('GMT+00:00');
    expect(gmtOffset('Asia/Kolkata', at)).toBe('GMT+05:30');
  });

  it('reads the hour in the brand zone, seconds included', () => {
    expect(clockFace('America/Sao_Paulo', at)).toBe('2026-11-24 11:05:09');
  });
});
