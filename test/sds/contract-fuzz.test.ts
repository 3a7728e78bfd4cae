import { env } from 'cloudflare:workers'
import { expect, it } from 'vitest'
import { fuzzService } from '../helpers/fuzz'
import { issueTestKey } from '../helpers/keys'
import { makeApp } from './app'

const offline = async () => {
  throw new Error('offline')
}

it('fuzz: no input makes any sds endpoint fail or answer off-contract', async () => {
  const app = makeApp({ fetcher: offline })
  // A fresh unlimited key per endpoint, so bodies get past auth and the per-key limit.
  const headersFor = async () => ({ authorization: `Bearer ${(await issueTestKey(env.DB, 'sds', 'enterprise')).rawKey}` })
  // Valid bodies, so each pathological value reaches the resolver and the sheet builders.
  const sheet = { chemical_identifier: 'acetone' }
  const examples = {
    'POST /api/v1/sds/us': sheet,
    'POST /api/v1/sds/eu': sheet,
    'POST /api/v1/sds/rnd/us': { smiles: 'CCO' },
    'POST /api/v1/sds/rnd/eu': { smiles: 'CCO' },
    'POST /api/v1/sds/bulk': { items: [{ chemical_identifier: 'acetone', format: 'us' }] },
  }
  const { requests, failures } = await fuzzService({ app, env: env as never, headersFor, examples })
  expect(failures).toEqual([])
  expect(requests).toBeGreaterThan(100)
}, 300_000)
