import { actorOf, ownedScreening } from '../domain/access'
import { type RescoreChange, rescore } from '../domain/screening/rescore'
import type { ScreeningPorts } from '../env'
import * as store from '../store'
import { type Asker, callerOf } from './caller'

type Ports = Pick<ScreeningPorts, 'db' | 'now' | 'linkSecret'>
type RescorePorts = Pick<ScreeningPorts, 'db' | 'now' | 'provider' | 'emit'>

export const rescorePorts = (ports: RescorePorts) => ({ db: ports.db, now: ports.now(), provider: ports.provider, emit: ports.emit })

/** The owner rescores a screening with corrected inputs, or after a dispute (issue 12 §4). */
export async function rescoreScreening(ports: Ports & RescorePorts, input: Asker & { screeningId: string; change: RescoreChange }) {
  const { reader, screening, property } = await ownedScreening(callerOf(ports, input.partnerId), input.screeningId, input.token, {
    landlord: true,
  })
  // Only a refresh still PENDING at the provider gives null, and only for report_completed (the cron's reason).
  const updated = (await rescore(rescorePorts(ports), { screening, property }, input.change))!
  await store.audit(ports.db, [screening.id], 'rescored', actorOf(reader), ports.now())
  return { updated, property }
}

/** The owner reads the earlier results of a screening; the read is in the audit trail. */
export async function versionsOf(ports: Ports, input: Asker & { screeningId: string }) {
  const { reader, screening } = await ownedScreening(callerOf(ports, input.partnerId), input.screeningId, input.token, {
    landlord: true,
  })
  const versions = await store.oldVersions(ports.db, screening.id)
  await store.audit(ports.db, [screening.id], 'read_versions', actorOf(reader), ports.now())
  return { screening, versions }
}
