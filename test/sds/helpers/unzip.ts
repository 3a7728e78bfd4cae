/**
 * A minimal ZIP reader for tests: walks the central directory and inflates entries with the
 * platform's DecompressionStream('deflate-raw'). Enough for the DOCX files we generate.
 */
export async function unzip(bytes: Uint8Array): Promise<Map<string, Uint8Array>> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  // End of central directory record: signature 0x06054b50, searched from the end.
  let eocd = -1
  for (let i = bytes.length - 22; i >= 0; i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i
      break
    }
  }
  if (eocd < 0) throw new Error('not a zip file: no end of central directory')
  const count = view.getUint16(eocd + 10, true)
  let at = view.getUint32(eocd + 16, true)
  const files = new Map<string, Uint8Array>()
  for (let n = 0; n < count; n++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error('bad central directory entry')
    const method = view.getUint16(at + 10, true)
    const compressedSize = view.getUint32(at + 20, true)
    const size = view.getUint32(at + 24, true)
    const nameLen = view.getUint16(at + 28, true)
    const extraLen = view.getUint16(at + 30, true)
    const commentLen = view.getUint16(at + 32, true)
    const local = view.getUint32(at + 42, true)
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLen))
    const localName = view.getUint16(local + 26, true)
    const localExtra = view.getUint16(local + 28, true)
    const start = local + 30 + localName + localExtra
    const raw = bytes.subarray(start, start + compressedSize)
    files.set(name, method === 0 ? raw : await inflate(raw, size))
    at += 46 + nameLen + extraLen + commentLen
  }
  return files
}

async function inflate(data: Uint8Array, size: number): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream('deflate-raw'))
  const out = new Uint8Array(await new Response(stream).arrayBuffer())
  if (out.length !== size) throw new Error(`inflated ${out.length} bytes, expected ${size}`)
  return out
}

export async function docxText(bytes: Uint8Array, part = 'word/document.xml'): Promise<string> {
  const files = await unzip(bytes)
  const xml = files.get(part)
  if (!xml) throw new Error(`${part} missing; parts: ${[...files.keys()].join(', ')}`)
  return new TextDecoder().decode(xml)
}

/** The visible text of each paragraph, in document order. */
export function paragraphs(xml: string): string[] {
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((m) =>
    [...m[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => decodeXml(t[1])).join('')
  )
}

function decodeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
}
