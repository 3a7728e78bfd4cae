import { displayName } from '../domain/chem/resolve'
import type { Jurisdiction } from '../domain/ghs/phrases'
import { brandingOf, styled } from '../domain/sheet/branding'
import type { SdsPorts } from '../env'
import type { GenerateRequest } from '../schemas'
import { buildSheet, resolveOrThrow } from './build-sheet'
import { deliver } from './deliver'
import { withUnit } from './with-unit'

/** POST /api/v1/sds/{us,eu}: one sheet for one substance, for one unit of the key's quota. */
export async function generateSheet(ports: SdsPorts, keyId: string, j: Jurisdiction, input: GenerateRequest) {
  return withUnit(
    ports,
    keyId,
    {},
    () => resolveOrThrow(input),
    async (resolution, taken, now) => {
      const { bytes, filename, facts } = await buildSheet(ports, resolution, j, brandingOf(input), now)
      const { record, entry, matchedBy } = resolution.substance
      const common = {
        format: 'docx' as const,
        generated_at: now.toISOString(),
        style_profile_applied: styled(input),
        units_used: taken.used,
        units_remaining: taken.remaining,
        filename,
        jurisdiction: j,
        substance: {
          name: displayName(record, entry, j),
          cas: record.cas,
          ec: record.ec[0] ?? null,
          index_no: facts.classification.annex?.index ?? null,
          matched_by: matchedBy,
          harmonised_classification: Boolean(entry) || facts.classification.group !== null,
          concentration: resolution.substance.concentration ?? null,
        },
      }
      return { ...common, ...(await deliver(ports, keyId, j, { bytes, filename }, input.response_format, now)) }
    }
  )
}
