import ipaddr from 'ipaddr.js';

/**
 * The key budgets are counted under for a client address: an IPv4 address as is, an IPv6 address by its
 * /64 (one subscriber usually holds a whole /64, so keying per /128 would hand out 2^64 budgets), and an
 * IPv4-mapped IPv6 address as its IPv4 address.
 */
export function clientKey(ip: string): string {
  // An IPv4 address, or a key made here already (idempotent: budgets may be keyed twice).
  if (!ip.includes(':') || ip.endsWith('::/64')) return ip;
  try {
    const addr = ipaddr.process(ip);
    if (addr.kind() === 'ipv4') return addr.toString();
    const parts = (addr as ipaddr.IPv6).parts;
    return `${parts[0].toString(16)}:${parts[1].toString(16)}:${parts[2].toString(16)}:${parts[3].toString(16)}::/64`;
  } catch {
    return ip;
  }
}
