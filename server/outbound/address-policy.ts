/**
 * Which IP addresses the server may connect to on a user's behalf (webhooks, later connectors and
 * the LLM adapter). Only global unicast addresses pass: loopback, private, link-local (cloud metadata
 * at 169.254.169.254), unique-local (fd00:ec2::254), CGNAT, multicast, unspecified, broadcast and
 * the documentation and other reserved ranges are refused. IPv6 forms that carry an IPv4 address
 * (mapped, IPv4-compatible, NAT64, 6to4) are judged by the IPv4 address they carry, so
 * `::ffff:127.0.0.1` or `64:ff9b::a9fe:a9fe` do not slip through. The range table is ipaddr.js's
 * (IANA special-purpose registries), not ours.
 */
import ipaddr from 'ipaddr.js';

/** IPv6 ranges that embed an IPv4 address in their last 32 bits. */
const EMBEDDING_LAST_32_BITS = new Set(['ipv4Mapped', 'rfc6145']);

/** The IPv4 address an IPv6 address stands for, null when none, 'refused' for local-use NAT64. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null | 'refused' {
  const range = address.range();
  const parts = address.parts;
  const last32 = () => new ipaddr.IPv4([parts[6]! >> 8, parts[6]! & 0xff, parts[7]! >> 8, parts[7]! & 0xff]);
  if (EMBEDDING_LAST_32_BITS.has(range)) return last32();
  // NAT64: the well-known 64:ff9b::/96 carries the address in its last 32 bits; the local-use
  // 64:ff9b:1::/48 is by definition a local network's own translator.
  if (range === 'rfc6052') return parts[1] === 0xff9b && parts[2] === 0 ? last32() : 'refused';
  // 2002:AABB:CCDD::/48 carries AA.BB.CC.DD.
  if (range === '6to4') return new ipaddr.IPv4([parts[1]! >> 8, parts[1]! & 0xff, parts[2]! >> 8, parts[2]! & 0xff]);
  // The deprecated IPv4-compatible form ::a.b.c.d (but not :: and ::1, which are judged as IPv6).
  if (parts.slice(0, 6).every((part) => part === 0) && (parts[6] !== 0 || parts[7]! > 1)) return last32();
  return null;
}

/** True when the address must not be connected to; anything that is not an IP address is refused. */
export function isRefusedAddress(text: string): boolean {
  // Brackets come with URL hosts; a zone index (fe80::1%eth0) is link-local whatever the zone.
  const bare = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return true;
  // parse, not process: IPv4-mapped addresses must reach the IPv6 branch to be unwrapped below.
  const address = ipaddr.parse(bare);
  if (address.kind() === 'ipv4') return address.range() !== 'unicast';
  const inner = embeddedIPv4(address as ipaddr.IPv6);
  if (inner === 'refused') return true;
  if (inner !== null) return inner.range() !== 'unicast';
  return address.range() !== 'unicast';
}
