import type { HttpFetcher } from '../../../../shared/http-fetcher'
import { isHtmlType, readPrefix } from './page'

// Real policy files are a few hundred bytes; the grant elements come first.
const MAX_POLICY_BYTES = 16 * 1024

/**
 * The first 16 KiB of `/crossdomain.xml` or `/clientaccesspolicy.xml` on the graded page's
 * origin (already validated as a public target), or null when there is none: any answer but a
 * 200, an HTML page (the "soft 404" many sites serve for every path), or a failed request.
 * Redirects are not followed, as Flash and Silverlight read the file at that exact URL.
 */
export async function fetchPolicyFile(
  fetcher: HttpFetcher,
  url: string,
  options: { signal?: AbortSignal; userAgent: string }
): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    const res = await fetcher(url, {
      method: 'GET',
      redirect: 'manual',
      headers: { 'user-agent': options.userAgent },
      signal: options.signal,
    })
    if (res.status !== 200 || !res.body || isHtmlType(res.headers.get('content-type') ?? undefined)) {
      await res.body?.cancel()
      return null
    }
    return await readPrefix(res.body, MAX_POLICY_BYTES)
  } catch {
    return null
  }
}
