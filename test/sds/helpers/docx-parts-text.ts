/**
 * The text a DOCX says, part by part, for the regression check of test/sds/docx-text.test.ts:
 * what changes how a sheet is built or packed must not change a word of it. Parts are named by
 * their role (document, header, footer, properties), not their file names, so another packer
 * may name them differently; layout (styles, sizes, colours) is not text and is left out.
 */
import { unzip } from './unzip'

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, '&')

/**
 * One line per paragraph: its runs' text, a field as {PAGE} or {NUMPAGES}, an image as
 * [image: its description]; a table cell ends with " |".
 */
function paragraphLines(xml: string): string[] {
  const lines: string[] = []
  for (const [para] of xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>|<w:tc>|<w:tc |<\/w:tc>/g)) {
    if (para === '</w:tc>') {
      lines.push('|')
      continue
    }
    if (!para.startsWith('<w:p')) continue
    let text = ''
    for (const m of para.matchAll(
      /<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<w:instrText(?: [^>]*)?>([^<]*)<\/w:instrText>|<w:fldSimple [^>]*w:instr="([^"]*)"|<w:tab\/>|<w:br\/>|<wp:docPr [^>]*descr="([^"]*)"/g
    )) {
      if (m[1] !== undefined) text += decode(m[1])
      else if (m[2] !== undefined || m[3] !== undefined)
        text += `{${
          decode(m[2] ?? m[3])
            .trim()
            .split(/\s+/)[0]
        }}`
      else if (m[4] !== undefined) text += `[image: ${decode(m[4])}]`
      else text += m[0] === '<w:tab/>' ? '\t' : '\n'
    }
    lines.push(text)
  }
  return lines
}

/** dc:title, dc:creator and the other named properties, without the dates (they change). */
function propertyLines(xml: string): string[] {
  return [...xml.matchAll(/<(dc:(?:title|subject|creator|description)|cp:keywords)(?: [^>]*)?>([^<]*)<\//g)].map(
    ([, name, value]) => `${name}: ${decode(value)}`
  )
}

export async function docxPartsText(bytes: Uint8Array): Promise<string> {
  const files = await unzip(bytes)
  const text = (name: string) => new TextDecoder().decode(files.get(name))
  const named = (re: RegExp) => [...files.keys()].filter((n) => re.test(n)).sort()
  const out: string[] = []
  const part = (title: string, lines: string[]) => out.push(`== ${title}`, ...lines)
  part('document', paragraphLines(text('word/document.xml')))
  for (const [i, n] of named(/^word\/header\d*\.xml$/).entries()) part(`header ${i + 1}`, paragraphLines(text(n)))
  for (const [i, n] of named(/^word\/footer\d*\.xml$/).entries()) part(`footer ${i + 1}`, paragraphLines(text(n)))
  part('properties', files.has('docProps/core.xml') ? propertyLines(text('docProps/core.xml')) : [])
  part('images', [`${named(/^word\/media\//).length} images`])
  return `${out.join('\n')}\n`
}
