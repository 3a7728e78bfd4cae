import type { Loc } from '../../locale/translate'
import { ramp, sentences } from '../text'
import type { Context, Domain, DomainInput, Level, Step } from '../types'
import { type Focus, deadlineNote, midReview, practiceSessions } from './common'
import { type DebtFigures, type Payoff, payoff, readDebt } from './finance-debt'

/**
 * Personal finance: budgeting, saving, debt and first investing steps.
 *
 * Sources:
 * - CFPB "Your Money, Your Goals" toolkit: the Spending Tracker (write down every expense for
 *   1–2 weeks, then sort needs from wants), the Bill Calendar and the Budget worksheet; CFPB
 *   guidance to start emergency savings with a small, reachable goal.
 * - The 50/30/20 budget (Warren & Warren Tyagi 2005, All Your Worth): needs, wants, savings
 *   and debt, as a starting split to adjust to real numbers.
 * - Automatic saving (Thaler & Benartzi 2004, "Save More Tomorrow"): saving that happens by
 *   default on payday persists; raising it in small steps is accepted.
 * - Debt order: avalanche (highest interest first) costs least; snowball (smallest balance
 *   first) keeps people going (Gal & McShane 2012, Journal of Marketing Research).
 * - Take an employer's retirement match before other investing; low-cost index funds for the
 *   long term (US SEC investor.gov and UK MoneyHelper guidance).
 *
 * French, Spanish and German plans (locale/messages/<lang>.json, `fin.*`) name a public source of
 * their own country only where we could check it, and otherwise stay general:
 * - France: "Mes questions d'argent", the Banque de France's financial-education site (budget,
 *   savings, investments, over-indebtedness); the Points conseil budget and the Banque de
 *   France's over-indebtedness files (surendettement) for debts that cannot be managed.
 * - Spain: the Banco de España's Portal del Cliente Bancario (clientebancario.bde.es: loans,
 *   cards, complaints); the CNMV guide "Los fondos de inversión y la inversión colectiva".
 * - Germany: the BaFin's "Grundregeln der Geldanlage" (bafin.de: overview, emergency reserve,
 *   debts first, diversification, costs); free, confidential debt counselling
 *   (Schuldnerberatung) by the Verbraucherzentralen and non-profit bodies such as Caritas and
 *   Diakonie.
 * The CFPB's Spending Tracker, the 0% balance transfer and the employer "match" are US/UK terms:
 * those plans say the same in general words (abondement, aportación de la empresa,
 * Arbeitgeberzuschuss).
 */
type Subtype = 'budget' | 'save' | 'debt' | 'invest'

// Words of the four languages; the English ones first, as before.
function subtype(goal: string): Subtype {
  if (
    /debt|loan|credit card|pay off|paying off|overdraft|owe|schulden|deuda|dette|pr[êe]t|cr[ée]dit|d[ée]couvert|pr[ée]stamo|hipoteca|kredit|dispo/.test(
      goal
    )
  )
    return 'debt'
  if (
    /invest|index fund|stock|shares|etf|retire|pension|401k|\bira\b|\bisa\b|placement|bourse|retraite|invertir|inversi[óo]n|fondos? indexados?|bolsa|jubilaci[óo]n|anlegen|geldanlage|aktien|altersvorsorge|rente\b/.test(
      goal
    )
  )
    return 'invest'
  if (
    /\bsav(e|ing|ings)\b|emergency fund|deposit|down payment|nest egg|sparen|ahorrar|économiser|貯金|存钱|[ée]pargn|[ée]conomis|ahorr|notgroschen|ersparnis/.test(
      goal
    )
  )
    return 'save'
  return 'budget'
}

/** The amount as a number and its currency sign or word ("$5,000" -> 5000, "$"; "5.000 €" in German -> 5000, "€"). */
function amountValue(amount: string, lang: Loc['lang']): { value: number; unit: string; after: boolean } | null {
  const after = /^(\d[\d,. \u00a0\u202f]{0,12})\s?€$/.exec(amount)
  if (after) {
    // fr/es/de group thousands with a space or a dot and write decimals with a comma.
    const digits = lang === 'en' ? after[1].replace(/[ \u00a0\u202f,]/g, '') : after[1].replace(/[ \u00a0\u202f.]/g, '').replace(',', '.')
    const value = Number(digits)
    return Number.isFinite(value) && value > 0 ? { value, unit: '€', after: true } : null
  }
  const m = /^([$€£¥])?\s?(\d[\d,.]{0,12})\s?([km])?\s?(usd|eur|gbp|dollars|euros|pounds)?$/i.exec(amount)
  if (!m) return null
  const number = lang === 'en' ? m[2].replace(/,/g, '') : m[2].replace(/\.(?=\d{3}(?:\D|$))/g, '').replace(',', '.')
  const value = Number(number) * (m[3]?.toLowerCase() === 'k' ? 1000 : m[3]?.toLowerCase() === 'm' ? 1_000_000 : 1)
  return Number.isFinite(value) && value > 0 ? { value, unit: m[1] ?? `${m[4]} `, after: false } : null
}

function amountOf(goal: string): string | null {
  const m =
    /([$€£¥])\s?(\d[\d,.]{0,12}\s?[km]?)|(\d[\d,.]{0,12}\s?[km]?)\s?(usd|eur|gbp|dollars|euros|pounds)\b|(\d[\d,. \u00a0\u202f]{0,12})\s?€/i.exec(
      goal
    )
  if (!m) return null
  if (m[5]) return `${m[5].trim()} €`
  return m[1] ? `${m[1]}${m[2].trim()}` : `${m[3].trim()} ${m[4]}`
}

const SHARE: Record<Level, number> = { beginner: 0.55, intermediate: 0.7, advanced: 0.85 }
// Money admin rarely needs more than half an hour at a time.
const CAP: Record<Level, number> = { beginner: 20, intermediate: 25, advanced: 30 }

// Each focus is `fin.f.<id>.title|does` in locale/messages/<lang>.json; some share a title and differ in what they do.
const TRACK = ['track', 'bills', 'needs', 'cancel', 'numbers'] as const
const ACT: Record<Subtype, Array<string | [title: string, does: string]>> = {
  budget: ['draft', 'automate', 'deal', 'weekly', 'irregular', 'limit'],
  save: ['pot', ['automate', 'automate_pot'], 'find', ['weekly', 'weekly_pot'], 'sell', 'raise'],
  debt: ['debts', 'order', 'minimums', 'extra', 'rate', ['weekly', 'weekly_debt']],
  invest: ['buffer', 'match', 'learn', 'costs', 'monthly', 'rules'],
}

function focus(loc: Loc, id: string | readonly [string, string]): Focus {
  const [title, does] = typeof id === 'string' ? [id, id] : id
  return { title: loc.t(`fin.f.${title}.title`).text, does: (m) => loc.t(`fin.f.${does}.does`, { duration: loc.duration(m) }).text }
}

export const finance: Domain = {
  kind: 'finance',
  // Every sentence is a message of locale/messages/<lang>.json (`fin.*`).
  langs: ['en', 'fr', 'es', 'de'],
  defaults: { minutesPerDay: 20, daysPerWeek: 5, anchor: 'evening' },
  maxSessionsPerWeek: () => 6,
  retestOnDay14: false,
  plan(input: DomainInput) {
    const { ctx, cue, shape, goal, loc } = input
    const t = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
    const kind = subtype(goal.lower)
    const amount = amountOf(goal.text)
    // The person's own figures (issue 31 §2): balance, rate, payment or extra, an employer match.
    const debt = kind === 'debt' ? readDebt(ctx.text) : null
    const paid = debt ? payoff(debt) : null
    const budget = ctx.minutesPerDay
    const m1 = Math.max(1, Math.min(Math.round((budget - 2) * SHARE[ctx.level]), Math.floor((budget - 2) / 1.15), CAP[ctx.level]))
    const m2 = Math.min(budget - 2, ramp(m1))
    // Week 1 tracks and sorts (CFPB Spending Tracker); week 2 acts on what the tracking showed.
    const track = TRACK.map((id) => focus(loc, id))
    // An employer match is named first when the person mentions one (FINRA, SEC investor.gov).
    const act = (debt?.match ? ['match', ...ACT[kind]] : ACT[kind]).map((id) => focus(loc, id))
    const week1 = track.slice(0, Math.max(1, shape.week1))
    const focuses = [...week1, ...act, ...track.slice(week1.length)]
    const sessions = practiceSessions(input, {
      prefix: t('fin.prefix'),
      dose1: m1,
      dose2: m2,
      minutes: (m) => m + 2,
      unit: (m) => t('fin.unit', { n: m }),
      focuses: shape.week1 === 0 ? [...act, ...track] : focuses,
    })
    const milestones = financeMilestones(kind, amount, ctx, loc, paid)
    const notes = [t('fin.note.education')]
    if (debt?.match) notes.push(t('fin.note.match'))
    if (debt && paid) notes.push(payoffNote(debt, paid, loc))
    if (kind === 'debt') notes.push(t('fin.note.debt_help'))
    const money = amount ? amountValue(amount, loc.lang) : null
    if (kind === 'save' && money && ctx.deadlineWeeks) {
      // Simple division, no interest: the transfer that reaches the target by the date.
      const whole = (n: number) => (loc.lang === 'en' ? Math.ceil(n).toLocaleString('en-US') : loc.int(Math.ceil(n)))
      const fmt = (n: number) =>
        money.after
          ? `${whole(n)} ${money.unit}`
          : money.unit.length === 1
            ? `${money.unit}${whole(n)}`
            : `${whole(n)} ${money.unit.trim()}`
      notes.push(
        t('fin.note.save', {
          amount: amount ?? '',
          weeks: ctx.deadlineWeeks,
          per_week: fmt(money.value / ctx.deadlineWeeks),
          per_month: fmt((money.value / ctx.deadlineWeeks) * 4.35),
        })
      )
    } else {
      const note = deadlineNote(ctx, milestones, amount ? `${amount}` : t('fin.goal'), loc)
      if (note) notes.push(note)
    }
    return {
      baseline: {
        title: t('fin.baseline.title'),
        description: sentences(t('fin.baseline.write', { cue }), t('fin.baseline.track', { duration: loc.duration(Math.min(budget, 20)) })),
        minutes: Math.min(budget, 20),
        load: 0,
      },
      sessions,
      recovery: [
        { title: t('fin.rec.nospend.title'), description: t('fin.rec.nospend.text'), minutes: 2, load: 0 },
        {
          title: t('fin.rec.log.title'),
          description: t('fin.rec.log.text', { duration: loc.duration(Math.min(budget, 5)) }),
          minutes: Math.min(budget, 5),
          load: 0,
        },
      ],
      midReview: midReview(input, t('fin.mid.what'), t('fin.mid.metric')),
      finalReview: {
        title: t('fin.final.title'),
        description: sentences(t('fin.final.total', { duration: loc.duration(Math.min(budget, 20)) }), t('fin.final.next')),
        minutes: Math.min(budget, 20),
        load: 0,
      },
      milestones,
      notes,
      facts: debt ? debtFacts(debt) : [],
    }
  },
}

/** The figures read, with the person's words, for `context_used.facts`. */
function debtFacts(d: DebtFigures): Context['facts'] {
  const out: Context['facts'] = []
  const add = (field: string, value: number | boolean | null, text: string | undefined) => {
    if (value !== null && text) out.push({ field, value, text })
  }
  add('balance', d.balance, d.texts.balance)
  add('rate_percent', d.rate, d.texts.rate)
  add('payment_per_month', d.payment, d.texts.payment)
  add('extra_per_month', d.extra, d.texts.extra)
  add('employer_match', d.match || null, d.texts.match)
  return out
}

/** Money as the person wrote its currency: "$27,000", "10 000 €". */
function money(n: number, d: DebtFigures, loc: Loc): string {
  const whole = loc.lang === 'en' ? Math.round(n).toLocaleString('en-US') : loc.int(Math.round(n))
  const sign = /[$£]/.exec(d.texts.balance ?? d.texts.payment ?? d.texts.extra ?? '')?.[0]
  if (sign) return `${sign}${whole}`
  return /€|eur/i.test(d.texts.balance ?? d.texts.payment ?? '') ? `${whole} €` : whole
}

/** What the figures give: the payoff by amortisation and its assumption, or why there is none. */
function payoffNote(d: DebtFigures, p: Payoff, loc: Loc): string {
  const t = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
  if (p.kind === 'missing')
    return t('fin.note.payoff_missing', { missing: p.missing.map((m) => t(`fin.missing.${m}`)).join(t('fin.missing.and')) })
  if (p.kind === 'never') return t('fin.note.payoff_never', { payment: money(p.payment, d, loc), interest: money(p.interest, d, loc) })
  return t('fin.note.payoff', {
    balance: money(d.balance ?? 0, d, loc),
    rate: loc.lang === 'en' ? `${d.rate}%` : `${loc.num(d.rate ?? 0)} %`,
    payment: money(p.payment, d, loc),
    assumed: p.assumedBase ? t('fin.note.payoff_assumed', { base: money(p.assumedBase, d, loc), extra: money(d.extra ?? 0, d, loc) }) : '',
    months: Math.ceil(p.months),
    years: loc.num(Math.round((p.months / 12) * 10) / 10),
    interest: money(p.interest, d, loc),
    saved: p.saved && p.saved > 0 ? t('fin.note.payoff_saved', { saved: money(p.saved, d, loc) }) : '',
  })
}

function financeMilestones(kind: Subtype, amount: string | null, ctx: Context, loc: Loc, paid: Payoff | null = null): Step[] {
  const m = Math.min(ctx.minutesPerDay, 20)
  const step = (id: string, params: Record<string, string> = {}): Step => ({
    title: loc.t(`fin.ms.${id}.title`, params).text,
    description: loc.t(`fin.ms.${id}.text`).text,
    minutes: m,
    load: 0,
  })
  const steps: Step[] = [step('month'), step('buffer')]
  if (kind === 'debt' && paid?.kind === 'never') steps.push(step('cover'))
  else if (kind === 'debt' && paid?.kind === 'months')
    // Debt-free on the day the amortisation gives (about 30.44 days a month), never sooner.
    steps.push(step('first_debt'), { ...step('debt_free'), day: Math.max(42, Math.round(paid.months * 30.44)) })
  else if (kind === 'debt') steps.push(step('first_debt'), step('roll'), step('debt_free'))
  else if (kind === 'invest') steps.push(step('match'), step('invest'))
  else if (kind === 'save') steps.push(step('raise'), step('saved', { amount: amount ?? loc.t('fin.ms.saved.target').text }))
  else steps.push(step('auto'))
  return steps
}
