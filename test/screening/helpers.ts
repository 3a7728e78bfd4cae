import { env } from 'cloudflare:workers'
import { replayFetcher, type HttpFetcher } from '../../shared/http-fetcher'
import { makeApp } from './app'

/** A valid screening body; override what a test is about. */
export function screeningBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: 'landlord@example.com',
    applicantName: 'Jordan Rivera',
    applicantEmail: 'jordan.rivera@example.com',
    applicantDob: '1990-04-12',
    applicantAddress: '500 W 2nd St Apt 1204',
    applicantCity: 'Austin',
    applicantState: 'TX',
    applicantPostalCode: '78701',
    propertyAddress: '1100 S Lamar Blvd Unit 2',
    propertyCity: 'Austin',
    propertyState: 'TX',
    propertyPostalCode: '78704',
    monthlyRent: 1850,
    monthlyIncome: 6200,
    consent: { given_at: '2026-01-15T10:00:00Z', method: 'electronic_signature', text_version: 'auth-2026-01', ip: '203.0.113.7' },
    ...overrides,
  }
}

/** The worker's app with a fetcher that refuses every outbound call unless a test gives one. */
export function testApp(options: { fetcher?: HttpFetcher; now?: () => Date } = {}) {
  return makeApp(options)
}

type App = ReturnType<typeof testApp>

export async function postJson(
  app: App,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  bindings: object = env
): Promise<Response> {
  return app.request(
    path,
    { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) },
    bindings
  )
}

export async function putJson(app: App, path: string, body: unknown, headers: Record<string, string> = {}, bindings: object = env) {
  return app.request(
    path,
    { method: 'PUT', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) },
    bindings
  )
}

/** A listing body for PUT /api/properties/{propertyId}, at screeningBody()'s property. */
export const listing = {
  email: 'landlord@example.com',
  propertyAddress: '1100 S Lamar Blvd Unit 2',
  propertyCity: 'Austin',
  propertyState: 'TX',
  propertyPostalCode: '78704',
  monthlyRent: 1850,
}

export function screen(app: App, overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}, bindings: object = env) {
  return postJson(app, '/api/free-screening', screeningBody(overrides), headers, bindings)
}

/** A distinct client IP per test keeps the per-IP rate limit out of tests about other things. */
let ip = 0
export function freshIp(): Record<string, string> {
  ip++
  return { 'cf-connecting-ip': `198.51.100.${ip % 250}`, 'x-test-ip-seq': String(ip) }
}

export type SentMail = { from: string; to: string; subject: string; text: string }

/**
 * An HTTP e-mail API that records what it is sent (the transport the worker uses in
 * production, answered by a replaying fetcher). `failFor` makes sends to matching addresses
 * fail with HTTP 500.
 */
export function mailApi(options: { failFor?: (to: string) => boolean } = {}) {
  const url = 'https://mail.test/emails'
  const sent: SentMail[] = []
  const fetcher = replayFetcher([
    [
      url,
      async (req) => {
        const body = (await req.json()) as SentMail
        if (options.failFor?.(body.to)) return { status: 500, body: 'nope' }
        sent.push(body)
        return { status: 200, body: '{"id":"m1"}' }
      },
    ],
  ])
  const bindings = { ...env, EMAIL_FROM: 'VetScore <results@vetscore.test>', EMAIL_API_URL: url, EMAIL_API_KEY: 're_test' }
  return { sent, fetcher, bindings }
}

/** The capability links in a result e-mail: the ranking link and the single-result link. */
export function linksIn(mail: SentMail): { property: string; screening: string; token: string } {
  const property = /(\S+\/api\/properties\/\S+\/applicants\?token=\S+)/.exec(mail.text)?.[1]
  const screening = /(\S+\/api\/screenings\/\S+\?token=\S+)/.exec(mail.text)?.[1]
  if (!property || !screening) throw new Error(`no links in the e-mail:\n${mail.text}`)
  return { property, screening, token: new URL(property).searchParams.get('token')! }
}

/** The path and query of a link, to request it from the app under test. */
export function pathOf(link: string): string {
  const u = new URL(link)
  return u.pathname + u.search
}
