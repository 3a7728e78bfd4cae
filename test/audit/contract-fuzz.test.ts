import { env } from 'cloudflare:workers'
import { expect, it } from 'vitest'
import { fuzzService } from '../helpers/fuzz'
import { buildAuditApp } from '../../workers/audit/app'

// No network here: every outbound request fails at once, as a resolver outage would.
const offline = async () => {
  throw new Error('offline')
}

it('fuzz: no input makes any audit endpoint fail or answer off-contract', async () => {
  const app = buildAuditApp({ fetcher: offline, connectTls: null, now: () => new Date() })
  const requests = await fuzzService({ app, env: env as never, upstreamCodes: ['DNS_UNAVAILABLE'] })
  expect(requests).toBeGreaterThan(0)
}, 300_000)
