import { DurableObject } from 'cloudflare:workers'

export type RateDecision = {
  allowed: boolean
  limit: number
  remaining: number
  /** Seconds until the oldest counted request leaves the window (one slot frees up). */
  resetSeconds: number
}

/**
 * How often, at most, a limiter that still holds rows sweeps the expired ones: a row outlives
 * its window by less than this, so storage stays bounded by (rate × (window + this)) without
 * the alarm firing every time one row expires in a busy shard.
 */
const SWEEP_EVERY_MS = 60_000

/**
 * A sliding log in the object's SQLite storage, one per scope: every allowed request is a row
 * (scope, time, end of its window), rows older than the window are dropped, and a request
 * passes only while fewer than `limit` rows of its scope remain. A Durable Object handles one
 * call at a time, so the count is exact under any concurrency, for every scope it holds.
 *
 * An object holds one scope (callers that name the object after the scope and pass none) or
 * many: the middleware's `shards` option spreads per-client scopes over a fixed set of objects
 * by a hash of the scope, so a new client is served by an object that is already running. The
 * alarm drops expired rows and deletes an object left with none.
 *
 * `now` is passed in by the caller so tests can drive time without fake timers.
 */
export class RateLimiter extends DurableObject {
  private readonly sql: SqlStorage
  /** When the clean-up alarm is set for, as far as this instance knows: undefined until read. */
  private alarmAt: number | null | undefined

  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env as never)
    this.sql = ctx.storage.sql
    this.createTables()
  }

  private createTables(): void {
    this.sql.exec(
      `CREATE TABLE IF NOT EXISTS log (scope TEXT NOT NULL, ts INTEGER NOT NULL, expires INTEGER NOT NULL);
       CREATE INDEX IF NOT EXISTS log_scope_ts ON log (scope, ts);
       CREATE INDEX IF NOT EXISTS log_expires ON log (expires)`
    )
    // An object written before scopes had a column (one scope per object, `hits` and `meta`):
    // its rows move over once, so a window running across the change keeps its count.
    const legacy = this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'hits'").toArray()
    if (legacy.length > 0) {
      this.sql.exec(
        `INSERT INTO log (scope, ts, expires)
           SELECT '', ts, ts + COALESCE((SELECT v FROM meta WHERE k = 'window_ms'), 0) FROM hits;
         DROP TABLE hits;
         DROP TABLE IF EXISTS meta`
      )
    }
  }

  /** Counts one request of `scope` (the default: the object is the scope) if fewer than `limit` fall in the window. */
  async hit(now: number, limit: number, windowMs: number, scope = ''): Promise<RateDecision> {
    this.sql.exec('DELETE FROM log WHERE scope = ? AND ts <= ?', scope, now - windowMs)
    const row = this.sql
      .exec<{ n: number; oldest: number | null }>('SELECT COUNT(*) AS n, MIN(ts) AS oldest FROM log WHERE scope = ?', scope)
      .one()
    const allowed = row.n < limit
    if (allowed) {
      this.sql.exec('INSERT INTO log (scope, ts, expires) VALUES (?, ?, ?)', scope, now, now + windowMs)
      await this.ensureAlarm(now + windowMs + 1000)
    }
    // The oldest counted request, the one just stored when it is the only one.
    const oldest = row.oldest ?? (allowed ? now : null)
    const resetMs = oldest === null ? windowMs : Math.max(0, oldest + windowMs - now)
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - row.n - (allowed ? 1 : 0)),
      resetSeconds: Math.ceil(resetMs / 1000),
    }
  }

  /** A pending alarm is enough (it reschedules itself while rows remain); read from storage once per instance. */
  private async ensureAlarm(at: number): Promise<void> {
    if (this.alarmAt === undefined) this.alarmAt = await this.ctx.storage.getAlarm()
    if (this.alarmAt !== null) return
    await this.ctx.storage.setAlarm(at)
    this.alarmAt = at
  }

  async alarm(): Promise<void> {
    const now = Date.now()
    this.alarmAt = null
    this.sql.exec('DELETE FROM log WHERE expires <= ?', now)
    const next = this.sql.exec<{ t: number | null }>('SELECT MIN(expires) AS t FROM log').one().t
    if (next === null) {
      await this.ctx.storage.deleteAll()
      this.createTables()
      return
    }
    const at = Math.max(next + 1000, now + SWEEP_EVERY_MS)
    await this.ctx.storage.setAlarm(at)
    this.alarmAt = at
  }
}
