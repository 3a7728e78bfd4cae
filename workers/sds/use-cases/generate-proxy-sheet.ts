import { DomainError } from '../../../shared/errors'
import type { Jurisdiction } from '../domain/ghs/phrases'
import { predict } from '../domain/rnd/predict'
import { toResponse } from '../domain/rnd/response'
import { buildProxySheet, proxyName } from '../domain/rnd/sheet'
import { brandingOf, styled } from '../domain/sheet/branding'
import { documentFilename } from '../domain/sheet/generate'
import { renderDocx } from '../domain/sheet/render-docx'
import type { SdsPorts } from '../env'
import type { RndRequest } from '../rnd-schemas'
import { deliver } from './deliver'
import { withUnit } from './with-unit'

const PROXY_PLANS = {
  allowed: new Set(['pro', 'enterprise']),
  message: 'R&D proxy sheets are part of the Pro and Enterprise plans; upgrade this key’s plan to use them.',
}

/** POST /api/v1/sds/rnd/{us,eu}: a predicted proxy sheet for a structure, Pro and Enterprise only. */
export async function generateProxySheet(ports: SdsPorts, keyId: string, j: Jurisdiction, input: RndRequest) {
  return withUnit(
    ports,
    keyId,
    { plans: PROXY_PLANS },
    async () => {
      const structure = input.smiles !== undefined ? { smiles: input.smiles } : { molfile: input.molfile }
      const result = await predict(structure, j)
      if (!result.ok) throw new DomainError(result.code, result.message)
      return result
    },
    async (result, taken, now) => {
      const sheet = buildProxySheet(result.prediction, result.entry, j, input.name, brandingOf(input), now)
      const bytes = await renderDocx(sheet)
      const name = proxyName(result.prediction, input.name)
      const filename = documentFilename(`${name} proxy`, null, j)
      const common = {
        format: 'docx' as const,
        generated_at: now.toISOString(),
        style_profile_applied: styled(input),
        units_used: taken.used,
        units_remaining: taken.remaining,
        filename,
        jurisdiction: j,
        substance: {
          name,
          cas: null,
          ec: null,
          index_no: null,
          matched_by: input.smiles !== undefined ? ('smiles' as const) : ('molfile' as const),
          harmonised_classification: false as const,
        },
        prediction: toResponse(result.prediction),
      }
      return { ...common, ...(await deliver(ports, keyId, j, { bytes, filename }, input.response_format, now)) }
    }
  )
}
