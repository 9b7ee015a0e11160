import { BlockList, isIP } from 'node:net';

/**
 * TRUST_PROXY of the server tiers (node only: the web never imports it): the proxies whose X-Forwarded-For is
 * believed, as a comma-separated list of addresses, subnets (`10.0.0.0/8`, `fd00::/8`) and the names
 * `loopback`, `linklocal` and `uniquelocal`; `none` (or `false`) trusts nobody. Trusting every hop (`true`, a
 * hop count) is refused: whoever connects could then choose the address that the login throttle counts.
 */
export type TrustedProxies = (address: string) => boolean;

const NAMED_RANGES: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** An address as a socket or a header gives it, IPv4-mapped IPv6 (`::ffff:10.0.0.1`) as plain IPv4. */
export function plainAddress(address: string): string {
  const trimmed = address.trim();
  return MAPPED_IPV4.exec(trimmed)?.[1] ?? trimmed;
}

export function parseTrustedProxies(raw: string, variable = 'TRUST_PROXY'): TrustedProxies {
  const entries = raw
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
  if (entries.length === 1 && (entries[0] === 'none' || entries[0] === 'false')) return () => false;
  if (entries.length === 0) throw new Error(`${variable} is empty: name the proxies to trust, or 'none'`);
  const list = new BlockList();
  for (const entry of entries) {
    for (const range of NAMED_RANGES[entry] ?? [entry]) {
      const [address = '', prefix, extra] = range.split('/');
      const family = isIP(address);
      const maxBits = family === 4 ? 32 : 128;
      const bits = prefix === undefined ? maxBits : /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
      if (family === 0 || extra !== undefined || bits < 0 || bits > maxBits) {
        throw new Error(
          `${variable} must list proxy addresses, subnets (10.0.0.0/8) or loopback, linklocal, uniquelocal ` +
            `(or be 'none'), got '${raw}'`,
        );
      }
      list.addSubnet(address, bits, family === 4 ? 'ipv4' : 'ipv6');
    }
  }
  return (address) => {
    const plain = plainAddress(address);
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  };
}
