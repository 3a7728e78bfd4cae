import { describe, expect, it } from 'vitest'
import { planGoal } from '../../workers/decompose/domain/planner/index'

// Issue 31 §1, second round: goals of the families that reached the general planner or
// another goal's plan although an archetype names their object, and the general planner's filler.
const titles = (goal: string, context = '', profile = {}) => planGoal(goal, context, profile).first_cycle_actions.map((a) => a.title)
// Practice sessions are the days whose title ends with their dose ("… (15 min)").
const sessions = (goal: string, context = '') =>
  planGoal(goal, context).first_cycle_actions.filter((a) => /\(\d+ [Mm]in\.?\)$/.test(a.title))

describe('routing of the issue’s families (route.ts, archetypes.json `with` words)', () => {
  it.each([
    ['Reduce absenteeism in my call centre team', 'team-change', 'hr'],
    ['Lower the absence rate in our warehouse', 'team-change', 'hr'],
    ['Fehlzeiten in meinem Team senken', 'team-change', 'hr'],
    ['start weekly retrospectives with my team', 'team-change', 'hr'],
    ['Onboard three new hires smoothly', 'onboard-new-hires', 'hr'],
    ['Bien intégrer mes nouvelles recrues', 'onboard-new-hires', 'hr'],
    ['Manger plus sainement', 'healthy-eating', 'nutrition'],
    ['Comer más sano', 'healthy-eating', 'nutrition'],
    ['Kill it at my piano recital', 'learn-instrument', 'study'],
    ['Geige lernen', 'learn-instrument', 'study'],
    ['Learn to bake sourdough bread', 'baking', 'skill'],
    ['Hacer pan casero', 'baking', 'skill'],
    ['Learn to cook for my family', 'cooking-skills', 'skill'],
  ])('“%s” → %s', (goal, archetype, domain) => {
    const r = planGoal(goal, '')
    expect([r.archetype, r.domain, r.coverage]).toEqual([archetype, domain, 'archetype'])
  })

  it('a triathlon reports its own kind: multisport, not running', () => {
    const r = planGoal('Prepare for my first Ironman 70.3', 'ran two half marathons, swim 1 km, own a road bike')
    expect([r.archetype, r.domain]).toEqual(['triathlon', 'multisport'])
  })

  it.each([
    ['make the football team'],
    ['drum up more business for my bakery shop'],
    ['eat less bread'],
    ['lose 5 kg before my sister’s wedding'],
  ])('a setting or look-alike word alone routes nothing: “%s”', (goal) => {
    const r = planGoal(goal, '')
    expect(r.archetype === 'team-change' || r.archetype === 'baking' || r.archetype === 'learn-instrument').toBe(false)
  })
})

describe('instrument plans name the instrument (domains/instruments.json)', () => {
  it('“Kill it at my piano recital”: every session names the piano, no guitar chords or tuning', () => {
    const r = planGoal('Kill it at my piano recital', '')
    const own = sessions('Kill it at my piano recital')
    expect(own.length).toBeGreaterThan(4)
    for (const s of own) expect(s.title).toMatch(/^Piano practice \d+:/)
    const all = r.first_cycle_actions.map((a) => `${a.title} ${a.description}`).join('\n')
    // Broken chords are piano technique (ABRSM); chord changes and tuning are a guitar's first lesson.
    expect(all).not.toMatch(/chord changes|first 2 chords|tune up|tune your/i)
    // A recital means the player is past day one: day 1 records where they are.
    expect(r.first_cycle_actions[0].title).toBe('Day 1: record where you are')
  })

  it.each([
    ['learn the violin', /bow/, 'Violin practice'],
    ['learn guitar', /chords/, 'Guitar practice'],
    ['Apprendre la batterie', /baguettes/, 'Batterie'],
    ['Klavier spielen lernen', /mittlere C/, 'Klavier'],
    ['improve my singing', /range/, 'Singing practice'],
  ])('“%s”: the family’s first lesson and the instrument in every session', (goal, lesson, prefix) => {
    const r = planGoal(goal, '')
    expect(r.first_cycle_actions[0].title).toMatch(lesson)
    const own = sessions(goal)
    expect(own.length).toBeGreaterThan(4)
    for (const s of own) expect(s.title.startsWith(prefix), s.title).toBe(true)
  })

  it('only a fretted instrument’s plan speaks of chords on day 1', () => {
    for (const goal of ['learn the piano', 'learn the violin', 'learn the drums', 'learn the flute', 'learn to sing'])
      expect(planGoal(goal, '').first_cycle_actions[0].description).not.toMatch(/chord/i)
  })
})

describe('baking is not cooking, nor a generic skill', () => {
  it('“Learn to bake sourdough bread”: titles speak of dough, bakes and loaves, not “try it cold”', () => {
    const all = titles('Learn to bake sourdough bread').join('\n')
    expect(all).toMatch(/dough/)
    expect(all).toMatch(/loaf/)
    expect(all).toMatch(/[Bb]ake/)
    expect(all).not.toMatch(/try it cold|Drill the hardest part/)
  })
})

describe('the general planner has no filler (domains/general.ts)', () => {
  it('sessions are titled by the goal’s object; no title carries a “(2)” copy suffix', () => {
    for (const profile of [{}, { days_per_week: 2 }, { days_per_week: 1 }, { days_per_week: 7 }]) {
      const t = titles('Reduce the noise in my flat', '', profile)
      expect(t.filter((x) => /\(\d+\)$/.test(x))).toEqual([])
      expect(new Set(t).size).toBe(14)
      expect(t.filter((x) => x.startsWith('Noise in my flat: ')).length).toBeGreaterThan(0)
    }
  })

  it('with few sessions its own off days appear once each, then its family’s, never copies', () => {
    const t = titles('Reduce the noise in my flat', '', { days_per_week: 1 })
    const off = t.filter((x) => /^Off day|^Light day|^Rest/.test(x))
    expect(off.length).toBeGreaterThan(4)
    expect(new Set(off).size).toBe(off.length)
  })

  it('a goal too long for a title is numbered, never cut', () => {
    const t = titles('Reduce the noise from the bar downstairs that keeps my children awake', '')
    for (const x of t) expect(x.includes('…') || x.length > 60).toBe(false)
  })

  it('an archetype’s third pass of a session names its round instead of a “(2)” suffix', () => {
    const t = titles('Prepare for my first Ironman 70.3', '')
    expect(t.filter((x) => /\(\d+\)$/.test(x))).toEqual([])
  })
})

describe('look-alikes of the new phrases stay where they belong', () => {
  it.each([
    ['Succeed as a new hire'],
    ['get my boss onboard with the plan'],
    ['mich in ein neues Thema einarbeiten'],
    ['cut down on baked goods'],
    ['open a bakery'],
    ['learn keyboard shortcuts'],
    ['donate an organ'],
    ['stand up for myself'],
  ])('“%s” is not a team, onboarding, baking or instrument plan', (goal) => {
    const r = planGoal(goal, '')
    expect(['team-change', 'onboard-new-hires', 'baking', 'learn-instrument']).not.toContain(r.archetype)
    expect(r.domain).not.toBe('study')
  })
})
