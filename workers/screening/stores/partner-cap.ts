/** A partner's own daily screening cap and today's count (migration 0009). */

export function partnerCap(db: D1Database, owner: string): Promise<number | null> {
  return db.prepare('SELECT daily_screening_cap FROM partner_settings WHERE owner = ?').bind(owner).first<number>('daily_screening_cap')
}

export async function setPartnerCap(db: D1Database, owner: string, cap: number, now: Date): Promise<void> {
  await db
    .prepare(
      `INSERT INTO partner_settings (owner, daily_screening_cap, updated_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (owner) DO UPDATE SET daily_screening_cap = ?2, updated_at = ?3`
    )
    .bind(owner, cap, now.toISOString())
    .run()
}

export async function screeningsToday(db: D1Database, owner: string, day: string): Promise<number> {
  return (
    (await db.prepare('SELECT count FROM partner_daily_screenings WHERE owner = ? AND day = ?').bind(owner, day).first<number>('count')) ??
    0
  )
}

/**
 * Counts one more screening for `owner` today unless its cap (its own setting, else
 * `defaultCap`) is reached; one statement, so parallel requests cannot pass the cap.
 */
export async function reserveScreening(db: D1Database, owner: string, day: string, defaultCap: number): Promise<boolean> {
  const row = await db
    .prepare(
      `INSERT INTO partner_daily_screenings (owner, day, count) SELECT ?1, ?2, 1
         WHERE COALESCE((SELECT daily_screening_cap FROM partner_settings WHERE owner = ?1), ?3) >= 1
       ON CONFLICT (owner, day) DO UPDATE SET count = count + 1
         WHERE count < COALESCE((SELECT daily_screening_cap FROM partner_settings WHERE owner = ?1), ?3)
       RETURNING count`
    )
    .bind(owner, day, defaultCap)
    .first<number>('count')
  return row !== null
}
