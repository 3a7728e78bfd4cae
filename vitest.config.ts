import { existsSync, readFileSync } from 'node:fs'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'
import { SERVICES } from './scripts/lib/services.mjs'

// One project per worker, each running inside workerd with the bindings its
// [env.<name>] declares in wrangler.toml; plus one Node project for scripts and the CLI.
// The workers are the [env.<name>] sections of wrangler.toml.
const WORKERS = SERVICES.map((s: { name: string }) => s.name)

// Test-only vars and secrets of a worker live in test/<name>/test-vars.json (never used
// outside tests).
function testVars(name: string): Record<string, string> {
  const file = `./test/${name}/test-vars.json`
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}
}

// test/shared (the platform layer: errors, limits, keys, webhooks) is its own project; it runs
// in workerd with the drop worker's bindings, the smallest set that has a limiter and a KV.
const PROJECTS = [...WORKERS.map((name) => ({ name, env: name })), { name: 'shared', env: 'drop' }]

export default defineConfig(async () => ({
  test: {
    projects: [
      ...(await Promise.all(
        PROJECTS.map(async ({ name, env }) => ({
          plugins: [
            cloudflareTest({
              remoteBindings: false,
              wrangler: { configPath: './wrangler.toml', environment: env },
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: await readD1Migrations(`./migrations/${env}`),
                  // The key webhook signing secrets are sealed with (shared/webhooks/secret-box.ts); test-only.
                  WEBHOOK_SECRET_KEY: 'B4s284LZ7vszgNNK0465VNC2BNfrqvrpYg0Ey0pFNDw=',
                  ...testVars(env),
                  // The fuzz suites' size and seed: fixed here, larger with `npm run fuzz`.
                  FUZZ_RUNS: process.env.FUZZ_RUNS ?? '25',
                  FUZZ_SEED: process.env.FUZZ_SEED ?? '20261122',
                },
              },
            }),
          ],
          test: {
            name,
            include: [`test/${name}/**/*.test.ts`],
            setupFiles: ['./test/apply-migrations.ts'],
            // Six projects share two cores in CI: a test that takes 3 s alone can take 10 s there.
            testTimeout: 30_000,
            // Real node:tls servers for the audit's TLS reader, reached over connect() from workerd.
            ...(name === 'audit' ? { globalSetup: ['./test/audit/global-setup.ts'] } : {}),
            // A local webhook receiver (127.0.0.1) for the sds and screening webhook tests.
            ...(name === 'sds' || name === 'screening' ? { globalSetup: ['./test/sds/webhook-receiver.ts'] } : {}),
          },
        }))
      )),
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/node/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
}))
