import { ramp, sentences, shorten } from '../text'
import type { Context, Domain, DomainInput, Level, Step } from '../types'
import type { Loc } from '../../locale/translate'
import { type Focus, deadlineNote, midReview, practiceSessions } from './common'

/**
 * Career change, job search and promotion, run as a weekly pipeline.
 *
 * Sources:
 * - Liu, Huang & Wang 2014 (Psychological Bulletin meta-analysis of 47 job-search
 *   interventions): teaching job-search skills, self-presentation, goal setting and
 *   enlisting support roughly doubled the odds of employment. Hence the counted weekly
 *   pipeline and the review of what gets replies.
 * - Informational interviews (Bolles, What Color Is Your Parachute?) for career changers:
 *   short conversations with people in the target role before applying.
 * - Referred applicants are more likely to be hired (Burks et al. 2015, Quarterly Journal of
 *   Economics), so outreach to people comes before mass applications.
 * - STAR answers (situation, task, action, result) for behavioural interview questions, the
 *   structure used in structured interviews (US OPM structured interview guidance).
 */
type Subtype = 'change' | 'search' | 'promotion'

function subtype(goal: string): Subtype {
  if (
    /promot|raise|pay rise|salary increase|senior|lead role|manager role|beförder|ascenso|augmentation|aumento de sueldo|gehaltserhöhung/.test(
      goal
    )
  )
    return 'promotion'
  if (
    /switch|change careers?|career change|become|transition|move into|get into|pivot|retrain|break into|reconversion|reconvertir|changer de métier|changer de carrière|cambiar de carrera|cambio de carrera|cambiar de profesión|umschulung|umorientier|quereinst|berufswechsel/.test(
      goal
    )
  )
    return 'change'
  return 'search'
}

function roleOf(goal: string): string | null {
  const m =
    /(?:become|becoming|switch (?:careers? )?(?:to|into)|transition (?:to|into)|move into|get into|break into|pivot (?:to|into)|work as|job as|role as|career in|career as|job in|position as|retrain as)\s{1,3}(?:an?\s{1,3})?([^,.;!?]{2,40})/i.exec(
      goal
    )
  if (!m) return null
  const role = m[1]
    .trim()
    .replace(/^(?:become|becoming|be|work as|an?)\s{1,3}/i, '')
    .replace(/^an?\s{1,3}/i, '')
    .replace(/\s{1,3}(?:role|job|position)$/i, '')
  return role ? shorten(role, 28) : null
}

const SHARE: Record<Level, number> = { beginner: 0.55, intermediate: 0.7, advanced: 0.85 }

/** "a data analyst", "an engineer"; the role as a person. */
const aRole = (role: string) => `${/^[aeiou]/i.test(role) ? 'an' : 'a'} ${role}`

/** Phrases for the target role, named or not (`car.p.*`); English puts an article before the role. */
function phrases(role: string | null, loc: Loc) {
  const a_role = role ? (loc.lang === 'en' ? aRole(role) : role) : ''
  const p = (id: string) => loc.t(role ? `car.p.${id}.role` : `car.p.${id}`, { role: role ?? '', a_role }).text
  return { ads: p('ads'), people: p('people'), working: p('working'), needs: p('needs'), goal: p('goal') }
}

// Focus ids (`car.f.<id>.title|does` in locale/messages/<lang>.json) and how many of the thing
// each names, from the session's minutes; ids in ONE_OR_MORE have a singular and a plural text.
const PROMOTION: Array<[id: string, extra: number | null]> = [
  ['brag', 2],
  ['criteria', 1],
  ['feedback', 0],
  ['visible', null],
  ['sponsor', 0],
  ['market', 2],
]
const SEARCH: Array<[id: string, extra: number | null]> = [
  ['ads', 3],
  ['cv', null],
  ['chat', 0],
  ['apps', 0],
  ['star', 1],
  ['gap', null],
  ['profile', 0],
  ['targets', 4],
  ['answers', 2],
  ['followup', null],
]
const ONE_OR_MORE = new Set(['feedback', 'sponsor', 'chat', 'apps', 'profile'])

function focuses(kind: Subtype, role: string | null, loc: Loc): Focus[] {
  const p = phrases(role, loc)
  const n = (m: number) => Math.max(1, Math.round(m / 10))
  const list = kind === 'promotion' ? [...PROMOTION] : [...SEARCH]
  if (kind === 'change') list.splice(5, 0, ['portfolio', null])
  return list.map(([id, extra]) => ({
    title: loc.t(`car.f.${id}.title`).text,
    does: (m: number) => {
      const count = extra === null ? 0 : n(m) + extra
      const key = ONE_OR_MORE.has(id) ? `car.f.${id}.does.${count === 1 ? 'one' : 'other'}` : `car.f.${id}.does`
      return loc.t(key, { n: count, duration: loc.duration(m), ads: p.ads, working: p.working, needs: p.needs }).text
    },
  }))
}

export const career: Domain = {
  kind: 'career',
  // Every sentence is a message of locale/messages/<lang>.json (`car.*`).
  langs: ['en', 'fr', 'es', 'de'],
  defaults: { minutesPerDay: 30, daysPerWeek: 5, anchor: 'evening' },
  maxSessionsPerWeek: () => 6,
  retestOnDay14: false,
  plan(input: DomainInput) {
    const { ctx, cue, goal, loc } = input
    const t = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
    const kind = subtype(goal.lower)
    const role = kind === 'promotion' ? null : roleOf(goal.text)
    const budget = ctx.minutesPerDay
    const m1 = Math.max(1, Math.min(Math.round((budget - 2) * SHARE[ctx.level]), Math.floor((budget - 2) / 1.15)))
    const m2 = Math.min(budget - 2, ramp(m1))
    const sessions = practiceSessions(input, {
      prefix: t('car.prefix'),
      dose1: m1,
      dose2: m2,
      minutes: (m) => m + 2,
      unit: (m) => t('car.unit', { n: m }),
      focuses: focuses(kind, role, loc),
    })
    const milestones = careerMilestones(kind, role, ctx, loc)
    const notes: string[] = []
    const aR = role ? (loc.lang === 'en' ? aRole(role) : role) : ''
    const note = deadlineNote(
      ctx,
      milestones,
      kind === 'promotion' ? t('car.goal.promotion') : role ? t('car.goal.offer.role', { a_role: aR }) : t('car.goal.offer'),
      loc
    )
    if (note) notes.push(note)
    if (ctx.conditions.includes('depression') || ctx.conditions.includes('anxiety')) notes.push(t('car.note.mood'))
    return {
      baseline:
        kind === 'promotion'
          ? {
              title: t('car.base.promo.title'),
              description: sentences(
                t('car.base.promo.a', { cue }),
                t('car.base.promo.b', { duration: loc.duration(Math.min(budget, 20)) })
              ),
              minutes: Math.min(budget, 20),
              load: 0,
            }
          : {
              title: t('car.base.search.title'),
              description: sentences(
                t('car.base.search.a', { cue, role_part: role ? ` (${role})` : '' }),
                t('car.base.search.b', { duration: loc.duration(Math.min(budget, 20)) })
              ),
              minutes: Math.min(budget, 20),
              load: 0,
            },
      sessions,
      recovery: [
        { title: t('car.rec.off.title'), description: t('car.rec.off.text'), minutes: Math.min(budget, 20), load: 0 },
        { title: t('car.rec.net.title'), description: t('car.rec.net.text'), minutes: 5, load: 0 },
      ],
      midReview: midReview(input, t('car.mid.what'), t('car.mid.metric')),
      finalReview:
        kind === 'promotion'
          ? {
              title: t('car.final.promo.title'),
              description: sentences(t('car.final.promo.a', { duration: loc.duration(Math.min(budget, 15)) }), t('car.final.promo.b')),
              minutes: Math.min(budget, 15),
              load: 0,
            }
          : {
              title: t('car.final.search.title'),
              description: sentences(t('car.final.search.a', { duration: loc.duration(Math.min(budget, 15)) }), t('car.final.search.b')),
              minutes: Math.min(budget, 15),
              load: 0,
            },
      milestones,
      notes,
    }
  },
}

function careerMilestones(kind: Subtype, role: string | null, ctx: Context, loc: Loc): Step[] {
  const m = ctx.minutesPerDay
  const p = phrases(role, loc)
  const step = (id: string, params: Record<string, string> = {}): Step => ({
    title: loc.t(`car.ms.${id}.title`, params).text,
    description: loc.t(`car.ms.${id}.text`, params).text,
    minutes: m,
    load: 0,
  })
  if (kind === 'promotion') return [step('criteria'), step('result'), step('case'), step('ask')]
  return [
    kind === 'change' ? step('chats', { people: p.people }) : step('apps'),
    ...(kind === 'change' ? [step('portfolio', { ads: p.ads })] : []),
    step('interviews'),
    step('negotiate'),
    step('goal', { goal: p.goal }),
  ]
}
