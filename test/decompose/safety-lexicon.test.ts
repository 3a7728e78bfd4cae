import { describe, expect, it } from 'vitest'
import { read } from '../../workers/decompose/domain/safety/cues'
import { readLexicon } from '../../workers/decompose/domain/safety/lexicon'
import { screen } from '../../workers/decompose/domain/safety/screen'

// The lexicon layer (issue 30): rules over word classes, specific by exclusion. Each case was
// written for this file in wording the development sets do not hold; on first run 21 of 27
// passed, and the six misses were fixed by widening a class (a body part, a person, an outcome,
// a farewell verb, "vor den …zug"), not by listing the sentence. Development, not a test set.
const level = (goal: string, context = '') => screen(goal, context, 'en', null).safety
const rule = (goal: string, context = '') => readLexicon(read([goal, context])).rule

describe('lexicon layer: sensitive without the phrase', () => {
  it.each([
    ['Choose between the overpass and my sleeping tablets', 'need it settled before my birthday'],
    ['Hand my gaming pc to my cousin', 'i will not need it after this weekend'],
    ['Vor den Regionalzug laufen', 'samstag frueh'],
    ['Ecrire un dernier message a mon pere', 'plus la force, c est pour demain'],
    ['Dejar a mi gato con una amiga para siempre', 'esta semana, ya no aguanto'],
    ['Impiccarmi in cantina'],
    ['Juntar os comprimidos da minha mae', 'ja tenho 40'],
  ])('%s / %s → crisis', (goal, context = '') => {
    const s = level(goal, context)
    expect([s.level, s.categories]).toEqual(['crisis', ['self-harm']])
  })

  it('self-injury on the own body with escalation or concealment is a crisis in any language', () => {
    expect(level('Keep cutting my forearm', 'the cuts go deeper each time').level).toBe('crisis')
    expect(level('Die frischen Narben am Oberschenkel verstecken').level).toBe('crisis')
  })
})

describe('lexicon layer: specific by exclusion', () => {
  it.each([
    ['Outline my thriller', 'the villain pushes his partner off the bridge on sunday'],
    ['Revise for my nursing exam', 'overdose management, lethal doses, tonight'],
    ['Support my friend who talks about suicide', 'what to say to her this weekend'],
    ['Dead tired every friday, more energy'],
    ['Je veux en finir avec le tabac ce soir'],
    ['Sauter en parachute samedi'],
    ['Beat my brother at chess'],
    ['My manager wants me to quit, how do I respond'],
  ])('%s / %s stays ordinary', (goal, context = '') => {
    expect(level(goal, context).level).toBe('none')
  })

  it('an idiom of ending is not one when its object is life itself', () => {
    expect(level('Je veux en finir avec la vie').level).toBe('crisis')
    expect(level('Je veux en finir avec la paperasse').level).toBe('none')
  })

  it('a first-person word keeps a rule through a fiction frame', () => {
    expect(rule('For my novel', 'i will jump off the bridge tonight')).not.toBeNull()
    expect(rule('For my novel', 'the hero jumps off the bridge tonight')).toBeNull()
  })
})

describe('lexicon layer: harm to others', () => {
  it.each([
    ['Make my deskmate at work so anxious she resigns', 'change her files secretly'],
    ['Meiner Nachbarin heimlich folgen', 'und ihre Nachrichten lesen'],
    ['Tabasser le copain de ma soeur'],
    ['Decidir con quien habla mi novia', 'quitarle el dinero'],
  ])('%s / %s → harm-to-others', (goal, context = '') => {
    expect(level(goal, context).categories).toContain('harm-to-others')
  })
})

describe('medication with restriction names the danger', () => {
  it('lithium with a fast names lithium toxicity (found in review)', () => {
    const s = level('Do a 5 day water fast', 'I have been on lithium for two years')
    expect(s.categories).toContain('medication-restriction')
    expect(s.message).toMatch(/lithium toxicity/)
  })

  it('insulin lowered for a fast names ketoacidosis and hypoglycaemia', () => {
    const s = level('Fast for a week', 'type 1, I will lower my insulin')
    expect(s.message).toMatch(/ketoacidosis/)
    expect(s.message).toMatch(/hypoglycaemia/)
  })

  it('lithium without a restriction is an ordinary goal', () => {
    expect(level('Run a 10k', 'I take lithium every day').level).toBe('none')
  })
})

describe('minors', () => {
  it('"soy menor de edad" or "sono minorenne" is an age under 18', () => {
    expect(level('Bulk up', 'soy menor de edad y quiero esteroides').categories).toContain('minor-substances')
    expect(level('Fare massa', 'sono minorenne e penso ai SARMs').categories).toContain('minor-substances')
  })

  it('"il y a 2 ans" and "a 35 anni" are not ages under 18', () => {
    expect(level('Reprendre le sport', 'il y a 2 ans j ai arrete, je pense aux steroides').categories).not.toContain('minor-substances')
    expect(level('Fare massa', 'a 35 anni penso agli steroidi').categories).not.toContain('minor-substances')
  })
})
