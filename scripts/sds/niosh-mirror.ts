import { execFileSync } from 'node:child_process'

/**
 * The NIOSH Pocket Guide pages as mirrored by harej/niosh (data/SOURCES.md), read straight from
 * the mirror's git objects at the commit both build scripts derive their data from.
 */
export const NIOSH_COMMIT = '2cce688b5d0f734fba6a0352207339fb7078dfaf'

/** `git --git-dir <mirror>` over the `--git` argument, or the fetch tool's default location. */
export function nioshMirror(args: string[]): (...a: string[]) => string {
  const at = args.indexOf('--git')
  const dir = at >= 0 && args[at + 1] ? args[at + 1] : '/work/.mirror/harej+niosh/repo'
  return (...a) => execFileSync('git', ['--git-dir', dir, ...a], { encoding: 'utf8', maxBuffer: 64 << 20 })
}
