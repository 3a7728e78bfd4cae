import { DomainError } from '../../../shared/errors'
import { actorOf, checkToken, ownedScreening } from '../domain/access'
import type { ScreeningPorts } from '../env'
import * as store from '../store'
import { type Asker, callerOf } from './caller'

type Ports = Pick<ScreeningPorts, 'db' | 'now' | 'linkSecret'>

/** The owner (or the holder of a link to it) reads one stored screening; the read is in the audit trail. */
export async function readScreening(ports: Ports, input: Asker & { screeningId: string }) {
  const { reader, screening, property } = await ownedScreening(callerOf(ports, input.partnerId), input.screeningId, input.token)
  await store.audit(ports.db, [screening.id], 'read', actorOf(reader), ports.now())
  return { screening, property }
}

/** Whoever holds a link ends it; revoking one already revoked is what they wanted, so it is not an error. */
export async function revokeLink(ports: Ports, input: { partnerId: string | null; token: string }): Promise<void> {
  let capability: Awaited<ReturnType<typeof checkToken>>
  try {
    capability = await checkToken(callerOf(ports, input.partnerId), input.token.trim())
  } catch (err) {
    if (err instanceof DomainError && err.code === 'LINK_REVOKED') return
    throw err
  }
  await store.revokeCapability(ports.db, capability.id, ports.now())
}
