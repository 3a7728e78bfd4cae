import { describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import { memoResolver } from '../../shared/net/dns'
import { normalizeHostname } from '../../shared/net/hostname'
import { classifyAddress, parseIPv6 } from '../../shared/net/ip'
import { TargetError, validateHop, validateTarget } from '../../shared/net/validate'
import { dohRoute, type Zone } from './helpers/doh'

function codeOf(fn: () => unknown): string {
  try {
    fn()
  } catch (err) {
    if (err instanceof TargetError) return err.code
    throw err
  }
  return 'ACCEPTED'
}

// Every notation a URL parser, resolver or socket library has been known to accept for an IP.
const IP_LITERALS = [
  '127.0.0.1',
  '127.1',
  '127.0.1',
  '0x7f.0.0.1',
  '0x7f.1',
  '0x7f000001',
  '2130706433',
  '017700000001',
  '0177.0.0.1',
  '0',
  '0.0.0.0',
  '0x0',
  '10.0.0.1',
  '169.254.169.254',
  '192.168.1.1',
  '100.64.0.1',
  '8.8.8.8',
  '1.1.1.1.',
  '４.４.４.４',
  '１２７.０.０.１',
  '127。0。0。1',
  '0300.0250.0.1',
  '3232235777',
  '0xc0a80101',
  '[::1]',
  '::1',
  '[::]',
  '[::ffff:127.0.0.1]',
  '::ffff:7f00:1',
  '[fe80::1]',
  '[fd00::1]',
  '[2001:db8::1]',
  '[::1%25eth0]',
]

const NOT_HOSTNAMES = [
  'http://example.com',
  'https://example.com',
  'HTTPS://EXAMPLE.COM',
  '//example.com',
  'example.com/',
  'example.com/path',
  'example.com:443',
  'example.com:80',
  'user@example.com',
  'user:pass@example.com',
  'example.com@evil.com',
  'example.com?x=1',
  'example.com#frag',
  ' example.com',
  'example.com ',
  'exa mple.com',
  'example.com\n',
  'example.com\t',
  'example.com\\evil.com',
  'example.com%2f',
  'ex%41mple.com',
  'example.com\u0000',
  'example.com\u200b',
  'exa\u00admple.com',
  '*.example.com',
  'example.com,evil.com',
  'example.com;evil.com',
  '<script>.com',
  '"example.com"',
  'javascript:alert(1)',
  'file:///etc/passwd',
  'example..com',
  '.example.com',
  'example.com..',
  '-example.com',
  'example-.com',
  'exa_mple.com',
  `${'a'.repeat(64)}.com`,
  `${'abcdefghi.'.repeat(26)}com`,
  'ab--cd.com',
  'xn--a.com',
  'xn--.com',
  'xn--ab-.com',
  'xn--example.com',
  'example.123',
  'a.b.c.1',
]

const NOT_PUBLIC = [
  'localhost',
  'LOCALHOST',
  'localhost.',
  'foo.localhost',
  'ⓛⓞⓒⓐⓛⓗⓞⓢⓣ',
  'ＬＯＣＡＬＨＯＳＴ',
  'localhost。',
  'printer.local',
  'db.internal',
  'app.test',
  'www.example',
  'x.invalid',
  '1.0.0.127.in-addr.arpa',
  'router.home.arpa',
  'abcdefghijklmnop.onion',
  'intranet',
  'corp',
  'nas.lan',
  'files.corp',
  'router.home',
  'name.alt',
  'mail.mail',
  'example.notatld',
  'example.exampletld',
  'wpad',
]

describe('hostname validation (before any network access)', () => {
  it(`refuses ${IP_LITERALS.length} IP literals in every notation as INVALID_DOMAIN`, () => {
    for (const input of IP_LITERALS) expect([input, codeOf(() => normalizeHostname(input))]).toEqual([input, 'INVALID_DOMAIN'])
  })

  it(`refuses ${NOT_HOSTNAMES.length} inputs that are not bare hostnames as INVALID_DOMAIN`, () => {
    for (const input of NOT_HOSTNAMES) expect([input, codeOf(() => normalizeHostname(input))]).toEqual([input, 'INVALID_DOMAIN'])
  })

  it(`refuses ${NOT_PUBLIC.length} reserved, local or unknown names as DOMAIN_NOT_PUBLIC`, () => {
    for (const input of NOT_PUBLIC) expect([input, codeOf(() => normalizeHostname(input))]).toEqual([input, 'DOMAIN_NOT_PUBLIC'])
  })

  it('holds at least 60 hostile inputs', () => {
    expect(IP_LITERALS.length + NOT_HOSTNAMES.length + NOT_PUBLIC.length).toBeGreaterThanOrEqual(60)
  })

  it.each([
    ['example.com', 'example.com'],
    ['Example.COM', 'example.com'],
    ['example.com.', 'example.com'],
    ['www.example.co.uk', 'www.example.co.uk'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['BÜCHER.de', 'xn--bcher-kva.de'],
    ['xn--bcher-kva.de', 'xn--bcher-kva.de'],
    ['пример.рф', 'xn--e1afmkfd.xn--p1ai'],
    ['example。com', 'example.com'],
    ['ｅｘａｍｐｌｅ.com', 'example.com'],
    ['a-b.example.io', 'a-b.example.io'],
    ['1password.com', '1password.com'],
    ['xn--mnchen-3ya.de', 'xn--mnchen-3ya.de'],
    ['XN--MNCHEN-3YA.DE', 'xn--mnchen-3ya.de'],
    [`${'a'.repeat(63)}.com`, `${'a'.repeat(63)}.com`],
  ])('accepts %j as %j', (input, host) => {
    expect(normalizeHostname(input)).toBe(host)
  })

  it('accepts a name of exactly 253 characters and refuses 254', () => {
    const name = (n: number) => `${'a'.repeat(61)}.`.repeat(3) + 'a'.repeat(n - 3 * 62 - 4) + '.com'
    expect(normalizeHostname(name(253))).toHaveLength(253)
    expect(codeOf(() => normalizeHostname(name(254)))).toBe('INVALID_DOMAIN')
  })
})

describe('address classification (IANA special-purpose registries)', () => {
  it.each([
    ['93.184.215.14', 'public'],
    ['1.1.1.1', 'public'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['192.0.0.8', 'reserved'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:82a::200e', 'public'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fd12:3456::1', 'private'],
    ['fc00::1', 'private'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['100::1', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['::ffff:7f00:1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::808:808', 'public'],
    ['64:ff9b:1::1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:0808:0808::1', 'public'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['4000::1', 'reserved'],
  ])('%s is %s', (address, cls) => {
    expect(classifyAddress(address)).toBe(cls)
  })

  it.each(['', ':', '1:2:3:4:5:6:7:8:9', '1::2::3', 'g::1', '::ffff:1.2.3', '12345::1'])('%j is not an IPv6 address', (text) => {
    expect(parseIPv6(text)).toBeNull()
  })
})

describe('DNS check', () => {
  const zone: Zone = {
    'example.com': { A: ['93.184.215.14'], AAAA: ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'] },
    'cname.example.com': { cname: 'example.com', A: ['93.184.215.14'] },
    'loopback.evil.com': { A: ['127.0.0.1'] },
    'metadata.evil.com': { A: ['169.254.169.254'] },
    'lan.evil.com': { A: ['192.168.1.10'] },
    'cgnat.evil.com': { A: ['100.64.12.1'] },
    'zero.evil.com': { A: ['0.0.0.0'] },
    'v6loop.evil.com': { AAAA: ['::1'] },
    'v6mapped.evil.com': { AAAA: ['::ffff:10.0.0.1'] },
    'ula.evil.com': { AAAA: ['fd00::1'] },
    'nat64.evil.com': { AAAA: ['64:ff9b::7f00:1'] },
    'mixed.evil.com': { A: ['93.184.215.14', '10.0.0.5'] },
    'multicast.evil.com': { A: ['224.0.0.251'] },
    'nodata.example.com': { status: 0 },
    'servfail.example.com': { status: 2 },
  }
  const resolver = () => memoResolver(replayFetcher([dohRoute(zone)]))
  const outcome = async (input: string) => {
    try {
      return await validateTarget(input, resolver())
    } catch (err) {
      if (err instanceof TargetError) return err.code
      throw err
    }
  }

  it('accepts a name whose every address is public', async () => {
    expect(await outcome('example.com')).toEqual({
      host: 'example.com',
      addresses: ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    })
    expect(await outcome('cname.example.com')).toMatchObject({ addresses: ['93.184.215.14'] })
  })

  it.each([
    'loopback.evil.com',
    'metadata.evil.com',
    'lan.evil.com',
    'cgnat.evil.com',
    'zero.evil.com',
    'v6loop.evil.com',
    'v6mapped.evil.com',
    'ula.evil.com',
    'nat64.evil.com',
    'mixed.evil.com',
    'multicast.evil.com',
  ])('refuses %s, which resolves to a non-public address', async (name) => {
    expect(await outcome(name)).toBe('DOMAIN_NOT_PUBLIC')
  })

  it.each(['nowhere.example.com', 'nodata.example.com', 'servfail.example.com'])('reports %s as not found', async (name) => {
    expect(await outcome(name)).toBe('DOMAIN_NOT_FOUND')
  })

  it('says when the resolver itself is down', async () => {
    const down = memoResolver(replayFetcher([[/cloudflare-dns/, { status: 502, body: 'bad gateway' }]]))
    await expect(validateTarget('example.com', down)).rejects.toMatchObject({ code: 'DNS_UNAVAILABLE' })
    const broken = memoResolver(async () => {
      throw new TypeError('Network connection lost.')
    })
    await expect(validateTarget('example.com', broken)).rejects.toMatchObject({ code: 'DNS_UNAVAILABLE' })
  })

  it('never asks DNS about a refused name', async () => {
    const fetcher = replayFetcher([dohRoute(zone)])
    await expect(validateTarget('http://127.0.0.1/', memoResolver(fetcher))).rejects.toMatchObject({ code: 'INVALID_DOMAIN' })
    await expect(validateTarget('localhost', memoResolver(fetcher))).rejects.toMatchObject({ code: 'DOMAIN_NOT_PUBLIC' })
    expect(fetcher.calls).toEqual([])
  })

  describe('redirect hops are re-validated the same way', () => {
    it.each([
      ['http://127.0.0.1/', 'INVALID_DOMAIN'],
      ['http://2130706433/', 'INVALID_DOMAIN'],
      ['http://[::1]/', 'INVALID_DOMAIN'],
      ['http://169.254.169.254/latest/meta-data/', 'INVALID_DOMAIN'],
      ['http://localhost/', 'DOMAIN_NOT_PUBLIC'],
      ['http://admin.internal/', 'DOMAIN_NOT_PUBLIC'],
      ['https://loopback.evil.com/', 'DOMAIN_NOT_PUBLIC'],
      ['https://metadata.evil.com/', 'DOMAIN_NOT_PUBLIC'],
      ['https://nowhere.example.com/', 'DOMAIN_NOT_FOUND'],
      ['ftp://example.com/', 'INVALID_DOMAIN'],
      ['gopher://example.com/', 'INVALID_DOMAIN'],
      ['https://user:pw@example.com/', 'INVALID_DOMAIN'],
      ['http://example.com:22/', 'INVALID_DOMAIN'],
      ['http://example.com:6379/', 'INVALID_DOMAIN'],
    ])('%s → %s', async (url, code) => {
      await expect(validateHop(new URL(url), resolver())).rejects.toMatchObject({ code })
    })

    it.each(['https://example.com/next', 'http://example.com:8080/', 'https://example.com:8443/x'])('%s is followed', async (url) => {
      await expect(validateHop(new URL(url), resolver())).resolves.toBeUndefined()
    })
  })
})
