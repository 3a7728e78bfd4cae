import { env } from 'cloudflare:workers'
import { expect, it } from 'vitest'
import { fuzzService } from '../helpers/fuzz'
import app from '../../workers/market-data/index'

it('fuzz: no request makes any market-data endpoint fail or answer off-contract', async () => {
  const requests = await fuzzService({ app, env: env as never })
  expect(requests).toBeGreaterThan(0)
}, 300_000)
