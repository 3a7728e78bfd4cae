import 'reflect-metadata' // @peculiar/x509 resolves its algorithm providers through tsyringe
import { SubjectAlternativeNameExtension, X509Certificate } from '@peculiar/x509'
import * as asn1js from 'asn1js'

/** What the report says about one certificate, read from its DER encoding. */
export type CertificateFacts = {
  subject: string
  issuer: string
  /** The issuing CA's name in short form (O and CN of the issuer), for people. */
  issuer_name: string
  not_before: string
  not_after: string
  serial: string
  names: string[]
  key: { algorithm: string; bits: number | null }
  signature_algorithm: string
  self_signed: boolean
}

// OIDs of signature algorithms (RFC 4055, RFC 5758, RFC 8410, RFC 3279).
const SIGNATURE_OIDS: Record<string, string> = {
  '1.2.840.113549.1.1.2': 'md2WithRSAEncryption',
  '1.2.840.113549.1.1.4': 'md5WithRSAEncryption',
  '1.2.840.113549.1.1.5': 'sha1WithRSAEncryption',
  '1.2.840.113549.1.1.10': 'RSASSA-PSS',
  '1.2.840.113549.1.1.11': 'sha256WithRSAEncryption',
  '1.2.840.113549.1.1.12': 'sha384WithRSAEncryption',
  '1.2.840.113549.1.1.13': 'sha512WithRSAEncryption',
  '1.2.840.10045.4.1': 'ecdsa-with-SHA1',
  '1.2.840.10045.4.3.2': 'ecdsa-with-SHA256',
  '1.2.840.10045.4.3.3': 'ecdsa-with-SHA384',
  '1.2.840.10045.4.3.4': 'ecdsa-with-SHA512',
  '1.2.840.10040.4.3': 'dsa-with-SHA1',
  '1.3.101.112': 'Ed25519',
  '1.3.101.113': 'Ed448',
}

// SubjectPublicKeyInfo algorithm and named-curve OIDs (RFC 3279, RFC 5480, RFC 8410).
const KEY_OIDS: Record<string, string> = {
  '1.2.840.113549.1.1.1': 'RSA',
  '1.2.840.113549.1.1.10': 'RSA-PSS',
  '1.2.840.10045.2.1': 'EC',
  '1.2.840.10040.4.1': 'DSA',
  '1.3.101.112': 'Ed25519',
  '1.3.101.113': 'Ed448',
}
const CURVE_BITS: Record<string, number> = {
  '1.2.840.10045.3.1.7': 256, // P-256
  '1.3.132.0.34': 384, // P-384
  '1.3.132.0.35': 521, // P-521
  '1.3.132.0.33': 224, // P-224
  '1.2.840.10045.3.1.1': 192, // P-192
}

export class CertificateParseError extends Error {}

/** Parses a DER (or PEM) certificate; throws CertificateParseError when it is not one. */
export function readCertificate(der: Uint8Array | string): CertificateFacts {
  // Any failure of the decoders (a malformed field, or the stack running out on DER nested
  // on purpose, which they decode recursively) means the bytes are not a usable certificate.
  try {
    return facts(new X509Certificate(typeof der === 'string' ? der : toArrayBuffer(der)))
  } catch (err) {
    throw new CertificateParseError(`Not an X.509 certificate (${(err as Error).message}).`)
  }
}

function facts(cert: X509Certificate): CertificateFacts {
  const san = cert.getExtension(SubjectAlternativeNameExtension)
  const names = san ? san.names.items.filter((n) => n.type === 'dns').map((n) => n.value.toLowerCase()) : []
  const { signatureOid, keyOid, curveOid, rsaBits } = readOids(new Uint8Array(cert.rawData))
  const issuerParts = cert.issuerName.toJSON()
  const pick = (type: string) => issuerParts.flatMap((rdn) => rdn[type] ?? [])[0]
  const org = pick('O')
  const cn = pick('CN')
  return {
    subject: cert.subject,
    issuer: cert.issuer,
    issuer_name: [org, cn && cn !== org ? `(${cn})` : ''].filter(Boolean).join(' ') || cert.issuer,
    not_before: cert.notBefore.toISOString(),
    not_after: cert.notAfter.toISOString(),
    serial: cert.serialNumber,
    names,
    key: {
      algorithm: KEY_OIDS[keyOid] ?? keyOid,
      bits: rsaBits ?? (curveOid ? (CURVE_BITS[curveOid] ?? null) : keyOid === '1.3.101.112' ? 256 : null),
    },
    signature_algorithm: SIGNATURE_OIDS[signatureOid] ?? signatureOid,
    // Same name as issuer: self-issued (RFC 5280 §3.2), which for a leaf means self-signed.
    self_signed: cert.subject === cert.issuer,
  }
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
}

/**
 * The algorithm OIDs, read straight from the DER with asn1js: @peculiar/x509 maps them to
 * WebCrypto algorithms and throws on the ones WebCrypto lacks (MD5, DSA), exactly the ones
 * worth reporting.
 */
function readOids(der: Uint8Array): { signatureOid: string; keyOid: string; curveOid: string | null; rsaBits: number | null } {
  const parsed = asn1js.fromBER(toArrayBuffer(der))
  const seq = (node: unknown): asn1js.AsnType[] => (node as asn1js.Sequence).valueBlock.value
  const oid = (node: unknown): string => (node as asn1js.ObjectIdentifier).valueBlock.toString()
  const certificate = seq(parsed.result)
  const tbs = seq(certificate[0])
  const signatureOid = oid(seq(certificate[1])[0])
  // TBSCertificate: [0] version (optional), serial, signature, issuer, validity, subject, spki, ...
  const offset = (tbs[0] as asn1js.BaseBlock).idBlock.tagClass === 3 ? 1 : 0
  const spki = seq(tbs[offset + 5])
  const algorithm = seq(spki[0])
  const keyOid = oid(algorithm[0])
  const curveOid = algorithm[1] instanceof asn1js.ObjectIdentifier ? oid(algorithm[1]) : null
  let rsaBits: number | null = null
  if (keyOid === '1.2.840.113549.1.1.1' || keyOid === '1.2.840.113549.1.1.10') {
    const key = asn1js.fromBER((spki[1] as asn1js.BitString).valueBlock.valueHexView.slice().buffer)
    const modulus = new Uint8Array((seq(key.result)[0] as asn1js.Integer).valueBlock.valueHexView)
    const significant = modulus[0] === 0 ? modulus.subarray(1) : modulus
    rsaBits = significant.length * 8 - Math.clz32(significant[0]) + 24
  }
  return { signatureOid, keyOid, curveOid, rsaBits }
}
