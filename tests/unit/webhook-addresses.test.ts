import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { isRefusedAddress } from '../../src/server/webhooks/addresses';

/**
 * Which addresses a webhook may reach, against an independent library's reading of the IANA
 * special-purpose registries (ipaddr.js: `range()` is 'unicast' only for global unicast): over
 * random IPv4 and IPv6 addresses, addresses inside every special range, and IPv4 addresses
 * wrapped in IPv6 (mapped, NAT64, 6to4), Tidings refuses exactly those that are not global unicast.
 */

const v4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * The oracle: not global unicast, an IPv6 address that carries an IPv4 one judged by it. Tidings
 * also refuses the deprecated IPv4-compatible addresses, ::/96 (RFC 4291, 2.5.5.1), which the
 * library reads as unicast (and, written `::a.b.c.d`, as IPv4-mapped).
 */
function notGlobal(address: string): boolean {
  if (/^::\d+\.\d+\.\d+\.\d+$/.test(address)) return true;
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (v6.match(ipaddr.parse('::') as ipaddr.IPv6, 96)) return true;
    const parts = v6.parts;
    if (v6.isIPv4MappedAddress()) return notGlobal(v6.toIPv4Address().toString());
    if (v6.match(ipaddr.parse('64:ff9b::') as ipaddr.IPv6, 96)) {
      return notGlobal(v4Of(parts[6]!, parts[7]!));
    }
    if (v6.range() === '6to4') return notGlobal(v4Of(parts[1]!, parts[2]!));
  }
  return ip.range() !== 'unicast';
}

/** Every range the library names, as CIDRs, to draw addresses inside each. */
const specialRanges = (['IPv4', 'IPv6'] as const).flatMap((kind) =>
  Object.values(
    (ipaddr[kind].prototype as unknown as { SpecialRanges: Record<string, unknown> }).SpecialRanges,
  ).flatMap((ranges) =>
    (
      (Array.isArray((ranges as unknown[])[0]) ? ranges : [ranges]) as [
        ipaddr.IPv4 | ipaddr.IPv6,
        number,
      ][]
    ).map(([network, bits]) => ({ network, bits })),
  ),
);

/** An address inside a range: its network's bits, then random ones. */
const insideARange = fc
  .tuple(fc.constantFrom(...specialRanges), fc.uint8Array({ minLength: 16, maxLength: 16 }))
  .map(([{ network, bits }, random]) => {
    const bytes = network.toByteArray();
    for (let i = 0; i < bytes.length; i++) {
      const kept = Math.max(0, Math.min(8, bits - i * 8));
      const mask = (0xff << (8 - kept)) & 0xff;
      bytes[i] = (bytes[i]! & mask) | (random[i]! & ~mask & 0xff);
    }
    return ipaddr.fromByteArray(bytes).toString();
  });

const v4 = fc.ipV4();
/** IPv4 addresses wrapped in IPv6 forms that reach them. */
const wrapped = fc.tuple(v4, fc.constantFrom('mapped', 'nat64', '6to4')).map(([address, form]) => {
  const [a, b, c, d] = address.split('.').map(Number) as [number, number, number, number];
  const high = ((a << 8) | b).toString(16);
  const low = ((c << 8) | d).toString(16);
  if (form === 'mapped') return `::ffff:${address}`;
  if (form === 'nat64') return `64:ff9b::${high}:${low}`;
  return `2002:${high}:${low}::1`;
});

describe('the addresses a webhook may reach', () => {
  it('refuses exactly what is not global unicast, by an independent reading of the registries', () => {
    fc.assert(
      fc.property(fc.oneof(v4, fc.ipV6(), insideARange, wrapped), (address) => {
        expect(isRefusedAddress(address), address).toBe(notGlobal(address));
      }),
      { numRuns: 20_000 },
    );
  });

  it('refuses the addresses an attacker would aim at', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::',
    ]) {
      expect(isRefusedAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.215.14', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isRefusedAddress(address), address).toBe(false);
    }
  });
});
