import * as store from '../store'
import type { ResultMail } from './result-mail'
import type { Transport } from './transport'

/**
 * Sends the result e-mail when a transport is configured. Every message is written to the
 * outbox with what became of it; a failed send never fails the screening.
 * Returns the sentence the response's `message` carries.
 */
export async function deliver(
  db: D1Database,
  transport: Transport | null,
  mail: ResultMail,
  screeningId: string,
  now: Date
): Promise<string> {
  const entry = { screeningId, to: mail.to, subject: mail.subject, text: mail.text, now }
  if (!transport) {
    await store.recordMail(db, { ...entry, transport: 'outbox', status: 'queued', error: null })
    return `The result e-mail to ${mail.to} is queued in the outbox (no e-mail transport is configured).`
  }
  try {
    await transport.send(mail)
    await store.recordMail(db, { ...entry, transport: transport.name, status: 'sent', error: null })
    return `The result was e-mailed to ${mail.to}.`
  } catch (err) {
    console.error('result e-mail failed', err)
    await store.recordMail(db, { ...entry, transport: transport.name, status: 'failed', error: String(err).slice(0, 500) })
    return `The result e-mail to ${mail.to} could not be sent; it is kept in the outbox.`
  }
}
