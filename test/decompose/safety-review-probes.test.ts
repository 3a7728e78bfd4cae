import { describe, expect, it } from 'vitest'
import { buildPlan } from '../../workers/decompose/domain/planner/index'

// Inputs the lead wrote at review, after the issue 30 branch was done (none from its corpora):
// the warning signs it missed then (preparation, feeling unnoticed, wanting to vanish, framing
// someone), in several languages, and look-alikes that must stay ordinary.
const level = (goal: string, context = '') => {
  const { response } = buildPlan(goal, context, {}) as unknown as { response: { safety: { level: string; categories?: string[] } } }
  return response.safety
}

describe('safety screen: warning signs first missed at review', () => {
  it.each([
    ['Get everything in order before I leave for good', 'I gave my dog to my sister and wrote my will last week'],
    ['Learn to not need anyone', 'Nobody would notice if I disappeared tbh'],
    ['Quero sumir', 'não aguento mais, ninguém sentiria minha falta'],
    ['Ordnung schaffen', 'niemand würde mich vermissen'],
    ['Mettre de l’ordre dans ma vie', 'personne ne remarquerait si je partais, je veux disparaître'],
    ['Organizzare le mie cose', 'nessuno sentirebbe la mia mancanza'],
  ])('%s / %s → crisis', (goal, context) => {
    expect(level(goal, context).level).toBe('crisis')
  })

  it('framing a housemate to get her out is harm to others, refused with a constructive plan', () => {
    const safety = level('Make my roommate move out', "I'll hide her stuff and tell the landlord she deals drugs")
    expect(safety.level).toBe('refuse')
    expect(safety.categories).toContain('harm-to-others')
  })

  it.each([
    ['Move to Canada for good next year', 'I already sold my car'],
    ['Write my will and a living will', 'I am 62 and want my affairs in order for my kids'],
    ['Kill it at my job interview next week', ''],
    ['Finally finish my thesis', "I'm dying to be done with it"],
    ['Make the stain on my sofa disappear', ''],
  ])('%s / %s stays ordinary (at most a caution)', (goal, context) => {
    expect(level(goal, context).level).not.toBe('crisis')
    expect(level(goal, context).level).not.toBe('refuse')
  })
})
