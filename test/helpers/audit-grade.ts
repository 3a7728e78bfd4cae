import type { HttpFetcher } from '../../shared/http-fetcher'
import { runAudit } from '../../workers/audit/domain/audit'
import type { Report } from '../../workers/audit/schemas'
import { dohRoute } from '../audit/helpers/doh'

type App = { request: (input: string, init: RequestInit, env: any) => Response | Promise<Response> }

const HOST = 'service.example.com'

/**
 * Grades one page of one of our workers with our own audit engine, as if the worker were
 * published at https://service.example.com with that page at its root: the http:// hop,
 * the page and its headers are the worker's real answers (BASE_URL https); only DNS and
 * crt.sh are replayed.
 */
export async function gradeOurPage(app: App, env: Record<string, unknown>, path: string): Promise<Report> {
  const [doh, answer] = dohRoute({ [HOST]: { A: ['93.184.215.14'] } })
  const prodEnv = { ...env, BASE_URL: `https://${HOST}` }
  const fetcher: HttpFetcher = async (input, init) => {
    const req = new Request(input, init)
    if (doh.test(req.url)) {
      const a = answer(req)
      return new Response(a.body, { status: a.status, headers: a.headers })
    }
    if (req.url.startsWith('https://crt.sh/')) return Response.json([])
    const url = new URL(req.url)
    if (url.host !== HOST) throw new Error(`unexpected request to ${req.url}`)
    if (url.protocol === 'https:' && url.pathname === '/') {
      const target = new URL(path, url)
      url.pathname = target.pathname
      url.search = target.search
    }
    return app.request(url.toString(), { method: req.method, headers: req.headers, redirect: 'manual' }, prodEnv)
  }
  return runAudit(HOST, { fetcher, connectTls: null, now: () => new Date() }, { baseUrl: 'https://audit.example' })
}

export const GRADED_HOST = HOST
