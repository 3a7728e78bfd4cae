import { describe, expect, it } from 'vitest'
import { TargetError } from '../../shared/net/errors'
import { domainFromInput } from '../../workers/audit/domain/domain-input'
import { harness, STRONG_HEADERS, type World } from './helpers/site'

const codeOf = (input: string) => {
  try {
    return domainFromInput(input)
  } catch (err) {
    if (err instanceof TargetError) return err.code
    throw err
  }
}

// What people paste into SSL Labs or the Observatory: each input, and the host checked.
describe('domain input', () => {
  it.each([
    ['example.com', 'example.com'],
    ['  example.com  ', 'example.com'],
    ['\texample.com\n', 'example.com'],
    ['example.com.', 'example.com'],
    [' Example.COM. ', 'example.com'],
    ['https://example.com', 'example.com'],
    ['https://example.com/', 'example.com'],
    ['http://www.example.com/path/to/page.html', 'www.example.com'],
    ['HTTPS://Example.com/Login?next=%2Fhome#top', 'example.com'],
    ['https://example.com:443/', 'example.com'],
    ['example.com:443', 'example.com'],
    ['https://example.com.:443/x', 'example.com'],
    ['example.com/admin', 'example.com'],
    ['example.com?x=1', 'example.com'],
    ['example.com#frag', 'example.com'],
    ['//cdn.example.com/lib.js', 'cdn.example.com'],
    ['https://bücher.de/', 'xn--bcher-kva.de'],
    ['https://example.com\\evil', 'example.com'],
  ])('%j → %s', (input, host) => {
    expect(domainFromInput(input)).toBe(host)
  })

  it.each([
    ['https://example.com:8443/', 'another port'],
    ['example.com:80', 'port 80, even http’s default'],
    ['http://example.com:80/', 'port 80 spelled out'],
    ['example.com:', 'an empty port'],
    ['example.com:abc', 'a port that is not a number'],
    ['https://user:pw@example.com/', 'user info'],
    ['https://evil.com@example.com/', 'user info hiding a host'],
    ['ftp://example.com/', 'another scheme'],
    ['javascript://example.com/%0aalert(1)', 'a script scheme'],
    ['file:///etc/passwd', 'a file URL'],
    ['https://', 'a scheme without host'],
    ['https:///path', 'an empty host'],
    ['exa mple.com', 'a space inside'],
    ['https://127.0.0.1/', 'an IP literal'],
    ['https://[::1]:443/', 'an IPv6 literal'],
    ['http://0x7f.1/', 'a hex IP'],
    ['https://2130706433/', 'a decimal IP'],
    ['', 'nothing'],
    ['   ', 'only spaces'],
  ])('refuses %j (%s) as INVALID_DOMAIN', (input) => {
    expect(codeOf(input)).toBe('INVALID_DOMAIN')
  })

  it.each(['https://localhost/', 'http://printer.local/admin', 'https://metadata.google.internal/', 'https://intranet:443/'])(
    'refuses the private name in %j as DOMAIN_NOT_PUBLIC',
    (input) => {
      expect(codeOf(input)).toBe('DOMAIN_NOT_PUBLIC')
    }
  )

  it('says which port to remove', () => {
    expect(() => domainFromInput('https://example.com:8443/')).toThrow(/port 443.*":8443"/)
  })

  it('refuses input longer than any URL it would check before reading it', () => {
    expect(codeOf(`https://example.com/${'a'.repeat(5000)}`)).toBe('INVALID_DOMAIN')
  })
})

describe('GET /api/v1/check and the form with a pasted URL', () => {
  const world = (domain: string, address = '93.184.215.14'): World => ({
    zone: { [domain]: { A: [address] } },
    pages: {
      [`http://${domain}/`]: { status: 301, headers: { location: `https://${domain}/` } },
      [`https://${domain}/`]: { headers: STRONG_HEADERS, body: '<!doctype html><title>x</title>' },
    },
  })

  it('checks the host of a URL, never its path, query or port', async () => {
    const h = harness(world('pasted-url.org'))
    const { res, body } = await h.check(' https://Pasted-URL.org.:443/account/login?next=/admin#x ')
    expect(res.status).toBe(200)
    expect(body).toMatchObject({ domain: 'pasted-url.org', graded_url: 'https://pasted-url.org/' })
    expect(h.fetcher.calls.every((url) => !url.includes('/account') && !url.includes('next='))).toBe(true)
    expect(h.fetcher.unexpected).toEqual([])
    // The same site, typed as a host, is the same report (served from the cache).
    const again = await h.check('pasted-url.org')
    expect(again.res.headers.get('cache-status')).toBe('audit; hit')
  })

  it('refuses a URL whose host resolves to a private address, as it refuses the host', async () => {
    const h = harness(world('resolves-private.org', '10.0.0.5'))
    const { res, body } = await h.check('https://resolves-private.org/')
    expect(res.status).toBe(400)
    expect(body.code).toBe('DOMAIN_NOT_PUBLIC')
    expect(h.fetcher.calls).toEqual([])
  })

  it('refuses another port with a clear 400 in the documented error shape', async () => {
    const h = harness(world('port-site.org'))
    const { res, body } = await h.check('https://port-site.org:8443/')
    expect(res.status).toBe(400)
    expect(body).toEqual({ error: expect.stringContaining('port 443'), code: 'INVALID_DOMAIN' })
    expect(h.fetcher.calls).toEqual([])
  })
})
