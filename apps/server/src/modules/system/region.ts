import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** An IPv4 or IPv6 CIDR block (`203.0.113.0/24`, `2001:db8::/32`) or a single address. */
export const cidrSchema = z.string().refine((value) => parseCidr(value) !== null, {
  message: 'not a valid IP address or CIDR block',
});

type ParsedCidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

function parseCidr(value: string): ParsedCidr | null {
  try {
    if (value.includes('/')) return ipaddr.parseCIDR(value);
    const address = ipaddr.parse(value);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
}

/** IPv4-mapped IPv6 (`::ffff:10.0.0.1`, as dual-stack sockets report) is compared as IPv4. */
function normalise(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ipaddr.isValid(ip)) return null;
  const address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (address as ipaddr.IPv6).toIPv4Address();
  }
  return address;
}

export function ipInAny(ip: string, cidrs: readonly string[]): boolean {
  const address = normalise(ip);
  if (!address) return false;
  return cidrs.some((cidr) => {
    const parsed = parseCidr(cidr);
    if (!parsed || parsed[0].kind() !== address.kind()) return false;
    return address.match(parsed);
  });
}

/** Whether the brand's region rules shut this visitor out (spec §4 status 2). */
export function isRegionRestricted(
  ip: string,
  rules: { allowCidrs: string[]; denyCidrs: string[] },
): boolean {
  if (ipInAny(ip, rules.denyCidrs)) return true;
  return rules.allowCidrs.length > 0 && !ipInAny(ip, rules.allowCidrs);
}
