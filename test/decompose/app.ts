import { createDecomposeApp } from '../../workers/decompose/app'

export type Clock = { now: Date }

/** The worker's app as index.ts builds it, with a clock a test can set (the system's by default). */
export function makeApp(clock?: Clock) {
  return createDecomposeApp({ now: () => clock?.now ?? new Date() })
}

export const app = makeApp()
