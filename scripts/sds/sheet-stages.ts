/**
 * CPU of each stage of a sheet in Node (a quick proxy for workerd; `npm run bench -- sds` is
 * the measure that counts): facts and sheet model, then the DOCX (WordprocessingML and zip).
 *   npx tsx scripts/sds/sheet-stages.ts [sheets per stage]
 */
import { resolveIdentifier } from '../../workers/sds/domain/chem/resolve'
import { buildSheet, generateDocx } from '../../workers/sds/domain/sheet/generate'
import { renderDocx } from '../../workers/sds/domain/sheet/render-docx'

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
  const docx = await stage(N, (i) => renderDocx(sheets.out[i]))
  console.log(
    `${j.toUpperCase()} ${id}: whole ${whole.ms.toFixed(2)} ms CPU/sheet; facts+sheet ${sheets.ms.toFixed(2)}, DOCX ${docx.ms.toFixed(2)}`
  )
}
