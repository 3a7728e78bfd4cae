/** The hazard and supplemental statement codes of a sheet's classification and label. Pure. */
import type { Facts } from './facts'

export function hCodes(f: Facts): Set<string> {
  const codes = new Set<string>()
  for (const c of f.label?.classification ?? []) if (c.statement) codes.add(c.statement.code)
  for (const o of f.label?.outOfScope ?? []) if (o.statement) codes.add(o.statement.code)
  for (const s of f.label?.hazardStatements ?? []) for (const code of s.code.split('+')) codes.add(code)
  for (const s of f.label?.supplementalStatements ?? []) codes.add(s.code)
  return codes
}
