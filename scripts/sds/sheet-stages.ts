/**
 * CPU of each stage of a sheet in Node (a quick proxy for workerd; `npm run bench -- sds` is
 * the measure that counts): facts and sheet model, the docx object model, its XML, the zip.
 *   npx tsx scripts/sds/sheet-stages.ts [sheets per stage]
 */
import { Packer } from 'docx'
import { resolveIdentifier } from '../../workers/sds/domain/chem/resolve'
import { buildSheet, generateDocx } from '../../workers/sds/domain/sheet/generate'
import { buildDocument } from '../../workers/sds/domain/sheet/render-docx'

const N = Number(process.argv[2] ?? 40)
const cpuMs = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
async function stage<T>(n: number, f: (i: number) => T | Promise<T>): Promise<{ ms: number; out: T[] }> {
  const out: T[] = []
  const c0 = cpuMs()
  for (let i = 0; i < n; i++) out.push(await f(i))
  return { ms: (cpuMs() - c0) / n, out }
}

for (const [id, j] of [
  ['67-64-1', 'us'],
  ['50-00-0', 'eu'],
] as const) {
  const r = await resolveIdentifier(id)
  if (!r.ok) throw new Error(r.message)
  const b = { company_name: 'Stage Chemicals Ltd' }
  for (let i = 0; i < 10; i++) await generateDocx(r.substance, j, b, new Date())
  const whole = await stage(N, () => generateDocx(r.substance, j, b, new Date()))
  const sheets = await stage(N, () => buildSheet(r.substance, j, b, new Date()))
  const docs = await stage(N, (i) => buildDocument(sheets.out[i]))
  // The packer's own two steps, through its (private) compiler: XML of every part, then the zip.
  const compiler = (Packer as unknown as { compiler: { compile(d: unknown): Map<string, string | Uint8Array> } }).compiler
  const xml = await stage(N, (i) => compiler.compile(docs.out[i]))
  const docs2 = await stage(N, (i) => buildDocument(sheets.out[i]))
  const packed = await stage(N, (i) => Packer.toArrayBuffer(docs2.out[i]))
  console.log(
    `${j.toUpperCase()} ${id}: whole ${whole.ms.toFixed(2)} ms CPU/sheet; facts+sheet ${sheets.ms.toFixed(2)}, docx objects ${docs.ms.toFixed(2)}, XML ${xml.ms.toFixed(2)}, zip ${(packed.ms - xml.ms).toFixed(2)} (Packer ${packed.ms.toFixed(2)} less XML)`
  )
}
