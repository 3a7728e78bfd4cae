import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { HttpFetcher } from '../../shared/http-fetcher'
import { runAudit } from '../../workers/audit/audit'
import { dohRoute } from '../audit/helpers/doh'
import { app, publishJson, published } from './helpers'

// Our own audit service's engine, pointed at the drop worker as if it were published at
// https://drop.example (BASE_URL https): the http:// hop, the page and its headers are the
// worker's real answers; only DNS and crt.sh are replayed.
const HOST = 'drop.example.com'

function dropAsSite(pathForRoot: string): HttpFetcher {
  const [doh, answer] = dohRoute({ [HOST]: { A: ['93.184.215.14'] } })
  const prodEnv = { ...env, BASE_URL: `https://${HOST}` }
  return async (input, init) => {
    const req = new Request(input, init)
    if (doh.test(req.url)) {
      const a = answer(req)
      return new Response(a.body, { status: a.status, headers: a.headers })
    }
    if (req.url.startsWith('https://crt.sh/')) return Response.json([])
    const url = new URL(req.url)
    if (url.host !== HOST) throw new Error(`unexpected request to ${req.url}`)
    if (url.protocol === 'https:' && url.pathname === '/') url.pathname = pathForRoot
    return app.request(url.toString(), { method: req.method, headers: req.headers, redirect: 'manual' }, prodEnv)
  }
}

async function grade(path: string) {
  return runAudit(HOST, { fetcher: dropAsSite(path), connectTls: null, now: () => new Date() }, { baseUrl: 'https://audit.example' })
}

describe('drop pages under our audit rules', () => {
  it('a drop page earns the top grade, A+, with every header test passing', async () => {
    const { slug } = await published(await publishJson({ markdown: '# Graded\n\nA page to audit.' }))
    const report = await grade(`/v/${slug}`)
    expect(report.redirects.http_to_https).toBe(true)
    expect(report.redirects.chain[0]).toBe(`http://${HOST}/ -> 301 -> https://${HOST}/`)
    expect(report.findings.filter((f) => !f.pass)).toEqual([])
    expect(report.score).toBe('A+')
  })

  it.each(['/docs', '/Zz9Zz9Zz'])('%s earns A+ too', async (path) => {
    const report = await grade(path)
    expect(report.findings.filter((f) => !f.pass)).toEqual([])
    expect(report.score).toBe('A+')
  })
})
