// The six workers as the Node-side tools see them (ports from DECISIONS.md).
export const SERVICES = [
  { name: 'sds', port: 8787, title: 'A  Safety data sheets' },
  { name: 'decompose', port: 8788, title: 'B  Goal decomposition' },
  { name: 'market-data', port: 8789, title: 'C  Market data' },
  { name: 'screening', port: 8790, title: 'D  Screening' },
  { name: 'drop', port: 8791, title: 'E  Markdown drops' },
  { name: 'audit', port: 8792, title: 'F  HTTPS audit' },
]

// WORKERS_STATE_DIR lets the benchmark and tests point the tools at a throwaway state.
export const PERSIST_DIR = process.env.WORKERS_STATE_DIR ?? '.wrangler/state'

// Values for local development only; production sets real secrets with `wrangler secret put`.
export const DEV_VARS = {
  sds: { DOC_SIGNING_SECRET: 'local-dev-signing-secret' },
  drop: { DEV_CHECKOUT: 'true', STRIPE_WEBHOOK_SECRET: 'whsec_local_dev_secret' },
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
