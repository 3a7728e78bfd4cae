import { describe, expect, it } from 'vitest'
import { MAX_HTML_BYTES } from '../../workers/audit/domain/retrieve/page'
import { scanHtml } from '../../workers/audit/domain/retrieve/html-scan'
import { harness, redirect, STRONG_HEADERS, type World } from './helpers/site'

const { 'content-security-policy': _csp, ...NO_CSP } = STRONG_HEADERS
const STRICT = "default-src 'none'; form-action 'self'"

/** A site whose https:// page is `body`, sent with the strong headers minus CSP. */
function site(domain: string, body: string, headers: Record<string, string> = NO_CSP): World {
  return {
    zone: { [domain]: { A: ['93.184.215.14'] } },
    pages: { [`http://${domain}/`]: redirect(301, `https://${domain}/`), [`https://${domain}/`]: { headers, body } },
  }
}

async function cspResult(domain: string, body: string) {
  const { res, body: report } = await harness(site(domain, body)).check(domain)
  expect(res.status).toBe(200)
  return report.headers.csp.result
}

const metaCsp = `<meta http-equiv="Content-Security-Policy" content="${STRICT}">`

describe('<meta> policies are read as a browser reads the page', () => {
  it('counts a <meta> CSP in the head', async () => {
    expect(await cspResult('meta-head.org', `<!doctype html><head>${metaCsp}<title>x</title></head><body>hi</body>`)).toBe(
      'csp-implemented-with-no-unsafe-default-src-none'
    )
  })

  it.each([
    ['a comment', `<head><!-- ${metaCsp} --></head>`],
    ['a script', `<head><script>var s = '${metaCsp}'</script></head>`],
    ['a template', `<head><template>${metaCsp}</template></head>`],
    ['a noscript', `<head><noscript>${metaCsp}</noscript></head>`],
    ['a style', `<head><style>/* ${metaCsp} */</style></head>`],
    ['the body', `<head><title>x</title></head><body>${metaCsp}</body>`],
    ['a textarea', `<head></head><textarea>${metaCsp}</textarea>`],
  ])('does not count a <meta> CSP inside %s', async (_, body) => {
    expect(await cspResult(`meta-${_.replace(/\W/g, '')}.org`, `<!doctype html>${body}`)).toBe('csp-not-implemented')
  })

  it('grades no CSP header with a commented-out <meta> CSP B (75), as the Observatory does, and says not implemented', async () => {
    const domain = 'meta-commented-grade.org'
    const { body: report } = await harness(site(domain, `<!doctype html><head><!-- ${metaCsp} --><title>x</title></head>`)).check(domain)
    expect(report).toMatchObject({ score: 'B', score_numeric: 75 })
    expect(report.headers.csp).toMatchObject({ present: false, result: 'csp-not-implemented' })
    expect(report.findings.find((f) => f.test === 'content-security-policy')).toMatchObject({ pass: false, points: -25 })
  })

  it('decodes character references in the content attribute', async () => {
    const scan = await scanHtml(`<meta http-equiv="content-security-policy" content="default-src &apos;none&apos;">`)
    expect(scan.meta.csp).toEqual(["default-src 'none'"])
  })

  it('reads <script src> with and without integrity, skipping inert ones', async () => {
    const scan = await scanHtml(
      '<script src="/a.js"></script><script>inline()</script><script src="https://cdn.example/b.js" integrity="sha384-x"></script>' +
        '<template><script src="http://evil.example/t.js"></script></template><!-- <script src="http://evil.example/c.js"></script> -->'
    )
    expect(scan.scripts).toEqual([
      { src: '/a.js', integrity: false },
      { src: 'https://cdn.example/b.js', integrity: true },
    ])
    expect(scan.inline_scripts).toBe(1)
  })
})

/**
 * Pages built to make a backtracking tag or attribute regex slow, at the size limit. They must
 * give a normal report (the cost is measured by `npm run bench -- worst-case`, not here).
 */
const HOSTILE: Record<string, string> = {
  'unclosed meta tags': '<meta '.repeat(MAX_HTML_BYTES / 6),
  'one unclosed tag of attributes': '<meta ' + 'a=b '.repeat(MAX_HTML_BYTES / 4),
  'unterminated quoted attribute': '<meta http-equiv="Content-Security-Policy" content="' + 'x'.repeat(MAX_HTML_BYTES),
  'attribute names without values': '<meta' + ' http-equiv'.repeat(MAX_HTML_BYTES / 11) + '>',
  'comment openers': '<!--'.repeat(MAX_HTML_BYTES / 4),
  'nested templates': '<template>'.repeat(MAX_HTML_BYTES / 10) + metaCsp,
  'many meta tags then body': `<meta name="x" content="y">`.repeat(MAX_HTML_BYTES / 27) + '<body>',
  'many script tags': '<script src="//a.example/x.js"></script>'.repeat(MAX_HTML_BYTES / 40),
}

describe('hostile pages at the size limit', () => {
  it.each(Object.entries(HOSTILE))('%s: a normal 200 report', async (name, body) => {
    const domain = `hostile-${name.replace(/\W/g, '')}.org`
    const { res, body: report } = await harness(site(domain, body + 'x'.repeat(MAX_HTML_BYTES))).check(domain)
    expect(res.status).toBe(200)
    expect(report.score).toMatch(/^[A-F][+-]?$/)
    expect(report.headers.csp.result).toBe('csp-not-implemented')
  })

  it('reads no further than the size limit', async () => {
    const padded = 'x'.repeat(MAX_HTML_BYTES) + `<head>${metaCsp}</head>`
    expect(await cspResult('past-limit.org', padded)).toBe('csp-not-implemented')
    const within = `<head>${metaCsp}</head>` + 'x'.repeat(MAX_HTML_BYTES)
    expect(await cspResult('within-limit.org', within)).toBe('csp-implemented-with-no-unsafe-default-src-none')
  })

  it('keeps at most 200 scripts from a page full of them', async () => {
    const scan = await scanHtml(HOSTILE['many script tags'])
    expect(scan.scripts).toHaveLength(200)
  })
})
