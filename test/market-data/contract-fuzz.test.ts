import { env } from 'cloudflare:workers'
import { expect, it } from 'vitest'
import { fuzzService } from '../helpers/fuzz'
import { app } from './app'

it('fuzz: no request makes any market-data endpoint fail or answer off-contract', async () => {
  const { requests, failures } = await fuzzService({ app, env: env as never })
  expect(failures).toEqual([])
  expect(requests).toBeGreaterThan(100)
}, 300_000)
