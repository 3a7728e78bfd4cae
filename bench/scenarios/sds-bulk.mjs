#!/usr/bin/env node
// Bulk SDS throughput: documents per minute for one 100-item job (POST /api/v1/sds/bulk, worked
// by the sds-bulk queue consumer, timed from the 202 to `completed`) against 100 sequential
// single requests (POST /api/v1/sds/{us,eu}) for the same items, in the same run on the same
// `wrangler dev` (which runs the queues locally). Not an autocannon scenario: it measures a
// job, not requests, so it runs on its own:
//
//   node bench/scenarios/sds-bulk.mjs        → bench/results/sds-bulk.json and a line on stdout
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../scripts/lib/ports.mjs'
import { service } from '../../scripts/lib/services.mjs'
import { applyMigrations, startDev, waitHealthy } from '../../scripts/lib/wrangler.mjs'

const require = createRequire(import.meta.url)
const ITEMS = 100
// Substances with a harmonised entry, US and EU alternating: every item makes a document.
const IDENTIFIERS = ['67-64-1', '64-17-5', '50-00-0', '71-43-2', '1310-73-2', '108-88-3', '67-56-1', '7722-84-1']
const items = Array.from({ length: ITEMS }, (_, i) => ({
  chemical_identifier: IDENTIFIERS[i % IDENTIFIERS.length],
  format: i % 2 ? 'eu' : 'us',
}))
const branding = { company_name: 'Bench Chemicals Ltd', company_address: '1 Bench Road', company_phone: '+1 555 0100' }

function createKey(state) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        require.resolve('tsx/cli'),
        'scripts/admin.ts',
        'keys',
        'create',
        '--service',
        'sds',
        '--plan',
        'enterprise',
        '--email',
        'bench@example.com',
      ],
      {
        env: { ...process.env, WORKERS_STATE_DIR: state },
        stdio: ['ignore', 'pipe', 'pipe'],
      }
    )
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    child.on('close', (code) => (code === 0 ? resolve(out.trim().split('\n').pop()) : reject(new Error(err))))
  })
}

const state = mkdtempSync(join(tmpdir(), 'bench-sds-bulk-'))
process.env.WORKERS_STATE_DIR = state
let child
try {
  await applyMigrations('sds', { persistTo: state })
  const port = await freePort()
  child = startDev(service('sds'), {
    port,
    inspectorPort: await freePort(),
    persistTo: state,
    extraVars: { RATE_LIMIT_PER_MINUTE: '1000000' },
    logFile: openSync(join(state, 'sds.log'), 'w'),
  })
  if (!(await waitHealthy(port, 90_000))) throw new Error(`sds did not start; see ${join(state, 'sds.log')}`)
  const base = `http://127.0.0.1:${port}`
  const key = await createKey(state)
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}` }
  const single = async (item) => {
    const res = await fetch(`${base}/api/v1/sds/${item.format}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ chemical_identifier: item.chemical_identifier, ...branding }),
    })
    await res.arrayBuffer()
    return res.status === 200
  }

  // Warm both paths (module load, first D1 and R2 writes, the queue consumer).
  for (const item of items.slice(0, 4)) await single(item)
  const warm = await fetch(`${base}/api/v1/sds/bulk`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ items: items.slice(0, 4), ...branding }),
  }).then((r) => r.json())
  await waitJob(base, headers, warm.job_id)

  let started = performance.now()
  let ok = 0
  for (const item of items) if (await single(item)) ok++
  const sequentialMs = performance.now() - started

  started = performance.now()
  const accepted = await fetch(`${base}/api/v1/sds/bulk`, { method: 'POST', headers, body: JSON.stringify({ items, ...branding }) })
  if (accepted.status !== 202) throw new Error(`bulk submit: ${accepted.status} ${await accepted.text()}`)
  const { job_id } = await accepted.json()
  const job = await waitJob(base, headers, job_id)
  const bulkMs = performance.now() - started
  const errors = [...new Set(job.items.filter((i) => i.error).map((i) => `${i.chemical_identifier}: ${i.error.code}`))]
  if (errors.length) console.error('items that failed:', errors.join(', '))

  const perMinute = (n, ms) => Math.round((n / ms) * 60_000)
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    items: ITEMS,
    sequential: { documents: ok, ms: Math.round(sequentialMs), documents_per_minute: perMinute(ok, sequentialMs) },
    bulk: { documents: job.succeeded, failed: job.failed, ms: Math.round(bulkMs), documents_per_minute: perMinute(job.succeeded, bulkMs) },
  }
  result.bulk_vs_sequential = Number((result.bulk.documents_per_minute / result.sequential.documents_per_minute).toFixed(2))
  mkdirSync('bench/results', { recursive: true })
  writeFileSync('bench/results/sds-bulk.json', JSON.stringify(result, null, 2) + '\n')
  console.log(
    `sds bulk, ${ITEMS} items: ${result.bulk.documents_per_minute} documents/min (${result.bulk.documents} in ${result.bulk.ms} ms) vs ${result.sequential.documents_per_minute} documents/min for ${ITEMS} sequential single requests (${result.sequential.ms} ms): ${result.bulk_vs_sequential}×`
  )
} finally {
  if (child) {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // gone
    }
  }
  rmSync(state, { recursive: true, force: true })
}

async function waitJob(base, headers, jobId) {
  const deadline = Date.now() + 10 * 60_000
  for (;;) {
    const job = await fetch(`${base}/api/v1/sds/bulk/${jobId}`, { headers }).then((r) => r.json())
    if (job.status === 'completed') return job
    if (Date.now() > deadline) throw new Error(`job ${jobId} not completed: ${JSON.stringify({ ...job, items: undefined })}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
