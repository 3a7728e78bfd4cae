import { TargetError } from '../net/errors'
import { normalizeHostname } from '../net/hostname'
import { classifyAddress } from '../net/ip'
import { assertPublicAddresses } from '../net/validate'
import type { Resolver } from '../net/dns'

/**
 * Webhook target URLs pass the audit service's gate (shared/net): https only, a public
 * hostname (or public IP literal) whose every address is public, default port. Checked when
 * the endpoint is registered and again before every attempt (DNS can change); redirects are
 * never followed (`redirect: 'manual'`), so a 3xx cannot lead to a private address.
 *
 * `allowLocal` (WEBHOOK_ALLOW_LOCAL=true, local development and tests only) also admits
 * `http://127.0.0.1:<port>` receivers.
 */
export const MAX_URL_LENGTH = 2000

export function isLocalReceiver(url: URL): boolean {
  return url.protocol === 'http:' && url.hostname === '127.0.0.1' && url.port !== '' && !url.username && !url.password
}

export async function validateWebhookUrl(input: string, opts: { resolve: Resolver; allowLocal: boolean }): Promise<URL> {
  if (input.length > MAX_URL_LENGTH) throw new TargetError('INVALID_DOMAIN', `The URL is longer than ${MAX_URL_LENGTH} characters.`)
  let url: URL
  try {
    url = new URL(input)
  } catch {
    throw new TargetError('INVALID_DOMAIN', 'The webhook URL is not a valid absolute URL (e.g. https://example.com/hooks).')
  }
  if (opts.allowLocal && isLocalReceiver(url)) return url
  if (url.protocol !== 'https:') throw new TargetError('INVALID_DOMAIN', 'Webhook URLs must use https.')
  if (url.username || url.password) throw new TargetError('INVALID_DOMAIN', 'Webhook URLs must not carry a user name or password.')
  if (url.port !== '') throw new TargetError('INVALID_DOMAIN', 'Webhook URLs must use the default https port (443).')
  const bracketed = url.hostname.startsWith('[')
  const literal = bracketed ? url.hostname.slice(1, -1) : url.hostname
  const cls = classifyAddress(literal)
  if (cls !== null) {
    if (cls !== 'public') throw new TargetError('DOMAIN_NOT_PUBLIC', `${literal} is a ${cls} address, not a public one.`)
    return url
  }
  const host = normalizeHostname(url.hostname)
  await assertPublicAddresses(host, opts.resolve)
  return url
}
