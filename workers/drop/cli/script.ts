import pkg from '../../../packages/drop-cli/package.json'
// A Text module (the `rules` of [env.drop] in wrangler.toml): the file's own text, never run here.
// @ts-expect-error TypeScript sees a JavaScript module without types; the bundler gives a string.
import script from '../../../packages/drop-cli/bin/drop.mjs'

/** The CLI as users download it from GET /cli: one file, its version from its package.json. */
export const CLI = { version: pkg.version as string, script: script as string, fileName: 'drop.mjs' }
