import { describe, expect, it } from 'vitest'
import { planGoal } from '../../workers/decompose/domain/planner/index'

// Issue 18 §3: the context reader knew health conditions and dated deadlines mostly in English
// words, so "j'ai de l'asthme", "tengo diabetes" or "bis zum 1. Juni" were not read at all:
// no asthma note, no deadline. Each language is read the way the English is.
const GOAL = { en: 'Run a 5K', fr: 'Courir 5 km', es: 'Correr 5 km', de: '5 km laufen' } as const
type L = keyof typeof GOAL

const CONDITIONS: Array<[L, string, string]> = [
  ['en', 'I have asthma', 'asthma or lung condition'],
  ['fr', "j'ai de l'asthme", 'asthma or lung condition'],
  ['es', 'tengo asma', 'asthma or lung condition'],
  ['de', 'ich habe Asthma', 'asthma or lung condition'],
  ['en', 'I have diabetes', 'diabetes'],
  ['fr', 'je suis diabétique', 'diabetes'],
  ['fr', "j'ai du diabète", 'diabetes'],
  ['es', 'tengo diabetes', 'diabetes'],
  ['es', 'soy diabética', 'diabetes'],
  ['de', 'ich bin Diabetikerin', 'diabetes'],
  ['en', 'I have high blood pressure', 'high blood pressure'],
  ['fr', "j'ai de l'hypertension", 'high blood pressure'],
  ['fr', 'ma tension est trop élevée', 'high blood pressure'],
  ['es', 'tengo la tensión alta', 'high blood pressure'],
  ['es', 'tengo hipertensión', 'high blood pressure'],
  ['de', 'ich habe Bluthochdruck', 'high blood pressure'],
  ['de', 'hoher Blutdruck', 'high blood pressure'],
  ['fr', "j'ai un problème cardiaque", 'heart condition'],
  ['es', 'tengo problemas de corazón', 'heart condition'],
  ['de', 'ich habe eine Herzerkrankung', 'heart condition'],
  ['fr', 'je fais de la dépression', 'low mood or depression'],
  ['es', 'tengo depresión', 'low mood or depression'],
  ['de', 'ich habe Depressionen', 'low mood or depression'],
  ['fr', "je souffre d'anxiété", 'anxiety'],
  ['es', 'tengo ansiedad', 'anxiety'],
  ['de', 'ich habe eine Angststörung', 'anxiety'],
  ['fr', "j'ai 72 ans", 'older adult'],
  ['es', 'tengo 70 años', 'older adult'],
  ['de', 'ich bin 68 Jahre alt', 'older adult'],
  ['fr', 'je suis épileptique', 'epilepsy or seizures'],
  ['de', 'ich habe Epilepsie', 'epilepsy or seizures'],
  ['fr', 'je travaille de nuit', 'shift work'],
  ['es', 'trabajo a turnos', 'shift work'],
  ['de', 'ich arbeite in Schichtarbeit', 'shift work'],
]

const INJURIES: Array<[L, string, string]> = [
  ['en', 'my knee hurts', 'knee injury or pain'],
  ['fr', "j'ai mal au genou", 'knee injury or pain'],
  ['es', 'me duele la rodilla', 'knee injury or pain'],
  ['de', 'mein Knie tut weh', 'knee injury or pain'],
  ['de', 'ich habe Knieschmerzen', 'knee injury or pain'],
  ['en', 'I have lower back pain', 'back injury or pain'],
  ['fr', "j'ai mal au dos", 'back injury or pain'],
  ['fr', 'une lombalgie depuis un mois', 'back injury or pain'],
  ['es', 'me duele la espalda', 'back injury or pain'],
  ['es', 'tengo lumbago', 'back injury or pain'],
  ['de', 'mein Rücken tut weh', 'back injury or pain'],
  ['de', 'ich habe Rückenschmerzen', 'back injury or pain'],
  // A negation ends at "and": what follows it is still read.
  ['fr', 'pas sportive et asthmatique', 'asthma or lung condition'],
  ['es', 'sin tiempo y asma', 'asthma or lung condition'],
  ['de', 'keine Zeit und Asthma', 'asthma or lung condition'],
]

// Said not to apply: nothing is read.
const NEGATED: Array<[L, string]> = [
  ['en', 'no asthma, no knee pain'],
  ['fr', "je n'ai pas d'asthme"],
  ['fr', 'sans douleur au genou'],
  ['es', 'no tengo diabetes'],
  ['es', 'sin dolor de rodilla'],
  ['de', 'kein Asthma'],
  ['de', 'keine Knieschmerzen'],
  // "dos" is two in Spanish, not the back.
  ['es', 'dos veces por semana, me duele un poco el tobillo'],
]

describe('health conditions and pain in every language', () => {
  it.each(CONDITIONS)('%s “%s” is read as %s', (lang, context, label) => {
    const r = planGoal(GOAL[lang], context)
    expect(r.language).toBe(lang)
    expect(r.context_used.constraints).toContain(label)
  })

  it.each(INJURIES)('%s “%s” is read as %s', (lang, context, label) => {
    expect(planGoal(GOAL[lang], context).context_used.constraints).toContain(label)
  })

  it.each(NEGATED)('%s “%s” reads no condition and no knee or back', (lang, context) => {
    const constraints = planGoal(GOAL[lang], context).context_used.constraints
    expect(constraints.filter((c) => !c.startsWith('ankle'))).toEqual([])
  })
})

// The date keeps the person's casing ("1. Juni", a German noun, was returned as "1. juni").
describe('dated deadlines in every language', () => {
  it.each([
    ['en', 'Pass my exam', 'by June 1st', 'June 1st'],
    ['en', 'Pass my exam', 'exam is on 1 June', '1 June'],
    ['fr', 'Réussir mon examen', 'avant le 1er juin', '1er juin'],
    ['fr', 'Réussir mon examen', "d'ici le 15 mars 2027", '15 mars 2027'],
    ['fr', 'Réussir mon examen', "jusqu'au 3 décembre", '3 décembre'],
    ['fr', 'Réussir mon examen', 'avant la fin de juin', 'la fin de juin'],
    ['fr', 'Réussir mon examen', "d'ici fin mai", 'fin mai'],
    ['fr', 'Réussir mon examen', "avant fin d'avril", "fin d'avril"],
    ['es', 'Aprobar mi examen', 'antes del 1 de junio', '1 de junio'],
    ['es', 'Aprobar mi examen', 'para el 15 de marzo de 2027', '15 de marzo de 2027'],
    ['es', 'Aprobar mi examen', 'hasta el 3 de diciembre', '3 de diciembre'],
    ['de', 'Meine Prüfung bestehen', 'bis zum 1. Juni', '1. Juni'],
    ['de', 'Meine Prüfung bestehen', 'die Prüfung ist am 15. März 2027', '15. März 2027'],
    ['de', 'Meine Prüfung bestehen', 'bis Ende Juli', 'Ende Juli'],
    ['fr', 'Réussir mon examen', 'avant le 1er Juin', '1er Juin'],
    ['es', 'Aprobar mi examen', 'antes del 1 de Junio', '1 de Junio'],
  ])('%s “%s” + “%s” has the deadline %s', (lang, goal, context, date) => {
    const r = planGoal(goal, context)
    expect(r.language).toBe(lang)
    expect(r.context_used.deadline_text).toBe(date)
    expect(r.context_used.deadline_weeks).toBeNull()
  })

  it('a date that is not a deadline is not read as one', () => {
    expect(planGoal('Courir 5 km', 'je cours depuis le 3 juin').context_used.deadline_text).toBeNull()
    expect(planGoal('Correr 5 km', 'empecé el 3 de junio').context_used.deadline_text).toBeNull()
  })
})
