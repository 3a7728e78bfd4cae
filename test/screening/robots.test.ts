import { describe, expect, it } from 'vitest'
import { allowed, matches, parseRobots, productToken } from '../../workers/screening/domain/scrape/robots'

// Issue 23: the crawler honours robots.txt (RFC 9309).

describe('robots.txt', () => {
  const robots = [
    'User-agent: *',
    'Disallow: /search/',
    'Allow: /search/apa',
    '',
    'User-agent: OtherBot',
    'Disallow: /',
    '',
    'User-agent: vetscorebot',
    'User-agent: AnotherBot',
    'Disallow: /*/rentals/$',
    'Disallow: /private',
    'Allow: /private/ok # comment',
  ].join('\n')

  it('uses the group for our product token, else the * group', () => {
    const mine = parseRobots(robots, productToken('VetScoreBot/1.0 (+https://screening.example/docs)'))
    expect(allowed(mine, '/austin-tx/rentals/')).toBe(false)
    expect(allowed(mine, '/austin-tx/rentals/?page=2')).toBe(true)
    expect(allowed(mine, '/private/x')).toBe(false)
    expect(allowed(mine, '/private/ok/1')).toBe(true)
    expect(allowed(mine, '/search/hsw')).toBe(true) // the * group does not apply to us
    const anyone = parseRobots(robots, 'somebot')
    expect(allowed(anyone, '/search/hsw')).toBe(false)
    expect(allowed(anyone, '/search/apa')).toBe(true) // longest match wins
    expect(allowed(anyone, '/')).toBe(true)
  })

  it('allows everything with no rules or an empty Disallow', () => {
    expect(allowed(parseRobots('', 'x'), '/anything')).toBe(true)
    expect(allowed(parseRobots('User-agent: *\nDisallow:', 'x'), '/anything')).toBe(true)
  })

  it('matches wildcards and anchors (a linear walk: a pathological pattern is just false)', () => {
    expect(matches('/a*b', '/axxb')).toBe(true)
    expect(matches('/a*b$', '/axxbc')).toBe(false)
    expect(matches('/a*b', '/axxbc')).toBe(true)
    expect(matches('*.php$', '/x/index.php')).toBe(true)
    expect(matches('/fish', '/Fish')).toBe(false)
    expect(matches('/' + '*a'.repeat(200) + 'b$', '/' + 'a'.repeat(5000))).toBe(false)
  })
})
