import { env } from 'cloudflare:workers'
import { expect, it } from 'vitest'
import { fuzzService } from '../helpers/fuzz'
import app from '../../workers/drop/index'

it('fuzz: no input makes any drop endpoint fail or answer off-contract', async () => {
  // A valid body, so each pathological value reaches the Markdown renderer and the sanitizer.
  const examples = { 'POST /api/drop': { markdown: '# Notes\n\nSome *text*.' } }
  const { requests, failures } = await fuzzService({ app, env: env as never, examples })
  expect(failures).toEqual([])
  expect(requests).toBeGreaterThan(100)
}, 300_000)
