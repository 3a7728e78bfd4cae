#!/usr/bin/env node
// `npm run restart-check`: writes state through every service (a drop, keys, a used SDS quota
// unit, a plan, a screening, market data), stops `npm start`, starts it again and reads it
// all back. Runs against a throwaway state directory, on the usual ports.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SERVICES } from './lib/services.mjs'
import { waitHealthy } from './lib/wrangler.mjs'

const state = mkdtempSync(join(tmpdir(), 'restart-state-'))
const env = { ...process.env, WORKERS_STATE_DIR: state }
const TSX = fileURLToPath(new URL('../node_modules/tsx/dist/cli.mjs', import.meta.url))
const url = (name) => `http://127.0.0.1:${SERVICES.find((s) => s.name === name).port}`
const results = []
let step = 'starting'

function check(name, ok, detail = '') {
  results.push(ok)
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`)
}

async function start() {
  const child = spawn(process.execPath, ['scripts/dev.mjs'], { env, stdio: ['ignore', 'ignore', 'inherit'], detached: true })
  const ready = await Promise.all(SERVICES.map((s) => waitHealthy(s.port, 120_000)))
  if (ready.includes(false)) throw new Error('npm start did not bring every service up')
  return child
}

async function stop(child) {
  process.kill(-child.pid, 'SIGINT')
  await new Promise((r) => child.once('exit', r))
  // The workers are gone once their ports stop answering.
  for (const s of SERVICES) {
    for (
      let i = 0;
      i < 40 &&
      (await fetch(`${url(s.name)}/healthz`).then(
        () => true,
        () => false
      ));
      i++
    )
      await new Promise((r) => setTimeout(r, 250))
  }
}

function admin(...args) {
  const res = spawnSync(process.execPath, [TSX, 'scripts/admin.ts', ...args], { env, encoding: 'utf8' })
  if (res.status !== 0) throw new Error(`admin ${args.join(' ')}: ${res.stderr}`)
  return res.stdout.trim().split('\n').pop()
}

const json = (body) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const withKey = (init, key, header = 'authorization') => ({
  ...init,
  headers: { ...init.headers, [header]: header === 'authorization' ? `Bearer ${key}` : key },
})

let child
try {
  for (const s of SERVICES) {
    if (
      await fetch(`${url(s.name)}/healthz`).then(
        () => true,
        () => false
      )
    )
      throw new Error(`port ${s.port} is in use: stop npm start first`)
  }
  // Operator work first, straight on the local state, as an operator would before starting
  // (a wrangler command run beside a running `wrangler dev` can make it reload).
  step = 'keys and sample data'
  const sdsKey = admin('keys', 'create', '--service', 'sds', '--plan', 'trial', '--email', 'restart@example.com')
  const dcmpKey = admin('keys', 'create', '--service', 'decompose', '--plan', 'paid', '--email', 'restart@example.com')
  const auditKey = admin('keys', 'create', '--service', 'audit', '--plan', 'pro')
  // Stored screenings are readable only by their owner (issue 12): the check screens as a partner.
  const screeningKey = admin('keys', 'create', '--service', 'screening', '--plan', 'partner')
  const seed = spawnSync(process.execPath, [TSX, 'scripts/market-data/ingest.ts', '--sample'], { env, encoding: 'utf8' })
  check('market sample data loaded', seed.status === 0, seed.status === 0 ? '' : seed.stderr.slice(-300))

  child = await start()

  step = 'writes'
  const drop = await (await fetch(`${url('drop')}/api/drop`, json({ markdown: '# Survives restarts\n\nstill here' }))).json()
  step = 'sds document'
  const sheet = await fetch(
    `${url('sds')}/api/v1/sds/us`,
    withKey(json({ chemical_identifier: '67-64-1', response_format: 'url' }), sdsKey)
  )
  check('sds document generated before restart', sheet.status === 200, String(sheet.status))
  const documentUrl = (await sheet.json()).document_url
  step = 'screening'
  const screening = await (
    await fetch(
      `${url('screening')}/api/free-screening`,
      withKey(
        json({
          email: 'landlord@example.com',
          applicantName: 'Restart Applicant',
          applicantEmail: 'applicant@example.com',
          applicantDob: '1990-01-02',
          applicantAddress: '1 Main St',
          applicantCity: 'Austin',
          applicantState: 'TX',
          applicantPostalCode: '78701',
          propertyAddress: '2 Oak Ave',
          propertyCity: 'Austin',
          propertyState: 'TX',
          propertyPostalCode: '78702',
          monthlyRent: 1500,
          monthlyIncome: 5000,
        }),
        screeningKey,
        'x-api-key'
      )
    )
  ).json()
  step = 'pricesBefore'
  const pricesBefore = await (await fetch(`${url('market-data')}/api/day-ahead-prices?date=2026-11-21`)).json()

  step = 'restart'
  await stop(child)
  child = await start()

  step = 'read back'
  const page = await fetch(`${url('drop')}/v/${drop.slug}/raw`)
  check('drop still served', page.status === 200 && (await page.text()) === '# Survives restarts\n\nstill here')
  const usage = await fetch(`${url('sds')}/api/v1/usage`, withKey({}, sdsKey))
  const usageBody = await usage.json()
  check('sds key and used quota kept', usage.status === 200 && usageBody.units_used === 1, JSON.stringify(usageBody).slice(0, 200))
  const doc = await fetch(documentUrl.replace(/^https?:\/\/[^/]+/, url('sds')))
  check('sds document still downloadable from R2', doc.status === 200 && (await doc.arrayBuffer()).byteLength > 1000, String(doc.status))
  const plan = await fetch(
    `${url('decompose')}/api/v1/decompose`,
    withKey(json({ goal: 'Run a 5K', context: 'beginner, 20 minutes' }), dcmpKey)
  )
  check('decompose key still valid', plan.status === 200, String(plan.status))
  const audit = await fetch(`${url('audit')}/api/v1/check?domain=localhost`, withKey({}, auditKey))
  check('audit Pro key still valid', audit.status === 400, `${audit.status} (a 401 would mean the key was lost)`)
  const ranked = await (
    await fetch(`${url('screening')}/api/properties/${screening.result.propertyId}/applicants`, { headers: { 'x-api-key': screeningKey } })
  ).json()
  check('screening still ranked', JSON.stringify(ranked).includes('applicant@example.com'), JSON.stringify(ranked).slice(0, 200))
  const pricesAfter = await (await fetch(`${url('market-data')}/api/day-ahead-prices?date=2026-11-21`)).json()
  check(
    'market data unchanged',
    Array.isArray(pricesAfter) && pricesAfter.length > 0 && JSON.stringify(pricesAfter) === JSON.stringify(pricesBefore),
    `${pricesAfter.length} rows`
  )
} catch (err) {
  check('restart check ran', false, `at ${step}: ${err.message} ${err.cause?.message ?? ''} ${err.stack?.split('\n')[1] ?? ''}`)
} finally {
  if (child) await stop(child).catch(() => {})
  rmSync(state, { recursive: true, force: true })
}
const failed = results.filter((ok) => !ok).length
console.log(`restart-check: ${results.length - failed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
