// Partner policies (migration 0012): settings that change how the partner's applicants are scored.

export async function skipsCreditForSubsidy(db: D1Database, owner: string): Promise<boolean> {
  const row = await db
    .prepare('SELECT skip_credit_for_subsidy FROM partner_policies WHERE owner = ?')
    .bind(owner)
    .first<{ skip_credit_for_subsidy: number }>()
  return row?.skip_credit_for_subsidy === 1
}

export async function setSkipCreditForSubsidy(db: D1Database, owner: string, skip: boolean, now: Date): Promise<void> {
  await db
    .prepare(
      `INSERT INTO partner_policies (owner, skip_credit_for_subsidy, updated_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (owner) DO UPDATE SET skip_credit_for_subsidy = ?2, updated_at = ?3`
    )
    .bind(owner, skip ? 1 : 0, now.toISOString())
    .run()
}
