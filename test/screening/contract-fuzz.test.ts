import { env } from 'cloudflare:workers'
import { expect, it } from 'vitest'
import { fuzzService } from '../helpers/fuzz'
import { makeApp } from './app'

const offline = async () => {
  throw new Error('offline')
}

it('fuzz: no input makes any screening endpoint fail or answer off-contract', async () => {
  const app = makeApp({ fetcher: offline })
  const { requests, failures } = await fuzzService({ app, env: env as never, bodyExtra: { ok: false } })
  expect(failures).toEqual([])
  expect(requests).toBeGreaterThan(100)
}, 600_000) // every endpoint in the OpenAPI document, 25 runs each: about 250 s alone on a loaded 2-core machine
