/** One listing or post as a source showed it. */
export type ParsedItem = {
  url: string
  /** Title shown for the lead. */
  name: string | null
  /** Public contact details printed on the page, or null; never guessed. */
  contact: string | null
  /** The item exactly as parsed. */
  raw: Record<string, unknown>
}

/** What a source gave: items, plus warnings about what it did not give. */
export type SourceResult = {
  items: ParsedItem[]
  warnings: string[]
  /** The source could not be read at all (blocked, down, unparsable): not the same as "no listings". */
  failed?: boolean
}

// Bounded runs (RFC 5321's 64-character local part, 253-character domain, 24-letter TLD): an
// unbounded `[…]+@` rescans the rest of the text from every start position (quadratic).
const EMAIL_RE = /[A-Z0-9._%+-]{1,64}@[A-Z0-9.-]{1,253}\.[A-Z]{2,24}/i
/**
 * A NANP number written with separators: bare digit runs are posting ids, not phones. The
 * area code may not follow a digit, a separator or a money sign, so the tail of a price range
 * (`$1,200-1,500 555-0147`) is never read as one: a seven-digit number without its own area
 * code is no phone number we can give (issue 23).
 */
const PHONE_RE = /(?<![\d,.$/-])(?:\+?1[\s.-]?)?(?:\(([2-9]\d{2})\)\s?|([2-9]\d{2})[\s.-])([2-9]\d{2})[\s.-](\d{4})(?!\d)/

/** A plain-text phone number or e-mail address shown in a post, if any. */
export function contactIn(text: string): string | null {
  const email = EMAIL_RE.exec(text)
  if (email) return email[0]
  const phone = PHONE_RE.exec(text)
  return phone ? `(${phone[1] ?? phone[2]}) ${phone[3]}-${phone[4]}` : null
}

/**
 * A housing-wanted post is written by a private person looking for a home: their e-mail
 * address or phone number is not a lead to collect (issue 23). Both are cut from the text kept.
 */
export function withoutContacts(text: string): string {
  return text.replace(new RegExp(EMAIL_RE.source, 'gi'), '[contact removed]').replace(new RegExp(PHONE_RE.source, 'g'), '[contact removed]')
}

/** `$1,295+` or `$2,800/mo` → 1295 / 2800; null when there is no dollar amount. */
export function dollars(text: unknown): number | null {
  if (typeof text === 'number' && Number.isFinite(text)) return text
  if (typeof text !== 'string') return null
  const m = /\$\s*([\d,]+(?:\.\d+)?)/.exec(text) ?? /^\s*([\d,]+(?:\.\d+)?)\s*$/.exec(text)
  if (!m) return null
  const n = Number(m[1].replace(/,/g, ''))
  return Number.isFinite(n) ? n : null
}

export function formatDollars(n: number): string {
  return `$${Math.round(n).toLocaleString('en-US')}`
}
