import { escapeRegex } from '../context/phrases'
import DEBT from './finance-debt.json'

/**
 * A debt's figures and its payoff by standard amortisation (issue 31 §2): plain data in, plain
 * data out. Sources and the assumptions used are in finance-debt.json.
 */
export type DebtFigures = {
  balance: number | null
  /** Yearly rate in percent. */
  rate: number | null
  /** Monthly payment stated as the whole payment. */
  payment: number | null
  /** Monthly amount stated as extra on top of the regular payment. */
  extra: number | null
  student: boolean
  match: boolean
  texts: Partial<Record<'balance' | 'rate' | 'payment' | 'extra' | 'match', string>>
}

export type Payoff =
  | { kind: 'missing'; missing: Array<'balance' | 'rate' | 'payment'> }
  | { kind: 'never'; payment: number; interest: number }
  | {
      kind: 'months'
      months: number
      payment: number
      /** The regular payment assumed (student loans: the 10-year standard payment), when only an extra amount was given. */
      assumedBase: number | null
      interest: number
      /** Interest saved against the regular payment alone, when an extra amount is paid. */
      saved: number | null
    }

const lower = (list: string[]) => list.map((w) => w.toLowerCase())

const anyOf = (list: string[]) => lower(list).map(escapeRegex).join('|')
const MONEY =
  /([$€£])\s?(\d{1,3}(?:[,.\s]\d{3}){1,3}|\d{1,7}(?:[.,]\d{1,2})?)\s?(k)?(?![\d%])|(\d{1,3}(?:[,.\s]\d{3}){1,3}|\d{1,7}(?:[.,]\d{1,2})?)\s?(k)?\s?(€|eur|euros?|usd|dollars?|gbp|pounds?)(?![\p{L}])/giu
const RATE = /(\d{1,2}(?:[.,]\d{1,3})?)\s?%/u
const PER_MONTH = new RegExp(`^\\s{0,3}(?:${anyOf(DEBT.extra_words)})?\\s{0,3}(?:${anyOf(DEBT.per_month_words)})`, 'iu')
const EXTRA_NEAR = new RegExp(`(?:${anyOf(DEBT.extra_words)})`, 'iu')
const STUDENT = new RegExp(`(?:${anyOf(DEBT.student_words)})`, 'iu')
const MATCH = new RegExp(`(?<![\\p{L}])(?:${anyOf(DEBT.match_words)})`, 'iu')

function amount(digits: string, k: string | undefined): number {
  const grouped = /^\d{1,3}(?:[,.\s]\d{3}){1,3}$/.test(digits)
  const n = grouped ? Number(digits.replace(/[,.\s]/g, '')) : Number(digits.replace(',', '.'))
  return k ? n * 1000 : n
}

/** The debt's figures as the person wrote them: balance, yearly rate, monthly payment or extra, an employer match. */
export function readDebt(text: string): DebtFigures {
  const t = text.normalize('NFKC').replace(/\s+/g, ' ')
  const out: DebtFigures = { balance: null, rate: null, payment: null, extra: null, student: STUDENT.test(t), match: false, texts: {} }
  for (const m of t.matchAll(MONEY)) {
    const value = amount(m[2] ?? m[4], m[3] ?? m[5])
    if (!Number.isFinite(value) || value <= 0) continue
    const after = t.slice(m.index + m[0].length, m.index + m[0].length + 24)
    const before = t.slice(Math.max(0, m.index - 16), m.index)
    if (PER_MONTH.test(after)) {
      const phrase = PER_MONTH.exec(after)![0]
      const text = `${m[0]}${phrase}`.trim()
      if (EXTRA_NEAR.test(phrase) || EXTRA_NEAR.test(before)) {
        out.extra ??= value
        out.texts.extra ??= EXTRA_NEAR.test(before) ? `${before.trim().split(' ').pop()} ${text}` : text
      } else {
        out.payment ??= value
        out.texts.payment ??= text
      }
    } else if (out.balance === null) {
      out.balance = value
      out.texts.balance = m[0].trim()
    }
  }
  const rate = RATE.exec(t)
  if (rate) {
    out.rate = Number(rate[1].replace(',', '.'))
    out.texts.rate = rate[0]
  }
  const match = MATCH.exec(t)
  if (match) {
    out.match = true
    out.texts.match = match[0]
  }
  return out
}

/** Months to repay `balance` at monthly rate `r` with payment `p`: n = −ln(1 − rB/P) / ln(1 + r). */
export function monthsToRepay(balance: number, yearlyRate: number, payment: number): number | null {
  const r = yearlyRate / 100 / 12
  if (r === 0) return balance / payment
  if (payment <= r * balance) return null
  return -Math.log(1 - (r * balance) / payment) / Math.log(1 + r)
}

/** The fixed payment that repays `balance` in `months` (the annuity formula). */
export function paymentFor(balance: number, yearlyRate: number, months: number): number {
  const r = yearlyRate / 100 / 12
  if (r === 0) return balance / months
  return (balance * r) / (1 - (1 + r) ** -months)
}

/** Total interest paid over `months` (fractional: the last payment is the part left). */
function interestPaid(balance: number, payment: number, months: number): number {
  return Math.max(0, payment * months - balance)
}

export function payoff(d: DebtFigures): Payoff {
  const missing: Array<'balance' | 'rate' | 'payment'> = []
  if (d.balance === null) missing.push('balance')
  if (d.rate === null) missing.push('rate')
  const standard = d.student ? DEBT.standard_term_months.student : null
  if (d.payment === null && !(d.extra !== null && standard)) missing.push('payment')
  if (missing.length || d.balance === null || d.rate === null) return { kind: 'missing', missing }
  const assumedBase = d.payment === null && standard ? paymentFor(d.balance, d.rate, standard) : null
  const base = d.payment ?? assumedBase!
  const payment = base + (d.extra ?? 0)
  const months = monthsToRepay(d.balance, d.rate, payment)
  if (months === null || months > DEBT.max_months) return { kind: 'never', payment, interest: (d.balance * d.rate) / 100 / 12 }
  const interest = interestPaid(d.balance, payment, months)
  let saved: number | null = null
  if (d.extra) {
    const baseMonths = monthsToRepay(d.balance, d.rate, base)
    if (baseMonths !== null) saved = interestPaid(d.balance, base, baseMonths) - interest
  }
  return { kind: 'months', months, payment, assumedBase, interest, saved }
}
