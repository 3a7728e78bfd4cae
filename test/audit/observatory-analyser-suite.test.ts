import { describe, expect, it } from 'vitest'
import { analyseCookies } from '../../workers/audit/domain/checks/cookies'
import { analyseCors, CORS_PROBE_ORIGIN } from '../../workers/audit/domain/checks/cors'
import { analyseCoep, analyseCoop, analyseCorp } from '../../workers/audit/domain/checks/cross-origin'
import { analyseCsp } from '../../workers/audit/domain/checks/csp'
import { analyseHsts } from '../../workers/audit/domain/checks/hsts'
import { isPreloaded } from '../../workers/audit/domain/checks/preload'
import { analyseRedirects } from '../../workers/audit/domain/checks/redirects'
import { analyseReferrerPolicy } from '../../workers/audit/domain/checks/referrer-policy'
import { analyseSri } from '../../workers/audit/domain/checks/sri'
import { analyseXcto } from '../../workers/audit/domain/checks/xcto'
import { analyseXfo } from '../../workers/audit/domain/checks/xfo'
import type { Chain } from '../../workers/audit/domain/retrieve/chain'
import type { PageResponse } from '../../workers/audit/domain/retrieve/page'
import { CASES, type Case } from './data/observatory-analyser-cases'

/**
 * The Observatory's own analyser tests (test/audit/data/observatory-analyser-cases.ts), run
 * through this service's analysers. Every case must give the Observatory's result, except the
 * departures listed in DEPARTURES, each of which must still differ exactly as listed (so a
 * departure that disappears, or a new disagreement, fails here).
 */

/** Cases where this service gives another result by design, with the reason (docs/audit-scoring.md). */
const DEPARTURES: Record<string, { ours: string; why: string }> = {}

const page = (url: string, status: number): PageResponse => ({ url, status, headers: {}, cookies: [], html: null })

async function run(c: Case): Promise<string> {
  switch (c.test) {
    case 'csp':
      return analyseCsp({ header: c.header ?? null, reportOnly: c.reportOnly ?? null, meta: c.meta, https: true }).result
    case 'cookies': {
      const hsts = analyseHsts(c.hsts ?? null, 'https').result
      const protectedByHsts = hsts === 'hsts-implemented-max-age-at-least-six-months' || hsts === 'hsts-preloaded'
      return analyseCookies(
        c.cookies.map((header) => ({ header, https: true })),
        protectedByHsts
      ).result
    }
    case 'cors':
      return (
        await analyseCors({
          probe: { allowOrigin: c.echoesProbe ? CORS_PROBE_ORIGIN : (c.allowOrigin ?? null), allowCredentials: c.allowCredentials ?? null },
          crossdomain: null,
          clientaccesspolicy: null,
        })
      ).result
    case 'coop':
      return analyseCoop(c.header ?? null).result
    case 'coep':
      return analyseCoep(c.header ?? null).result
    case 'corp':
      return analyseCorp(c.header ?? null).result
    case 'xcto':
      return analyseXcto(c.header ?? null).result
    case 'xfo': {
      const csp = c.csp ? analyseCsp({ header: c.csp, reportOnly: null, https: true }) : null
      return analyseXfo(c.header ?? null, csp?.frame_ancestors ?? null).result
    }
    case 'referrer':
      return analyseReferrerPolicy(c.header ?? null, c.meta).result
    case 'hsts':
      return analyseHsts(c.header ?? null, c.transport ?? 'https', c.host ? isPreloaded(c.host) : false).result
    case 'sri': {
      const scripts = (c.scripts ?? []).map((s) => ({ src: s.src, integrity: s.integrity === true }))
      const html = c.html === false ? null : { meta: { csp: [], referrer: [] }, scripts, inline_scripts: 0 }
      return analyseSri('https://mozilla.org/', html).result
    }
    case 'redirection': {
      if (c.hops === null) {
        const chain: Chain = {
          start: 'http://mozilla.org/',
          hops: [],
          end: { kind: 'failed', url: 'http://mozilla.org/', failure: { kind: 'network', message: 'refused' } },
          responses: [],
        }
        return analyseRedirects(chain, isPreloaded).result
      }
      const hops = c.hops.slice(0, -1).map(([from, status], i) => ({ from, status, to: c.hops![i + 1][0] }))
      const [lastUrl, lastStatus] = c.hops.at(-1)!
      const chain: Chain = {
        start: c.hops[0][0],
        hops,
        end: { kind: 'response', response: page(lastUrl, lastStatus) },
        responses: c.hops.map(([url, status]) => page(url, status)),
      }
      return analyseRedirects(chain, isPreloaded).result
    }
  }
}

const label = (c: Case, i: number) => `${c.test} #${i} ${c.it}`

describe(`the Observatory's analyser tests (${CASES.length} cases, mdn/mdn-http-observatory 94042bbf)`, () => {
  it.each(CASES.map((c, i) => [label(c, i), c] as const))('%s', async (name, c) => {
    const departure = DEPARTURES[name]
    const ours = await run(c)
    if (departure) expect(ours, departure.why).toBe(departure.ours)
    else expect(ours).toBe(c.expected)
  })

  it('agrees on every case but the listed departures', async () => {
    const results = await Promise.all(CASES.map(async (c, i) => ({ name: label(c, i), agrees: (await run(c)) === c.expected })))
    const disagreeing = results.filter((r) => !r.agrees).map((r) => r.name)
    expect(disagreeing).toEqual(Object.keys(DEPARTURES))
    console.info(`Observatory analyser cases: ${results.length - disagreeing.length} of ${results.length} agree`)
  })
})
