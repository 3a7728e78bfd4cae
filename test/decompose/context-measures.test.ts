import { describe, expect, it } from 'vitest'
import { planGoal } from '../../workers/decompose/domain/planner/index'

// Issue 31 §2: durations, dates and quantities read by what they measure, in six languages.
const used = (goal: string, context: string) => planGoal(goal, context).context_used
const fact = (goal: string, context: string, field: string) => used(goal, context).facts?.find((f) => f.field === field)

describe('durations of something else are not time for the goal', () => {
  it('“9 hours sitting” at a desk is not minutes a day for the goal', () => {
    for (const [goal, context] of [
      ['Fix my posture', 'I work 9 hours sitting at a desk'],
      ['Corriger ma posture', 'je suis assis 9 heures par jour au bureau'],
      ['Mejorar mi postura', 'paso 9 horas sentado al día'],
      ['Meine Haltung verbessern', 'ich sitze 9 Stunden am Tag am Schreibtisch'],
      ['Migliorare la postura', 'sto seduto 9 ore al giorno'],
      ['Melhorar a postura', 'fico 9 horas sentado por dia'],
    ]) {
      const c = used(goal, context)
      expect(c.assumed, context).toContain('minutes_per_day')
      expect(c.minutes_per_day, context).toBeLessThan(180)
    }
  })

  it('a child’s “5 hours a day” of screen time is what to reduce, not the plan’s minutes', () => {
    for (const [goal, context] of [
      ['Cut my son’s screen time', 'he is 9, 5 hours a day of screen time'],
      ['Réduire le temps d’écran de ma fille', 'elle passe 5 heures par jour devant les écrans'],
      ['Reducir el tiempo de pantalla de mi hijo', '5 horas al día con el móvil'],
      ['Die Bildschirmzeit meines Sohnes reduzieren', '5 Stunden am Tag am Handy'],
      ['Ridurre il tempo davanti allo schermo di mio figlio', '5 ore al giorno al telefono'],
      ['Reduzir o tempo de tela do meu filho', '5 horas por dia no celular'],
    ]) {
      const c = used(goal, context)
      expect(c.minutes_per_day, context).not.toBe(180)
      expect(c.assumed, context).toContain('minutes_per_day')
    }
  })

  it('a time goal keeps the person’s stated budget (“20 minutes a day”) but not its own hours', () => {
    expect(used('Spend less time on instagram', '4 hours a day on it').assumed).toContain('minutes_per_day')
    expect(used('Sleep 7 hours a night', 'I get 5 hours').assumed).toContain('minutes_per_day')
    expect(used('Spend less time on instagram', '4 hours a day on it, I have 15 minutes a day for this').minutes_per_day).toBe(15)
  })

  it('“10K in 58 minutes” and “25 min 5k” are performances, not 58 or 25 minutes a day', () => {
    for (const [goal, context] of [
      ['Run a half marathon', '10K in 58 minutes'],
      ['Run a half marathon', 'runner, 25 min 5k'],
      ['Courir un semi-marathon', '10 km en 58 minutes'],
      ['Correr una media maratón', '10 km en 58 minutos'],
      ['Einen Halbmarathon laufen', '10 km in 58 Minuten'],
      ['Correre una mezza maratona', '10 km in 58 minuti'],
      ['Correr uma meia maratona', '10 km em 58 minutos'],
    ]) {
      const c = used(goal, context)
      expect(c.minutes_per_day, context).not.toBe(58)
      expect(c.minutes_per_day, context).not.toBe(25)
      expect(c.level, context).not.toBe('beginner')
    }
  })

  it('“10 minutes twice a day” is 20 minutes a day in two sessions, in every language', () => {
    for (const [goal, context] of [
      ['Meditate', '10 minutes twice a day'],
      ['Meditate', '10 min 2x a day'],
      ['Méditer', '10 minutes deux fois par jour'],
      ['Meditar', '10 minutos dos veces al día'],
      ['Meditieren', 'zweimal täglich 10 Minuten'],
      ['Meditare', '10 minuti due volte al giorno'],
      ['Meditar', '10 minutos duas vezes por dia'],
    ]) {
      expect(used(goal, context).minutes_per_day, context).toBe(20)
      expect(fact(goal, context, 'sessions_per_day')?.value, context).toBe(2)
    }
  })
})

describe('lengths are not deadlines', () => {
  it('“a 2-week trip in 10 weeks” has a 10-week deadline', () => {
    for (const [goal, context] of [
      ['Learn basic Japanese', 'a 2-week trip in 10 weeks'],
      ['Apprendre le japonais', 'un voyage de 2 semaines dans 10 semaines'],
      ['Aprender japonés', 'un viaje de 2 semanas dentro de 10 semanas'],
      ['Japanisch lernen', 'eine 2-wöchige Reise in 10 Wochen'],
      ['Preparare un viaggio in Giappone', 'viaggio di 2 settimane, partiamo tra 10 settimane'],
      ['Aprender japonês', 'uma viagem de 2 semanas daqui a 10 semanas'],
    ]) {
      expect(used(goal, context).deadline_weeks, context).toBe(10)
    }
  })

  it('a length alone is no deadline', () => {
    expect(used('Plan a trip to Japan', 'a 2-week trip').deadline_weeks).toBeNull()
  })
})

describe('quantities keep their unit', () => {
  it('“60 pages” is 60 pages, never 60,000 words', () => {
    const r = planGoal('Write my thesis', '60 pages, due in 12 weeks')
    expect(r.context_used.facts).toContainEqual({ field: 'pages', value: 60, text: '60 pages' })
    expect(JSON.stringify(r)).not.toMatch(/60,000 words/)
  })

  it('words, kg and km are read with their unit in any language', () => {
    expect(fact('Write a novel', '80k words', 'words')?.value).toBe(80000)
    expect(fact('Perdre du poids', 'perdre 6 kg', 'kg')?.value).toBe(6)
    expect(fact('Radfahren', 'ich fahre 50 km', 'km')?.value).toBe(50)
    expect(fact('Escribir mi tesis', '60 páginas', 'pages')?.value).toBe(60)
    expect(fact('Scrivere la tesi', '60 pagine', 'pages')?.value).toBe(60)
    expect(fact('Die Arbeit schreiben', '60 Seiten', 'pages')?.value).toBe(60)
  })
})

describe('negated conditions are not conditions', () => {
  it('“no injury” in six languages is no injury, and shown back as such', () => {
    for (const [goal, context] of [
      ['Run a half marathon', 'No injury'],
      ['Correr una media maratón', 'sin lesiones'],
      ['Einen Halbmarathon laufen', 'keine Verletzung'],
      ['Courir un semi-marathon', 'pas de blessure'],
      ['Correre una mezza maratona', 'nessun infortunio'],
      ['Correr uma meia maratona', 'sem lesão'],
    ]) {
      const r = planGoal(goal, context)
      expect(
        r.context_used.constraints.filter((c) => /injury|pain/.test(c)),
        context
      ).toEqual([])
      expect(r.context_used.facts, context).toContainEqual(expect.objectContaining({ field: 'injury', value: false }))
    }
  })

  it('an injury said after a negated one still counts', () => {
    expect(used('Run a 10K', 'no knee pain but my ankle hurts').constraints).toContain('ankle injury or pain')
  })
})

describe('days said as habits', () => {
  it('weekdays named as habits, and the weekend, in six languages', () => {
    expect(used('Reduce sick leave in my team', '2 hours on fridays').days_per_week).toBe(1)
    expect(used('Volunteer', 'saturdays and sundays').days_per_week).toBe(2)
    expect(used('Rénover ma salle de bain', 'le week-end').days_per_week).toBe(2)
    expect(used('Den Segelschein machen', 'Wochenenden').days_per_week).toBe(2)
    expect(used('Aprender a navegar', 'los sábados').days_per_week).toBe(1)
    expect(used('Imparare a nuotare', 'il sabato').days_per_week).toBe(1)
    expect(used('Aprender a nadar', 'aos domingos').days_per_week).toBe(1)
  })
})

describe('context_used.facts shows what was read, with the words it came from', () => {
  it('“35 min on weekdays, race on 14 June” is shown back as written', () => {
    const facts = used('Run a half marathon', '35 min on weekdays, race on 14 June').facts
    expect(facts).toContainEqual({ field: 'minutes_per_day', value: 35, text: '35 min on weekdays' })
    expect(facts).toContainEqual({ field: 'days_per_week', value: 5, text: 'weekdays' })
    expect(facts).toContainEqual({ field: 'deadline', value: '14 June', text: 'on 14 June' })
  })

  it('dated events in the other languages are deadlines with their words', () => {
    expect(used('Courir un semi-marathon', 'course le 14 juin').facts).toContainEqual(
      expect.objectContaining({ field: 'deadline', value: '14 juin', text: 'course le 14 juin' })
    )
    expect(used('Correre una mezza maratona', 'gara il 14 giugno').deadline_text).toBe('14 giugno')
    expect(used('Correr uma meia maratona', 'prova em 14 de junho').deadline_text).toBe('14 de junho')
  })

  it('a relative deadline keeps its words, and nothing unread is listed', () => {
    const facts = used('Learn basic Japanese', 'a 2-week trip in 10 weeks').facts
    expect(facts).toEqual([{ field: 'deadline_weeks', value: 10, text: 'in 10 weeks' }])
  })
})

describe('time for the goal still reads when other activities are near', () => {
  it('a stated budget wins over sitting, work or sleep said in the same context', () => {
    expect(used('Get fit', 'I have 1 hour a day but I sit 8 hours').minutes_per_day).toBe(60)
    expect(used('Learn Spanish', '20 min a day, I spend 2 hours commuting').minutes_per_day).toBe(20)
    expect(used('Improve my sleep', 'I sleep 5 hours, 10 minutes a day for exercises').minutes_per_day).toBe(10)
    expect(used('Learn Japanese', '20 minutes a day on my commute').minutes_per_day).toBe(20)
    expect(used('Learn to drive', '2 hours of driving on saturdays').minutes_per_day).toBe(120)
  })

  it('a commute said before its duration is the commute (“I commute 2 hours a day”), not time for the goal', () => {
    expect(used('Learn Spanish', 'I commute 2 hours a day').assumed).toContain('minutes_per_day')
    expect(used('Learn Spanish', 'my commute is 1 hour').assumed).toContain('minutes_per_day')
    expect(used('Get fit', 'I drive 2 hours a day for work').assumed).toContain('minutes_per_day')
  })

  it('“work out 3 times a week for an hour” is training time, each session an hour', () => {
    const c = used('Get stronger', 'I work out 3 times a week for an hour')
    expect(c.minutes_per_day).toBe(60)
    expect(c.days_per_week).toBe(3)
    expect(used('Se muscler', '2 fois par semaine pendant 45 minutes').minutes_per_day).toBe(45)
  })
})
