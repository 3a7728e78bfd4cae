#!/usr/bin/env node
// The commit-message rule of CONTRIBUTING.md, checked on every commit made since the rule
// (RULE_SINCE): a subject of at most 72 characters that starts with a scope ("drop: …",
// "test/sds: …"), then a blank line, then a body. Merge commits are checked for length only.
// A clone without that history (shallow) skips the check and says so.
import { spawnSync } from 'node:child_process'

const RULE_SINCE = '6ec3c3f'
const MAX_SUBJECT = 72
const SCOPE = /^[a-z0-9][a-z0-9/._-]*(, ?[a-z0-9][a-z0-9/._-]*)*: \S/

function git(...args) {
  const run = spawnSync('git', args, { encoding: 'utf8' })
  return run.status === 0 ? run.stdout : null
}

if (git('cat-file', '-e', `${RULE_SINCE}^{commit}`) === null) {
  console.log(`check-commits: ${RULE_SINCE} is not in this clone's history; nothing checked`)
  process.exit(0)
}
const log = git('log', '--format=%H%x00%P%x00%B%x01', `${RULE_SINCE}..HEAD`) ?? ''
const problems = []
let count = 0
for (const entry of log.split('\x01')) {
  const [hash, parents, message] = entry.replace(/^\n/, '').split('\x00')
  if (!hash) continue
  count++
  const lines = message.replace(/\n+$/, '').split('\n')
  const subject = lines[0]
  const short = hash.slice(0, 10)
  if (subject.length > MAX_SUBJECT) problems.push(`${short} subject is ${subject.length} characters (at most ${MAX_SUBJECT})`)
  if (parents.trim().includes(' ')) continue
  if (!SCOPE.test(subject)) problems.push(`${short} subject has no "scope: " prefix: ${subject}`)
  if (lines.length > 1 && lines[1] !== '') problems.push(`${short} the line after the subject is not blank`)
  if (lines.length < 3) problems.push(`${short} has no body (why, what was measured, which test)`)
}
if (problems.length) {
  console.error(problems.join('\n'))
  console.error(`check-commits: ${problems.length} problem(s) in ${count} commit(s) since ${RULE_SINCE}; see CONTRIBUTING.md`)
  process.exit(1)
}
console.log(`check-commits: ${count} commit(s) since ${RULE_SINCE} follow CONTRIBUTING.md`)
