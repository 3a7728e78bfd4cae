import { PRELOADED_EXACT, PRELOADED_WITH_SUBDOMAINS } from '../../data/hsts-preload'

/**
 * Membership in Chromium's HSTS preload list, as the Observatory counts it
 * (mdn/mdn-http-observatory src/analyzer/hsts.js): the host itself is listed, or a parent
 * domain is listed with include_subdomains. Browsers then never make a plain-HTTP request to it.
 */
export function isPreloaded(host: string): boolean {
  const name = host.toLowerCase()
  if (sortedLinesInclude(PRELOADED_EXACT, name) || sortedLinesInclude(PRELOADED_WITH_SUBDOMAINS, name)) return true
  for (let dot = name.indexOf('.'); dot >= 0; dot = name.indexOf('.', dot + 1)) {
    if (sortedLinesInclude(PRELOADED_WITH_SUBDOMAINS, name.slice(dot + 1))) return true
  }
  return false
}

/**
 * Binary search of `name` in `list`, names sorted by code unit and joined with "\n", done on the
 * string in place: O(log n) probes, each reading one line.
 */
export function sortedLinesInclude(list: string, name: string): boolean {
  let lo = 0 // always the start of a line
  let hi = list.length // the start of a line, or the end
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    const start = mid === 0 ? 0 : list.lastIndexOf('\n', mid - 1) + 1
    const newline = list.indexOf('\n', start)
    const end = newline < 0 ? list.length : newline
    const line = list.slice(start, end)
    if (line === name) return true
    if (line < name) lo = end + 1
    else hi = start
  }
  return false
}
