/**
 * Bidding zones whose day-ahead prices we serve (built from the shared CSV by
 * scripts/market-data/build-zones.ts; every SDAC zone ENTSO-E publishes, plus CH and the
 * historic DE-AT-LU). A zone is named by its EIC code or a short name (`FR`, `DE-LU`, `DE_LU`).
 */
import data from '../data/bidding-zones.json'
import { MINUTE_MS } from './time/paris'

export type Zone = {
  key: string
  name: string
  eic: string
  country: string
  timezone: string
  /** Offset of the zone's winter time from UTC, ms; summer time adds an hour (EU rule). */
  baseOffsetMs: number
  /** A zone that no longer exists (DE-AT-LU before 2018-10-01): served, never polled. */
  historic: boolean
}

export const ZONES: readonly Zone[] = data.zones.map((z) => ({
  key: z.key,
  name: z.name,
  eic: z.eic,
  country: z.country,
  timezone: z.timezone,
  baseOffsetMs: z.standard_offset_min * MINUTE_MS,
  historic: z.sdac === 'historic',
}))

/** Zones the cron keeps current. */
export const POLLED_ZONES: readonly Zone[] = ZONES.filter((z) => !z.historic)

export const FR_EIC = '10YFR-RTE------C'

const byName = new Map<string, Zone>()
for (const z of ZONES) {
  for (const name of [z.eic, z.key, z.name, z.key.replace(/_/g, '-'), z.name.replace(/-/g, '_')]) byName.set(name.toUpperCase(), z)
}

/** The zone a `zone=` value names (case-insensitive), or undefined. */
export function findZone(name: string): Zone | undefined {
  return name.length <= 32 ? byName.get(name.toUpperCase()) : undefined
}

export function zoneByEic(eic: string): Zone | undefined {
  return ZONES.find((z) => z.eic === eic)
}

export const FRANCE: Zone = zoneByEic(FR_EIC)!
