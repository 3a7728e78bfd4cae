import type { Caller } from '../domain/access'
import type { ScreeningPorts } from '../env'

/** Who asks, as the access checks (domain/access.ts) see it: the partner behind the key, or null. */
export type Asker = { partnerId: string | null; token?: string }

export function callerOf(ports: Pick<ScreeningPorts, 'db' | 'now' | 'linkSecret'>, partnerId: string | null): Caller {
  return { db: ports.db, now: ports.now(), linkSecret: ports.linkSecret, partnerId }
}
