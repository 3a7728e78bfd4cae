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
 * (scope, time, end of its window), rows older than the window no longer count, and a request
 * passes only while fewer than `limit` of its scope's rows are in the window. A Durable Object
 * handles one call at a time, so the count is exact under any concurrency, for every scope it
 * holds.
 *
 * The object keeps a copy of its rows in memory, read once when it starts and changed only
 * after the storage write it mirrors succeeded: a hit is then one INSERT into a table with no
 * index (the count is taken from the copy), where reading the count from SQLite and keeping
 * two indexes cost about as much as the rest of a cached audit check (docs/audit.md, "What a
 * cached check costs"). Storage stays the truth: an object that is evicted or reset starts
 * again from its rows, and a write that fails leaves the copy as it was.
 *
 * An object holds one scope (callers that name the object after the scope and pass none) or
 * many: the middleware's `shards` option spreads per-client scopes over a fixed set of objects
 * by a hash of the scope, so a new client is served by an object that is already running. The
 * alarm drops expired rows (at most a minute late) and deletes an object left with none.
 *
 * `now` is passed in by the caller so tests can drive time without fake timers.
 */
export class RateLimiter extends DurableObject {
  private readonly sql: SqlStorage
  /** When the clean-up alarm is set for, as far as this instance knows: undefined until read. */
  private alarmAt: number | null | undefined
  /** Each scope's stored request times, ascending: the rows of `log`, as of the last write. */
  private logs = new Map<string, number[]>()

  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env as never)
    this.sql = ctx.storage.sql
    this.createTables()
    this.loadLogs()
  }

  private createTables(): void {
    // No index: counts come from the in-memory copy, and only the alarm scans the table.
    this.sql.exec(
      `CREATE TABLE IF NOT EXISTS log (scope TEXT NOT NULL, ts INTEGER NOT NULL, expires INTEGER NOT NULL);
       DROP INDEX IF EXISTS log_scope_ts;
       DROP INDEX IF EXISTS log_expires`
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

  private loadLogs(): void {
    this.logs = new Map()
    for (const row of this.sql.exec<{ scope: string; ts: number }>('SELECT scope, ts FROM log ORDER BY ts')) {
      const times = this.logs.get(row.scope)
      if (times) times.push(row.ts)
      else this.logs.set(row.scope, [row.ts])
    }
  }

  /** Counts one request of `scope` (the default: the object is the scope) if fewer than `limit` fall in the window. */
  async hit(now: number, limit: number, windowMs: number, scope = ''): Promise<RateDecision> {
    const times = this.logs.get(scope) ?? []
    // Times at or before the window's start no longer count (the alarm deletes their rows).
    let expired = 0
    while (expired < times.length && times[expired] <= now - windowMs) expired++
    if (expired > 0) times.splice(0, expired)
    const counted = times.length
    // The oldest counted request, the one about to be stored when there is none.
    const oldest = counted > 0 ? times[0] : now
    const allowed = counted < limit
    if (allowed) {
      // Stored first: if the write throws, the copy is unchanged.
      this.sql.exec('INSERT INTO log (scope, ts, expires) VALUES (?, ?, ?)', scope, now, now + windowMs)
      insertSorted(times, now)
      this.logs.set(scope, times)
      await this.ensureAlarm(now + windowMs + 1000)
    }
    const resetMs = counted > 0 || allowed ? Math.max(0, oldest + windowMs - now) : windowMs
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - counted - (allowed ? 1 : 0)),
      resetSeconds: Math.ceil(resetMs / 1000),
    }
  }

  /**
   * Gives back one slot taken by `hit` at `at` (a reservation whose request was refused for
   * another reason): its row goes from storage, then from the copy. A slot already out of
   * the window, or never taken, changes nothing.
   */
  async release(at: number, scope = ''): Promise<void> {
    const times = this.logs.get(scope)
    const i = times ? times.indexOf(at) : -1
    if (!times || i < 0) return
    this.sql.exec('DELETE FROM log WHERE rowid = (SELECT rowid FROM log WHERE scope = ? AND ts = ? LIMIT 1)', scope, at)
    times.splice(i, 1)
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
      this.logs = new Map()
      return
    }
    // The copy is read again from what is left, so it never holds a row storage no longer has.
    this.loadLogs()
    const at = Math.max(next + 1000, now + SWEEP_EVERY_MS)
    await this.ctx.storage.setAlarm(at)
    this.alarmAt = at
  }
}

/** Inserts `t` keeping `times` ascending; callers' clocks differ a little, so it is not always last. */
function insertSorted(times: number[], t: number): void {
  let i = times.length
  while (i > 0 && times[i - 1] > t) i--
  times.splice(i, 0, t)
}
