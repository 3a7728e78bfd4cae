/**
 * Writers for documents in the sources' documented layouts, used to produce the project's
 * own test fixtures (test/market-data/fixtures/) and its clearly labelled sample documents
 * (workers/market-data/sample/). Every value they hold is synthetic.
 *
 * ENTSO-E layout: Publication_MarketDocument, IEC 62325-451-3 (see the Transparency Platform
 * "Energy Prices [12.1.D]" XML example). RTE layout: the JSON of the Balancing Capacity v5
 * and Balancing Energy v5 APIs (data.rte-france.com user guides).
 */
import { QUARTER_MS, dayBoundsUtc, isoParis } from '../../workers/market-data/domain/time/paris'

export type A44Period = { start: string; end: string; resolution: string; points: Array<[number, number]> }
export type A44Series = { zone?: string; curveType?: 'A01' | 'A03'; periods: A44Period[]; extra?: string }

/** `2025-10-25T22:00Z`, the platform's time format (minutes, no seconds). */
export function entsoeTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16) + 'Z'
}

export function a44Xml(doc: {
  mRID: string
  namespace?: '7:0' | '7:3'
  revision?: number
  created: string
  start: string
  end: string
  series: A44Series[]
  comment?: string
}): string {
  const ns = `urn:iec62325.351:tc57wg16:451-3:publicationdocument:${doc.namespace ?? '7:3'}`
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    ...(doc.comment ? [`<!-- ${doc.comment} -->`] : []),
    `<Publication_MarketDocument xmlns="${ns}">`,
    `\t<mRID>${doc.mRID}</mRID>`,
    `\t<revisionNumber>${doc.revision ?? 1}</revisionNumber>`,
    '\t<type>A44</type>',
    '\t<sender_MarketParticipant.mRID codingScheme="A01">10X1001A1001A450</sender_MarketParticipant.mRID>',
    '\t<sender_MarketParticipant.marketRole.type>A32</sender_MarketParticipant.marketRole.type>',
    '\t<receiver_MarketParticipant.mRID codingScheme="A01">10X1001A1001A450</receiver_MarketParticipant.mRID>',
    '\t<receiver_MarketParticipant.marketRole.type>A33</receiver_MarketParticipant.marketRole.type>',
    `\t<createdDateTime>${doc.created}</createdDateTime>`,
    '\t<period.timeInterval>',
    `\t\t<start>${doc.start}</start>`,
    `\t\t<end>${doc.end}</end>`,
    '\t</period.timeInterval>',
  ]
  doc.series.forEach((s, i) => {
    const zone = s.zone ?? '10YFR-RTE------C'
    lines.push(
      '\t<TimeSeries>',
      `\t\t<mRID>${i + 1}</mRID>`,
      '\t\t<auction.type>A01</auction.type>',
      '\t\t<businessType>A62</businessType>',
      `\t\t<in_Domain.mRID codingScheme="A01">${zone}</in_Domain.mRID>`,
      `\t\t<out_Domain.mRID codingScheme="A01">${zone}</out_Domain.mRID>`,
      '\t\t<contract_MarketAgreement.type>A01</contract_MarketAgreement.type>',
      '\t\t<currency_Unit.name>EUR</currency_Unit.name>',
      '\t\t<price_Measure_Unit.name>MWH</price_Measure_Unit.name>',
      `\t\t<curveType>${s.curveType ?? 'A01'}</curveType>`,
      ...(s.extra ? [s.extra] : [])
    )
    for (const p of s.periods) {
      lines.push(
        '\t\t<Period>',
        '\t\t\t<timeInterval>',
        `\t\t\t\t<start>${p.start}</start>`,
        `\t\t\t\t<end>${p.end}</end>`,
        '\t\t\t</timeInterval>',
        `\t\t\t<resolution>${p.resolution}</resolution>`
      )
      for (const [position, price] of p.points) {
        lines.push(
          '\t\t\t<Point>',
          `\t\t\t\t<position>${position}</position>`,
          `\t\t\t\t<price.amount>${price.toFixed(2)}</price.amount>`,
          '\t\t\t</Point>'
        )
      }
      lines.push('\t\t</Period>')
    }
    lines.push('\t</TimeSeries>')
  })
  lines.push('</Publication_MarketDocument>', '')
  return lines.join('\n')
}

/**
 * A plausible French day-ahead shape in EUR/MWh (night plateau, morning ramp, midday solar
 * dip that can go negative, evening peak), deterministic for a day and a step. Synthetic.
 */
export function priceShape(day: string, index: number, stepsPerHour: number): number {
  const hour = index / stepsPerHour
  const seed = [...day].reduce((a, c) => (a * 31 + c.charCodeAt(0)) % 9973, 7)
  const base = 55 + (seed % 40)
  const morning = 45 * Math.exp(-((hour - 8.5) ** 2) / 3)
  const solar = -70 * Math.exp(-((hour - 13.5) ** 2) / 6)
  const evening = 75 * Math.exp(-((hour - 19.5) ** 2) / 2.5)
  const wiggle = ((index * 7919 + seed) % 97) / 97 - 0.5
  return Math.round((base + morning + solar + evening + wiggle * 8) * 100) / 100
}

/** All positions of one delivery day at a resolution, as [position, price]. */
export function dayPoints(day: string, resolutionMin: number): Array<[number, number]> {
  const { startMs, endMs } = dayBoundsUtc(day)
  const count = (endMs - startMs) / (resolutionMin * 60_000)
  return Array.from({ length: count }, (_, i) => [i + 1, priceShape(day, i, 60 / resolutionMin)] as [number, number])
}

/** Leaves out positions whose value repeats the previous one, as curveType A03 does. */
export function toA03(points: Array<[number, number]>): Array<[number, number]> {
  return points.filter(([, price], i) => i === 0 || price !== points[i - 1][1])
}

/** A one-day A44 document for France (or another zone) at one resolution. */
export function dayA44(
  day: string,
  opts: {
    resolutionMin: 15 | 60
    curveType?: 'A01' | 'A03'
    zone?: string
    namespace?: '7:0' | '7:3'
    mRID?: string
    comment?: string
    points?: Array<[number, number]>
  }
): string {
  const { startMs, endMs } = dayBoundsUtc(day)
  const start = entsoeTime(startMs)
  const end = entsoeTime(endMs)
  const points = opts.points ?? dayPoints(day, opts.resolutionMin)
  return a44Xml({
    mRID: opts.mRID ?? `FIXTURE-${day}-PT${opts.resolutionMin}M`,
    namespace: opts.namespace,
    created: `${entsoeTime(startMs - 12 * 3_600_000).slice(0, 16)}:00Z`,
    start,
    end,
    comment: opts.comment,
    series: [
      {
        zone: opts.zone,
        curveType: opts.curveType,
        periods: [{ start, end, resolution: `PT${opts.resolutionMin}M`, points: opts.curveType === 'A03' ? toA03(points) : points }],
      },
    ],
  })
}

// ------------------------------------------------------------------------------- RTE JSON

/** Quarter-hour intervals of a delivery day as RTE writes them (Paris local time with offset). */
export function rteQuarterHours(day: string): Array<{ start_date: string; end_date: string; index: number }> {
  const { startMs, endMs } = dayBoundsUtc(day)
  const out = []
  for (let t = startMs, i = 0; t < endMs; t += QUARTER_MS, i++)
    out.push({ start_date: isoParis(t), end_date: isoParis(t + QUARTER_MS), index: i })
  return out
}

/** balancing_capacity/v5/result_procured_reserves for one day, prices in EUR/MW per 15 minutes. */
export function procuredReservesJson(day: string): unknown {
  const qh = rteQuarterHours(day)
  const { startMs, endMs } = dayBoundsUtc(day)
  const block = (reserve: string, directions: string[], mw: (i: number, d: string) => number, price: (i: number, d: string) => number) => ({
    reserve,
    product_type: reserve === 'FCR' ? 'FCR_4H' : `${reserve}_4H`,
    start_date: isoParis(startMs),
    end_date: isoParis(endMs),
    values: qh.flatMap((q) =>
      directions.map((direction) => ({
        start_date: q.start_date,
        end_date: q.end_date,
        direction,
        price: price(Math.floor(q.index / 16), direction),
        offered_volume: mw(q.index, direction) + 150,
        contracted_volume: mw(q.index, direction),
        time_horizon: 'D-1',
      }))
    ),
  })
  // Prices are constant over 4-hour blocks (16 quarter-hours), as the tenders are.
  return {
    result_procured_reserves: [
      block(
        'FCR',
        ['UP_DOWN'],
        () => 515,
        (b) => [3.12, 2.87, 2.95, 3.4, 3.65, 3.2][b % 6]
      ),
      block(
        'AFRR',
        ['UP', 'DOWN'],
        (_, d) => (d === 'UP' ? 760 : 690),
        (b, d) => (d === 'UP' ? [4.1, 3.6, 3.9, 5.2, 6.05, 4.7] : [2.2, 1.95, 2.6, 3.15, 2.8, 2.35])[b % 6]
      ),
      block(
        'MFRR',
        ['UP', 'DOWN'],
        (_, d) => (d === 'UP' ? 1000 : 500),
        (b, d) => (d === 'UP' ? [0.95, 0.8, 1.1, 1.45, 1.6, 1.2] : [0.3, 0.25, 0.4, 0.55, 0.5, 0.35])[b % 6]
      ),
    ],
  }
}

/** balancing_energy/v5/standard_afrr_data (PICASSO) for one day; volumes in MW, prices in EUR/MWh. */
export function standardAfrrJson(day: string): unknown {
  return {
    picasso: {
      picasso_mesures: rteQuarterHours(day).map((q) => ({
        start_date: q.start_date,
        end_date: q.end_date,
        upward_afrr_requested_need: 120 + (q.index % 9) * 11,
        downward_afrr_requested_need: 95 + (q.index % 7) * 13,
        upward_afrr_activated_volume_for_fr: 84 + (q.index % 9) * 10,
        downward_afrr_activated_volume_for_fr: 72 + (q.index % 7) * 12,
        upward_weighted_average_price_afrr_activated_for_fr: Math.round((95 + ((q.index * 37) % 60)) * 100) / 100,
        downward_weighted_average_price_afrr_activated_for_fr: Math.round((18 + ((q.index * 23) % 40) - 20) * 100) / 100,
      })),
    },
  }
}

/** balancing_energy/v5/standard_mfrr_data (MARI) for one day; volumes in MW, prices in EUR/MWh. */
export function standardMfrrJson(day: string): unknown {
  return {
    mari: {
      mari_mesures: rteQuarterHours(day).flatMap((q) =>
        (['UP', 'DOWN'] as const).map((direction) => ({
          start_date: q.start_date,
          end_date: q.end_date,
          direction,
          total_requested_volume_SA: direction === 'UP' ? 210 : 140,
          total_requested_volume_DA: direction === 'UP' ? 30 : 0,
          total_activated_volume_SA: direction === 'UP' ? 180 + (q.index % 5) * 10 : 120 + (q.index % 4) * 5,
          total_activated_volume_DA: direction === 'UP' ? 20 : 0,
          settlement_price_previous: null,
          settlement_price_current:
            direction === 'UP' ? Math.round((110 + (q.index % 11) * 3.5) * 100) / 100 : Math.round((35 - (q.index % 6) * 4.25) * 100) / 100,
        }))
      ),
    },
  }
}
