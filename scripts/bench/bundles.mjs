// `npm run bench -- bundles`: each worker's deployable bundle (`wrangler deploy --dry-run`),
// built twice in the same run: as wrangler.toml configures it, and without the two size
// measures issue 24 added there (`minify = true` and the `alias` of zod to shared/zod-lean).
// The second build is the "before" column, so the table shows what each measure saves
// without relying on numbers from an older checkout. Results: bench/results/bundles.md.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { wrangler } from '../lib/wrangler.mjs'

/** Bytes raw and gzipped of the JavaScript and Wasm wrangler would upload from `outdir`. */
export function measureBundle(outdir) {
  let raw = 0
  let gzip = 0
  for (const file of readdirSync(outdir)) {
    if (!/\.(js|mjs|wasm|bin)$/.test(file)) continue
    const bytes = readFileSync(join(outdir, file))
    raw += bytes.length
    gzip += gzipSync(bytes).length
  }
  return { raw_kib: Math.round(raw / 1024), gzip_kib: Math.round(gzip / 1024) }
}

async function build(name, config, dir) {
  const outdir = join(dir, `${name}-${config.replace(/\W/g, '')}`)
  await wrangler(['deploy', '--dry-run', '--config', config, '--env', name, '--outdir', outdir])
  return measureBundle(outdir)
}

/** wrangler.toml without `minify` and `alias`, next to it so its relative paths still resolve. */
function writeUnoptimisedConfig() {
  const path = '.bench-unoptimised.wrangler.toml'
  const text = readFileSync('wrangler.toml', 'utf8')
    .split('\n')
    .filter((line) => !/^(minify|alias)\s*=/.test(line))
    .join('\n')
  writeFileSync(path, text)
  return path
}

export async function bundleTable(names) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bundles-'))
  const before = writeUnoptimisedConfig()
  const rows = []
  try {
    for (const name of names) {
      const plain = await build(name, before, dir)
      const now = await build(name, 'wrangler.toml', dir)
      rows.push({ name, plain, now })
      console.error(`${name}: ${plain.raw_kib} → ${now.raw_kib} KiB (${plain.gzip_kib} → ${now.gzip_kib} KiB gzip)`)
    }
  } finally {
    rmSync(before, { force: true })
    rmSync(dir, { recursive: true, force: true })
  }
  const pct = (a, b) => `${Math.round((100 * (b - a)) / a)} %`
  const lines = [
    `Bundles as \`wrangler deploy --dry-run\` builds them, measured ${new Date().toISOString().slice(0, 16)}Z. "Before": the same code built without \`minify\` and without the zod alias (shared/zod-lean: zod's 40 locale bundles left out); "now": wrangler.toml as committed. Cloudflare's limit is 3 MiB gzipped on the Free plan and 10 MiB on Paid.`,
    '',
    '| service | before (KiB) | now (KiB) | change | before gzip (KiB) | now gzip (KiB) | change |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.plain.raw_kib} | ${r.now.raw_kib} | ${pct(r.plain.raw_kib, r.now.raw_kib)} | ${r.plain.gzip_kib} | ${r.now.gzip_kib} | ${pct(r.plain.gzip_kib, r.now.gzip_kib)} |`
    ),
    '',
  ]
  writeFileSync('bench/results/bundles.md', lines.join('\n'))
  return lines.join('\n')
}
