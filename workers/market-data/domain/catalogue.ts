/**
 * What GET /api/series and GET /api/zones answer: the series' meaning, units and source
 * (data/series-catalogue.json) and, per zone, the series it has with the resolutions and
 * delivery days held. Pure: the spans held (store.ts readSpans) in, plain data out.
 */
import catalogue from '../data/series-catalogue.json'
import { SERIES, SERIES_NAMES, seriesPath, type SeriesName } from './series'
import psr from '../data/psr-types.json'
import { FRANCE, ZONES, type Zone } from './zones'

type SourceId = keyof typeof catalogue.sources

export type SeriesEntry = {
  name: SeriesName
  path: string
  title: string
  meaning: string
  regulation: string
  units: Record<string, string>
  /** Per value field: price, power (MW, a mean over the interval) or energy (MWh). */
  quantities: Record<string, string>
  directions: string[]
  /** Generation: the production types (ENTSO-E psrType) a record may have, with their names. */
  psr_types?: Record<string, string>
  source: { id: SourceId; name: string; url: string; licence: string }
  /** `all` (every zone of GET /api/zones) or the zone codes it exists for. */
  zones: 'all' | string[]
}

/** One row of series_spans: a resolution held for a series and zone, from and to which delivery day. */
export type SpanRow = { series: string; zone: string; resolution_min: number; first_day: string; last_day: string }

export type ZoneSeries = {
  name: SeriesName
  path: string
  units: Record<string, string>
  source: SourceId
  /** First and last delivery day held, null when nothing is held yet. */
  first_day: string | null
  last_day: string | null
  /** The resolutions held, earliest first (e.g. PT60M until 2025-09-30, then PT15M). */
  resolutions: Array<{ resolution: string; first_day: string; last_day: string }>
}

export type ZoneEntry = {
  code: string
  eic: string
  name: string
  country: string
  timezone: string
  /** A zone that no longer exists (DE-AT-LU): served, no longer updated. */
  historic: boolean
  series: ZoneSeries[]
}

/** Whether a series exists for a zone: RTE publishes for France only. */
export function seriesExistsFor(name: SeriesName, zone: Zone): boolean {
  return SERIES[name].source !== 'rte' || zone.eic === FRANCE.eic
}

export function seriesCatalogue(): SeriesEntry[] {
  return SERIES_NAMES.map((name) => {
    const entry = catalogue.series[name]
    const id = entry.source as SourceId
    return {
      name,
      path: catalogPath(name),
      title: SERIES[name].title,
      meaning: entry.meaning,
      regulation: entry.regulation,
      units: entry.units as Record<string, string>,
      quantities: entry.quantities as Record<string, string>,
      directions: entry.directions,
      ...(SERIES[name].kind === 'generation' ? { psr_types: psr.types as Record<string, string> } : {}),
      source: { id, ...catalogue.sources[id] },
      zones: SERIES[name].source === 'rte' ? [FRANCE.key] : 'all',
    }
  })
}

export function zonesCatalogue(spans: SpanRow[]): ZoneEntry[] {
  const byKey = new Map<string, SpanRow[]>()
  for (const s of spans) {
    const key = `${s.series}|${s.zone}`
    const list = byKey.get(key)
    if (list) list.push(s)
    else byKey.set(key, [s])
  }
  return ZONES.map((zone) => ({
    code: zone.key,
    eic: zone.eic,
    name: zone.name,
    country: zone.country,
    timezone: zone.timezone,
    historic: zone.historic,
    series: SERIES_NAMES.filter((name) => seriesExistsFor(name, zone)).map((name) => {
      const held = [...(byKey.get(`${name}|${zone.eic}`) ?? [])].sort((a, b) => a.first_day.localeCompare(b.first_day))
      return {
        name,
        path: catalogPath(name),
        units: catalogue.series[name].units as Record<string, string>,
        source: SERIES[name].source,
        first_day: held.length ? held.reduce((m, s) => (s.first_day < m ? s.first_day : m), held[0].first_day) : null,
        last_day: held.length ? held.reduce((m, s) => (s.last_day > m ? s.last_day : m), held[0].last_day) : null,
        resolutions: held.map((s) => ({
          resolution: `PT${s.resolution_min}M`,
          first_day: s.first_day,
          last_day: s.last_day,
        })),
      }
    }),
  }))
}

/** The path with the parameter that selects the series where several share one (`/api/load?kind=forecast`). */
function catalogPath(name: SeriesName): string {
  if (name === 'load-actual') return '/api/load?kind=actual'
  if (name === 'load-forecast') return '/api/load?kind=forecast'
  return seriesPath(name)
}
