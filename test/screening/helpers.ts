import { env } from 'cloudflare:workers'
import { replayFetcher, type HttpFetcher } from '../../shared/http-fetcher'
import { createScreeningApp } from '../../workers/screening/app'

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
    ...overrides,
  }
}

/** The worker's app with a fetcher that refuses every outbound call unless a test gives one. */
export function testApp(options: { fetcher?: HttpFetcher; now?: () => Date } = {}) {
  return createScreeningApp({ fetcher: options.fetcher ?? replayFetcher([]), now: options.now ?? (() => new Date()) })
}

type App = ReturnType<typeof testApp>

export async function postJson(app: App, path: string, body: unknown, headers: Record<string, string> = {}, bindings: object = env): Promise<Response> {
  return app.request(
    path,
    { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) },
    bindings
  )
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
