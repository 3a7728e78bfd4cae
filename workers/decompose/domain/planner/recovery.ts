import type { Loc } from '../locale/translate'
import { minutesLong } from './text'
import type { Step } from './types'

/**
 * Off-day tasks any plan can use once a domain's own list runs out: they protect the habit
 * (planning, preparation, a witness) without adding load on a rest day.
 */
export function sharedRecovery(label: string, budget: number, loc: Loc): Step[] {
  const walk = Math.min(budget, 10)
  const params = { label, walk: loc.duration(walk), walk_adj: minutesLong(walk), duration: loc.duration(Math.min(budget, 10)) }
  // Texts in locale/messages/*.json (`recovery.<id>.title|text`), in this order of use.
  const items: Array<[id: string, minutes: number]> = [
    ['book', 5],
    ['setup', 5],
    ['walk', walk],
    ['rate', 3],
    ['tell', 5],
    ['sleep', 5],
    ['space', 5],
    ['learn', Math.min(budget, 10)],
    ['win', 3],
    ['badday', 3],
    ['stretch', Math.min(budget, 5)],
    ['reward', 2],
  ]
  return items.map(([id, minutes]) => {
    const title = loc.t(`recovery.${id}.title`, params)
    const text = loc.t(`recovery.${id}.text`, id === 'stretch' ? { ...params, duration: loc.duration(Math.min(budget, 5)) } : params)
    return {
      title: title.text,
      description: text.text,
      minutes: Math.min(minutes, budget),
      load: 0,
      lang: title.lang === text.lang ? title.lang : 'en',
    }
  })
}
