/** Addresses the server must never connect to on a user's behalf, in every form they take. */
import { describe, expect, it } from 'vitest';
import { isRefusedAddress } from './address-policy';

const REFUSED: [string, string][] = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback, end of 127/8'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'this network 0/8'],
  ['10.0.0.5', 'private 10/8'],
  ['172.16.0.1', 'private 172.16/12'],
  ['172.31.255.255', 'private 172.16/12, end'],
  ['192.168.1.1', 'private 192.168/16'],
  ['169.254.169.254', 'cloud metadata (link-local)'],
  ['169.254.0.1', 'link-local'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.100.100.200', 'Alibaba metadata (CGNAT)'],
  ['192.0.0.192', 'Oracle metadata (IETF protocol assignments)'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast (SSDP)'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved 240/4'],
  ['192.0.2.10', 'documentation'],
  ['198.18.0.1', 'benchmarking'],
  ['::1', 'IPv6 loopback'],
  ['[::1]', 'IPv6 loopback in URL brackets'],
  ['::', 'IPv6 unspecified'],
  ['fe80::1', 'IPv6 link-local'],
  ['fe80::1%eth0', 'IPv6 link-local with a zone'],
  ['fc00::1', 'unique-local'],
  ['fd00:ec2::254', 'AWS metadata over IPv6 (unique-local)'],
  ['ff02::1', 'IPv6 multicast'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:0:127.0.0.1', 'IPv4-translated (RFC 6145) loopback'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['::a9fe:a9fe', 'IPv4-compatible metadata'],
  ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of metadata'],
  ['64:ff9b:1::8.8.8.8', 'local-use NAT64'],
  ['2002:7f00:1::1', '6to4 of loopback'],
  ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
  ['2001:db8::1', 'IPv6 documentation'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['fec0::1', 'deprecated site-local'],
  ['not-an-address', 'not an address at all'],
  ['', 'empty'],
];

const ALLOWED = ['8.8.8.8', '1.1.1.1', '93.184.215.14', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4007:80e::200e', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'];

describe('isRefusedAddress', () => {
  it.each(REFUSED)('refuses %s (%s)', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each(ALLOWED)('allows the global unicast address %s', (address) => {
    expect(isRefusedAddress(address)).toBe(false);
  });
});
