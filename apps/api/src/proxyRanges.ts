import { isIP } from "node:net";

/**
 * How much of the address space a TRUST_PROXY list trusts (config.ts `trustedProxies`). One range
 * of "every address" is easy to spot (`0.0.0.0/0`), but the same trust can be spelled many ways:
 * two halves (`0.0.0.0/1, 128.0.0.0/1`), the IPv4-mapped IPv6 block (`::ffff:0:0/96`, which
 * matches every IPv4 client), or an IPv6 range that holds that block (`::/1`). So the ranges are
 * added up and the list is refused when they cover every IPv4 or every IPv6 address.
 *
 * IPv4 clients are counted the widest way proxy-addr has read them: jshttp's proxy-addr checks an
 * IPv4 client against any IPv6 range as `::ffff:a.b.c.d`; @fastify/proxy-addr 5 only against
 * IPv4-mapped ranges of /96 or longer. Counting the wider reading keeps the check sound whichever
 * one the server runs, at the price of refusing `::/1` next to `0.0.0.0/1`, which no one needs.
 */

/** The names proxy-addr understands for whole ranges, as the ranges they stand for. */
export const PROXY_RANGE_NAMES: Record<string, readonly string[]> = {
  loopback: ["127.0.0.1/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

interface Range {
  version: 4 | 6;
  first: bigint;
  last: bigint;
}

const V4_ALL = (1n << 32n) - 1n;
const V6_ALL = (1n << 128n) - 1n;
/** ::ffff:0:0, where the IPv4-mapped IPv6 addresses start. */
const MAPPED_BASE = 0xffffn << 32n;

function v4Number(address: string): bigint {
  return address.split(".").reduce((n, octet) => (n << 8n) | BigInt(Number(octet)), 0n);
}

/** An IPv6 address (already checked by `isIP`) as a 128-bit number; a dotted IPv4 tail counts as two groups. */
function v6Number(address: string): bigint {
  let text = address.split("%")[0] ?? "";
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = v4Number(dotted[1]);
    text = `${text.slice(0, dotted.index)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const groupsOf = (part: string) => (part === "" ? [] : part.split(":"));
  const headGroups = groupsOf(head);
  const tailGroups = tail === undefined ? [] : groupsOf(tail);
  const groups = [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups];
  return groups.reduce((n: bigint, group: string) => (n << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

/** One TRUST_PROXY entry (an address or CIDR range, already checked) as the range it trusts. */
function rangeOf(entry: string): Range {
  const [address = "", prefix] = entry.split("/");
  const version = isIP(address) === 4 ? 4 : 6;
  const bits = version === 4 ? 32 : 128;
  const value = version === 4 ? v4Number(address) : v6Number(address);
  const hostBits = BigInt(bits - (prefix === undefined ? bits : Number(prefix)));
  const first = (value >> hostBits) << hostBits;
  return { version, first, last: first | ((1n << hostBits) - 1n) };
}

/** Whether the ranges, merged, run without a gap from `from` to `to`. */
function covers(ranges: { first: bigint; last: bigint }[], from: bigint, to: bigint): boolean {
  let next = from;
  for (const r of [...ranges].sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0))) {
    if (r.first > next) return false;
    if (r.last >= next) next = r.last + 1n;
    if (next > to) return true;
  }
  return next > to;
}

/**
 * Which address family a list of TRUST_PROXY entries (addresses, CIDR ranges and proxy-addr's
 * names, each already checked) trusts entirely: "IPv4", "IPv6", or null when neither.
 */
export function trustsEveryAddress(entries: readonly string[]): "IPv4" | "IPv6" | null {
  const ranges = entries
    .flatMap((entry) => (Object.hasOwn(PROXY_RANGE_NAMES, entry) ? (PROXY_RANGE_NAMES[entry] ?? []) : [entry]))
    .map(rangeOf);
  const v4 = ranges.filter((r) => r.version === 4);
  const v6 = ranges.filter((r) => r.version === 6);
  // An IPv4 client matches an IPv6 range through its mapped address, ::ffff:a.b.c.d.
  const mappedDown = v6
    .filter((r) => r.last >= MAPPED_BASE && r.first <= MAPPED_BASE + V4_ALL)
    .map((r) => ({
      first: (r.first > MAPPED_BASE ? r.first : MAPPED_BASE) - MAPPED_BASE,
      last: (r.last < MAPPED_BASE + V4_ALL ? r.last : MAPPED_BASE + V4_ALL) - MAPPED_BASE,
    }));
  if (covers([...v4, ...mappedDown], 0n, V4_ALL)) return "IPv4";
  // The IPv4-mapped block holds IPv4 clients, judged above; every other IPv6 address counts here.
  if (covers([...v6, { first: MAPPED_BASE, last: MAPPED_BASE + V4_ALL }], 0n, V6_ALL)) return "IPv6";
  return null;
}
