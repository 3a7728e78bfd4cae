import { classifyAddress } from './ip'
import { TargetError } from './errors'
import { normalizeHostname } from './hostname'
import { DnsUnavailableError, type Resolver } from './dns'

export { TargetError } from './errors'

export type ValidTarget = { host: string; addresses: string[] }

/**
 * The whole gate in front of any request: a bare public hostname whose every A/AAAA address
 * is publicly routable. A name with even one private or reserved address is refused, because
 * the runtime's connection may pick that one (and a mixed answer is how DNS rebinding starts).
 */
export async function validateTarget(input: string, resolve: Resolver): Promise<ValidTarget> {
  const host = normalizeHostname(input)
  return { host, addresses: await assertPublicAddresses(host, resolve) }
}

export async function assertPublicAddresses(host: string, resolve: Resolver): Promise<string[]> {
  let resolution: Awaited<ReturnType<Resolver>>
  try {
    resolution = await resolve(host)
  } catch (err) {
    if (err instanceof DnsUnavailableError) throw new TargetError('DNS_UNAVAILABLE', `${err.message} Retry in a moment.`)
    throw err
  }
  if (resolution.status !== 'ok') {
    const why = {
      nxdomain: 'does not exist in DNS (NXDOMAIN)',
      nodata: 'has no A or AAAA record',
      servfail: 'could not be resolved (the DNS servers for it failed)',
    }[resolution.status]
    throw new TargetError('DOMAIN_NOT_FOUND', `"${host}" ${why}. Check the spelling, or that the site is online.`)
  }
  const refused = resolution.addresses.map((address) => ({ address, cls: classifyAddress(address) })).filter((a) => a.cls !== 'public')
  if (refused.length > 0) {
    const list = refused.map((r) => `${r.address} (${r.cls ?? 'unparseable'})`).join(', ')
    throw new TargetError(
      'DOMAIN_NOT_PUBLIC',
      `"${host}" resolves to ${list}, which is not a public internet address. Only public sites can be checked.`
    )
  }
  return resolution.addresses
}

// Alternative web ports Cloudflare's fetch() can reach (developers.cloudflare.com/fundamentals/
// reference/network-ports/); any other port in a redirect is not followed.
const FOLLOWABLE_PORTS = new Set(['', '8080', '8443', '8880', '2052', '2053', '2082', '2083', '2086', '2087', '2095', '2096'])

/** Re-validates a redirect target exactly like the requested domain, plus scheme, port and userinfo. */
export async function validateHop(url: URL, resolve: Resolver): Promise<void> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TargetError('INVALID_DOMAIN', `The redirect goes to a ${url.protocol} URL, which is not a web page.`)
  }
  if (url.username || url.password) {
    throw new TargetError('INVALID_DOMAIN', 'The redirect target carries a user name or password.')
  }
  if (!FOLLOWABLE_PORTS.has(url.port)) {
    throw new TargetError('INVALID_DOMAIN', `The redirect goes to port ${url.port}, which is not a web port.`)
  }
  const host = normalizeHostname(url.hostname)
  await assertPublicAddresses(host, resolve)
}
