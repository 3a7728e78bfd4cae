import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import {
  EXPIRY_MARGIN_SECONDS,
  RTE_API,
  RTE_TOKEN_URL,
  RteClient,
  RteError,
  memoryTokenCache,
} from '../../workers/market-data/domain/rte/client'
import {
  normaliseAfrrEnergy,
  normaliseMfrrEnergy,
  normaliseProcuredReserves,
  readRteJson,
} from '../../workers/market-data/domain/rte/normalise'
import { kvTokenCache } from '../../workers/market-data/store'
import { dayBoundsUtc, isoUtc } from '../../workers/market-data/domain/time/paris'
import reserves from './fixtures/rte-result-procured-reserves-2025-11-12.json'
import reservesAutumn from './fixtures/rte-result-procured-reserves-2025-10-26.json'
import afrr from './fixtures/rte-standard-afrr-data-2025-11-12.json'
import mfrr from './fixtures/rte-standard-mfrr-data-2025-11-12.json'
import v1Reserves from './fixtures/rte-v1-procured-reserves-2015-12-17.json?raw'

type Value = { start_date: string; end_date: string; direction: string; price: number; contracted_volume: number }
type Block = { reserve: string; values: Value[] }

async function rteError(p: Promise<unknown>): Promise<RteError> {
  try {
    await p
  } catch (err) {
    if (err instanceof RteError) return err
    throw err
  }
  throw new Error('expected an RteError')
}

const tokenAnswer = (token: string, expiresIn = 7200) => ({
  body: JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: expiresIn }),
})

describe('RTE normalisers', () => {
  it('turns procured reserves into capacity records: EUR/MW per quarter-hour × 4 = EUR/MW/h, contracted MW', () => {
    const blocks = (reserves as { result_procured_reserves: Block[] }).result_procured_reserves
    const afrrBlock = blocks.find((b) => b.reserve === 'AFRR')!
    const values = normaliseProcuredReserves(reserves, 'afrr-capacity')
    expect(values).toHaveLength(192)
    const { startMs } = dayBoundsUtc('2025-11-12')
    expect(values[0]).toMatchObject({ startMs, direction: 'down' })
    expect(values[1]).toMatchObject({ startMs, direction: 'up' })
    for (const source of afrrBlock.values) {
      const v = values.find((x) => x.startMs === Date.parse(source.start_date) && x.direction === source.direction.toLowerCase())!
      expect(v.price).toBe(source.price * 4)
      expect(v.volume).toBe(source.contracted_volume)
      expect(v.resolutionMin).toBe(15)
    }
    // 4.1 €/MW per 15 min is 16.4 €/MW/h, exactly.
    expect(values.find((v) => v.direction === 'up')!.price).toBe(16.4)
  })

  it('reads FCR as one symmetric record per quarter-hour and mFRR capacity per direction', () => {
    const fcr = normaliseProcuredReserves(reserves, 'fcr-capacity')
    expect(fcr).toHaveLength(96)
    expect(new Set(fcr.map((v) => v.direction))).toEqual(new Set(['symmetric']))
    expect(fcr[0]).toMatchObject({ volume: 515, price: 3.12 * 4 })
    expect(normaliseProcuredReserves(reserves, 'mfrr-capacity')).toHaveLength(192)
    expect(normaliseProcuredReserves(reservesAutumn, 'fcr-capacity')).toHaveLength(100)
  })

  it('reads PICASSO aFRR energy: MW × 0.25 h = MWh, EUR/MWh unchanged', () => {
    const source = (afrr as { picasso: { picasso_mesures: Array<Record<string, number | string>> } }).picasso.picasso_mesures[5]
    const values = normaliseAfrrEnergy(afrr)
    expect(values).toHaveLength(192)
    const start = Date.parse(source.start_date as string)
    expect(values.find((v) => v.startMs === start && v.direction === 'up')).toMatchObject({
      volume: (source.upward_afrr_activated_volume_for_fr as number) * 0.25,
      price: source.upward_weighted_average_price_afrr_activated_for_fr,
    })
    expect(values.find((v) => v.startMs === start && v.direction === 'down')).toMatchObject({
      volume: (source.downward_afrr_activated_volume_for_fr as number) * 0.25,
      price: source.downward_weighted_average_price_afrr_activated_for_fr,
    })
  })

  it('reads MARI mFRR energy: (SA + DA) MW × 0.25 h, settlement price; a missing part makes the volume null', () => {
    const values = normaliseMfrrEnergy(mfrr)
    expect(values).toHaveLength(192)
    const m = (mfrr as { mari: { mari_mesures: Array<Record<string, unknown>> } }).mari.mari_mesures[0]
    const v = values.find((x) => x.startMs === Date.parse(m.start_date as string) && x.direction === String(m.direction).toLowerCase())!
    expect(v.volume).toBe(((m.total_activated_volume_SA as number) + (m.total_activated_volume_DA as number)) * 0.25)
    expect(v.price).toBe(m.settlement_price_current)
    const partial = { mari: { mari_mesures: [{ ...m, total_activated_volume_DA: null, settlement_price_current: 'Invalid' }] } }
    expect(normaliseMfrrEnergy(partial)[0]).toMatchObject({ volume: null, price: null })
  })

  // Issue 22: values are held as published, so a 30-minute step stays one 30-minute value.
  it('keeps a 30-minute source interval as one value of 30 minutes', () => {
    const body = {
      result_procured_reserves: [
        {
          reserve: 'FCR',
          values: [
            {
              start_date: '2024-06-15T00:00:00+02:00',
              end_date: '2024-06-15T00:30:00+02:00',
              direction: 'UP_DOWN',
              price: 2.5,
              contracted_volume: 540,
            },
          ],
        },
      ],
    }
    const values = normaliseProcuredReserves(body, 'fcr-capacity')
    expect(values.map((v) => isoUtc(v.startMs))).toEqual(['2024-06-14T22:00:00Z'])
    expect(values[0]).toMatchObject({ price: 10, volume: 540, resolutionMin: 30 })
  })

  it("reads RTE's own sample (UTF-8 BOM, procured_reserves, type, value, UP_DOWN/UPWARD, 30-minute steps)", () => {
    expect(v1Reserves.charCodeAt(0)).toBe(0xfeff)
    expect(() => JSON.parse(v1Reserves)).toThrow()
    const body = readRteJson(v1Reserves)
    const fcr = normaliseProcuredReserves(body, 'fcr-capacity')
    expect(fcr).toHaveLength(48)
    expect(fcr[0]).toMatchObject({ startMs: Date.parse('2015-12-16T23:00:00Z'), direction: 'symmetric', volume: 588, resolutionMin: 30 })
    // The unit of this API generation's price is not documented anywhere we have read: not served.
    expect(fcr.every((v) => v.price === null)).toBe(true)
    const afrr = normaliseProcuredReserves(body, 'afrr-capacity')
    expect(afrr.every((v) => v.direction === 'symmetric')).toBe(true)
    const mfrrCap = normaliseProcuredReserves(body, 'mfrr-capacity')
    expect(mfrrCap).toHaveLength(48)
    expect(mfrrCap[0]).toMatchObject({ direction: 'up', volume: 1160 })
  })

  it('accepts a top-level object instead of an array, blocks with empty values, and several product blocks', () => {
    const value = (price: number, contracted_volume: number) => ({
      start_date: '2025-11-12T00:00:00+01:00',
      end_date: '2025-11-12T00:15:00+01:00',
      direction: 'UP',
      price,
      contracted_volume,
    })
    expect(
      normaliseProcuredReserves({ result_procured_reserves: { reserve: 'AFRR', values: [value(1, 10)] } }, 'afrr-capacity')
    ).toHaveLength(1)
    expect(
      normaliseProcuredReserves({ result_procured_reserves: [{ reserve: 'AFRR', values: [] }, { reserve: 'MFRR' }] }, 'afrr-capacity')
    ).toEqual([])
    // Two products for the same quarter-hour: procured MW add up, the price is the MW-weighted mean.
    const two = {
      result_procured_reserves: [
        { reserve: 'AFRR', product_type: 'A', values: [value(1, 100)] },
        { reserve: 'AFRR', product_type: 'B', values: [value(3, 300)] },
      ],
    }
    expect(normaliseProcuredReserves(two, 'afrr-capacity')).toEqual([
      { startMs: Date.parse('2025-11-11T23:00:00Z'), direction: 'up', volume: 400, price: 10, resolutionMin: 15 },
    ])
    // The same product block twice is counted once.
    const twice = { result_procured_reserves: [two.result_procured_reserves[0], two.result_procured_reserves[0]] }
    expect(normaliseProcuredReserves(twice, 'afrr-capacity')).toMatchObject([{ volume: 100, price: 4 }])
    expect(normaliseAfrrEnergy({ picasso: [{ picasso_mesures: [] }] })).toEqual([])
  })

  it.each([
    [
      'a value off the quarter-hour grid',
      {
        result_procured_reserves: [
          {
            reserve: 'AFRR',
            values: [{ start_date: '2025-11-12T00:05:00+01:00', end_date: '2025-11-12T00:20:00+01:00', direction: 'UP', price: 1 }],
          },
        ],
      },
    ],
    [
      'a time without offset',
      {
        result_procured_reserves: [
          { reserve: 'AFRR', values: [{ start_date: '2025-11-12T00:00:00', end_date: '2025-11-12T00:15:00', direction: 'UP', price: 1 }] },
        ],
      },
    ],
    [
      'an unknown direction',
      {
        result_procured_reserves: [
          {
            reserve: 'AFRR',
            values: [{ start_date: '2025-11-12T00:00:00+01:00', end_date: '2025-11-12T00:15:00+01:00', direction: 'SIDEWAYS', price: 1 }],
          },
        ],
      },
    ],
    [
      'a price that is text',
      {
        result_procured_reserves: [
          {
            reserve: 'AFRR',
            values: [{ start_date: '2025-11-12T00:00:00+01:00', end_date: '2025-11-12T00:15:00+01:00', direction: 'UP', price: 'twelve' }],
          },
        ],
      },
    ],
    [
      'one product disagreeing with itself on one quarter-hour',
      {
        result_procured_reserves: [
          {
            reserve: 'AFRR',
            product_type: 'P',
            values: [1, 2].map((price) => ({
              start_date: '2025-11-12T00:00:00+01:00',
              end_date: '2025-11-12T00:15:00+01:00',
              direction: 'UP',
              price,
            })),
          },
        ],
      },
    ],
    ['a missing top-level key', { other: [] }],
    ['blocks that are not objects', { result_procured_reserves: [1, 2] }],
  ])('refuses %s', (_, body) => {
    expect(() => normaliseProcuredReserves(body, 'afrr-capacity')).toThrow(RteError)
  })

  it('refuses an FCR value given for one direction only', () => {
    const body = {
      result_procured_reserves: [
        {
          reserve: 'FCR',
          values: [{ start_date: '2025-11-12T00:00:00+01:00', end_date: '2025-11-12T00:15:00+01:00', direction: 'UP', price: 1 }],
        },
      ],
    }
    expect(() => normaliseProcuredReserves(body, 'fcr-capacity')).toThrow(/symmetric/)
  })
})

describe('RTE client', () => {
  const day = '2025-11-12'
  const dataUrl = new RegExp(`^${RTE_API}/balancing_capacity/v5/result_procured_reserves\\?`)

  it('gets a token with client credentials, caches it and sends it as Bearer', async () => {
    let tokenCalls = 0
    const seen: string[] = []
    const fetcher = replayFetcher([
      [
        RTE_TOKEN_URL,
        (req) => {
          tokenCalls++
          expect(req.method).toBe('POST')
          expect(req.headers.get('authorization')).toBe(`Basic ${btoa('id:secret')}`)
          expect(req.headers.get('content-type')).toBe('application/x-www-form-urlencoded')
          return tokenAnswer('tok-1')
        },
      ],
      [
        dataUrl,
        (req) => {
          seen.push(req.headers.get('authorization')!)
          return { body: JSON.stringify(reserves) }
        },
      ],
    ])
    const client = new RteClient({
      fetcher,
      clientId: 'id',
      clientSecret: 'secret',
      cache: memoryTokenCache(),
      now: () => Date.parse('2025-11-12T10:00:00Z'),
    })
    expect(await client.getDays('balancing_capacity/v5/result_procured_reserves', day, '2025-11-13')).toEqual(reserves)
    await client.getDays('balancing_capacity/v5/result_procured_reserves', day, '2025-11-13')
    expect(tokenCalls).toBe(1)
    expect(seen).toEqual(['Bearer tok-1', 'Bearer tok-1'])
    expect(fetcher.calls[1]).toContain('start_date=2025-11-12T00%3A00%3A00%2B01%3A00&end_date=2025-11-13T00%3A00%3A00%2B01%3A00')
  })

  it('keeps the token in KV with a TTL ending before the token does, and refreshes once it is near expiry', async () => {
    let now = Date.parse('2025-11-12T10:00:00Z')
    let n = 0
    const fetcher = replayFetcher([
      [RTE_TOKEN_URL, () => tokenAnswer(`tok-${++n}`, 7200)],
      [dataUrl, () => ({ status: 204, body: '' })],
    ])
    const cache = kvTokenCache(env.CACHE)
    await cache.delete()
    const client = new RteClient({ fetcher, clientId: 'id', clientSecret: 'secret', cache, now: () => now })
    expect(await client.token()).toBe('tok-1')
    expect(await cache.get()).toEqual({ accessToken: 'tok-1', expiresAt: now + 7200_000 })
    // A new client (another invocation) reuses the cached token.
    const other = new RteClient({ fetcher, clientId: 'id', clientSecret: 'secret', cache, now: () => now })
    expect(await other.token()).toBe('tok-1')
    now += (7200 - EXPIRY_MARGIN_SECONDS - 1) * 1000
    expect(await client.token()).toBe('tok-1')
    now += 2000 // now inside the safety margin
    expect(await client.token()).toBe('tok-2')
    expect(n).toBe(2)
  })

  it('on a 401 from a data call, forgets the token and retries once with a fresh one', async () => {
    let n = 0
    const fetcher = replayFetcher([
      [RTE_TOKEN_URL, () => tokenAnswer(`tok-${++n}`)],
      [
        dataUrl,
        (req) =>
          req.headers.get('authorization') === 'Bearer tok-1'
            ? { status: 401, body: '{"error":"invalid_token"}' }
            : { body: JSON.stringify(reserves) },
      ],
    ])
    const client = new RteClient({ fetcher, clientId: 'id', clientSecret: 'secret', cache: memoryTokenCache(), now: () => 0 })
    expect(await client.getDays('balancing_capacity/v5/result_procured_reserves', day, '2025-11-13')).toEqual(reserves)
    expect(n).toBe(2)
  })

  it('reads 204 as no data', async () => {
    const fetcher = replayFetcher([
      [RTE_TOKEN_URL, tokenAnswer('t')],
      [dataUrl, { status: 204, body: '' }],
    ])
    const client = new RteClient({ fetcher, clientId: 'id', clientSecret: 'secret', cache: memoryTokenCache(), now: () => 0 })
    expect(await client.getDays('balancing_capacity/v5/result_procured_reserves', day, '2025-11-13')).toBeNull()
  })

  it('reports 429 with the delay RTE asks for (or 60 s)', async () => {
    for (const [headers, expected] of [
      [{ 'retry-after': '20' }, 20],
      [{}, 60],
    ] as const) {
      const fetcher = replayFetcher([
        [RTE_TOKEN_URL, tokenAnswer('t')],
        [dataUrl, { status: 429, headers, body: '{"error":"too many requests"}' }],
      ])
      const client = new RteClient({ fetcher, clientId: 'id', clientSecret: 'secret', cache: memoryTokenCache(), now: () => 0 })
      const err = await rteError(client.getDays('balancing_capacity/v5/result_procured_reserves', day, '2025-11-13'))
      expect(err.code).toBe('RATE_LIMITED')
      expect(err.retryAfterSeconds).toBe(expected)
    }
  })

  it('names bad credentials, missing credentials, server errors and non-JSON answers', async () => {
    const bad = new RteClient({
      fetcher: replayFetcher([[RTE_TOKEN_URL, { status: 401, body: '{"error":"invalid_client"}' }]]),
      clientId: 'id',
      clientSecret: 'wrong',
      cache: memoryTokenCache(),
      now: () => 0,
    })
    expect((await rteError(bad.token())).code).toBe('UNAUTHORIZED')
    const none = new RteClient({ fetcher: replayFetcher([]), cache: memoryTokenCache(), now: () => 0 })
    expect((await rteError(none.token())).code).toBe('NOT_CONFIGURED')
    const down = new RteClient({
      fetcher: replayFetcher([
        [RTE_TOKEN_URL, tokenAnswer('t')],
        [dataUrl, { status: 503, body: 'maintenance' }],
      ]),
      clientId: 'id',
      clientSecret: 's',
      cache: memoryTokenCache(),
      now: () => 0,
    })
    const err = await rteError(down.getDays('balancing_capacity/v5/result_procured_reserves', day, '2025-11-13'))
    expect(err.code).toBe('UPSTREAM')
    expect(err.message).toContain('503')
    const html = new RteClient({
      fetcher: replayFetcher([
        [RTE_TOKEN_URL, tokenAnswer('t')],
        [dataUrl, { body: '<html>oops</html>' }],
      ]),
      clientId: 'id',
      clientSecret: 's',
      cache: memoryTokenCache(),
      now: () => 0,
    })
    expect((await rteError(html.getDays('balancing_capacity/v5/result_procured_reserves', day, '2025-11-13'))).code).toBe('MALFORMED')
    const unreachable = new RteClient({
      fetcher: async () => {
        throw new TypeError('fetch failed')
      },
      clientId: 'id',
      clientSecret: 's',
      cache: memoryTokenCache(),
      now: () => 0,
    })
    expect((await rteError(unreachable.token())).code).toBe('UPSTREAM')
  })
})
