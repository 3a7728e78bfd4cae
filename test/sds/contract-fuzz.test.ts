import { env } from 'cloudflare:workers'
import { expect, it } from 'vitest'
import { fuzzService } from '../helpers/fuzz'
import { issueTestKey } from '../helpers/keys'
import { createSdsApp } from '../../workers/sds/app'

const offline = async () => {
  throw new Error('offline')
}

it('fuzz: no input makes any sds endpoint fail or answer off-contract', async () => {
  const app = createSdsApp({ fetcher: offline, now: () => new Date() })
  // A fresh unlimited key per endpoint, so bodies get past auth and the per-key limit.
  const headersFor = async () => ({ authorization: `Bearer ${(await issueTestKey(env.DB, 'sds', 'enterprise')).rawKey}` })
  const requests = await fuzzService({ app, env: env as never, headersFor })
  expect(requests).toBeGreaterThan(0)
}, 300_000)
