/**
 * Section 8.1's limit values for one substance: its own rows (OSHA tables and standards, EU
 * directives, NIOSH), the Table Z-1 row of its CLP group entry ("Cyanides (as CN)"), the NIOSH
 * Pocket Guide page's REL and IDLH, and the element group rows that extend to its compounds
 * (exposure-groups.ts). The Pocket Guide's printing of the OSHA PEL is used only where the
 * transcribed OSHA tables have no row, and says where it was read.
 */
import { euGroupLimits, exposureLimitsOf, npgLimitsOf, type ExposureLimits, type Limit } from '../chem/knowledge'
import { groupLimits, type GroupSubject } from './exposure-groups'

const npgList = (page: string) => `NIOSH Pocket Guide to Chemical Hazards, ${page} (copy of October 2015)`

function npgRows(cas: string | null): { osha: Limit[]; niosh: Limit[] } {
  const n = npgLimitsOf(cas)
  if (!n) return { osha: [], niosh: [] }
  const values = [n.rel && `REL ${n.rel}`, n.idlh && `IDLH ${n.idlh}`].filter(Boolean).join('; ')
  return {
    osha: n.pel
      ? [
          {
            list: `OSHA PEL (29 CFR 1910 Subpart Z) as printed in the ${npgList(n.page)}`,
            substance: n.name,
            values: `PEL ${n.pel}`,
            notes: '',
          },
        ]
      : [],
    niosh: values ? [{ list: npgList(n.page), substance: n.name, values, notes: '' }] : [],
  }
}

/**
 * The Pocket Guide's PEL adds to the transcribed OSHA rows where they have none, or where it cites a
 * substance-specific standard (1910.1017 vinyl chloride…) none of them gives values from.
 */
function npgPelAdds(pel: Limit, own: Limit[]): boolean {
  if (!own.length) return true
  const standard = /\[(1910\.\d+)\]/.exec(pel.values)?.[1]
  return Boolean(standard && !own.some((x) => x.list.startsWith(`29 CFR ${standard}`)))
}

export function limitsFor(subject: GroupSubject, annexGroupIndex: string | null): ExposureLimits | null {
  const own = exposureLimitsOf(subject.cas, annexGroupIndex)
  const npg = npgRows(subject.cas)
  const groups = groupLimits(subject, {
    oelByCas: (cas) => exposureLimitsOf(cas),
    euGroup: euGroupLimits,
    npg: (cas) => npgLimitsOf(cas),
  })
  const out: ExposureLimits = {
    osha: [...(own?.osha ?? []), ...npg.osha.filter((x) => npgPelAdds(x, own?.osha ?? [])), ...groups.osha],
    eu: [...(own?.eu ?? []), ...groups.eu],
    // The five staged NIOSH rows were read from other copies of the same pages: the page itself wins.
    niosh: npg.niosh.length ? [...npg.niosh, ...groups.niosh] : [...(own?.niosh ?? []), ...groups.niosh],
  }
  return out.osha.length || out.eu.length || out.niosh.length ? out : null
}
