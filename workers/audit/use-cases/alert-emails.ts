import { DomainError } from '../../../shared/errors'
import { addressByToken, confirmAddress, requestConfirmation } from '../alert-email-store'
import {
  canonicalAddress,
  confirmationMail,
  invalidToken,
  linkExpiry,
  newTokenId,
  signToken,
  tokenId,
  verifyToken,
} from '../domain/monitor/email-confirmation'
import { newId } from '../domain/monitor/runner'
import type { AuditPorts } from '../env'

const unavailable = () =>
  new DomainError(
    'EMAIL_CONFIRMATION_UNAVAILABLE',
    'Alert e-mail addresses cannot be confirmed on this deployment yet (ALERT_EMAIL_SECRET is not set); create the monitor without alert.email, or retry later.'
  )

/** Refuses an alert e-mail before anything is stored when no confirmation link could be signed. */
export function assertCanConfirm(ports: Pick<AuditPorts, 'emailSecret'>): void {
  if (!ports.emailSecret) throw unavailable()
}

/**
 * Puts `address` on `owner`'s list of alert addresses and, unless it is confirmed or holds a
 * link still valid, writes a confirmation e-mail with a signed, expiring link to the outbox
 * (the cron sends it like any other). Alerts go to the address only once it is confirmed.
 */
export async function askToConfirm(ports: AuditPorts, owner: string, address: string, monitorId: string): Promise<void> {
  const secret = ports.emailSecret
  if (!secret) throw unavailable()
  const now = ports.now()
  const row = {
    owner_key_id: owner,
    address: canonicalAddress(address),
    token_id: newTokenId(),
    expires_at: linkExpiry(now),
    created_at: now.toISOString(),
  }
  const link = `${ports.baseUrl.replace(/\/+$/, '')}/alert-email/confirm?token=${await signToken(secret, row)}`
  const mail = confirmationMail(address, link, row.expires_at)
  await requestConfirmation(ports.db, row, { id: newId('mail_'), monitorId, ...mail }, now)
}

/** Confirms the address a link names; INVALID_TOKEN or TOKEN_EXPIRED otherwise. Says nothing of the owner. */
export async function confirmAlertEmail(ports: AuditPorts, token: string): Promise<{ address: string; confirmed_at: string }> {
  const secret = ports.emailSecret
  if (!secret) throw unavailable()
  const id = tokenId(token)
  if (!id) throw invalidToken()
  const row = await verifyToken(secret, token, await addressByToken(ports.db, id), ports.now())
  return { address: row.address, confirmed_at: await confirmAddress(ports.db, row, ports.now()) }
}

/** Checks a link without confirming anything (the page a link opens); throws as confirmAlertEmail. */
export async function inspectLink(ports: AuditPorts, token: string): Promise<{ address: string }> {
  const secret = ports.emailSecret
  if (!secret) throw unavailable()
  const id = tokenId(token)
  if (!id) throw invalidToken()
  const row = await verifyToken(secret, token, await addressByToken(ports.db, id), ports.now())
  return { address: row.address }
}
