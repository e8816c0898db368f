import type { FastifyRequest } from 'fastify'
import { isIPv4, isIPv6 } from 'node:net'

/** The longest key kept for an address that is neither IPv4 nor IPv6 (a proxy's odd header): bounded memory. */
const ODD_ADDRESS_MAX = 64

/**
 * The 16-bit groups of an IPv6 address, `::` expanded and an IPv4 tail (`::ffff:1.2.3.4`) turned into its two
 * groups. `address` must be valid IPv6 (net.isIPv6), zone already removed.
 */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase()
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.slice(1).map(Number)
    text = `${text.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.split('::')
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : [])
  const front = parse(head)
  const back = parse(tail)
  // With `::`, the groups it stands for are zeros; without it there are eight already.
  return tail === undefined ? front : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back]
}

/**
 * What a rate limit counts a client under, from its address: IPv4 as it is; an IPv4-mapped IPv6 address
 * (`::ffff:a.b.c.d`, what a dual-stack socket reports for an IPv4 client) as that IPv4; any other IPv6 address
 * as its /64 — one household or phone is given a whole /64 and may use any address in it, so counting each
 * address apart would multiply every limit by as many as it cares to pick. A /64 is written `2001:db8:0:1::/64`.
 */
export function clientKeyOf(address: string): string {
  const bare = address.trim().replace(/%.*$/, '')
  if (isIPv4(bare)) return bare
  if (!isIPv6(bare)) return bare.slice(0, ODD_ADDRESS_MAX)
  const groups = ipv6Groups(bare)
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

/** The key every rate limit counts this request's client under (the address as trustProxy gives it; see clientKeyOf). */
export function clientKey(request: FastifyRequest): string {
  return clientKeyOf(request.ip ?? '')
}
