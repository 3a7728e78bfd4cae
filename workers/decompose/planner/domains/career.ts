import { duration, plural, ramp, sentences, shorten } from '../text'
import type { Context, Domain, DomainInput, Level, Step } from '../types'
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
  if (/promot|raise|pay rise|salary increase|senior|lead role|manager role|beförder/.test(goal)) return 'promotion'
  if (/switch|change careers?|career change|become|transition|move into|get into|pivot|retrain|break into/.test(goal)) return 'change'
  return 'search'
}

function roleOf(goal: string): string | null {
  const m = /(?:become|becoming|switch (?:careers? )?(?:to|into)|transition (?:to|into)|move into|get into|break into|pivot (?:to|into)|work as|job as|role as|career in|career as|job in|position as|retrain as)\s{1,3}(?:an?\s{1,3})?([^,.;!?]{2,40})/i.exec(goal)
  if (!m) return null
  const role = m[1].trim().replace(/^(?:become|becoming|be|work as|an?)\s{1,3}/i, '').replace(/^an?\s{1,3}/i, '').replace(/\s{1,3}(?:role|job|position)$/i, '')
  return role ? shorten(role, 28) : null
}

const SHARE: Record<Level, number> = { beginner: 0.55, intermediate: 0.7, advanced: 0.85 }

/** "a data analyst", "an engineer"; the role as a person. */
const aRole = (role: string) => `${/^[aeiou]/i.test(role) ? 'an' : 'a'} ${role}`

/** Phrases for the target role, named or not. */
function phrases(role: string | null) {
  return {
    ads: role ? `${role} roles` : 'your target role',
    people: role ? `people working as ${aRole(role)}` : 'people working in your target role',
    working: role ? `working as ${aRole(role)}` : 'in your target role',
    needs: role ? `what ${aRole(role)} needs` : 'what your target role needs',
    goal: role ? `start as ${aRole(role)}` : 'start in your new role',
  }
}

function focuses(kind: Subtype, role: string | null): Focus[] {
  const p = phrases(role)
  const n = (m: number) => Math.max(1, Math.round(m / 10))
  if (kind === 'promotion') {
    return [
      { title: 'start a brag document', does: (m) => `list ${plural(n(m) + 2, 'result')} from the last 12 months with a number for each (money, time, users, quality), ${duration(m)} in all.` },
      { title: 'learn the criteria', does: (m) => `find your company’s written criteria for the next level, or draft ${plural(n(m) + 1, 'question')} to ask your manager about them (${duration(m)}).` },
      { title: 'ask for feedback', does: (m) => `ask ${plural(n(m), 'colleague')} you trust: “What is one thing I should do more of to work at the next level?” and note the answers (${duration(m)}).` },
      { title: 'make work visible', does: (m) => `spend ${duration(m)} writing a short update on a recent result for your manager or team channel.` },
      { title: 'find a sponsor', does: (m) => `identify 1 senior person who knows your work and book ${plural(n(m), 'short conversation')} about your goal (${duration(m)} to prepare).` },
      { title: 'check the market', does: (m) => `spend ${duration(m)} collecting salary data for your role and the next level from ${plural(n(m) + 2, 'source')} (salary surveys, job ads with pay ranges).` },
    ]
  }
  const list: Focus[] = [
    { title: 'read job ads', does: (m) => `read ${plural(n(m) + 3, 'job ad')} for ${p.ads} (${duration(m)}) and list the skills that appear in 3 or more.` },
    { title: 'rewrite your CV’s top third', does: (m) => `rewrite the top third of your CV for ${p.ads}: a headline, a 3-line summary and 3 achievements with numbers (${duration(m)}).` },
    { title: 'ask for a short chat', does: (m) => `message ${plural(n(m), 'person', 'people')} ${p.working} asking for a 15-minute chat about their work, not for a job (${duration(m)}).` },
    { title: 'tailored applications', does: (m) => `send ${plural(n(m), 'application')} tailored to the ad, matching your CV to its top 3 requirements (${duration(m)}).` },
    { title: 'write STAR stories', does: (m) => `write ${plural(n(m) + 1, 'STAR story', 'STAR stories')} (situation, task, action, result) that show ${p.needs} (${duration(m)}).` },
    { title: 'close a skill gap', does: (m) => `spend ${duration(m)} on the biggest skill gap from the job ads: 1 course module or 1 practice task.` },
    { title: 'update your profile', does: (m) => `update your LinkedIn (or similar) headline and About section for ${p.ads} and add ${plural(n(m), 'recent result')} (${duration(m)}).` },
    { title: 'grow the target list', does: (m) => `add ${plural(n(m) + 4, 'employer')} to your target list, with 1 contact name for each where you can find one (${duration(m)}).` },
    { title: 'practise answers aloud', does: (m) => `answer ${plural(n(m) + 2, 'common interview question')} aloud, recording yourself, and redo the weakest (${duration(m)}).` },
    { title: 'follow up', does: (m) => `follow up on applications and messages older than 7 days, and thank everyone who helped (${duration(m)}).` },
  ]
  if (kind === 'change') {
    list.splice(5, 0, { title: 'scope a portfolio piece', does: (m) => `plan 1 small portfolio project that shows the top skill from the job ads, with a finish date (${duration(m)}).` })
  }
  return list
}

export const career: Domain = {
  kind: 'career',
  defaults: { minutesPerDay: 30, daysPerWeek: 5, anchor: 'evening' },
  maxSessionsPerWeek: () => 6,
  retestOnDay14: false,
  plan(input: DomainInput) {
    const { ctx, cue, goal } = input
    const kind = subtype(goal.lower)
    const role = kind === 'promotion' ? null : roleOf(goal.text)
    const budget = ctx.minutesPerDay
    const m1 = Math.max(1, Math.min(Math.round((budget - 2) * SHARE[ctx.level]), Math.floor((budget - 2) / 1.15)))
    const m2 = Math.min(budget - 2, ramp(m1))
    const sessions = practiceSessions(input, {
      prefix: 'Step',
      dose1: m1,
      dose2: m2,
      minutes: (m) => m + 2,
      unit: (m) => `${m} min`,
      focuses: focuses(kind, role),
    })
    const milestones = careerMilestones(kind, role, ctx)
    const notes: string[] = []
    const note = deadlineNote(ctx, milestones, kind === 'promotion' ? 'a promotion decision' : role ? `an offer as ${aRole(role)}` : 'an offer')
    if (note) notes.push(note)
    if (ctx.conditions.includes('depression') || ctx.conditions.includes('anxiety')) {
      notes.push('Job searching is hard on mood; keep the off days truly off, count actions rather than replies, and talk to your doctor if low mood lasts more than 2 weeks.')
    }
    return {
      baseline:
        kind === 'promotion'
          ? {
              title: 'Day 1: define the promotion and take stock',
              description: sentences(
                `${cue}, write the title you want, by when, and what changes (pay, scope, team).`,
                `Then list the 3 people who decide and what each needs to see (${duration(Math.min(budget, 20))}).`
              ),
              minutes: Math.min(budget, 20),
              load: 0,
            }
          : {
              title: 'Day 1: define the target and your pipeline',
              description: sentences(
                `${cue}, write your target role${role ? ` (${role})` : ''}, 3 must-haves (pay, location, hours) and 10 employers you would like to work for.`,
                `Start a tracker with 4 columns: contacted, replied, applied, interviewed (${duration(Math.min(budget, 20))}).`
              ),
              minutes: Math.min(budget, 20),
              load: 0,
            },
      sessions,
      recovery: [
        {
          title: 'Off day: no job search today',
          description: 'Take the day off from searching and do 1 thing that restores you for at least 20 minutes; a sustainable pace beats a burst.',
          minutes: Math.min(budget, 20),
          load: 0,
        },
        {
          title: 'Off day: 1 message to your network',
          description: 'Send 1 friendly message to someone in your network, just to catch up; most opportunities come through people.',
          minutes: 5,
          load: 0,
        },
      ],
      midReview: midReview(input, 'steps', 'update the tracker’s 4 columns'),
      finalReview: kind === 'promotion'
        ? {
            title: 'Day 14: review your evidence and next moves',
            description: sentences(
              `Re-read your brag document, the criteria and the feedback you collected (${duration(Math.min(budget, 15))}).`,
              'Pick the 1 criterion with the least evidence and plan a visible piece of work for it next cycle.'
            ),
            minutes: Math.min(budget, 15),
            load: 0,
          }
        : {
        title: 'Day 14: pipeline review and next targets',
        description: sentences(
          `Count what you did and what came back: messages, replies, applications, interviews (${duration(Math.min(budget, 15))}).`,
          'Do more of what got replies, drop what got none, and set next cycle’s numbers about 15% higher.'
        ),
        minutes: Math.min(budget, 15),
        load: 0,
      },
      milestones,
      notes,
    }
  },
}

function careerMilestones(kind: Subtype, role: string | null, ctx: Context): Step[] {
  const m = ctx.minutesPerDay
  const p = phrases(role)
  if (kind === 'promotion') {
    return [
      { title: 'Agree the criteria with your manager', description: 'Have a 30-minute conversation about what the next level needs and agree 2–3 things to show by a date.', minutes: m, load: 0 },
      { title: 'Deliver one visible result', description: 'Finish a piece of work that matches the criteria and make sure the decision-makers see the result.', minutes: m, load: 0 },
      { title: 'Write your promotion case', description: 'One page: criteria, evidence with numbers, and what you will take on next. Ask your sponsor to read it.', minutes: m, load: 0 },
      { title: 'Goal: the promotion conversation', description: 'Ask for the decision with your case and market data; if the answer is “not yet”, agree the exact gap and a date.', minutes: m, load: 0 },
    ]
  }
  const steps: Step[] = [
    {
      title: kind === 'change' ? '5 conversations with people in the role' : '10 tailored applications sent',
      description:
        kind === 'change'
          ? `Hold 5 short chats with ${p.people} and adjust your skill plan to what they say matters.`
          : 'Keep the weekly rhythm until 10 tailored applications are out, at least half through a contact or referral.',
      minutes: m,
      load: 0,
    },
  ]
  if (kind === 'change') {
    steps.push({ title: 'Portfolio piece finished', description: `Finish the small project that proves the top skill for ${p.ads} and put it where employers can see it.`, minutes: m, load: 0 })
  }
  steps.push(
    { title: 'First interviews', description: 'Aim for 2–3 interviews: prepare 6 STAR stories and research each employer for 30 minutes beforehand.', minutes: m, load: 0 },
    { title: 'Negotiate and decide', description: 'When an offer comes, ask for it in writing, compare it with your 3 must-haves and negotiate once, politely, with market data.', minutes: m, load: 0 },
    { title: `Goal: ${p.goal}`, description: 'Accept the offer that meets your must-haves, and thank everyone who helped along the way.', minutes: m, load: 0 }
  )
  return steps
}
