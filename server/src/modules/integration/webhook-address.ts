// Where a webhook may post (ADR 048): only to the supplier's systems on the internet, never inside
// ours. The host is resolved when the webhook is added and again at every delivery, every address it
// resolves to is checked, and the request connects to the address checked (no second lookup a DNS
// answer could change in between). Loopback, private, link-local (the cloud metadata service at
// 169.254.169.254), shared, multicast and reserved ranges are refused, IPv4 inside IPv6 included;
// the WHATWG URL parser has already turned 127.1, 0x7f000001 and 2130706433 into 127.0.0.1.
// http and this machine's loopback only with WEBHOOKS_ALLOW_LOOPBACK (development and tests; the
// configuration refuses it in production).
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Ranges no webhook reaches (IANA special-purpose registries; IPv4-mapped IPv6 is checked as IPv4). */
const FORBIDDEN = new BlockList();
for (const [network, bits] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches this machine
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (carrier NAT; some clouds' metadata)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  FORBIDDEN.addSubnet(network, bits, 'ipv4');
for (const [network, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64: an IPv4 address behind a translator
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23], // IETF protocol assignments (Teredo…)
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique local (fd00::/8, the metadata service's fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10],
  ['ff00::', 8], // multicast
] as const)
  FORBIDDEN.addSubnet(network, bits, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Why a webhook's URL is refused: `code` for the API's answers, the message for the CLI. */
export class WebhookAddressError extends Error {
  constructor(
    readonly code: 'webhook_url_refused' | 'webhook_host_unresolved' | 'webhook_address_inside',
    message: string,
  ) {
    super(message);
  }
}

export interface AddressPolicy {
  /** http, and this machine's loopback addresses (development and tests only). */
  allowLoopback: boolean;
  /** The resolver (tests give names of their own); default the system's. */
  lookup?: (host: string) => Promise<{ address: string; family: number }[]>;
}

/** Where to connect for a webhook URL: the address checked, and the URL's own host for Host and TLS. */
export interface WebhookTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

const systemLookup = (host: string) => dnsLookup(host, { all: true, verbatim: true });

function isForbidden(address: string, family: 4 | 6, policy: AddressPolicy): boolean {
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (policy.allowLoopback && LOOPBACK.check(address, type)) return false;
  return FORBIDDEN.check(address, type);
}

/** The URL as a webhook may have it, or why not (before any address is looked up). */
function parseWebhookUrl(value: string, policy: AddressPolicy): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new WebhookAddressError('webhook_url_refused', 'the URL is not a URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowLoopback))
    throw new WebhookAddressError(
      'webhook_url_refused',
      policy.allowLoopback ? 'the URL is https or http' : 'the URL is https (http only in development)',
    );
  if (url.username || url.password)
    throw new WebhookAddressError('webhook_url_refused', 'the URL carries no user or password');
  return url;
}

/**
 * Resolves a webhook URL and checks every address it names; throws WebhookAddressError before any
 * connection when one of them is inside (a name with one bad address among good ones is refused too:
 * which one a client would connect to is not ours to choose).
 */
export async function resolveWebhookTarget(value: string, policy: AddressPolicy): Promise<WebhookTarget> {
  const url = parseWebhookUrl(value, policy);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host);
  let addresses: { address: string; family: number }[];
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await (policy.lookup ?? systemLookup)(host);
    } catch {
      throw new WebhookAddressError('webhook_host_unresolved', `the host ${host} does not resolve`);
    }
  }
  if (addresses.length === 0)
    throw new WebhookAddressError('webhook_host_unresolved', `the host ${host} does not resolve`);
  for (const { address, family } of addresses) {
    if (family !== 4 && family !== 6)
      throw new WebhookAddressError('webhook_host_unresolved', `the host ${host} does not resolve`);
    if (isForbidden(address, family, policy))
      throw new WebhookAddressError(
        'webhook_address_inside',
        `the host ${host} is ${address}, an address inside (loopback, private, link-local or reserved)`,
      );
  }
  const [first] = addresses;
  return { url, address: first!.address, family: first!.family as 4 | 6 };
}
