import 'reflect-metadata'
import * as x509 from '@peculiar/x509'

/**
 * Test certificates generated at test time with @peculiar/x509 over WebCrypto (workerd's or
 * Node's), so no key material is committed and expiry is always relative to "now".
 */
export type KeyKind = 'ec-p256' | 'ec-p384' | 'rsa-2048' | 'rsa-1024'

export type MadeCert = { der: Uint8Array; pem: string; keys: CryptoKeyPair; cert: x509.X509Certificate }

const DAY = 86_400_000

type Alg = { name: string; hash?: string; namedCurve?: string; modulusLength?: number; publicExponent?: Uint8Array }

async function keyPair(kind: KeyKind, hash: 'SHA-256' | 'SHA-1'): Promise<{ keys: CryptoKeyPair; sign: Alg }> {
  if (kind.startsWith('ec')) {
    const namedCurve = kind === 'ec-p384' ? 'P-384' : 'P-256'
    const alg = { name: 'ECDSA', namedCurve }
    const keys = (await crypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as CryptoKeyPair
    return { keys, sign: { name: 'ECDSA', hash } }
  }
  const alg = {
    name: 'RSASSA-PKCS1-v1_5',
    modulusLength: kind === 'rsa-1024' ? 1024 : 2048,
    publicExponent: new Uint8Array([1, 0, 1]),
    hash,
  }
  const keys = (await crypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as CryptoKeyPair
  return { keys, sign: alg }
}

export async function makeCert(options: {
  subject: string
  /** The issuing certificate and its keys; omitted = self-signed. */
  issuer?: MadeCert
  names?: string[]
  /** Days from now; negative = in the past. */
  notBeforeDays?: number
  notAfterDays: number
  key?: KeyKind
  hash?: 'SHA-256' | 'SHA-1'
  ca?: boolean
}): Promise<MadeCert> {
  const hash = options.hash ?? 'SHA-256'
  const { keys, sign } = await keyPair(options.key ?? 'ec-p256', hash)
  const now = Date.now()
  const issuerKeys = options.issuer?.keys ?? keys
  const issuerAlg = options.issuer ? signingAlgorithmOf(options.issuer, hash) : sign
  const extensions: x509.Extension[] = [new x509.BasicConstraintsExtension(!!options.ca, undefined, true)]
  if (options.names?.length) {
    extensions.push(new x509.SubjectAlternativeNameExtension(options.names.map((value) => ({ type: 'dns' as const, value }))))
  }
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: [...crypto.getRandomValues(new Uint8Array(8))]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('')
      .replace(/^[89a-f]/, '1'),
    subject: options.subject,
    issuer: options.issuer?.cert.subject ?? options.subject,
    notBefore: new Date(now + (options.notBeforeDays ?? -1) * DAY),
    notAfter: new Date(now + options.notAfterDays * DAY),
    signingAlgorithm: issuerAlg as never,
    publicKey: keys.publicKey,
    signingKey: issuerKeys.privateKey,
    extensions,
  })
  return { der: new Uint8Array(cert.rawData), pem: cert.toString('pem'), keys, cert }
}

function signingAlgorithmOf(issuer: MadeCert, hash: string): Alg {
  const alg = issuer.keys.privateKey.algorithm as Alg
  return alg.name === 'ECDSA' ? { name: 'ECDSA', hash } : { ...alg, hash }
}

/** PKCS#8 PEM of a private key, for node:tls. */
export async function privateKeyPem(key: CryptoKey): Promise<string> {
  const pkcs8 = new Uint8Array((await crypto.subtle.exportKey('pkcs8', key)) as ArrayBuffer)
  const b64 = btoa(String.fromCharCode(...pkcs8))
  return `-----BEGIN PRIVATE KEY-----\n${b64.match(/.{1,64}/g)!.join('\n')}\n-----END PRIVATE KEY-----\n`
}
