import { DomainError } from '../../../../shared/errors'

/**
 * How large a stored drop may grow from its Markdown (issue 35 §1): some inputs expand far
 * more than text does (every `[^a]` reference adds a back-link to the note, every `## a`
 * heading an id and an anchor link), and the page is sent on every view. A page may hold
 * FLOOR_BYTES plus RATIO times its Markdown, and never more than MAX_PAGE_BYTES; the record
 * (Markdown and article, as JSON) must fit a KV value (25 MiB, Cloudflare KV limits page).
 * Measured on a typical document (headings, prose, lists, code, tables): the article is 2.5x
 * its Markdown; highlighted code up to about 5x, alerts 7x; a page of only `## a` headings
 * 16x and of one footnote referenced 50,000 times 33x.
 */
export const PAGE_LIMITS = {
  floorBytes: 256 * 1024,
  ratio: 10,
  maxPageBytes: 12 * 1024 * 1024,
  // Cloudflare KV: a value is at most 25 MiB; a margin for the metadata and the key.
  maxRecordBytes: 24 * 1024 * 1024,
} as const

/** The most bytes the page of `markdownBytes` of Markdown may have. */
export function maxPageBytes(markdownBytes: number): number {
  return Math.min(PAGE_LIMITS.maxPageBytes, PAGE_LIMITS.floorBytes + PAGE_LIMITS.ratio * markdownBytes)
}

const kib = (n: number) => `${Math.ceil(n / 1024).toLocaleString('en')} KiB`

/** The rendered drop would be larger than its Markdown allows (RENDERED_TOO_LARGE); nothing has been stored. */
export class PageTooLarge extends DomainError {
  constructor(
    readonly bytes: number,
    readonly maxBytes: number,
    readonly what: 'page' | 'record'
  ) {
    super(
      'RENDERED_TOO_LARGE',
      what === 'page'
        ? `The rendered page would be ${kib(bytes)}; a drop's page may hold ${kib(PAGE_LIMITS.floorBytes)} plus ${PAGE_LIMITS.ratio} times its Markdown, at most ${kib(PAGE_LIMITS.maxPageBytes)} (here ${kib(maxBytes)}). Markup that expands a lot (thousands of footnote references or headings) is the usual cause.`
        : `The stored drop would be ${kib(bytes)}, over the ${kib(maxBytes)} a drop can hold.`,
      { max_bytes: maxBytes }
    )
  }
}

/**
 * Throws PageTooLarge when `renderedLength` (a length in UTF-16 units, at most the byte
 * length, so a refusal here is never wrong) is already over the page limit: cheap enough to
 * run before the sanitizer reads the article.
 */
export function checkRenderedLength(renderedLength: number, markdownBytes: number): void {
  const max = maxPageBytes(markdownBytes)
  if (renderedLength > max) throw new PageTooLarge(renderedLength, max, 'page')
}

/** The exact check before storage: the page and the record as they will be written. */
export function checkStoredSizes(sizes: { pageBytes: number; recordBytes: number; markdownBytes: number }): void {
  const max = maxPageBytes(sizes.markdownBytes)
  if (sizes.pageBytes > max) throw new PageTooLarge(sizes.pageBytes, max, 'page')
  if (sizes.recordBytes > PAGE_LIMITS.maxRecordBytes) throw new PageTooLarge(sizes.recordBytes, PAGE_LIMITS.maxRecordBytes, 'record')
}
