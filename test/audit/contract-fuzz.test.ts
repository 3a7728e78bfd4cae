import { env } from 'cloudflare:workers'
import { expect, it } from 'vitest'
import { fuzzService } from '../helpers/fuzz'
import { makeApp } from './app'

// No network here: every outbound request fails at once, as a resolver outage would.
const offline = async () => {
  throw new Error('offline')
}

it('fuzz: no input makes any audit endpoint fail or answer off-contract', async () => {
  const app = makeApp({ fetcher: offline })
  const { requests, failures } = await fuzzService({ app, env: env as never, upstreamCodes: ['DNS_UNAVAILABLE'] })
  expect(failures).toEqual([])
  expect(requests).toBeGreaterThan(100)
}, 300_000)

/**
 * Issue 13: pages built from the shapes that make tag scanners slow or wrong (unclosed tags,
 * attribute runs, comment and template nesting, script text, meta policies in odd places),
 * repeated up to past the 64 KiB the worker reads, served by a replayed site. Every check must
 * answer 200 with a report that matches the documented schema.
 */
it('fuzz: hostile pages from the audited site give a 200 report on the documented schema', async () => {
  const { default: fc } = await import('fast-check')
  const { fuzzSettings } = await import('../helpers/fuzz')
  const { ReportSchema } = await import('../../workers/audit/schemas')
  const { harness, STRONG_HEADERS } = await import('./helpers/site')
  const piece = fc.constantFrom(
    '<meta ',
    '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'">',
    'content="',
    'a=b ',
    '"',
    "'",
    '<',
    '>',
    '<!--',
    '-->',
    '<template>',
    '</template>',
    '<noscript>',
    '<script>',
    '</script>',
    '<script src="//cdn.example/x.js">',
    '<script src="https://cdn.example/y.js" integrity="sha384-x">',
    '<body>',
    '<style>',
    '&amp;',
    '&#',
    '\u0000',
    '\ud800',
    'é'
  )
  const page = fc.array(fc.tuple(piece, fc.integer({ min: 1, max: 20_000 })), { minLength: 1, maxLength: 6 }).map((parts) =>
    parts
      .map(([p, n]) => p.repeat(n))
      .join('')
      .slice(0, 80 * 1024)
  )
  let n = 0
  await fc.assert(
    fc.asyncProperty(page, async (body) => {
      const domain = `fuzz-page-${++n}.org`
      const h = harness({
        zone: { [domain]: { A: ['93.184.215.14'] } },
        pages: {
          [`http://${domain}/`]: { status: 301, headers: { location: `https://${domain}/` } },
          [`https://${domain}/`]: { headers: STRONG_HEADERS, body },
        },
      })
      const { res, body: report } = await h.check(domain)
      expect(res.status).toBe(200)
      expect(ReportSchema.safeParse(report).success).toBe(true)
    }),
    { ...fuzzSettings(env as never), numRuns: Math.min(fuzzSettings(env as never).numRuns, 15) }
  )
}, 300_000)
