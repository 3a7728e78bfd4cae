import { DomainError } from '../../../shared/errors'
import { requestKind } from '../domain/chem/mixture-request'
import { displayName } from '../domain/chem/resolve'
import { substanceClassification } from '../domain/ghs/summary'
import type { Jurisdiction } from '../domain/ghs/phrases'
import { brandingOf, styled } from '../domain/sheet/branding'
import type { SdsPorts } from '../env'
import type { GenerateRequest } from '../schemas'
import { buildSheet, resolveOrThrow } from './build-sheet'
import { deliver } from './deliver'
import { generateMixtureSheet } from './generate-mixture-sheet'
import { withUnit } from './with-unit'

/** POST /api/v1/sds/{us,eu}: one sheet for one substance (or one mixture), for one unit of the key's quota. */
export async function generateSheet(ports: SdsPorts, keyId: string, j: Jurisdiction, input: GenerateRequest) {
  const kind = requestKind(input)
  if (!('kind' in kind)) throw new DomainError(kind.code, kind.message, { issues: kind.issues })
  if (kind.kind === 'mixture') return generateMixtureSheet(ports, keyId, j, input)
  const named = {
    chemical_identifier: input.chemical_identifier ?? '',
    concentration: input.concentration,
    physical_form: input.physical_form,
  }
  return withUnit(
    ports,
    keyId,
    {},
    () => resolveOrThrow(named),
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
        classification: substanceClassification(facts.classification, facts.label, j),
      }
      return { ...common, ...(await deliver(ports, keyId, j, { bytes, filename }, input.response_format, now)) }
    }
  )
}
