import { actorOf, ownedScreening } from '../domain/access'
import type { ScreeningPorts } from '../env'
import * as store from '../store'
import { type Asker, callerOf } from './caller'

type Ports = Pick<ScreeningPorts, 'db' | 'now' | 'linkSecret'>
type Input = Asker & { screeningId: string }

/** The owner e-mails the applicant a signed link to their own result (issue 12 §2). */
export async function sendApplicantCopy(ports: Ports & Pick<ScreeningPorts, 'outbox'>, input: Input) {
  const { reader, screening } = await ownedScreening(callerOf(ports, input.partnerId), input.screeningId, input.token, {
    landlord: true,
  })
  const status = await ports.outbox.queue('applicant_copy', screening.id, screening.applicantEmail)
  await store.audit(ports.db, [screening.id], 'applicant_copy', actorOf(reader), ports.now())
  return status
}

/** The owner erases the screening's personal data; the tombstone keeps the audit trail. */
export async function eraseScreening(ports: Ports, input: Input): Promise<void> {
  const now = ports.now()
  const { reader, screening } = await ownedScreening(callerOf(ports, input.partnerId), input.screeningId, input.token, {
    landlord: true,
  })
  await store.eraseScreening(ports.db, screening.id, now)
  await store.audit(ports.db, [screening.id], 'erased', actorOf(reader), now)
}

/** The owner reads every read and change of the screening, also after erasure. */
export async function auditTrailOf(ports: Ports, input: Input) {
  const { screening } = await ownedScreening(callerOf(ports, input.partnerId), input.screeningId, input.token, {
    landlord: true,
    erased: true,
  })
  return { screeningId: screening.id, entries: await store.auditTrail(ports.db, screening.id) }
}
