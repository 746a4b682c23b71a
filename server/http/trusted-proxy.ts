import ipaddr from 'ipaddr.js';

/**
 * Which proxies may speak for the client in `X-Forwarded-For`, in the form Fastify's `trustProxy`
 * (proxy-addr) takes: `false` (none: the socket address is the client), a hop count (the last N
 * addresses of the chain are our own proxies) or a list of proxy addresses and CIDR ranges.
 * Fastify then takes the client address from the right of the header, skipping trusted hops only,
 * so a client can prepend whatever it likes without being believed.
 */
export type TrustProxySetting = false | number | string[];

/** What `TRUST_PROXY=true` used to mean (trust every hop, i.e. the leftmost, client-written address) is refused. */
export const TRUST_PROXY_TRUE_MESSAGE =
  'must say which proxies to trust, not "true" (which would believe any client\'s X-Forwarded-For): ' +
  'write the number of proxies in front of Aitlas (e.g. TRUST_PROXY=1 behind one load balancer) ' +
  'or their addresses/CIDR ranges (e.g. TRUST_PROXY=10.0.0.0/8,127.0.0.1); false (the default) trusts none';

function isAddressOrRange(entry: string): boolean {
  if (entry.includes('/')) {
    try {
      ipaddr.parseCIDR(entry);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(entry);
}

/**
 * Parses the TRUST_PROXY setting.
 * @returns the setting, or an error message naming what to write instead.
 */
export function parseTrustProxy(raw: string): { ok: true; value: TrustProxySetting } | { ok: false; message: string } {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0' || value === 'no') return { ok: true, value: false };
  if (value === 'true' || value === 'yes') return { ok: false, message: TRUST_PROXY_TRUE_MESSAGE };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? { ok: true, value: hops } : { ok: false, message: 'a hop count must be between 0 and 10' };
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (invalid.length > 0) {
    return {
      ok: false,
      message: `${invalid.map((entry) => `"${entry}"`).join(', ')} is not an IP address or CIDR range (e.g. 10.0.0.0/8)`,
    };
  }
  return { ok: true, value: entries };
}

/**
 * The setting as Fastify's `trustProxy` option. A hop count becomes a function: Fastify 5.12 takes a
 * bare number as "trust none" (it cannot tell our proxy from a direct client), so the count is given
 * the proxy-addr meaning explicitly — the last N hops are ours. Only choose a count when clients
 * cannot reach the server around the proxies; otherwise list the proxies' addresses.
 */
export function trustProxyOption(setting: TrustProxySetting): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') {
    const hops = setting;
    return (_address, hop) => hop < hops;
  }
  return setting;
}
