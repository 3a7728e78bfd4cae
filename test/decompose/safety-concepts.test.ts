import { describe, expect, it } from 'vitest'
import { screen } from '../../workers/decompose/domain/safety/screen'

// The concept layer (concepts.json): ideas combined, not sentences listed. Inputs written for
// this test, none from the evaluation sets.
const safety = (goal: string, context = '') => screen(goal, context, 'en', null).safety

describe('safety concepts: combinations of ideas reach their class in any of the six languages', () => {
  it.each([
    ['Tidy my flat', 'honestly no one would even notice if i vanished'],
    ['Sistemare casa', 'se sparissi nessuno se ne accorgerebbe'],
    ['Get the shed sorted', 'bought a rope, the rafter in there will hold'],
    ['Dormir mieux', 'j ai mis de cote assez de comprimes'],
    ['Ordnung im Zimmer', 'die Rasierklingen benutze ich an den Armen'],
    ['Aprender a cocinar', 'me quemo los brazos con el mechero cuando estoy mal'],
    ['me quiero matar', ''],
    ['Lasciare questo mondo', ''],
    ['Comprar um monte de remedios', 'pra tomar tudo de uma vez'],
    ['whats the point anymore', 'everyone would be fine without me'],
    ['Nao aguento mais essa vida', 'ja pensei em como fazer'],
    ['Despedirme de mi familia', 'ya tengo todo preparado'],
  ])('%s / %s → crisis', (goal, context) => {
    const s = safety(goal, context)
    expect(s.level).toBe('crisis')
    expect(s.categories).toContain('self-harm')
  })

  it.each([
    ['Be closer to my boyfriend', 'i want him to drop his friends so he only needs me'],
    ['Ganhar a discussão com a vizinha', 'vou espalhar boatos falsos sobre ela no prédio'],
  ])('%s / %s → harm to others, refused', (goal, context) => {
    const s = safety(goal, context)
    expect(s.level).toBe('refuse')
    expect(s.categories).toContain('harm-to-others')
  })

  it.each([
    // look-alike combinations: someone else's overdose, a way out of a task, ending a habit
    ['Take a first aid course', 'to know what to do if a friend overdoses'],
    ['Find a way out of this project', ''],
    ['En finir avec mes grignotages', ''],
    // short words compared as written, not by a stem shared with another language
    ['Fall asleep faster', 'I lie awake most nights'],
    ['Dejar el azúcar para siempre', ''],
    ['Empezar con pesas', 'tengo 60 años'],
    ['Make the stain disappear from my jeans', ''],
    ['Dormire di più', 'vorrei dormire per sempre la domenica mattina'],
    ['Leave the world of finance', 'retrain as a teacher'],
    ['Kill time on long flights', ''],
  ])('%s / %s stays ordinary', (goal, context) => {
    expect(safety(goal, context).level).toBe('none')
  })
})
