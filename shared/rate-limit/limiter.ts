import { DurableObject } from 'cloudflare:workers'

export type RateDecision = {
  allowed: boolean
  limit: number
  remaining: number
  /** Seconds until the oldest counted request leaves the window (one slot frees up). */
  resetSeconds: number
}

/**
 * One instance per scope (service + key hash, or service + client IP). A sliding log in the
 * object's SQLite storage: every allowed request is a row, rows older than the window are
 * dropped, and a request passes only while fewer than `limit` rows remain. A Durable Object
 * handles one call at a time, so the count is exact under any concurrency.
 *
 * `now` is passed in by the caller so tests can drive time without fake timers.
 */
export class RateLimiter extends DurableObject {
  private readonly sql: SqlStorage

  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env as never)
    this.sql = ctx.storage.sql
    this.createTables()
  }

  private createTables(): void {
    this.sql.exec('CREATE TABLE IF NOT EXISTS hits (ts INTEGER NOT NULL)')
    this.sql.exec('CREATE INDEX IF NOT EXISTS hits_ts ON hits (ts)')
    this.sql.exec('CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v INTEGER NOT NULL)')
  }

  async hit(now: number, limit: number, windowMs: number): Promise<RateDecision> {
    this.sql.exec('DELETE FROM hits WHERE ts <= ?', now - windowMs)
    const count = this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM hits').one().n
    const allowed = count < limit
    if (allowed) {
      this.sql.exec('INSERT INTO hits (ts) VALUES (?)', now)
      this.sql.exec('INSERT OR REPLACE INTO meta (k, v) VALUES (?, ?)', 'window_ms', windowMs)
      // Clean the object up once it has been idle for a whole window; the alarm reschedules
      // itself while hits keep coming, so it is set only when none is pending.
      if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(now + windowMs + 1000)
    }
    const oldest = this.sql.exec<{ t: number | null }>('SELECT MIN(ts) AS t FROM hits').one().t
    const resetMs = oldest === null ? windowMs : Math.max(0, oldest + windowMs - now)
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - count - (allowed ? 1 : 0)),
      resetSeconds: Math.ceil(resetMs / 1000),
    }
  }

  async alarm(): Promise<void> {
    const row = this.sql.exec<{ v: number }>("SELECT v FROM meta WHERE k = 'window_ms'").toArray()[0]
    const windowMs = row?.v ?? 0
    const newest = this.sql.exec<{ t: number | null }>('SELECT MAX(ts) AS t FROM hits').one().t
    if (newest === null || newest + windowMs <= Date.now()) {
      await this.ctx.storage.deleteAll()
      this.createTables()
    } else {
      await this.ctx.storage.setAlarm(newest + windowMs + 1000)
    }
  }
}
