import { children, DerError, expectTag, hex, oid, readTlv, text, time, type Tlv } from './der'

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

// X.520 / RFC 4519 attribute types, by their usual short names (RFC 4514 §3).
const NAME_ATTRIBUTES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.5': 'serialNumber',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.9': 'street',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.97': 'organizationIdentifier',
  '1.2.840.113549.1.9.1': 'E',
  '0.9.2342.19200300.100.1.25': 'DC',
  '0.9.2342.19200300.100.1.1': 'UID',
}
const SUBJECT_ALT_NAME = '2.5.29.17'
const SEQUENCE = 0x30
const SET = 0x31

export class CertificateParseError extends Error {}

/** Parses a DER (or PEM) certificate; throws CertificateParseError when it is not one. */
export function readCertificate(der: Uint8Array | string): CertificateFacts {
  try {
    return facts(typeof der === 'string' ? fromPem(der) : der)
  } catch (err) {
    throw new CertificateParseError(`Not an X.509 certificate (${(err as Error).message}).`)
  }
}

function fromPem(pem: string): Uint8Array {
  const begin = pem.indexOf('-----BEGIN CERTIFICATE-----')
  const end = pem.indexOf('-----END CERTIFICATE-----')
  if (begin < 0 || end < begin) throw new DerError('no PEM certificate')
  const b64 = pem.slice(begin + 27, end).replace(/\s/g, '')
  const bin = atob(b64)
  return Uint8Array.from(bin, (c) => c.charCodeAt(0))
}

/** RFC 5280 §4.1: Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue }. */
function facts(der: Uint8Array): CertificateFacts {
  const certificate = expectTag(readTlv(der, 0), SEQUENCE, 'Certificate')
  const [tbsTlv, sigAlg] = children(der, certificate)
  const tbs = children(der, expectTag(tbsTlv, SEQUENCE, 'TBSCertificate'))
  // [0] EXPLICIT version is optional (v1 certificates).
  const offset = tbs[0]?.tag === 0xa0 ? 1 : 0
  const serial = expectTag(tbs[offset], 0x02, 'serialNumber')
  const issuer = readName(der, expectTag(tbs[offset + 2], SEQUENCE, 'issuer'))
  const validity = children(der, expectTag(tbs[offset + 3], SEQUENCE, 'validity'))
  const subject = readName(der, expectTag(tbs[offset + 4], SEQUENCE, 'subject'))
  const spki = children(der, expectTag(tbs[offset + 5], SEQUENCE, 'subjectPublicKeyInfo'))
  const keyAlg = children(der, expectTag(spki[0], SEQUENCE, 'key algorithm'))
  const keyOid = oid(keyAlg[0])
  const curveOid = keyAlg[1]?.tag === 0x06 ? oid(keyAlg[1]) : null
  const signatureOid = oid(children(der, expectTag(sigAlg, SEQUENCE, 'signatureAlgorithm'))[0])
  const extensions = tbs.slice(offset + 6).find((t) => t.tag === 0xa3)
  const issuerParts = issuer.parts
  const pick = (type: string) => issuerParts.find(([t]) => t === type)?.[1]
  const org = pick('O')
  const cn = pick('CN')
  return {
    subject: subject.text,
    issuer: issuer.text,
    issuer_name: [org, cn && cn !== org ? `(${cn})` : ''].filter(Boolean).join(' ') || issuer.text,
    not_before: time(validity[0]),
    not_after: time(validity[1]),
    serial: hex(serial.bytes),
    names: extensions ? dnsNames(der, extensions) : [],
    key: {
      algorithm: KEY_OIDS[keyOid] ?? keyOid,
      bits:
        keyOid === '1.2.840.113549.1.1.1' || keyOid === '1.2.840.113549.1.1.10'
          ? rsaBits(spki[1])
          : curveOid
            ? (CURVE_BITS[curveOid] ?? null)
            : keyOid === '1.3.101.112'
              ? 256
              : null,
    },
    signature_algorithm: SIGNATURE_OIDS[signatureOid] ?? signatureOid,
    // Same name as issuer: self-issued (RFC 5280 §3.2), which for a leaf means self-signed.
    self_signed: subject.text === issuer.text,
  }
}

/** Name ::= SEQUENCE OF RelativeDistinguishedName (SET OF AttributeTypeAndValue), as "C=US, O=…, CN=…". */
function readName(der: Uint8Array, name: Tlv): { text: string; parts: Array<[string, string]> } {
  const parts: Array<[string, string]> = []
  const rdns = children(der, name)
    .slice(0, 64)
    .map((rdn) =>
      children(der, expectTag(rdn, SET, 'RDN'))
        .slice(0, 16)
        .map((atv) => {
          const [type, value] = children(der, expectTag(atv, SEQUENCE, 'attribute'))
          const key = NAME_ATTRIBUTES[oid(type)] ?? oid(type)
          const v = value ? text(value) : ''
          parts.push([key, v])
          return `${key}=${v}`
        })
        .join('+')
    )
  return { text: rdns.join(', '), parts }
}

/** subjectAltName (RFC 5280 §4.2.1.6): the dNSName entries ([2] IA5String). */
function dnsNames(der: Uint8Array, explicit: Tlv): string[] {
  const list = children(der, expectTag(children(der, explicit)[0], SEQUENCE, 'extensions'))
  for (const ext of list) {
    const fields = children(der, expectTag(ext, SEQUENCE, 'extension'))
    if (oid(fields[0]) !== SUBJECT_ALT_NAME) continue
    const value = expectTag(fields.at(-1), 0x04, 'extnValue')
    const names = readTlv(der, value.start, value.end)
    return children(der, expectTag(names, SEQUENCE, 'GeneralNames'))
      .filter((n) => n.tag === 0x82)
      .slice(0, 1000)
      .map((n) => text({ ...n, tag: 0x16 }).toLowerCase())
  }
  return []
}

/** RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER } inside the BIT STRING. */
function rsaBits(bitString: Tlv | undefined): number | null {
  const bits = expectTag(bitString, 0x03, 'subjectPublicKey')
  const inner = bits.bytes.subarray(1) // unused-bits byte
  const key = readTlv(inner, 0)
  const modulus = expectTag(children(inner, expectTag(key, SEQUENCE, 'RSAPublicKey'))[0], 0x02, 'modulus').bytes
  let i = 0
  while (i < modulus.length - 1 && modulus[i] === 0) i++
  const significant = modulus.subarray(i)
  return significant.length * 8 - (Math.clz32(significant[0]) - 24)
}
