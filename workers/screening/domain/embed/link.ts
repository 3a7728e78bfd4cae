import { fromBase64Url, hmacSha256, toBase64Url, verifyHmacSha256 } from '../../../../shared/crypto'

/**
 * An embed link signed by the partner's server (issue 34 §5): it fixes the partner, the
 * property and the monthly rent before the applicant sees the form, so the applicant cannot
 * choose the rent that is scored. The partner's signing secret is derived from the worker's
 * secret, the embed's public id and a generation, so nothing a database reader could use is
 * stored; rotating moves to the next generation and retires the previous secret.
 */
export type LinkSubject = { partner: string; property: string; rent: number }

/** Longest life a partner may give a signed link (its `exp`). */
export const MAX_LINK_TTL_SECONDS = 31 * 24 * 60 * 60

export async function linkSecret(workerSecret: string, publicId: string, generation: number): Promise<string> {
  return `scrn_sig_${toBase64Url(await hmacSha256(workerSecret, `embed-link-secret|${publicId}|${generation}`))}`
}

/** What the partner signs: the fields in this order, `|`-separated (docs/screening.md, "Signed embed links"). */
export const linkMessage = (s: LinkSubject, exp: number) => `${s.partner}|${s.property}|${s.rent}|${exp}`

export async function signLink(partnerSecret: string, subject: LinkSubject, exp: number): Promise<string> {
  return toBase64Url(await hmacSha256(partnerSecret, linkMessage(subject, exp)))
}

export type LinkCheck = 'valid' | 'expired' | 'invalid'

/** Constant-time check of `sig`; `exp` is Unix seconds, in the future and at most MAX_LINK_TTL_SECONDS ahead. */
export async function checkLink(partnerSecret: string, subject: LinkSubject, exp: number, sig: string, now: Date): Promise<LinkCheck> {
  const bytes = fromBase64Url(sig)
  if (bytes === null || bytes.length !== 32) return 'invalid'
  if (!(await verifyHmacSha256(partnerSecret, linkMessage(subject, exp), bytes))) return 'invalid'
  const nowSeconds = Math.floor(now.getTime() / 1000)
  if (exp > nowSeconds + MAX_LINK_TTL_SECONDS) return 'invalid'
  return exp > nowSeconds ? 'valid' : 'expired'
}
