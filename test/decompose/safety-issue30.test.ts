import { describe, expect, it } from 'vitest'
import { buildPlan, planGoal } from '../../workers/decompose/domain/planner/index'
import { screen } from '../../workers/decompose/domain/safety/screen'

/** Each example of issue 30, as the reviewer wrote it, and what the person must get instead. */
const text = (r: ReturnType<typeof planGoal>) => r.actions.map((a) => `${a.title} ${a.description}`).join(' ')

describe('issue 30 examples', () => {
  it('"Stop feeling anything" + cutting again, deeper each time: crisis, never the general template', () => {
    const r = planGoal('Stop feeling anything', 'I’ve been cutting again to cope and it’s getting deeper each time')
    expect(r.safety.level).toBe('crisis')
    expect(r.domain).toBe('support')
    expect(text(r)).not.toMatch(/collect the tools|order or book|Finish: stop feeling anything/i)
  })

  it('goodbye letters "before I go" + "won’t be around": crisis, not a novel-writing plan', () => {
    const r = planGoal('Write letters to everyone I love before I go', 'I don’t think I’ll be around by the end of the month')
    expect(r.safety.level).toBe('crisis')
    expect(r.domain).toBe('support')
  })

  it.each([
    ['I just want to sleep forever', 'crisis'],
    ['En finir avec tout', 'crisis'],
    ['Find a way out', 'caution'],
  ])('"%s" → at least %s', (goal, level) => {
    const r = planGoal(goal)
    expect(r.safety.categories).toContain('self-harm')
    expect(['caution', 'crisis'].indexOf(r.safety.level)).toBeGreaterThanOrEqual(['caution', 'crisis'].indexOf(level))
  })

  it('"Make my coworker quit": refused with the constructive goal, no step toward it', () => {
    const r = planGoal('Make my coworker quit', 'isolate her and get her blamed for the mistakes')
    expect(r.safety.level).toBe('refuse')
    expect(r.safety.categories).toContain('harm-to-others')
    expect(r.domain).toBe('support')
    expect(text(r)).toMatch(/HR/)
    expect(text(r)).toMatch(/career conversation/)
    expect(text(r)).not.toMatch(/Finish: make my coworker quit/i)
  })

  it('a 15-year-old with steroids or injections gets the family-and-doctor plan, not a bulk', () => {
    const r = planGoal('Gain 10 kg of muscle in 6 weeks', 'I’m 15, thinking about steroids or injections')
    expect(r.safety.categories).toContain('minor-substances')
    expect(r.domain).toBe('support')
    expect(r.first_cycle_actions[0].title).toMatch(/parent or carer/)
  })

  it('type 1 diabetes, a 10-day water fast and less insulin: ketoacidosis and hypoglycaemia named, no fasting plan', () => {
    const r = planGoal('10-day water fast', 'type 1 diabetic, I’ll just lower my insulin')
    expect(r.safety.level).toBe('caution')
    expect(r.safety.categories).toContain('medication-restriction')
    expect(r.safety.message).toMatch(/ketoacidosis/)
    expect(r.safety.message).toMatch(/hypoglycaemia/)
    expect(r.domain).toBe('support')
    expect(text(r)).not.toMatch(/\bfast(ing)?\b.*\b(day|hours)\b.*\bwater only\b/i)
  })

  it.each([
    ['Volver a correr', 'Tengo 35 años, dejé de correr hace 2 años'],
    ['Voltar a correr', 'Tenho 35 anos, parei de correr há 2 anos'],
    ['Start running again', 'I am 35, I stopped 2 years ago'],
    ['Wieder laufen', 'ich bin 35, vor 2 Jahren aufgehört'],
  ])('"%s" / "%s": an adult, never the plan for a child', (goal, context) => {
    const r = planGoal(goal, context)
    expect(r.safety.categories).not.toContain('minor-weight')
    expect(r.safety.categories).not.toContain('minor-substances')
    expect(r.first_cycle_actions[0].description).not.toMatch(/school nurse|mother/)
  })

  it.each([
    ['I’m 15', 'en'],
    ['15 yo', 'en'],
    ['tengo 15 años', 'es'],
    ['j’ai 15 ans', 'fr'],
    ['ich bin 15', 'de'],
    ['ho 15 anni', 'en'],
    ['tenho 15 anos', 'en'],
  ] as const)('"%s" with SARMs is under 18 in every language', (age, lang) => {
    const s = screen('Get bigger arms', `${age}, want to try SARMs`, lang, null).safety
    expect(s.categories).toContain('minor-substances')
  })

  it('profile strings are screened like the context', () => {
    const r = buildPlan('Get fitter', '', { constraints: ['I keep cutting myself, deeper each time'] }).response
    expect(r.safety.level).toBe('crisis')
  })
})

describe('help lines for Italy and Portugal (issue 30 §1)', () => {
  it.each([
    ['it-IT', 'Voglio farla finita', 'IT', '02 2327 2327'],
    ['pt-PT', 'Quero acabar com tudo', 'PT', '213 544 545'],
  ])('%s: a crisis shows the verified national line and 112, then the directory', (locale, goal, region, number) => {
    const r = buildPlan(goal, '', { locale }).response
    expect(r.safety.level).toBe('crisis')
    expect(r.safety.resources[0]).toMatchObject({ region })
    expect(r.safety.resources[0].contact).toContain(number)
    expect(r.safety.resources.map((x) => x.contact)).toContain('112')
    expect(r.first_cycle_actions[0].description).toContain(number)
  })
})

describe('harm to others in fr, es and de', () => {
  it.each([
    ['Faire démissionner ma collègue', 'l’isoler et lui faire porter les erreurs', 'fr'],
    ['Vengarme de mi exnovio', 'quiero que sufra', 'es'],
    ['Meine Ex leiden lassen', '', 'de'],
  ])('"%s": refused, the constructive plan in the request’s language', (goal, context, lang) => {
    const r = planGoal(goal, context)
    expect(r.safety.level).toBe('refuse')
    expect(r.language).toBe(lang)
    expect(r.translation).toEqual({ complete: true, missing: 0 })
  })
})
