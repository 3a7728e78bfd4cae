import { duration, ramp, sentences } from '../text'
import type { Context, Domain, DomainInput, Level, Step } from '../types'
import { type Focus, deadlineNote, midReview, practiceSessions } from './common'

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
 */
type Subtype = 'budget' | 'save' | 'debt' | 'invest'

function subtype(goal: string): Subtype {
  if (/debt|loan|credit card|pay off|paying off|overdraft|owe|schulden|deuda|dette/.test(goal)) return 'debt'
  if (/invest|index fund|stock|shares|etf|retire|pension|401k|\bira\b|\bisa\b/.test(goal)) return 'invest'
  if (/\bsav(e|ing|ings)\b|emergency fund|deposit|down payment|nest egg|sparen|ahorrar|économiser|貯金|存钱/.test(goal)) return 'save'
  return 'budget'
}

/** The amount as a number and its currency sign or word ("$5,000" -> 5000, "$"). */
function amountValue(amount: string): { value: number; unit: string } | null {
  const m = /^([$€£¥])?\s?(\d[\d,.]{0,12})\s?([km])?\s?(usd|eur|gbp|dollars|euros|pounds)?$/i.exec(amount)
  if (!m) return null
  const value = Number(m[2].replace(/,/g, '')) * (m[3]?.toLowerCase() === 'k' ? 1000 : m[3]?.toLowerCase() === 'm' ? 1_000_000 : 1)
  return Number.isFinite(value) && value > 0 ? { value, unit: m[1] ?? `${m[4]} ` } : null
}

function amountOf(goal: string): string | null {
  const m = /([$€£¥])\s?(\d[\d,.]{0,12}\s?[km]?)|(\d[\d,.]{0,12}\s?[km]?)\s?(usd|eur|gbp|dollars|euros|pounds)\b/i.exec(goal)
  if (!m) return null
  return m[1] ? `${m[1]}${m[2].trim()}` : `${m[3].trim()} ${m[4]}`
}

const SHARE: Record<Level, number> = { beginner: 0.55, intermediate: 0.7, advanced: 0.85 }
// Money admin rarely needs more than half an hour at a time.
const CAP: Record<Level, number> = { beginner: 20, intermediate: 25, advanced: 30 }

const TRACK: Focus[] = [
  {
    title: 'track yesterday',
    does: (m) => `write down every purchase from yesterday from your bank app or receipts, with a category for each (${duration(m)}).`,
  },
  {
    title: 'list every bill',
    does: (m) => `list every bill and subscription with its amount and due date on a bill calendar (${duration(m)}).`,
  },
  { title: 'needs and wants', does: (m) => `mark each expense tracked so far as a need or a want and total the wants (${duration(m)}).` },
  {
    title: 'cancel one subscription',
    does: (m) => `cancel or pause 1 subscription you did not use last month, then keep tracking (${duration(m)}).`,
  },
  {
    title: 'find your monthly numbers',
    does: (m) => `add up your monthly take-home pay and fixed costs; what is left is what you decide about (${duration(m)}).`,
  },
]

const ACT: Record<Subtype, Focus[]> = {
  budget: [
    {
      title: 'draft a 50/30/20 budget',
      does: (m) => `draft a budget: about 50% needs, 30% wants and 20% savings or debt, adjusted to your real numbers (${duration(m)}).`,
    },
    {
      title: 'automate a savings transfer',
      does: (m) =>
        `set up an automatic transfer to a separate savings account for the day after payday, even a small amount (${duration(m)}).`,
    },
    {
      title: 'cheaper deal on one bill',
      does: (m) => `compare 1 bill (phone, insurance or energy) with 2 other offers and switch or ask for a better rate (${duration(m)}).`,
    },
    {
      title: 'weekly money check',
      does: (m) => `check balances, upcoming bills and this week’s spending against the budget (${duration(m)}).`,
    },
    {
      title: 'plan the big irregulars',
      does: (m) => `list yearly costs (gifts, car, holidays), divide each by 12 and add them to the budget (${duration(m)}).`,
    },
    {
      title: 'set a wants limit',
      does: (m) => `set a weekly cash or card limit for wants based on the budget and note it in your phone (${duration(m)}).`,
    },
  ],
  save: [
    {
      title: 'open a separate savings pot',
      does: (m) => `open or name a separate savings account for this goal so the money is out of sight (${duration(m)}).`,
    },
    {
      title: 'automate a savings transfer',
      does: (m) =>
        `set up an automatic transfer to it for the day after payday, starting with an amount you will not miss (${duration(m)}).`,
    },
    {
      title: 'find money in one bill',
      does: (m) => `compare 1 bill (phone, insurance or energy) with 2 other offers and send the saving to the pot (${duration(m)}).`,
    },
    { title: 'weekly money check', does: (m) => `check the pot, upcoming bills and this week’s spending (${duration(m)}).` },
    {
      title: 'sell one unused thing',
      does: (m) => `list 1 thing you no longer use for sale and earmark the money for the pot (${duration(m)}).`,
    },
    { title: 'raise the transfer', does: (m) => `if week 1 went fine, raise the automatic transfer by about 10% (${duration(m)}).` },
  ],
  debt: [
    { title: 'list every debt', does: (m) => `list every debt with balance, interest rate and minimum payment (${duration(m)}).` },
    {
      title: 'choose avalanche or snowball',
      does: (m) =>
        `choose an order: highest interest first (cheapest) or smallest balance first (quick wins), and write it down (${duration(m)}).`,
    },
    {
      title: 'automate every minimum',
      does: (m) => `set up automatic minimum payments on every debt so nothing is ever late (${duration(m)}).`,
    },
    { title: 'one extra payment', does: (m) => `make 1 extra payment, however small, on the first debt in your order (${duration(m)}).` },
    {
      title: 'ask for a lower rate',
      does: (m) =>
        `call or message 1 lender to ask for a lower rate, or look up a 0% balance transfer you would qualify for (${duration(m)}).`,
    },
    {
      title: 'weekly money check',
      does: (m) => `check balances and this week’s spending, and move anything left over to the first debt (${duration(m)}).`,
    },
  ],
  invest: [
    {
      title: 'emergency fund first',
      does: (m) => `check you have at least 1 month of costs in cash before investing, and plan how to get there if not (${duration(m)}).`,
    },
    {
      title: 'claim the employer match',
      does: (m) =>
        `check whether your employer matches pension or retirement contributions and raise yours to the full match (${duration(m)}).`,
    },
    {
      title: 'learn what an index fund is',
      does: (m) => `read your regulator’s beginner guide to index funds and fees (investor.gov or MoneyHelper) (${duration(m)}).`,
    },
    {
      title: 'compare costs',
      does: (m) => `compare the yearly fees of 3 low-cost, broad index funds or platforms and note the cheapest (${duration(m)}).`,
    },
    {
      title: 'automate a monthly amount',
      does: (m) => `set up a small automatic monthly investment the day after payday (${duration(m)}).`,
    },
    {
      title: 'write your rules',
      does: (m) => `write 3 rules for yourself, such as “I do not sell when the market falls” (${duration(m)}).`,
    },
  ],
}

export const finance: Domain = {
  kind: 'finance',
  defaults: { minutesPerDay: 20, daysPerWeek: 5, anchor: 'evening' },
  maxSessionsPerWeek: () => 6,
  retestOnDay14: false,
  plan(input: DomainInput) {
    const { ctx, cue, shape, goal } = input
    const kind = subtype(goal.lower)
    const amount = amountOf(goal.text)
    const budget = ctx.minutesPerDay
    const m1 = Math.max(1, Math.min(Math.round((budget - 2) * SHARE[ctx.level]), Math.floor((budget - 2) / 1.15), CAP[ctx.level]))
    const m2 = Math.min(budget - 2, ramp(m1))
    // Week 1 tracks and sorts (CFPB Spending Tracker); week 2 acts on what the tracking showed.
    const week1 = TRACK.slice(0, Math.max(1, shape.week1))
    const focuses = [...week1, ...ACT[kind], ...TRACK.slice(week1.length)]
    const sessions = practiceSessions(input, {
      prefix: 'Money task',
      dose1: m1,
      dose2: m2,
      minutes: (m) => m + 2,
      unit: (m) => `${m} min`,
      focuses: shape.week1 === 0 ? [...ACT[kind], ...TRACK] : focuses,
    })
    const milestones = financeMilestones(kind, amount, ctx)
    const notes = ['This is general money education, not individual financial advice.']
    if (kind === 'debt')
      notes.push(
        'If debts feel unmanageable, free, confidential help exists: a non-profit credit counsellor (NFCC in the US) or StepChange and MoneyHelper in the UK.'
      )
    const money = amount ? amountValue(amount) : null
    if (kind === 'save' && money && ctx.deadlineWeeks) {
      // Simple division, no interest: the transfer that reaches the target by the date.
      const fmt = (n: number) =>
        money.unit.length === 1
          ? `${money.unit}${Math.ceil(n).toLocaleString('en-US')}`
          : `${Math.ceil(n).toLocaleString('en-US')} ${money.unit.trim()}`
      notes.push(
        `To save ${amount} in ${ctx.deadlineWeeks} weeks you need about ${fmt(money.value / ctx.deadlineWeeks)} a week (${fmt((money.value / ctx.deadlineWeeks) * 4.35)} a month); set the automatic transfer to that, or move the date if the budget cannot carry it.`
      )
    } else {
      const note = deadlineNote(ctx, milestones, amount ? `${amount}` : 'your money goal')
      if (note) notes.push(note)
    }
    return {
      baseline: {
        title: 'Day 1: where your money stands',
        description: sentences(
          `${cue}, write down every account balance, every debt with its rate, and your monthly take-home pay.`,
          `From today, track every expense for 14 days, the CFPB Spending Tracker way (${duration(Math.min(budget, 20))}).`
        ),
        minutes: Math.min(budget, 20),
        load: 0,
      },
      sessions,
      recovery: [
        {
          title: 'No-spend day',
          description: 'Spend nothing beyond bills and planned food today, and log 1 thing you wanted but skipped.',
          minutes: 2,
          load: 0,
        },
        {
          title: 'Light day: log today’s spending only',
          description: `Take ${duration(Math.min(budget, 5))} to log today’s purchases; keeping the tracker unbroken matters more than analysing it.`,
          minutes: Math.min(budget, 5),
          load: 0,
        },
      ],
      midReview: midReview(input, 'money tasks', 'total the week’s spending by category'),
      finalReview: {
        title: 'Day 14: two weeks of spending, next plan',
        description: sentences(
          `Total 14 days of spending by category and compare with what you expected (${duration(Math.min(budget, 20))}).`,
          'Set next cycle’s spending limits and savings or debt amount from the real numbers, and pick 1 new action.'
        ),
        minutes: Math.min(budget, 20),
        load: 0,
      },
      milestones,
      notes,
    }
  },
}

function financeMilestones(kind: Subtype, amount: string | null, ctx: Context): Step[] {
  const m = Math.min(ctx.minutesPerDay, 20)
  const steps: Step[] = [
    {
      title: 'One full month on the budget',
      description: 'Run a whole month on your budget with a 15-minute weekly money check, adjusting categories that were unrealistic.',
      minutes: m,
      load: 0,
    },
    {
      title: 'Starter emergency fund',
      description:
        'Build a small emergency fund first (many start with 500–1,000 in their currency, or 1 month of essential costs) so a surprise bill does not become debt.',
      minutes: m,
      load: 0,
    },
  ]
  if (kind === 'debt') {
    steps.push(
      {
        title: 'First debt paid off',
        description: 'Keep minimums on everything and every spare amount on the first debt in your order until it is gone.',
        minutes: m,
        load: 0,
      },
      {
        title: 'Roll the payment to the next debt',
        description: 'Add the freed-up payment to the next debt in your order; the payment grows as each debt goes.',
        minutes: m,
        load: 0,
      },
      {
        title: 'Goal: debt-free',
        description: 'Keep rolling payments until the last debt is paid, then send the same amount to savings.',
        minutes: m,
        load: 0,
      }
    )
  } else if (kind === 'invest') {
    steps.push(
      {
        title: 'Full employer match and 3 months’ buffer',
        description: 'Contribute enough to get the whole employer match and build cash to about 3 months of essential costs.',
        minutes: m,
        load: 0,
      },
      {
        title: 'Goal: automatic monthly investing',
        description: 'Invest a fixed amount every month in a low-cost, broad index fund and review it once a year, not daily.',
        minutes: m,
        load: 0,
      }
    )
  } else if (kind === 'save') {
    steps.push(
      {
        title: 'Raise the automatic transfer',
        description: 'Raise the payday transfer by about 10% each month you stay on budget.',
        minutes: m,
        load: 0,
      },
      {
        title: `Goal: ${amount ?? 'your savings target'} saved`,
        description: 'Keep the automatic transfer until the pot reaches the target, then decide the next goal before the money drifts.',
        minutes: m,
        load: 0,
      }
    )
  } else {
    steps.push({
      title: 'Goal: a budget that runs itself',
      description: 'Bills and savings go out automatically after payday and a 15-minute weekly check keeps you on track.',
      minutes: m,
      load: 0,
    })
  }
  return steps
}
