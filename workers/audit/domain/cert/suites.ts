/**
 * What the assessment needs to know of a cipher suite: its name (IANA TLS Cipher Suites
 * registry), whether its key exchange is forward secret (ECDHE/DHE, RFC 8422/RFC 5246) and
 * whether it is an AEAD cipher (GCM, CCM, ChaCha20-Poly1305; RFC 5288, RFC 7905). TLS 1.3 suites
 * are all both (RFC 8446 §9.1).
 */
export type SuiteInfo = { name: string; fs: boolean; aead: boolean }

const S = (name: string, fs: boolean, aead: boolean): SuiteInfo => ({ name, fs, aead })

export const SUITES: Record<number, SuiteInfo> = {
  4865: S('TLS_AES_128_GCM_SHA256', true, true),
  4866: S('TLS_AES_256_GCM_SHA384', true, true),
  4867: S('TLS_CHACHA20_POLY1305_SHA256', true, true),
  49195: S('TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256', true, true),
  49196: S('TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384', true, true),
  49199: S('TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256', true, true),
  49200: S('TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384', true, true),
  52392: S('TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256', true, true),
  52393: S('TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256', true, true),
  158: S('TLS_DHE_RSA_WITH_AES_128_GCM_SHA256', true, true),
  159: S('TLS_DHE_RSA_WITH_AES_256_GCM_SHA384', true, true),
  49161: S('TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA', true, false),
  49162: S('TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA', true, false),
  49171: S('TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA', true, false),
  49172: S('TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA', true, false),
  49187: S('TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256', true, false),
  49191: S('TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256', true, false),
  51: S('TLS_DHE_RSA_WITH_AES_128_CBC_SHA', true, false),
  57: S('TLS_DHE_RSA_WITH_AES_256_CBC_SHA', true, false),
  156: S('TLS_RSA_WITH_AES_128_GCM_SHA256', false, true),
  157: S('TLS_RSA_WITH_AES_256_GCM_SHA384', false, true),
  47: S('TLS_RSA_WITH_AES_128_CBC_SHA', false, false),
  53: S('TLS_RSA_WITH_AES_256_CBC_SHA', false, false),
  60: S('TLS_RSA_WITH_AES_128_CBC_SHA256', false, false),
  61: S('TLS_RSA_WITH_AES_256_CBC_SHA256', false, false),
  10: S('TLS_RSA_WITH_3DES_EDE_CBC_SHA', false, false),
  49170: S('TLS_ECDHE_RSA_WITH_3DES_EDE_CBC_SHA', true, false),
  49160: S('TLS_ECDHE_ECDSA_WITH_3DES_EDE_CBC_SHA', true, false),
  4: S('TLS_RSA_WITH_RC4_128_MD5', false, false),
  5: S('TLS_RSA_WITH_RC4_128_SHA', false, false),
  49169: S('TLS_ECDHE_RSA_WITH_RC4_128_SHA', true, false),
  49159: S('TLS_ECDHE_ECDSA_WITH_RC4_128_SHA', true, false),
  1: S('TLS_RSA_WITH_NULL_MD5', false, false),
  2: S('TLS_RSA_WITH_NULL_SHA', false, false),
  59: S('TLS_RSA_WITH_NULL_SHA256', false, false),
  3: S('TLS_RSA_EXPORT_WITH_RC4_40_MD5', false, false),
  6: S('TLS_RSA_EXPORT_WITH_RC2_CBC_40_MD5', false, false),
  8: S('TLS_RSA_EXPORT_WITH_DES40_CBC_SHA', false, false),
  9: S('TLS_RSA_WITH_DES_CBC_SHA', false, false),
  20: S('TLS_DHE_RSA_EXPORT_WITH_DES40_CBC_SHA', false, false),
  24: S('TLS_DH_anon_WITH_RC4_128_MD5', false, false),
  27: S('TLS_DH_anon_WITH_3DES_EDE_CBC_SHA', false, false),
  52: S('TLS_DH_anon_WITH_AES_128_CBC_SHA', false, false),
  49176: S('TLS_ECDH_anon_WITH_AES_128_CBC_SHA', false, false),
}

/**
 * The weak classes probed, a few representative suites each (SSL Labs rating guide 2009q and
 * its later caps): a server that accepts a hello offering only these suites offers the class.
 */
export const WEAK_CLASSES = {
  // NULL encryption, export-grade, single DES, anonymous key exchange: broken.
  null_export_anon: [0x0001, 0x0002, 0x003b, 0x0003, 0x0006, 0x0008, 0x0009, 0x0014, 0x0018, 0x001b, 0x0034, 0xc018],
  // RC4: RFC 7465 prohibits it.
  rc4: [0x0005, 0x0004, 0xc011, 0xc007],
  // 3DES: 64-bit blocks (Sweet32, CVE-2016-2183).
  triple_des: [0x000a, 0xc012, 0xc008],
  // Static RSA key exchange: no forward secrecy.
  static_rsa: [0x009c, 0x009d, 0x002f, 0x0035, 0x003c, 0x003d],
} as const

export type WeakClass = keyof typeof WEAK_CLASSES

/** For the preference probe: the worst first, so a server that follows the client picks a weak one. */
export const REVERSED_PREFERENCE = [
  0x002f, 0x0035, 0x009c, 0x009d, 0xc013, 0xc014, 0xc009, 0xc00a, 0xc02b, 0xc02f, 0xc02c, 0xc030, 0xcca9, 0xcca8,
]

export const suiteName = (suite: number) => SUITES[suite]?.name ?? `0x${suite.toString(16).padStart(4, '0')}`
