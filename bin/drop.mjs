#!/usr/bin/env node
// drop: publish Markdown from a file or standard input and print the link.
// Plain Node (≥ 20), no dependencies. stdout carries only the URL, so `drop notes.md | pbcopy`
// works; everything meant for a person goes to stderr.
import { readFile } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import { parseArgs } from 'node:util'

const VERSION = '1.0.0'
const EXTENSIONS = ['.md', '.markdown', '.txt']
const EXIT = { ok: 0, failure: 1, usage: 2, rateLimited: 3 }

const HELP = `Usage: drop [FILE|-] [options]

Publish Markdown and print its URL. With no FILE, or with -, reads standard input.

Options:
  --title <text>   Title used when the Markdown has no top-level heading
  --api <url>      Service URL (env DROP_API_URL; default http://localhost:8791)
  --key <key>      Pro key drop_pro_… for permanent drops (env DROP_API_KEY)
  -h, --help       Show this help
  -v, --version    Show the version

Files: ${EXTENSIONS.join(', ')}. Exit codes: 0 published, 1 server or network error,
2 usage error, 3 rate limited (stderr says when to retry).`

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

async function readStdin() {
  const chunks = []
  for await (const chunk of process.stdin) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}

async function request(url, init) {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) })
  } catch (err) {
    throw new CliError(`Could not reach ${new URL(url).origin}: ${err.cause?.code ?? err.message}`, EXIT.failure)
  }
}

async function errorFrom(res) {
  const body = await res.json().catch(() => null)
  if (res.status === 429) {
    const seconds = Number(body?.retry_after_seconds ?? res.headers.get('retry-after')) || 60
    const at = new Date(Date.now() + seconds * 1000).toLocaleTimeString()
    return new CliError(`Rate limited: ${body?.error ?? 'too many drops'} Retry in ${seconds} s (at ${at}).`, EXIT.rateLimited)
  }
  return new CliError(`Publishing failed (${res.status}${body?.code ? ` ${body.code}` : ''}): ${body?.error ?? res.statusText}`, EXIT.failure)
}

function humanExpiry(iso) {
  const days = Math.round((Date.parse(iso) - Date.now()) / 86_400_000)
  return `${iso} (in ${days} day${days === 1 ? '' : 's'})`
}

async function main(argv) {
  const { values, positionals } = parse(argv)
  if (values.help) {
    process.stdout.write(HELP + '\n')
    return EXIT.ok
  }
  if (values.version) {
    process.stdout.write(`drop ${VERSION}\n`)
    return EXIT.ok
  }
  if (positionals.length > 1) throw new CliError('Give one FILE (or - for standard input).\nRun drop --help for usage.', EXIT.usage)
  const api = (values.api ?? process.env.DROP_API_URL ?? 'http://localhost:8791').replace(/\/+$/, '')
  try {
    new URL(api)
  } catch {
    throw new CliError(`--api "${api}" is not a URL.`, EXIT.usage)
  }
  const key = values.key ?? process.env.DROP_API_KEY
  const headers = key ? { authorization: `Bearer ${key}` } : {}
  const file = positionals[0]

  let body
  if (file && file !== '-') {
    if (!EXTENSIONS.includes(extname(file).toLowerCase())) {
      throw new CliError(`${file}: only ${EXTENSIONS.join(', ')} files can be published.`, EXIT.usage)
    }
    let bytes
    try {
      bytes = await readFile(file)
    } catch (err) {
      throw new CliError(`${file}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`, EXIT.usage)
    }
    body = new FormData()
    body.append('file', new Blob([bytes], { type: 'text/markdown' }), basename(file))
    if (values.title !== undefined) body.append('title', values.title)
  } else {
    if (!file && process.stdin.isTTY) throw new CliError('Nothing to publish: give a FILE or pipe Markdown in.\nRun drop --help for usage.', EXIT.usage)
    const markdown = await readStdin()
    headers['content-type'] = 'application/json'
    body = JSON.stringify({ markdown, ...(values.title !== undefined ? { title: values.title } : {}) })
  }

  const res = await request(`${api}/api/drop`, { method: 'POST', headers, body })
  if (res.status !== 201) throw await errorFrom(res)
  const drop = await res.json()
  process.stdout.write(`${drop.url}\n`)

  if (drop.expires_at) {
    process.stderr.write(`Expires ${humanExpiry(drop.expires_at)}.\n`)
    const link = await request(`${api}/api/checkout-link?slug=${encodeURIComponent(drop.slug)}&source=cli`, { headers }).catch(() => null)
    const upgrade = link?.ok ? await link.json().catch(() => null) : null
    if (upgrade?.url) process.stderr.write(`Keep it forever: ${upgrade.url}\n`)
  } else {
    process.stderr.write('Permanent link.\n')
  }
  return EXIT.ok
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`drop: ${err.message}\n`)
    process.exit(err instanceof CliError ? err.code : EXIT.failure)
  }
)
