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
export type SourceResult = { items: ParsedItem[]; warnings: string[] }

/** A plain-text phone number or e-mail address shown in a post, if any. */
export function contactIn(text: string): string | null {
  const email = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/i.exec(text)
  if (email) return email[0]
  // A NANP number written with separators: bare digit runs are posting ids, not phones.
  const phone = /(?<![\d-])(?:\+?1[\s.-]?)?(?:\(([2-9]\d{2})\)\s?|([2-9]\d{2})[\s.-])([2-9]\d{2})[\s.-](\d{4})(?!\d)/.exec(text)
  return phone ? `(${phone[1] ?? phone[2]}) ${phone[3]}-${phone[4]}` : null
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
