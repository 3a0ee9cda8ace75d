import { describe, expect, it } from 'vitest';
import { isSameLocation } from './navigation';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('isSameLocation', () => {
  it('recognises the page already shown', () => {
    expect(isSameLocation(at('/login'), '/login')).toBe(true);
    expect(isSameLocation(at('/member', '?page=withdraw'), '/member?page=withdraw')).toBe(true);
    expect(isSameLocation(at('/rng', '?a=1&b=2'), '/rng?b=2&a=1')).toBe(true);
    expect(isSameLocation(at('/rng'), '/rng/')).toBe(true);
  });

  it('treats a different path, query or hash as a new page', () => {
    expect(isSameLocation(at('/'), '/login')).toBe(false);
    expect(isSameLocation(at('/member', '?page=withdraw'), '/member?page=depositv2')).toBe(false);
    expect(isSameLocation(at('/help'), '/help#term')).toBe(false);
  });

  it('accepts path objects', () => {
    expect(
      isSameLocation(at('/member', '?page=withdraw'), {
        pathname: '/member',
        search: '?page=withdraw',
      }),
    ).toBe(true);
  });
});
