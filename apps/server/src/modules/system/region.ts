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

/**
 * Each brand's CIDR lists, parsed once per list. The gate runs on every request; parsing the
 * lists (and the visitor's address, when a list is empty) each time was about 6 % of what the
 * server allocated under bench:ledger's load. The parse is kept with a copy of the list it was
 * made from, so a list changed in place is parsed again.
 */
const parsedLists = new WeakMap<readonly string[], { source: string[]; parsed: ParsedCidr[] }>();

function parsedList(cidrs: readonly string[]): ParsedCidr[] {
  const hit = parsedLists.get(cidrs);
  if (hit && hit.source.length === cidrs.length && hit.source.every((c, i) => c === cidrs[i]))
    return hit.parsed;
  const parsed = cidrs.map(parseCidr).filter((c): c is ParsedCidr => c !== null);
  parsedLists.set(cidrs, { source: [...cidrs], parsed });
  return parsed;
}

export function ipInAny(ip: string, cidrs: readonly string[]): boolean {
  if (cidrs.length === 0) return false;
  const address = normalise(ip);
  if (!address) return false;
  return parsedList(cidrs).some(
    (parsed) => parsed[0].kind() === address.kind() && address.match(parsed),
  );
}

/** Whether the brand's region rules shut this visitor out (docs/product.md §4 status 2). */
export function isRegionRestricted(
  ip: string,
  rules: { allowCidrs: string[]; denyCidrs: string[] },
): boolean {
  if (ipInAny(ip, rules.denyCidrs)) return true;
  return rules.allowCidrs.length > 0 && !ipInAny(ip, rules.allowCidrs);
}
