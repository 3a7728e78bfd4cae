import { z } from '@hono/zod-openapi'
import { GRADES, SCORE_TABLE, TESTS, type ResultId, type TestName } from './domain/scoring'

const resultIds = Object.keys(SCORE_TABLE) as [ResultId, ...ResultId[]]
const testNames = Object.keys(TESTS) as [TestName, ...TestName[]]

export const CheckQuerySchema = z.object({
  domain: z
    .string()
    .optional()
    .openapi({
      param: { name: 'domain', in: 'query' },
      description:
        'The site to check: a hostname (domain or subdomain; IDNs may be given in Unicode), or a URL whose host is checked. Surrounding spaces and a trailing dot are ignored; an http(s) scheme, path, query and fragment are dropped. A port other than 443, user info or another scheme is INVALID_DOMAIN.',
      example: 'example.com',
    }),
  fresh: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .openapi({
      param: { name: 'fresh', in: 'query' },
      description:
        'Pro keys only: run a new check even when a cached report is fresh. At most one run per domain per 60 s (the Observatory’s cooldown): within that, the cached report is returned (Cache-Status: hit).',
    }),
})

const HeaderSchema = z.object({
  present: z.boolean(),
  value: z.string().nullable().openapi({ description: 'The value as received (repeated headers joined by ", "), null when absent.' }),
  result: z.enum(resultIds).openapi({ description: 'The test result for this header (see findings and docs/audit-scoring.md).' }),
})

export const CertificateSchema = z
  .object({
    checked: z.boolean().openapi({
      description:
        'false where the service runs without TCP sockets (a local or offline setup): then no TLS fact was checked, valid is null and grade "unknown".',
    }),
    valid: z.boolean().nullable().openapi({
      description: 'Whether an HTTPS request to the domain succeeded under the runtime’s certificate validation; null when not checked.',
    }),
    issuer: z
      .string()
      .nullable()
      .openapi({ description: 'Issuer of the certificate (organisation and CA name), null when no certificate could be read.' }),
    issuer_dn: z.string().nullable().openapi({ description: 'Full issuer distinguished name.' }),
    subject: z.string().nullable(),
    names: z.array(z.string()).openapi({ description: 'DNS names (subjectAltName) the certificate covers.' }),
    expires_at: z.string().nullable().openapi({ description: 'notAfter, ISO 8601 UTC.', example: '2026-09-01T12:00:00.000Z' }),
    days_remaining: z.number().int().nullable().openapi({ description: 'Whole days until expiry (negative once expired).' }),
    key: z.object({ algorithm: z.string(), bits: z.number().int().nullable() }).nullable(),
    signature_algorithm: z.string().nullable(),
    self_signed: z.boolean().nullable(),
    grade: z.enum(['A', 'B', 'C', 'F', 'T', 'unknown']).openapi({
      description:
        'Certificate and TLS grade, SSL Labs-style with caps (docs/audit-scoring.md): F no HTTPS, expired, MD5 or RSA < 1024, or NULL/export/anonymous suites accepted; ' +
        'T not trusted or the served certificate does not cover the name; "unknown" when no certificate could be read at all (never a guessed A); ' +
        'else A capped at C (RC4 or 3DES accepted, under 7 days left) or B (TLS 1.0/1.1 accepted, no forward secrecy or AEAD preferred, incomplete chain, weak key, SHA-1, under 30 days left).',
    }),
    grade_reasons: z.array(z.string()).openapi({ description: 'Every rule that lowered the grade.' }),
    source: z.enum(['tls-handshake', 'certificate-transparency', 'none']).openapi({
      description:
        'Where the certificate facts come from: "tls-handshake", the certificate the server served in a TLS 1.2 handshake; "certificate-transparency", a fallback when no handshake gave one (TLS 1.3 only, sockets refused): the newest unexpired certificate logged for the name on crt.sh, which may not be the one served; "none".',
    }),
    chain_length: z.number().int().nullable(),
    chain_complete: z
      .boolean()
      .nullable()
      .openapi({ description: 'The served chain includes the leaf’s issuer (intermediates sent); null without a handshake.' }),
    name_match: z
      .boolean()
      .nullable()
      .openapi({ description: 'The served certificate’s DNS names cover the domain; null without a handshake.' }),
    tls: z
      .object({
        protocols: z.object({
          tls1_0: z.boolean().nullable(),
          tls1_1: z.boolean().nullable(),
          tls1_2: z.boolean().nullable(),
          tls1_3: z.boolean().nullable(),
        }),
        negotiated_version: z.string().nullable().openapi({ description: 'Version of the TLS 1.2 certificate read, e.g. "TLS 1.2".' }),
        negotiated_suite: z.string().nullable().openapi({ description: 'Suite the server chose from our default list (strong first).' }),
        preference_probe_suite: z
          .string()
          .nullable()
          .openapi({ description: 'Suite the server chose from a list with static-RSA and CBC suites first.' }),
        prefers_forward_secrecy: z.boolean().nullable(),
        prefers_aead: z.boolean().nullable(),
        weak_suites: z.object({
          null_export_anon: z.boolean().nullable(),
          rc4: z.boolean().nullable(),
          triple_des: z.boolean().nullable(),
          static_rsa: z.boolean().nullable().openapi({ description: 'Suites without forward secrecy (RSA key exchange) accepted.' }),
        }),
        ocsp_stapling: z
          .boolean()
          .nullable()
          .openapi({ description: 'The server acknowledged status_request in its TLS 1.2 ServerHello; null without one.' }),
      })
      .openapi({ description: 'Protocol probes (ClientHellos only, never a full handshake). null: the probe could not tell.' }),
    caa: z
      .object({
        present: z.boolean().nullable(),
        name: z.string().nullable().openapi({ description: 'The name whose CAA record set applies (RFC 8659 §3).' }),
        issuers: z.array(z.string()),
        iodef: z.boolean(),
      })
      .openapi({ description: 'CAA records via DNS over HTTPS; present null when the resolver failed.' }),
    error: z.string().nullable().openapi({ description: 'Why the HTTPS request or the handshake failed, when one did.' }),
  })
  .openapi('Certificate')

export const FindingSchema = z
  .object({
    test: z.enum(testNames),
    result: z.enum(resultIds),
    pass: z.boolean(),
    modifier: z.number().int().openapi({ description: 'The result’s modifier in the scoring table.' }),
    counted: z.boolean().openapi({
      description:
        'Whether the modifier counted. A bonus counts only when the score before bonuses is at least 90; penalties always count.',
    }),
    points: z.number().int().openapi({
      description:
        'What this finding added to the score: the modifier when counted, else 0. 100 + the sum of points, floored at 0, = score_uncapped.',
    }),
    advice: z.string(),
    deviation: z
      .object({
        observatory_result: z
          .enum(resultIds)
          .nullable()
          .openapi({ description: 'The result the Observatory gives here; null when it has no such result (or no report).' }),
        reason: z.string().openapi({ description: 'Why this service departs from the Observatory here (docs/audit-scoring.md).' }),
      })
      .nullable()
      .openapi({ description: 'Set when this result departs from the MDN HTTP Observatory’s by design; null when both agree.' }),
  })
  .openapi('Finding')

export const ReportSchema = z
  .object({
    domain: z.string().openapi({ example: 'example.com' }),
    checked_at: z.string().openapi({ description: 'When the check ran (ISO 8601). A cached report keeps its original time.' }),
    score: z
      .enum(GRADES)
      .openapi({ description: 'Letter grade on the Observatory’s scale: A+, A, A-, B+, B, B-, C+, C, C-, D+, D, D- or F.' }),
    score_numeric: z.number().int().min(0).max(100).openapi({ description: 'score_uncapped capped at 100.' }),
    score_uncapped: z.number().int().min(0).openapi({
      description:
        '100 plus the points of every finding, floored at 0: the number the Observatory shows (it can exceed 100 with bonuses; score_numeric is capped there).',
    }),
    bonuses_counted: z.boolean().openapi({ description: 'Whether the score before bonuses reached 90, so bonuses counted.' }),
    scoring_version: z.number().int().openapi({ description: 'Version of the scoring rules (docs/audit-scoring.md).' }),
    ssl: CertificateSchema,
    headers: z.object({
      hsts: HeaderSchema.extend({
        max_age: z.number().int().nullable(),
        include_subdomains: z.boolean(),
        preload: z.boolean().openapi({ description: 'The header asks to be preloaded (the hstspreload.org convention).' }),
        preloaded: z.boolean().openapi({
          description:
            "The host is on Chromium's HSTS preload list (itself, or a parent with include_subdomains), as built into this version; overrides the header result.",
        }),
      }),
      csp: HeaderSchema.extend({
        directives: z
          .record(z.string(), z.array(z.string()))
          .nullable()
          .openapi({ description: 'Effective directives after merging every policy.' }),
        report_only: z.string().nullable(),
      }),
      x_frame_options: HeaderSchema,
      x_content_type_options: HeaderSchema,
      referrer_policy: HeaderSchema,
      cross_origin_resource_policy: HeaderSchema,
      cross_origin_opener_policy: HeaderSchema,
      cross_origin_embedder_policy: HeaderSchema,
    }),
    cookies: z.object({
      result: z.enum(resultIds),
      items: z
        .array(
          z.object({
            name: z.string(),
            secure: z.boolean().openapi({ description: 'Secure, and set over HTTPS.' }),
            http_only: z.boolean(),
            same_site: z.string().nullable(),
            session: z.boolean().openapi({ description: 'Name contains "sess" or "login" (the Observatory’s heuristic).' }),
            anti_csrf: z.boolean().openapi({ description: 'Name contains "csrf" or "xsrf".' }),
            rejected: z
              .string()
              .nullable()
              .openapi({ description: 'Why browsers refuse it (__Secure-/__Host- prefix rules); such cookies are not graded.' }),
          })
        )
        .openapi({ description: 'Every Set-Cookie on the way to the graded page (both redirect chains), at most 50 per answer.' }),
    }),
    subresource_integrity: z.object({
      result: z.enum(resultIds),
      scripts: z.number().int().openapi({ description: 'Scripts with a src in the first 64 KiB of the page (at most 200).' }),
      external: z.number().int().openapi({ description: 'Of those, scripts from another registrable domain.' }),
      external_without_integrity: z.number().int(),
      insecure: z.array(z.string()).openapi({ description: 'External scripts loaded over http: or a protocol-relative URL (first 10).' }),
    }),
    cors: z.object({
      result: z.enum(resultIds),
      allow_origin: z
        .string()
        .nullable()
        .openapi({ description: 'Access-Control-Allow-Origin answered to a request with a foreign Origin.' }),
      allow_credentials: z.string().nullable(),
      crossdomain_xml: z.enum(['absent', 'restricted', 'universal']),
      clientaccesspolicy_xml: z.enum(['absent', 'restricted', 'universal']),
    }),
    redirects: z.object({
      http_to_https: z.boolean().openapi({
        description:
          'The first redirect from http:// goes to https:// on the same registrable domain (e.g. http://example.com → https://www.example.com). Whether it stays on the same host is the result’s business.',
      }),
      chain: z.array(z.string()).openapi({
        description: 'One entry per hop: "<from_url> -> <status> -> <to_url>".',
        example: ['http://example.com/ -> 301 -> https://example.com/'],
      }),
      final_url: z.string().nullable(),
      stopped: z.string().nullable().openapi({ description: 'Why the chain stopped before a final page, if it did.' }),
      result: z.enum(resultIds),
    }),
    graded_url: z
      .string()
      .nullable()
      .openapi({ description: 'The response whose headers were graded (the final HTTPS page, or the HTTP page when there is no HTTPS).' }),
    graded_status: z.number().int().nullable(),
    findings: z.array(FindingSchema),
    view_url: z.string().openapi({ example: 'http://localhost:8792/check/example.com' }),
  })
  .openapi('Report')

export type Report = z.infer<typeof ReportSchema>
export type CertificateReport = z.infer<typeof CertificateSchema>
