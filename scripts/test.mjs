#!/usr/bin/env node
// `npm test`: every worker's tests inside workerd plus the Node-side tests, then one closing
// line "N passed, N failed" (and skipped) that CI reads.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

// vitest's package exports hide its CLI entry; it sits at the package root.
const VITEST = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url))
mkdirSync('test-results', { recursive: true })
const report = 'test-results/vitest.json'
const run = spawnSync(
  process.execPath,
  [VITEST, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: 'inherit' }
)
let summary
try {
  summary = JSON.parse(readFileSync(report, 'utf8'))
} catch {
  console.log('0 passed, 1 failed')
  process.exit(run.status || 1)
}
const skipped = summary.numPendingTests + summary.numTodoTests
const failed = summary.numFailedTests + (summary.numTotalTests === 0 ? 1 : 0)
console.log(`\n${summary.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(run.status === 0 && failed === 0 ? 0 : 1)
