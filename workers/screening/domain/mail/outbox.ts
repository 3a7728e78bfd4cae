import type { HttpFetcher } from '../../../../shared/http-fetcher'
import type { Bindings } from '../../env'
import { issueLink, linkTtlDays } from '../links-issue'
import { isPartnerOwner } from '../owner'
import * as store from '../../store'
import { applicantMail } from './applicant-mail'
import { fairChanceMail } from './fair-chance-mail'
import { adverseActionMail } from './adverse-action-mail'
import { agencyFrom, storedNotice } from '../fcra/stored-notice'
import { parseNotice } from '../fair-chance/workflow'
import * as fairChance from '../../stores/fair-chance'
import { resultMail, type ReadAccess, type ResultMail } from './result-mail'
import { afterFailedSend, LEASE_MS } from '../../../../shared/mail/retry'
import { selectTransport, type Transport } from '../../../../shared/mail/transport'

/** Messages to one recipient per UTC day unless MAIL_DAILY_CAP says otherwise. */
export const DEFAULT_DAILY_CAP = 20
export { MAX_ATTEMPTS } from '../../../../shared/mail/retry'

export type MailContext = { env: Bindings; fetcher: HttpFetcher; now: Date }

export function dailyCap(env: Pick<Bindings, 'MAIL_DAILY_CAP'>): number {
  const n = Number(env.MAIL_DAILY_CAP)
  return Number.isInteger(n) && n >= 0 ? n : DEFAULT_DAILY_CAP
}

/** The sentence a screening's `message` carries about the landlord's result e-mail (queued with `queueMail`). */
export function resultMailSentence(outcome: Awaited<ReturnType<typeof queueMail>>): string {
  if (outcome === 'capped') return 'No result e-mail was sent: this landlord address has reached its daily e-mail limit.'
  if (outcome === 'queued') return 'The result e-mail to the landlord is queued in the outbox (no e-mail transport is configured yet).'
  return outcome === 'sent'
    ? 'The result was e-mailed to the landlord.'
    : 'The result e-mail to the landlord could not be sent yet; it will be retried.'
}

/** Queues one message (the daily cap is counted here) and, with a transport, tries it at once. */
export async function queueMail(
  ctx: MailContext,
  kind: store.MailKind,
  screeningId: string,
  to: string
): Promise<'capped' | 'queued' | 'sent' | 'retrying'> {
  const db = ctx.env.DB
  const allowed = await store.reserveDailyMail(db, to, ctx.now, dailyCap(ctx.env))
  const row = await store.enqueueMail(db, {
    kind,
    screeningId,
    to,
    status: allowed ? 'queued' : 'dropped',
    error: allowed ? null : 'daily cap for this recipient reached',
    now: ctx.now,
  })
  if (!allowed) return 'capped'
  if (!selectTransport(ctx.env, ctx.fetcher)) return 'queued'
  const outcome = await deliverDue(ctx, 1, row.id)
  return outcome.sent > 0 ? 'sent' : 'retrying'
}

/**
 * Queues the one message of `kind` a screening may have (migration 0021), or reports the one
 * already queued or sent: parallel calls leave one row and count the daily cap once. The new
 * row is held until the cap is counted, then released (or dropped when capped, which frees
 * the slot for another day); with a transport it is tried at once.
 */
export async function queueMailOnce(
  ctx: MailContext,
  kind: store.MailKind,
  screeningId: string,
  to: string
): Promise<{ status: 'capped' | 'queued' | 'sent' | 'retrying' | 'dead'; existing: boolean }> {
  const db = ctx.env.DB
  const row = await store.enqueueMailOnce(db, { kind, screeningId, to, now: ctx.now, holdUntil: new Date(ctx.now.getTime() + LEASE_MS) })
  if (!row) {
    const live = await store.liveMail(db, screeningId, kind)
    const status = live?.status === 'sent' || live?.status === 'dead' ? live.status : live && live.attempts > 0 ? 'retrying' : 'queued'
    return { status, existing: true }
  }
  const allowed = await store.reserveDailyMail(db, to, ctx.now, dailyCap(ctx.env))
  await store.releaseMail(db, row.id, ctx.now, allowed ? null : 'daily cap for this recipient reached')
  if (!allowed) return { status: 'capped', existing: false }
  if (!selectTransport(ctx.env, ctx.fetcher)) return { status: 'queued', existing: false }
  const outcome = await deliverDue(ctx, 1, row.id)
  return { status: outcome.sent > 0 ? 'sent' : 'retrying', existing: false }
}

export type DeliveryOutcome = { claimed: number; sent: number; retried: number; dead: number; dropped: number }

/**
 * One delivery run (the cron, or one message right after a screening): claim due messages,
 * render each from the stored screening with the fixed template, send, and record what
 * became of it. A failure is retried with exponential backoff; after MAX_ATTEMPTS it is dead.
 */
export async function deliverDue(ctx: MailContext, limit = 25, onlyId?: string): Promise<DeliveryOutcome> {
  const outcome: DeliveryOutcome = { claimed: 0, sent: 0, retried: 0, dead: 0, dropped: 0 }
  const transport = selectTransport(ctx.env, ctx.fetcher)
  if (!transport) return outcome
  const db = ctx.env.DB
  const rows = await store.claimDueMail(db, ctx.now, new Date(ctx.now.getTime() + LEASE_MS), limit, onlyId)
  outcome.claimed = rows.length
  for (const row of rows) {
    const result = await attempt(ctx, transport, row)
    outcome[result]++
  }
  return outcome
}

async function attempt(ctx: MailContext, transport: Transport, row: store.MailRow): Promise<'sent' | 'retried' | 'dead' | 'dropped'> {
  const db = ctx.env.DB
  const base = { transport: transport.name, sentAt: null as Date | null }
  let mail: ResultMail | null
  try {
    mail = await render(ctx, row)
  } catch (err) {
    return fail(ctx, row, base, `could not render: ${String(err)}`)
  }
  if (!mail) {
    // The screening was erased (or never existed): nothing may be sent about it.
    await store.markMail(db, row.id, {
      ...base,
      status: 'dropped',
      attempts: row.attempts,
      nextAttemptAt: ctx.now,
      error: 'screening no longer stored',
    })
    return 'dropped'
  }
  try {
    await transport.send(mail)
  } catch (err) {
    return fail(ctx, row, base, String(err))
  }
  await store.markMail(db, row.id, {
    ...base,
    status: 'sent',
    attempts: row.attempts + 1,
    nextAttemptAt: ctx.now,
    error: null,
    sentAt: ctx.now,
  })
  return 'sent'
}

async function fail(
  ctx: MailContext,
  row: store.MailRow,
  base: { transport: string; sentAt: Date | null },
  error: string
): Promise<'retried' | 'dead'> {
  const { attempts, dead, nextAttemptAt } = afterFailedSend(row.attempts, ctx.now)
  if (dead) console.error(`screening mail ${row.id} is dead after ${attempts} attempts: ${error}`)
  await store.markMail(ctx.env.DB, row.id, {
    ...base,
    status: dead ? 'dead' : 'queued',
    attempts,
    nextAttemptAt,
    error: error.slice(0, 500),
  })
  return dead ? 'dead' : 'retried'
}

/** The message for a row, from what is stored now; null when the screening is gone. */
async function render(ctx: MailContext, row: store.MailRow): Promise<ResultMail | null> {
  const found = await store.screeningWithProperty(ctx.env.DB, row.screening_id)
  if (!found || found.screening.erasedAt) return null
  const { screening, property } = found
  const base = ctx.env.BASE_URL
  const propertyAddress = `${property.address}, ${property.city}, ${property.state} ${property.postal_code}`
  if (row.kind === 'fair_chance_notice') {
    const notice = parseNotice(await fairChance.criminalCheck(ctx.env.DB, screening.id))
    if (!notice) return null
    // The link lasts until well after the deadline, so a late answer still reaches the landlord.
    const days = Math.ceil((Date.parse(`${notice.respondBy}T00:00:00Z`) - ctx.now.getTime()) / 86_400_000) + 30
    const link = await issueLink(ctx, { kind: 'applicant', subjectId: screening.id, recipient: row.to_email, days: Math.max(days, 30) })
    return fairChanceMail({
      to: row.to_email,
      notice,
      propertyAddress,
      url: `${base}/api/fair-chance/notice?token=${link.token}`,
      pageUrl: `${base}/fair-chance/respond?token=${link.token}`,
      simulated: screening.result.verificationStatus === 'mock',
    })
  }
  if (row.kind === 'adverse_action_notice') {
    const agency = agencyFrom({
      name: ctx.env.SCREENING_PROVIDER_NAME,
      address: ctx.env.SCREENING_PROVIDER_ADDRESS,
      phone: ctx.env.SCREENING_PROVIDER_PHONE,
    })
    // Dated the day it was queued: the day the landlord gave notice.
    const { notice, statement } = await storedNotice(ctx.env.DB, agency, found, row.created_at.slice(0, 10))
    return adverseActionMail({ to: row.to_email, notice, statement })
  }
  if (row.kind === 'applicant_copy') {
    const link = await issueLink(ctx, { kind: 'applicant', subjectId: screening.id, recipient: row.to_email, days: linkTtlDays(ctx.env) })
    return applicantMail({
      to: row.to_email,
      result: screening.result,
      propertyAddress,
      url: `${base}/api/screenings/${screening.id}?token=${link.token}`,
      expiresAt: link.expiresAt,
    })
  }
  let access: ReadAccess
  if (isPartnerOwner(property.owner)) {
    access = {
      kind: 'partner',
      screeningPath: `/api/screenings/${screening.id}`,
      propertyPath: `/api/properties/${property.external_id}/applicants`,
    }
  } else {
    const { token, expiresAt } = await issueLink(ctx, {
      kind: 'property',
      subjectId: property.id,
      recipient: row.to_email,
      days: linkTtlDays(ctx.env),
    })
    access = {
      kind: 'link',
      propertyUrl: `${base}/api/properties/${property.external_id}/applicants?token=${token}`,
      screeningUrl: `${base}/api/screenings/${screening.id}?token=${token}`,
      expiresAt,
    }
  }
  return resultMail({
    to: row.to_email,
    screeningId: screening.id,
    result: screening.result,
    propertyAddress,
    access,
  })
}
