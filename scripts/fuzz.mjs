#!/usr/bin/env node
// `npm run fuzz [-- <project…>]`: the fuzz suites with many more runs and a fresh seed (printed,
// so a failure can be replayed with FUZZ_SEED=<seed>). CI runs them small with a fixed seed.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const VITEST = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url))
const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31))
const runs = process.env.FUZZ_RUNS ?? '300'
console.log(`fuzz: ${runs} runs per endpoint, seed ${seed} (replay with FUZZ_SEED=${seed})`)
const projects = process.argv.slice(2).flatMap((p) => ['--project', p])
const res = spawnSync(process.execPath, [VITEST, 'run', '--testNamePattern', 'fuzz', ...projects], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs },
})
process.exit(res.status ?? 1)
