/** The line of the CLI the service fills in (packages/drop-cli/bin/drop.mjs, `SERVED`). */
export const SERVED_LINE = "const SERVED = { version: '', api: '' }"

/**
 * The CLI's text with its version and a service URL written into its `SERVED` line, so the
 * single downloaded file needs neither its package.json nor configuration. Throws if the file
 * no longer has that line (tests keep the two together).
 */
export function fillServed(script: string, version: string, api: string): string {
  if (!script.includes(SERVED_LINE)) throw new Error('packages/drop-cli/bin/drop.mjs lost its SERVED line')
  return script.replace(SERVED_LINE, `const SERVED = { version: ${JSON.stringify(version)}, api: ${JSON.stringify(api)} }`)
}

/** The install line every instruction shows (paste page, README, docs). */
export function installLine(baseUrl: string): string {
  return `curl -fsSL -o drop.mjs ${baseUrl}/cli && node drop.mjs notes.md`
}
