import type { Bindings } from '../env'
import * as caps from '../stores/partner-cap'

/** New screenings a partner may run per UTC day until it sets its own cap. */
export const DEFAULT_PARTNER_DAILY_CAP = 200

export function defaultPartnerCap(env: Pick<Bindings, 'PARTNER_DAILY_SCREENING_CAP'>): number {
  const n = Number(env.PARTNER_DAILY_SCREENING_CAP)
  return Number.isInteger(n) && n >= 0 && n <= 100_000 ? n : DEFAULT_PARTNER_DAILY_CAP
}

/**
 * Counts a new screening against the partner's daily cap before the provider is asked (a
 * failed provider call still counts: the cap bounds what a leaked key can start). Returns
 * null when counted, else the seconds until the cap resets (00:00 UTC).
 */
export async function chargePartnerScreening(
  ports: { db: D1Database; defaultPartnerCap: number },
  owner: string,
  now: Date
): Promise<number | null> {
  const day = now.toISOString().slice(0, 10)
  if (await caps.reserveScreening(ports.db, owner, day, ports.defaultPartnerCap)) return null
  return Math.max(1, Math.ceil((Date.parse(`${day}T00:00:00Z`) + 86_400_000 - now.getTime()) / 1000))
}
