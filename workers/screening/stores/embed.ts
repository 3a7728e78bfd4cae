import type { EmbedConfig, EmbedPartner } from '../domain/embed/config'
import { UPSERT_EMBED_PARTNER, newEmbedPublicId } from '../domain/embed/partner-sql'

// Embed partners (migration 0007): the hosted page's configuration per partner.

type EmbedPartnerRow = {
  public_id: string
  key_id: string
  origins: string
  name: string | null
  color: string | null
  logo_url: string | null
  return_url: string | null
}

/**
 * A partner's embed configuration by its public id (issue 23), only while its key is active:
 * a revoked partner's page is as unknown as a made-up id.
 */
export async function embedPartnerByPublicId(db: D1Database, publicId: string): Promise<EmbedPartner | null> {
  const row = await db
    .prepare(
      `SELECT e.* FROM embed_partners e JOIN api_keys k ON k.id = e.key_id
        WHERE e.public_id = ? AND k.revoked_at IS NULL`
    )
    .bind(publicId)
    .first<EmbedPartnerRow>()
  if (!row) return null
  return {
    publicId: row.public_id,
    keyId: row.key_id,
    origins: JSON.parse(row.origins) as string[],
    name: row.name,
    color: row.color,
    logoUrl: row.logo_url,
    returnUrl: row.return_url,
  }
}

/** The SQL the admin CLI runs too (`partners embed`): one configuration per key, the public id kept on update. */

export async function saveEmbedPartner(db: D1Database, keyId: string, config: EmbedConfig, now: Date): Promise<string> {
  const row = await db
    .prepare(UPSERT_EMBED_PARTNER)
    .bind(
      newEmbedPublicId(),
      keyId,
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
