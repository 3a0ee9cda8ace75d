import { describe, expect, it } from 'vitest';
import { ipInAny, isRegionRestricted } from './region';

describe('region rules', () => {
  it('matches IPv4, IPv6 and IPv4-mapped IPv6 against blocks and single addresses', () => {
    const list = ['203.0.113.0/24', '2001:db8::/32', '198.51.100.7'];
    expect(ipInAny('203.0.113.200', list)).toBe(true);
    expect(ipInAny('::ffff:203.0.113.5', list)).toBe(true);
    expect(ipInAny('2001:db8::1', list)).toBe(true);
    expect(ipInAny('198.51.100.7', list)).toBe(true);
    expect(ipInAny('198.51.100.8', list)).toBe(false);
    expect(ipInAny('not an ip', list)).toBe(false);
    expect(ipInAny('203.0.113.9', [])).toBe(false);
  });

  it('follows a list changed in place, not the first reading of it', () => {
    const deny = ['10.0.0.0/8'];
    const rules = { allowCidrs: [] as string[], denyCidrs: deny };
    expect(isRegionRestricted('10.1.2.3', rules)).toBe(true);
    deny[0] = '192.168.0.0/16';
    expect(isRegionRestricted('10.1.2.3', rules)).toBe(false);
    deny.push('10.1.0.0/16');
    expect(isRegionRestricted('10.1.2.3', rules)).toBe(true);
    rules.allowCidrs.push('172.16.0.0/12');
    expect(isRegionRestricted('172.16.0.1', rules)).toBe(false);
    expect(isRegionRestricted('203.0.113.1', rules)).toBe(true);
  });
});
