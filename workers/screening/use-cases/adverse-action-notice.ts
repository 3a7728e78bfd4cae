import { DomainError } from '../../../shared/errors'
import { actorOf, ownedScreening } from '../domain/access'
import type { AdverseActionNotice, ApplicationStatement } from '../domain/fcra/notice'
import { storedNotice } from '../domain/fcra/stored-notice'
import type { ScreeningPorts } from '../env'
import * as store from '../store'
import { type Asker, callerOf } from './caller'

type Ports = Pick<ScreeningPorts, 'db' | 'now' | 'linkSecret' | 'agency'>

/** The owner downloads the notice (issue 12 §2, issue 34 §3); each download is in the audit trail. */
export async function readAdverseActionNotice(
  ports: Ports,
  input: Asker & { screeningId: string }
): Promise<{ notice: AdverseActionNotice; statement: ApplicationStatement }> {
  const now = ports.now()
  const found = await ownedScreening(callerOf(ports, input.partnerId), input.screeningId, input.token, { landlord: true })
  const out = await storedNotice(ports.db, ports.agency, found, now.toISOString().slice(0, 10))
  await store.audit(ports.db, [found.screening.id], 'notice', actorOf(found.reader), now)
  return out
}

export type NoticeDelivery = { status: 'capped' | 'queued' | 'sent' | 'retrying' | 'dead'; alreadyQueued: boolean }

/**
 * The service e-mails the notice to the applicant (issue 34 §3) through the outbox: once per
 * decision (a screening has one), so a repeated call reports the mail already queued or sent
 * instead of sending another. Refused while there is no adverse decision and after the
 * applicant's data was erased (no address is left to write to); the audit trail records the
 * send. The mail is rendered at delivery from the stored decision (domain/mail/outbox.ts).
 */
export async function sendAdverseActionNotice(
  ports: Ports & Pick<ScreeningPorts, 'outbox'>,
  input: Asker & { screeningId: string }
): Promise<NoticeDelivery> {
  const found = await ownedScreening(callerOf(ports, input.partnerId), input.screeningId, input.token, {
    landlord: true,
    erased: true,
  })
  if (found.screening.erasedAt || !found.screening.applicantEmail) {
    throw new DomainError(
      'APPLICANT_DATA_ERASED',
      "The applicant's personal data was erased: there is no address to send the notice to. The landlord must give it another way."
    )
  }
  // Checked now as at delivery, so the caller hears a refusal instead of a mail that never renders.
  await storedNotice(ports.db, ports.agency, found, ports.now().toISOString().slice(0, 10))
  const queued = await ports.outbox.queueOnce('adverse_action_notice', found.screening.id, found.screening.applicantEmail)
  if (!queued.existing) {
    const action = queued.status === 'capped' ? 'notice_mail_capped' : 'notice_mailed'
    await store.audit(ports.db, [found.screening.id], action, actorOf(found.reader), ports.now())
  }
  return { status: queued.status, alreadyQueued: queued.existing }
}
