import { ApiError } from '../../shared/errors'
import { PAGE_LIMITS, PageTooLarge } from './domain/render/page-limits'

const kib = (n: number) => `${Math.ceil(n / 1024).toLocaleString('en')} KiB`

/** The drop service's domain errors as HTTP answers (one table); anything else passes through. */
export function toHttpError(error: unknown): unknown {
  if (error instanceof PageTooLarge) {
    return new ApiError(
      422,
      'RENDERED_TOO_LARGE',
      error.what === 'page'
        ? `The rendered page would be ${kib(error.bytes)}; a drop's page may hold ${kib(PAGE_LIMITS.floorBytes)} plus ${PAGE_LIMITS.ratio} times its Markdown, at most ${kib(PAGE_LIMITS.maxPageBytes)} (here ${kib(error.maxBytes)}). Markup that expands a lot (thousands of footnote references or headings) is the usual cause.`
        : `The stored drop would be ${kib(error.bytes)}, over the ${kib(error.maxBytes)} a drop can hold.`,
      { max_bytes: error.maxBytes }
    )
  }
  return error
}

/** Runs a use case, its domain errors mapped to HTTP. */
export async function asHttp<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    throw toHttpError(error)
  }
}
