import type { EmbedConfig, EmbedPartner } from '../domain/embed/config'
import { UPSERT_EMBED_PARTNER, newEmbedPublicId } from '../domain/embed/partner-sql'

// Embed partners (migrations 0007, 0010, 0011): the hosted page's configuration per partner.

type EmbedPartnerRow = {
  public_id: string
  partner_id: string
  origins: string
  name: string | null
  color: string | null
  logo_url: string | null
  return_url: string | null
  link_secret_generation: number
}

function toPartner(row: EmbedPartnerRow): EmbedPartner {
  return {
    publicId: row.public_id,
    partnerId: row.partner_id,
    origins: JSON.parse(row.origins) as string[],
    name: row.name,
    color: row.color,
    logoUrl: row.logo_url,
    returnUrl: row.return_url,
    linkSecretGeneration: row.link_secret_generation,
  }
}

/**
 * A partner's embed configuration by its public id (issue 23), only while the partner has an
 * active key: a partner whose keys are all revoked is as unknown as a made-up id.
 */
export async function embedPartnerByPublicId(db: D1Database, publicId: string): Promise<EmbedPartner | null> {
  const row = await db
    .prepare(
      `SELECT e.* FROM embed_partners e
        WHERE e.public_id = ?
          AND EXISTS (SELECT 1 FROM api_keys k WHERE COALESCE(k.account_id, k.id) = e.partner_id AND k.revoked_at IS NULL)`
    )
    .bind(publicId)
    .first<EmbedPartnerRow>()
  return row ? toPartner(row) : null
}

/** One configuration per partner, the public id kept on update (the admin CLI runs the same SQL). */
export async function saveEmbedPartner(db: D1Database, partnerId: string, config: EmbedConfig, now: Date): Promise<string> {
  const row = await db
    .prepare(UPSERT_EMBED_PARTNER)
    .bind(
      newEmbedPublicId(),
      partnerId,
      JSON.stringify(config.origins),
      config.name,
      config.color,
      config.logoUrl,
      config.returnUrl,
      now.toISOString()
    )
    .first<{ public_id: string }>()
  return row!.public_id
}

/**
 * Moves the partner's link-signing secret to the next generation in one statement (parallel
 * rotations each get their own generation) and returns it; null without an embed.
 */
export async function nextLinkSecretGeneration(
  db: D1Database,
  partnerId: string,
  now: Date
): Promise<{ publicId: string; generation: number } | null> {
  const row = await db
    .prepare(
      `UPDATE embed_partners SET link_secret_generation = link_secret_generation + 1, link_secret_issued_at = ?
        WHERE partner_id = ? RETURNING public_id, link_secret_generation`
    )
    .bind(now.toISOString(), partnerId)
    .first<{ public_id: string; link_secret_generation: number }>()
  return row ? { publicId: row.public_id, generation: row.link_secret_generation } : null
}
