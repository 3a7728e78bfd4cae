import { DEFAULT_BATCH_SIZE, MAX_BATCH_SIZE } from './schedule'

/** A queue message: run monitor `monitor_id` for its slot `slot` (epoch ms). Void once the slot is recorded or the monitor is gone. */
export type RunTicket = { monitor_id: string; slot: number }

/** MONITOR_BATCH_SIZE read as the cron's batch: an integer in 1..MAX_BATCH_SIZE, DEFAULT_BATCH_SIZE otherwise. */
export function batchSize(setting: string | undefined): number {
  const n = Number(setting)
  return Number.isInteger(n) && n > 0 && n <= MAX_BATCH_SIZE ? n : DEFAULT_BATCH_SIZE
}

export function isRunTicket(body: unknown): body is RunTicket {
  const t = body as RunTicket | null
  return typeof t?.monitor_id === 'string' && Number.isSafeInteger(t.slot)
}

export function newId(prefix: string): string {
  return prefix + crypto.randomUUID().replace(/-/g, '')
}
