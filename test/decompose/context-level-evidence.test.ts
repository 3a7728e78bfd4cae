import { describe, expect, it } from 'vitest'
import { planGoal } from '../../workers/decompose/domain/planner/index'

// Issue 31 §2: level from evidence, not assumed. One case per kind of evidence in en/fr/es/de
// (pace, distance, races done, swim distance, years, CEFR, certificate, lift, never done it).
const CASES: Array<[string, string, string]> = [
  // pace
  ['Run a marathon', 'my pace is 5:30 per km', 'intermediate'],
  ['Courir un marathon', 'je cours à 5:30 min/km', 'intermediate'],
  ['Correr un maratón', 'corro a 5:30 min/km', 'intermediate'],
  ['Einen Marathon laufen', 'ich laufe 5:30 min/km', 'intermediate'],
  // distances
  ['Run a half marathon', 'I run 10 km three times a week', 'intermediate'],
  ['Courir un semi-marathon', 'je cours 10 km trois fois par semaine', 'intermediate'],
  ['Correr una media maratón', 'corro 10 km tres veces por semana', 'intermediate'],
  ['Einen Halbmarathon laufen', 'ich laufe 10 km dreimal pro Woche', 'intermediate'],
  // races
  ['Prepare for my first Ironman 70.3', 'ran two half marathons, swim 1 km, own a road bike', 'intermediate'],
  ['Préparer mon premier Ironman 70.3', "j'ai couru deux semi-marathons, je nage 1 km", 'intermediate'],
  ['Preparar mi primer Ironman 70.3', 'he corrido dos medias maratones, nado 1 km', 'intermediate'],
  ['Meinen ersten Ironman 70.3 vorbereiten', 'ich bin zwei Halbmarathons gelaufen, schwimme 1 km', 'intermediate'],
  // swim
  ['Swim 2 km', 'I can swim 1 km without stopping', 'intermediate'],
  ['Nager 2 km', "je nage 1 km sans m'arrêter", 'intermediate'],
  ['Nadar 2 km', 'nado 1 km sin parar', 'intermediate'],
  ['2 km schwimmen', 'ich schwimme 1 km am Stück', 'intermediate'],
  // years
  ['Get better at guitar', 'I have been playing for 5 years', 'advanced'],
  ['Progresser à la guitare', 'je joue depuis 5 ans', 'advanced'],
  ['Mejorar con la guitarra', 'toco desde hace 5 años', 'advanced'],
  ['Besser Gitarre spielen', 'ich spiele seit 5 Jahren', 'advanced'],
  // cefr
  ['Pass the C1 exam in Spanish', 'I am B2', 'intermediate'],
  ["Réussir le C1 d'espagnol", "j'ai le niveau B2", 'intermediate'],
  ['Aprobar el C1 de inglés', 'tengo un B2', 'intermediate'],
  ['Die C1-Prüfung in Englisch bestehen', 'ich habe B2', 'intermediate'],
  // certificates
  ['Get my instrument rating', 'I hold a private pilot licence', 'intermediate'],
  ['Passer la qualification de vol aux instruments', 'je suis titulaire du brevet de pilote', 'intermediate'],
  ['Sacar la habilitación de vuelo instrumental', 'tengo la licencia de piloto privado', 'intermediate'],
  ['Die Instrumentenflugberechtigung machen', 'ich habe den Privatpilotenschein', 'intermediate'],
  // lifts
  ['Squat 140 kg', 'I squat 100 kg for 5', 'intermediate'],
  ['Squatter 140 kg', 'je fais un squat à 100 kg', 'intermediate'],
  ['Hacer sentadilla con 140 kg', 'hago sentadilla con 100 kg', 'intermediate'],
  ['140 kg Kniebeuge', 'Kniebeuge 100 kg', 'intermediate'],
  // never
  ['Learn to ski', 'never skied', 'beginner'],
  ['Apprendre le ski', "je n'ai jamais skié", 'beginner'],
  ['Aprender a esquiar', 'nunca he esquiado', 'beginner'],
  ['Skifahren lernen', 'ich bin noch nie Ski gefahren', 'beginner'],
]

describe('level from evidence', () => {
  it.each(CASES)('%s — “%s” is %s, and not assumed', (goal, context, level) => {
    const used = planGoal(goal, context).context_used
    expect(used.level).toBe(level)
    expect(used.assumed).not.toContain('level')
    expect(used.facts?.find((f) => f.field === 'level')?.text.length).toBeGreaterThan(0)
  })

  it('Italian and Portuguese evidence too', () => {
    expect(planGoal('Correre una mezza maratona', 'ho corso tre 10 km').context_used.level).toBe('intermediate')
    expect(planGoal('Correr uma maratona', 'corri duas meias maratonas').context_used.level).toBe('intermediate')
    expect(planGoal('Imparare a sciare', 'non ho mai sciato').context_used.level).toBe('beginner')
    expect(planGoal('Aprender a nadar', 'nunca nadei').context_used.level).toBe('beginner')
  })

  it('“my first Ironman” does not make someone with two half marathons a beginner', () => {
    const used = planGoal('Prepare for my first Ironman 70.3', 'ran two half marathons, swim 1 km, own a road bike').context_used
    expect(used.level).toBe('intermediate')
  })

  it('a first attempt decides only when nothing else shows the level', () => {
    expect(planGoal('Crate train my new puppy', 'first dog').context_used).toMatchObject({ level: 'beginner' })
    expect(planGoal('Crate train my new puppy', 'first dog').context_used.assumed).not.toContain('level')
  })

  it('a stated beginner with a performance is read conservatively, with a note', () => {
    const r = planGoal('Run a half marathon', 'complete beginner, but I ran a 10K last year')
    expect(r.context_used.level).toBe('beginner')
    expect(r.notes.join(' ')).toMatch(/beginner/i)
  })

  it('years of practice outrank a race finished (the floor never lowers a higher level)', () => {
    expect(planGoal('Run a marathon', 'running for 11 years, ran 3 marathons').context_used.level).toBe('advanced')
  })

  it('a wish is not evidence (“I want to run 10 km”)', () => {
    for (const [goal, context] of [
      ['Get fit', 'I want to run 10 km by June'],
      ['Me remettre au sport', 'je voudrais courir 10 km'],
      ['Ponerme en forma', 'quiero nadar 1 km'],
      ['Fit werden', 'ich möchte 10 km laufen können'],
    ]) {
      expect(planGoal(goal, context).context_used.assumed, context).toContain('level')
    }
  })

  it('nothing said means assumed', () => {
    expect(planGoal('Run a half marathon', '30 minutes a day').context_used.assumed).toContain('level')
  })
})
