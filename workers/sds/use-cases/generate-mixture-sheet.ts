import { DomainError } from '../../../shared/errors'
import { resolveMixture, type ResolvedMixture } from '../domain/chem/mixture-request'
import { mixtureClassification } from '../domain/ghs/summary'
import type { Jurisdiction } from '../domain/ghs/phrases'
import { brandingOf, styled } from '../domain/sheet/branding'
import { gatherMixtureFacts } from '../domain/sheet/mixture/facts'
import { generateMixtureDocx } from '../domain/sheet/mixture/sheet'
import type { SdsPorts } from '../env'
import type { GenerateRequest } from '../schemas'
import { deliver } from './deliver'
import { withUnit } from './with-unit'

async function resolveOrThrow(input: GenerateRequest): Promise<ResolvedMixture> {
  const r = await resolveMixture(input)
  if (r.ok) return r.mixture
  const { ok: _ok, code, message, ...details } = r
  void _ok
  throw new DomainError(code, message, details)
}

/** POST /api/v1/sds/{us,eu} with components: one mixture sheet for one unit, like a substance sheet. */
export async function generateMixtureSheet(ports: SdsPorts, keyId: string, j: Jurisdiction, input: GenerateRequest) {
  return withUnit(
    ports,
    keyId,
    {},
    () => resolveOrThrow(input),
    async (mixture, taken, now) => {
      const m = gatherMixtureFacts(mixture, j)
      const { bytes, filename } = await generateMixtureDocx(m, j, brandingOf(input), now)
      const common = {
        format: 'docx' as const,
        generated_at: now.toISOString(),
        style_profile_applied: styled(input),
        units_used: taken.used,
        units_remaining: taken.remaining,
        filename,
        jurisdiction: j,
        mixture: {
          product_name: m.productName,
          components: m.components.map((c, i) => ({
            identifier: c.identifier,
            name: c.facts.productName,
            cas: c.facts.cas,
            ec: c.facts.ec[0] ?? null,
            index_no: c.facts.indexNo,
            matched_by: mixture.components[i].substance.matchedBy,
            concentration: c.concentration,
            concentration_max: c.concentrationMax,
          })),
          remainder: m.remainder,
        },
        classification: mixtureClassification(m.result, m.facts.label),
      }
      return { ...common, ...(await deliver(ports, keyId, j, { bytes, filename }, input.response_format, now)) }
    }
  )
}
