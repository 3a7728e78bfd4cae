/**
 * robots.txt as RFC 9309 reads it: the group for our product token (else `*`), the longest
 * matching allow/disallow rule wins, allow on a tie; `*` and a final `$` in paths. Matching
 * is a two-pointer wildcard walk (no regular expression built from the file), and the file is
 * cut at MAX_ROBOTS_BYTES, so the cost stays linear in what we read.
 */
export const MAX_ROBOTS_BYTES = 64 * 1024

export type RobotsRules = { rules: { allow: boolean; path: string }[] }

/** Our product token, from a User-Agent like `VetScoreBot/1.0 (+https://…)`. */
export function productToken(userAgent: string): string {
  return (userAgent.split('/')[0] ?? userAgent).trim().toLowerCase()
}

export function parseRobots(text: string, token: string): RobotsRules {
  const groups: { agents: string[]; rules: RobotsRules['rules'] }[] = []
  let current: (typeof groups)[number] | null = null
  let lastWasAgent = false
  for (const rawLine of text.slice(0, MAX_ROBOTS_BYTES).split(/\r\n|\r|\n/)) {
    const line = rawLine.split('#')[0].trim()
    const colon = line.indexOf(':')
    if (colon < 0) continue
    const field = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    if (field === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] }
        groups.push(current)
      }
      current.agents.push(value.toLowerCase())
      lastWasAgent = true
    } else if ((field === 'allow' || field === 'disallow') && current) {
      // An empty Disallow allows everything: it adds no rule.
      if (value) current.rules.push({ allow: field === 'allow', path: value })
      lastWasAgent = false
    } else {
      lastWasAgent = false
    }
  }
  const mine = groups.filter((g) => g.agents.includes(token))
  const chosen = mine.length > 0 ? mine : groups.filter((g) => g.agents.includes('*'))
  return { rules: chosen.flatMap((g) => g.rules) }
}

/** Whether `pathAndQuery` may be fetched under these rules. */
export function allowed(robots: RobotsRules, pathAndQuery: string): boolean {
  let best: { allow: boolean; length: number } | null = null
  for (const rule of robots.rules) {
    if (!matches(rule.path, pathAndQuery)) continue
    const length = rule.path.length
    if (!best || length > best.length || (length === best.length && rule.allow)) best = { allow: rule.allow, length }
  }
  return best ? best.allow : true
}

/** `*` matches any run of characters; a final `$` anchors the end; otherwise a prefix match. */
export function matches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$')
  const p = anchored ? pattern.slice(0, -1) : pattern
  let i = 0 // path
  let j = 0 // pattern
  let star = -1
  let resume = 0
  while (i < path.length) {
    if (j < p.length && p[j] !== '*' && p[j] === path[i]) {
      i++
      j++
    } else if (j < p.length && p[j] === '*') {
      star = j++
      resume = i
    } else if (j === p.length && !anchored) {
      return true
    } else if (star >= 0) {
      j = star + 1
      i = ++resume
    } else {
      return false
    }
  }
  while (j < p.length && p[j] === '*') j++
  return j === p.length
}
