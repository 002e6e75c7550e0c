import { BlockList, isIPv4 } from 'node:net';

/**
 * The addresses Tidings never sends a webhook to: every special-purpose range of the IANA IPv4 and
 * IPv6 registries, that is all but global unicast (private, loopback, link-local, carrier-grade
 * NAT, documentation, benchmarking, multicast, anycast infrastructure, reserved...), so an
 * endpoint's URL cannot make the server call into its own network. An IPv6 address that carries an
 * IPv4 one (IPv4-mapped, the well-known NAT64 prefix, 6to4) is judged by the IPv4 address it
 * reaches; the local-use NAT64 prefix, whose layout varies, is refused whole.
 */

const V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.31.196.0', 24],
  ['192.52.193.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['192.175.48.0', 24],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const V6: [string, number][] = [
  // The unspecified address, loopback, and the deprecated IPv4-compatible ::a.b.c.d (RFC 4291).
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
  ['2620:4f:8000::', 48],
  ['5f00::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

/** IPv6 ranges whose addresses carry an IPv4 address: its bits, and where they start. */
const CARRIERS: { prefix: bigint; bits: number; v4At: number }[] = [
  { prefix: 0xffffn << 32n, bits: 96, v4At: 0 }, // ::ffff:a.b.c.d, IPv4-mapped
  { prefix: 0x0064ff9bn << 96n, bits: 96, v4At: 0 }, // 64:ff9b::a.b.c.d, NAT64
  { prefix: 0x2002n << 112n, bits: 16, v4At: 80 }, // 2002:AABB:CCDD::, 6to4
];

const refused = new BlockList();
for (const [network, prefix] of V4) refused.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of V6) refused.addSubnet(network, prefix, 'ipv6');

/** An IPv6 address as a 128-bit number (`::` shortening and an IPv4 tail allowed). */
function v6Bits(address: string): bigint {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const groups =
    rest === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((bits, group) => (bits << 16n) | BigInt(parseInt(group || '0', 16)), 0n);
}

const v4Text = (bits: bigint) =>
  [24n, 16n, 8n, 0n].map((shift) => Number((bits >> shift) & 0xffn)).join('.');

/** The IPv4 address an IPv6 one reaches through a translation or tunnel, if it does. */
function carriedV4(address: string): string | null {
  const bits = v6Bits(address);
  for (const { prefix, bits: length, v4At } of CARRIERS) {
    const mask = ((1n << BigInt(length)) - 1n) << BigInt(128 - length);
    if ((bits & mask) === prefix) return v4Text((bits >> BigInt(v4At)) & 0xffffffffn);
  }
  return null;
}

/** Whether Tidings refuses to send to this IP address (text, IPv4 or IPv6). */
export function isRefusedAddress(address: string): boolean {
  if (isIPv4(address)) return refused.check(address, 'ipv4');
  const v4 = carriedV4(address);
  if (v4 !== null) return refused.check(v4, 'ipv4');
  return refused.check(address.replace(/%.*$/, ''), 'ipv6');
}
