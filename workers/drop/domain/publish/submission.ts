import { DomainError } from '../../../../shared/errors'
import { ACCEPTED_EXTENSIONS } from '../../schemas'

import type { ExpiresIn } from '../../schemas'

export type Submission = { markdown: string; title?: string; expiresIn?: ExpiresIn; burn?: boolean; baseUrl?: string }

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

const EXPIRY_CHOICES = ['1h', '1d', '7d', 'never']

/** Form fields (multipart or an HTML form): `expires_in` and the `burn_after_reading` checkbox. */
export function formOptions(
  expiresIn: string | undefined,
  burn: string | undefined,
  baseUrl?: string
): Pick<Submission, 'expiresIn' | 'burn' | 'baseUrl'> {
  if (baseUrl && (baseUrl.length > 500 || !isHttpUrl(baseUrl))) {
    throw new DomainError('INVALID_BODY', 'base_url must be an absolute http(s) URL.', {
      issues: [{ path: 'base_url', message: 'an absolute http(s) URL' }],
    })
  }
  if (expiresIn !== undefined && expiresIn !== '' && !EXPIRY_CHOICES.includes(expiresIn)) {
    throw new DomainError('INVALID_BODY', 'expires_in must be 1h, 1d, 7d or never.', {
      issues: [{ path: 'expires_in', message: 'one of 1h, 1d, 7d, never' }],
    })
  }
  if (burn !== undefined && !['true', 'false', 'on', ''].includes(burn)) {
    throw new DomainError('INVALID_BODY', 'burn_after_reading must be true or false.', {
      issues: [{ path: 'burn_after_reading', message: 'true or false' }],
    })
  }
  return {
    expiresIn: (expiresIn || undefined) as ExpiresIn | undefined,
    burn: burn === 'true' || burn === 'on',
    baseUrl: baseUrl || undefined,
  }
}

/**
 * Picks the Markdown out of what was sent (DECISIONS.md, E): `markdown`, its alias
 * `content`, or an uploaded file; sending two different ones is ambiguous.
 */
export function chooseMarkdown(parts: { markdown?: string; content?: string; file?: string }): string {
  const given = [parts.markdown, parts.content, parts.file].filter((v): v is string => v !== undefined)
  const distinct = new Set(given)
  if (parts.file !== undefined && (parts.markdown !== undefined || parts.content !== undefined)) {
    throw new DomainError('AMBIGUOUS_BODY', 'Send the Markdown either as a file or as text, not both.')
  }
  if (distinct.size > 1) {
    throw new DomainError('AMBIGUOUS_BODY', '`markdown` and `content` differ; send one of them (they are aliases).')
  }
  const markdown = given[0] ?? ''
  if (markdown.trim() === '') {
    throw new DomainError('EMPTY_MARKDOWN', 'The Markdown is empty: send some text in `markdown` (or upload a non-empty file).')
  }
  return markdown
}

export function checkFileName(name: string): void {
  const lower = name.toLowerCase()
  if (!ACCEPTED_EXTENSIONS.some((ext) => lower.endsWith(ext))) {
    throw new DomainError(
      'UNSUPPORTED_FILE_TYPE',
      `Only ${ACCEPTED_EXTENSIONS.join(', ')} files can be published; "${name.slice(0, 100)}" is not one of them.`,
      { accepted: [...ACCEPTED_EXTENSIONS] }
    )
  }
}

export function checkSize(bytes: number, max: number, pro: boolean): void {
  if (bytes > max) {
    throw new DomainError(
      'PAYLOAD_TOO_LARGE',
      `The Markdown is ${Math.ceil(bytes / 1024)} KiB; the limit is ${max / 1024} KiB${pro ? '' : ' on the free plan (Pro allows 5 MiB)'}.`,
      { max_bytes: max }
    )
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })

export function decodeUtf8(bytes: ArrayBuffer): string {
  try {
    return utf8.decode(bytes)
  } catch {
    throw new DomainError('INVALID_ENCODING', 'The file is not valid UTF-8 text. Save it as UTF-8 and try again.')
  }
}
