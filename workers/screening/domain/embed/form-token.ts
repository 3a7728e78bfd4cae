import { fromBase64Url, hmacSha256, toBase64Url, verifyHmacSha256 } from '../../../../shared/crypto'

/**
 * The embed form carries a token we signed when we served it: it binds the partner, the
 * property and the rent the partner put in the URL to the time the form was shown, so a POST
 * that did not come from a form of ours (or changes the rent) is refused. The page sets no
 * cookie, so there is no ambient authority a forged POST could borrow; the token plus the
 * Origin check in the route is the CSRF protection of the no-JavaScript flow.
 */
const TTL_MS = 2 * 60 * 60 * 1000

export type FormSubject = { partner: string; property: string; rent: number }

const message = (s: FormSubject, issued: number) => `embed-form|${s.partner}|${s.property}|${s.rent}|${issued}`

export async function signForm(secret: string, subject: FormSubject, now: Date): Promise<string> {
  const issued = now.getTime()
  return `${issued}.${toBase64Url(await hmacSha256(secret, message(subject, issued)))}`
}

export async function verifyForm(secret: string, subject: FormSubject, token: string, now: Date): Promise<boolean> {
  const dot = token.indexOf('.')
  if (dot < 1 || token.length > 100) return false
  const issuedText = token.slice(0, dot)
  if (![...issuedText].every((ch) => ch >= '0' && ch <= '9')) return false
  const issued = Number(issuedText)
  if (!(issued <= now.getTime() + 60_000 && now.getTime() - issued < TTL_MS)) return false
  const sig = fromBase64Url(token.slice(dot + 1))
  return sig !== null && verifyHmacSha256(secret, message(subject, issued), sig)
}
