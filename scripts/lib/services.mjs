// The six workers as the Node-side tools see them, read from wrangler.toml (the one list):
// each [env.<name>] is a worker; its local port is the one in its BASE_URL; its title is the
// "# ---- A: …" comment above it.
import { readFileSync } from 'node:fs'
import { parse } from 'smol-toml'

const WRANGLER_TOML = new URL('../../wrangler.toml', import.meta.url)

function readServices() {
  const text = readFileSync(WRANGLER_TOML, 'utf8')
  const config = parse(text)
  const titles = new Map()
  let pending = null
  for (const line of text.split('\n')) {
    if (line.startsWith('# ---')) pending = line.replace(/^# -+ /, '')
    const header = /^\[env\.([a-z0-9-]+)\]$/.exec(line.trim())
    if (header && pending) {
      titles.set(header[1], pending)
      pending = null
    }
  }
  return Object.entries(config.env ?? {}).map(([name, env]) => {
    const port = Number(new URL(env.vars.BASE_URL).port)
    if (!port) throw new Error(`wrangler.toml: [env.${name}] BASE_URL has no local port`)
    return { name, port, title: titles.get(name) ?? name }
  })
}

export const SERVICES = readServices()

// WORKERS_STATE_DIR lets the benchmark and tests point the tools at a throwaway state.
export const PERSIST_DIR = process.env.WORKERS_STATE_DIR ?? '.wrangler/state'

// The key webhook signing secrets are sealed with locally (shared/webhooks/secret-box.ts);
// production sets its own with `wrangler secret put WEBHOOK_SECRET_KEY --env <name>`.
const DEV_WEBHOOK_SECRET_KEY = '/+rtp7itbv8CoeaUMQr1FawWl/XREovFHxzfSFWdNyk='

// Values for local development only; production sets real secrets with `wrangler secret put`.
export const DEV_VARS = {
  // WEBHOOK_ALLOW_LOCAL: webhook receivers on http://127.0.0.1:<port> (never in wrangler.toml).
  sds: { DOC_SIGNING_SECRET: 'local-dev-signing-secret', WEBHOOK_ALLOW_LOCAL: 'true', WEBHOOK_SECRET_KEY: DEV_WEBHOOK_SECRET_KEY },
  drop: { DEV_CHECKOUT: 'true', STRIPE_WEBHOOK_SECRET: 'whsec_local_dev_secret' },
  // Local runs screen with the simulated provider, which says so in every result.
  screening: {
    SCREENING_MODE: 'mock',
    LINK_SIGNING_SECRET: 'local-dev-link-signing-secret',
    WEBHOOK_ALLOW_LOCAL: 'true',
    WEBHOOK_SECRET_KEY: DEV_WEBHOOK_SECRET_KEY,
  },
  // Monitor alert webhooks to a receiver on this machine (http://127.0.0.1:<port>), as for sds;
  // DEV_DNS: the audit's local DNS stand-in (workers/audit/dev-dns.ts), so monitors of these
  // names can be created and run offline; ALERT_EMAIL_SECRET signs the alert address links.
  audit: {
    WEBHOOK_ALLOW_LOCAL: 'true',
    WEBHOOK_SECRET_KEY: DEV_WEBHOOK_SECRET_KEY,
    DEV_DNS: JSON.stringify({ 'monitor-demo.example.org': ['93.184.215.14'], 'tls-demo.example.org': ['93.184.215.14'] }),
    ALERT_EMAIL_SECRET: 'local-dev-alert-email-secret',
  },
}

// Extra vars for `npm run bench` only: market-data's /_bench/d1 reads the same rows straight
// from D1, the reference its scenarios are compared with.
export const BENCH_VARS = {
  'market-data': { BENCH_D1_BASELINE: 'true' },
}

export function service(name) {
  const s = SERVICES.find((x) => x.name === name)
  if (!s) throw new Error(`unknown service "${name}"; one of ${SERVICES.map((x) => x.name).join(', ')}`)
  return s
}
