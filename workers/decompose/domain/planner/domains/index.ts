import type { Domain, GoalKind } from '../types'
import { career } from './career'
import { finance } from './finance'
import { general } from './general'
import { language } from './language'
import { mindfulness } from './mindfulness'
import { nutrition } from './nutrition'
import { productivity } from './productivity'
import { running } from './running'
import { sleep } from './sleep'
import { strength } from './strength'
import { study } from './study'
import { writing } from './writing'

/** One module per kind of goal, each with its sources cited at the top. */
export const DOMAINS: Record<GoalKind, Domain> = {
  running,
  strength,
  nutrition,
  sleep,
  language,
  study,
  career,
  finance,
  writing,
  mindfulness,
  productivity,
  general,
}
