#!/usr/bin/env node
// drop: publish Markdown from a file or standard input and print the link; edit, delete and
// list your drops. Plain Node (≥ 20), no dependencies, no network but the drop service.
// stdout carries only what scripts want (the URL, the list); messages go to stderr.
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { basename, extname, join } from 'node:path'
import { parseArgs } from 'node:util'

// Version and default service URL have one home: this package's package.json ("version",
// "config": {"api": …}). A copy downloaded from a service (GET /cli) is one file without its
// package.json: the service fills in SERVED below with the package's version and its own URL.
// config.api is empty while no public deployment exists, and a URL nobody runs for us is never
// guessed. --api, DROP_API_URL or "api" in ~/.config/drop/config.json override it, in that order.
const SERVED = { version: '', api: '' }
const PACKAGE = SERVED.version
  ? {}
  : await readFile(new URL('../package.json', import.meta.url), 'utf8')
      .then((text) => JSON.parse(text))
      .catch(() => ({}))
const VERSION = SERVED.version || PACKAGE.version || 'unknown'
const DEFAULT_API = SERVED.api || PACKAGE.config?.api || null
const EXTENSIONS = ['.md', '.markdown', '.txt']
const EXIT = { ok: 0, failure: 1, usage: 2, rateLimited: 3 }

const HELP = `Usage: drop [FILE|-] [options]        publish (no FILE or -: standard input)
       drop edit SLUG [FILE|-] [--title t]  replace a drop's Markdown
       drop rm SLUG                         delete a drop
       drop ls                              list your drops (Pro key: from the service)
       drop upgrade SLUG                    print a checkout link that makes a drop permanent

Options:
  --title <text>       Title used when the Markdown has no top-level heading
  --expires <1h|1d|7d|never>  How long the drop lives (never: Pro)
  --burn               Delete the drop after its first reading
  --base-url <url>     Where relative links and images of the document live
  --api <url>          Service URL (env DROP_API_URL; default ${DEFAULT_API ?? 'none: this build has no default service'})
  --key <key>          Pro key drop_pro_… (env DROP_API_KEY)
  -h, --help           Show this help
  -v, --version        Show the version

The service URL is, in order: --api, DROP_API_URL, "api" in ~/.config/drop/config.json,
then the default of this build (config.api in the package's package.json).
Edit tokens are kept in ~/.config/drop/tokens.json (env DROP_CONFIG_DIR) so that edit and rm
work from this machine. Files: ${EXTENSIONS.join(', ')}, same size limits as the API (512 KiB,
Pro 5 MiB). Exit codes: 0 done, 1 server or network error, 2 usage error, 3 rate limited.`

class CliError extends Error {
  constructor(message, code) {
    super(message)
    this.code = code
  }
}

function parse(argv) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        title: { type: 'string' },
        expires: { type: 'string' },
        burn: { type: 'boolean' },
        'base-url': { type: 'string' },
        api: { type: 'string' },
        key: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    })
  } catch (err) {
    throw new CliError(`${err.message}\nRun drop --help for usage.`, EXIT.usage)
  }
}

const configDir = () => process.env.DROP_CONFIG_DIR ?? join(homedir(), '.config', 'drop')

async function readJson(file, fallback) {
  try {
    return JSON.parse(await readFile(file, 'utf8'))
  } catch {
    return fallback
  }
}

async function saveToken(api, drop) {
  const dir = configDir()
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const file = join(dir, 'tokens.json')
  const tokens = await readJson(file, {})
  tokens[drop.slug] = { api, url: drop.url, edit_token: drop.edit_token, expires_at: drop.expires_at, saved_at: new Date().toISOString() }
  await writeFile(file, JSON.stringify(tokens, null, 2) + '\n', { mode: 0o600 })
  await chmod(file, 0o600)
}

async function tokens() {
  return readJson(join(configDir(), 'tokens.json'), {})
}

async function readStdin() {
  const chunks = []
  for await (const chunk of process.stdin) chunks.push(chunk)
  return Buffer.concat(chunks)
}

async function request(url, init = {}) {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) })
  } catch (err) {
    throw new CliError(`Could not reach ${new URL(url).origin}: ${err.cause?.code ?? err.message}`, EXIT.failure)
  }
}

async function errorFrom(res, what) {
  const body = await res.json().catch(() => null)
  if (res.status === 429) {
    const seconds = Number(body?.retry_after_seconds ?? res.headers.get('retry-after')) || 60
    const at = new Date(Date.now() + seconds * 1000).toLocaleTimeString()
    return new CliError(`Rate limited: ${body?.error ?? 'too many drops'} Retry in ${seconds} s (at ${at}).`, EXIT.rateLimited)
  }
  return new CliError(`${what} failed (${res.status}${body?.code ? ` ${body.code}` : ''}): ${body?.error ?? res.statusText}`, EXIT.failure)
}

/** The Markdown as a multipart upload, from a file or standard input (same limits as a file). */
async function markdownForm(source, values) {
  const form = new FormData()
  let bytes
  let name = 'stdin.md'
  if (source && source !== '-') {
    if (!EXTENSIONS.includes(extname(source).toLowerCase()))
      throw new CliError(`${source}: only ${EXTENSIONS.join(', ')} files can be published.`, EXIT.usage)
    try {
      bytes = await readFile(source)
    } catch (err) {
      throw new CliError(`${source}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`, EXIT.usage)
    }
    name = basename(source)
  } else {
    if (!source && process.stdin.isTTY)
      throw new CliError('Nothing to publish: give a FILE or pipe Markdown in.\nRun drop --help for usage.', EXIT.usage)
    bytes = await readStdin()
  }
  form.append('file', new Blob([bytes], { type: 'text/markdown' }), name)
  if (values.title !== undefined) form.append('title', values.title)
  if (values['base-url'] !== undefined) form.append('base_url', values['base-url'])
  return form
}

function humanExpiry(iso) {
  const hours = (Date.parse(iso) - Date.now()) / 3_600_000
  const when = hours < 36 ? `${Math.round(hours)} hour${Math.round(hours) === 1 ? '' : 's'}` : `${Math.round(hours / 24)} days`
  return `${iso} (in ${when})`
}

async function publish(api, headers, file, values) {
  const form = await markdownForm(file, values)
  if (values.expires !== undefined) form.append('expires_in', values.expires)
  if (values.burn) form.append('burn_after_reading', 'true')
  const res = await request(`${api}/api/drop`, { method: 'POST', headers, body: form })
  if (res.status !== 201) throw await errorFrom(res, 'Publishing')
  const drop = await res.json()
  process.stdout.write(`${drop.url}\n`)
  await saveToken(api, drop)
  process.stderr.write(
    drop.expires_at ? `Expires ${humanExpiry(drop.expires_at)}. Keep it forever: drop upgrade ${drop.slug}\n` : 'Permanent link.\n'
  )
  process.stderr.write(`Edit token saved in ${join(configDir(), 'tokens.json')} (drop edit ${drop.slug} FILE, drop rm ${drop.slug}).\n`)
  return EXIT.ok
}

async function credentialFor(slug, key) {
  const saved = (await tokens())[slug]
  if (saved?.edit_token) return { authorization: `Bearer ${saved.edit_token}` }
  if (key) return { authorization: `Bearer ${key}` }
  throw new CliError(`No edit token for ${slug} on this machine (and no Pro key given).`, EXIT.usage)
}

const SLUG = /^[0-9A-Za-z]{8}$/
function needSlug(slug) {
  if (!slug || !SLUG.test(slug)) throw new CliError("Give the drop's 8-character SLUG (the end of its URL).", EXIT.usage)
  return slug
}

function noServiceMessage() {
  const file = join(configDir(), 'config.json')
  return `no service URL is set.
This copy of the drop CLI has no default service ("config.api" in its package.json is empty), so tell it
where your drop service runs (https://drop.example.org below stands for your own):
  drop --api https://drop.example.org notes.md                    this command only
  export DROP_API_URL=https://drop.example.org                    this shell
  mkdir -p ${configDir()} && echo '{"api": "https://drop.example.org"}' > ${file}   from now on`
}

async function main(argv) {
  const { values, positionals } = parse(argv)
  if (values.help || values.version) {
    process.stdout.write(values.help ? `${HELP}\n` : `drop ${VERSION}\n`)
    return EXIT.ok
  }
  const config = await readJson(join(configDir(), 'config.json'), {})
  const chosen = values.api || process.env.DROP_API_URL || config.api || DEFAULT_API
  if (!chosen) throw new CliError(noServiceMessage(), EXIT.usage)
  const api = chosen.replace(/\/+$/, '')
  if (!/^https?:\/\/[^/\s]+/.test(api)) throw new CliError(`--api "${api}" is not an http(s) URL.`, EXIT.usage)
  const key = values.key ?? process.env.DROP_API_KEY
  const [command, ...rest] = positionals
  const keyHeader = key ? { authorization: `Bearer ${key}` } : {}

  if (command === 'edit') {
    const slug = needSlug(rest[0])
    if (rest.length > 2) throw new CliError('drop edit SLUG [FILE|-]', EXIT.usage)
    const res = await request(`${api}/api/drop/${slug}`, {
      method: 'PUT',
      headers: await credentialFor(slug, key),
      body: await markdownForm(rest[1], values),
    })
    if (!res.ok) throw await errorFrom(res, 'Editing')
    process.stdout.write(`${(await res.json()).url}\n`)
    return EXIT.ok
  }
  if (command === 'rm') {
    const slug = needSlug(rest[0])
    const res = await request(`${api}/api/drop/${slug}`, { method: 'DELETE', headers: await credentialFor(slug, key) })
    if (!res.ok) throw await errorFrom(res, 'Deleting')
    const file = join(configDir(), 'tokens.json')
    const saved = await tokens()
    delete saved[slug]
    await writeFile(file, JSON.stringify(saved, null, 2) + '\n', { mode: 0o600 }).catch(() => {})
    process.stderr.write(`Deleted ${slug}.\n`)
    return EXIT.ok
  }
  if (command === 'ls') {
    if (key) {
      const res = await request(`${api}/api/drops`, { headers: keyHeader })
      if (!res.ok) throw await errorFrom(res, 'Listing')
      for (const d of (await res.json()).drops) process.stdout.write(`${d.slug}\t${d.expires_at ?? 'permanent'}\t${d.url}\t${d.title}\n`)
      return EXIT.ok
    }
    for (const [slug, t] of Object.entries(await tokens())) {
      if (t.api === api && (!t.expires_at || Date.parse(t.expires_at) > Date.now()))
        process.stdout.write(`${slug}\t${t.expires_at ?? 'permanent'}\t${t.url}\n`)
    }
    return EXIT.ok
  }
  if (command === 'upgrade') {
    const slug = needSlug(rest[0])
    const res = await request(`${api}/api/checkout-link?slug=${slug}&source=cli`, { headers: keyHeader })
    if (!res.ok) throw await errorFrom(res, 'Creating the checkout link')
    process.stdout.write(`${(await res.json()).url}\n`)
    return EXIT.ok
  }
  if (positionals.length > 1) throw new CliError('Give one FILE (or - for standard input).\nRun drop --help for usage.', EXIT.usage)
  return publish(api, keyHeader, command, values)
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`drop: ${err.message}\n`)
    process.exit(err instanceof CliError ? err.code : EXIT.failure)
  }
)
