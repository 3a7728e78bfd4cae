import type { HttpFetcher } from '../../../../shared/http-fetcher'
import { missingTransportReason, selectTransport, type MailSettings } from '../../../../shared/mail/transport'
import { afterFailedSend, LEASE_MS } from '../../../../shared/mail/retry'
import * as store from '../../monitor-store'

export { BACKOFF_MINUTES, MAX_ATTEMPTS } from '../../../../shared/mail/retry'
/** Messages one cron invocation hands to the transport at most. */
export const MAIL_PER_RUN = 50

export type MailContext = { db: D1Database; settings: MailSettings; fetcher: HttpFetcher; now: Date }
export type MailOutcome = { claimed: number; sent: number; retried: number; dead: number; unsent_reason: string | null }

/**
 * One delivery run of the alert e-mail outbox (the cron): claims due messages under a lease,
 * hands each to the shared transport once, and records what became of it. A failure is
 * retried with exponential backoff; after MAX_ATTEMPTS the message is dead. Without a
 * transport nothing is sent and the waiting messages say why (last_error).
 */
export async function deliverAlertMail(ctx: MailContext, limit = MAIL_PER_RUN): Promise<MailOutcome> {
  const outcome: MailOutcome = { claimed: 0, sent: 0, retried: 0, dead: 0, unsent_reason: null }
  const transport = selectTransport(ctx.settings, ctx.fetcher)
  if (!transport) {
    outcome.unsent_reason = missingTransportReason(ctx.settings)
    await store.noteUnsentMail(ctx.db, outcome.unsent_reason, limit)
    return outcome
  }
  const rows = await store.claimDueMail(ctx.db, ctx.now, new Date(ctx.now.getTime() + LEASE_MS), limit)
  outcome.claimed = rows.length
  for (const row of rows) {
    const base = { transport: transport.name, sentAt: null as Date | null }
    try {
      await transport.send({ to: row.to_address, subject: row.subject, text: row.text })
    } catch (err) {
      const { attempts, dead, nextAttemptAt } = afterFailedSend(row.attempts, ctx.now)
      if (dead) console.error(`audit alert mail ${row.id} is dead after ${attempts} attempts: ${String(err)}`)
      await store.markMail(ctx.db, row.id, {
        ...base,
        status: dead ? 'dead' : 'queued',
        attempts,
        nextAttemptAt,
        error: String(err).slice(0, 500),
      })
      outcome[dead ? 'dead' : 'retried']++
      continue
    }
    await store.markMail(ctx.db, row.id, {
      ...base,
      status: 'sent',
      attempts: row.attempts + 1,
      nextAttemptAt: ctx.now,
      error: null,
      sentAt: ctx.now,
    })
    outcome.sent++
  }
  return outcome
}
