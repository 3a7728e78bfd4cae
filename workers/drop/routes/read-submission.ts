import type { Context } from 'hono'
import { mediaType } from '../../../shared/body'
import type { AppEnv } from '../env'
import { checkFileName, checkSize, chooseMarkdown, decodeUtf8, formOptions, type Submission } from '../domain/publish/submission'
import type { ExpiresIn } from '../schemas'

/** The Markdown and options of a publish or an edit, as JSON or multipart (file or fields). */
export async function readSubmission(c: Context<AppEnv>, max: number, pro: boolean): Promise<Submission> {
  if (mediaType(c) === 'application/json') {
    const json = (await c.req.json()) as {
      markdown?: string
      content?: string
      title?: string
      expires_in?: ExpiresIn
      burn_after_reading?: boolean
      base_url?: string
    }
    const markdown = chooseMarkdown({ markdown: json.markdown, content: json.content })
    checkSize(new TextEncoder().encode(markdown).byteLength, max, pro)
    return { markdown, title: json.title, ...formOptions(json.expires_in, String(json.burn_after_reading ?? ''), json.base_url) }
  }
  const form = await c.req.formData()
  // workers-types narrows FormData values to string; uploads are File objects at run time.
  const file = form.get('file') as unknown as File | string | null
  const text = (name: string) => {
    const v = form.get(name)
    return typeof v === 'string' ? v : undefined
  }
  let fileText: string | undefined
  // A browser form with no file chosen still sends an empty, nameless part.
  if (file !== null && typeof file !== 'string' && !(file.size === 0 && file.name === '')) {
    checkFileName(file.name)
    checkSize(file.size, max, pro)
    fileText = decodeUtf8(await file.arrayBuffer()).replace(/^\uFEFF/, '')
  }
  const typed = text('markdown')
  const markdown = chooseMarkdown({
    markdown: fileText !== undefined && typed === '' ? undefined : typed,
    content: text('content'),
    file: fileText,
  })
  checkSize(new TextEncoder().encode(markdown).byteLength, max, pro)
  const title = text('title')
  return {
    markdown,
    title: title && title.length <= 200 ? title : title?.slice(0, 200),
    ...formOptions(text('expires_in'), text('burn_after_reading'), text('base_url')),
  }
}
