import { describe, expect, it } from 'vitest';
import { parseTrustedProxies, plainAddress } from '../src/trusted-proxies.ts';

describe('parseTrustedProxies', () => {
  it('trusts the listed addresses, subnets and named ranges, IPv4-mapped addresses included', () => {
    const trusted = parseTrustedProxies('loopback, 10.1.2.3, 192.168.0.0/16, fd00::/8');
    for (const address of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1', '10.1.2.3', '192.168.4.5']) {
      expect(trusted(address), address).toBe(true);
    }
    expect(trusted('fd12::1')).toBe(true);
    for (const address of ['10.1.2.4', '203.0.113.7', 'fe80::1', '', 'n/importe']) {
      expect(trusted(address), address).toBe(false);
    }
    expect(parseTrustedProxies('uniquelocal')('172.20.0.3')).toBe(true);
    expect(parseTrustedProxies('linklocal')('169.254.1.1')).toBe(true);
  });

  it('trusts nobody with none or false', () => {
    expect(parseTrustedProxies('none')('127.0.0.1')).toBe(false);
    expect(parseTrustedProxies('false')('127.0.0.1')).toBe(false);
  });

  it('refuses what would trust everyone or is no address, naming the variable', () => {
    for (const raw of [
      'true',
      '*',
      '1',
      '10.0.0.0/33',
      '10.0.0.0/8/2',
      '10.0.0.0/x',
      'passerelle',
      'none, 10.0.0.1',
    ]) {
      expect(() => parseTrustedProxies(raw, 'GATEWAY_TRUST_PROXY'), raw).toThrow(
        /^GATEWAY_TRUST_PROXY must list proxy addresses/,
      );
    }
    expect(() => parseTrustedProxies(' , ')).toThrow(/^TRUST_PROXY is empty/);
  });
});

it('plainAddress gives an IPv4-mapped IPv6 address as IPv4', () => {
  expect(plainAddress(' ::ffff:10.0.0.1 ')).toBe('10.0.0.1');
  expect(plainAddress('2001:db8::1')).toBe('2001:db8::1');
});
