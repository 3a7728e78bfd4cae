/**
 * A ZIP writer for DOCX packages (ECMA-376 Part 2, Open Packaging Conventions, over the ZIP
 * format of PKWARE's APPNOTE.TXT 6.3.x): each part DEFLATE-compressed by the runtime's native
 * `CompressionStream('deflate-raw')`, or stored as it is when already compressed (PNG images).
 * A part may come pre-packed (`packPart`), so parts that never change are compressed once per
 * isolate, not once per document. Issue 39: the JavaScript deflate docx's packer used cost a
 * fifth of a sheet's CPU.
 */

/** A part ready for the archive: its bytes as they go in, and what the headers say of them. */
export type PackedPart = { path: Uint8Array; method: 0 | 8; crc: number; size: number; data: Uint8Array }

const CRC_TABLE = (() => {
  const t = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    t[n] = c >>> 0
  }
  return t
})()

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate-raw'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

const encoder = new TextEncoder()

/** One part: text is UTF-8 encoded and DEFLATE-compressed. */
export async function packPart(path: string, content: string | Uint8Array): Promise<PackedPart> {
  const raw = typeof content === 'string' ? encoder.encode(content) : content
  return { path: encoder.encode(path), method: 8, crc: crc32(raw), size: raw.length, data: await deflateRaw(raw) }
}

/** Bytes already compressed (a PNG image), stored as they are. */
export function storedPart(path: string, bytes: Uint8Array): PackedPart {
  return { path: encoder.encode(path), method: 0, crc: crc32(bytes), size: bytes.length, data: bytes }
}

// 1980-01-01 00:00, the earliest DOS date: a package's bytes do not depend on the clock.
const DOS_TIME = 0
const DOS_DATE = (0 << 9) | (1 << 5) | 1

/** The archive of `parts`, in their order (the OPC does not require one). */
export function zipParts(parts: PackedPart[]): Uint8Array {
  let total = 22
  for (const p of parts) total += 30 + p.path.length + p.data.length + 46 + p.path.length
  const out = new Uint8Array(total)
  const view = new DataView(out.buffer)
  let at = 0
  const offsets: number[] = []
  const header = (p: PackedPart, central: boolean) => {
    view.setUint32(at, central ? 0x02014b50 : 0x04034b50, true)
    at += 4
    if (central) {
      view.setUint16(at, 20, true) // made by: version 2.0
      at += 2
    }
    view.setUint16(at, 20, true) // needed to extract: 2.0 (deflate)
    view.setUint16(at + 2, 0x0800, true) // bit 11: the name is UTF-8
    view.setUint16(at + 4, p.method, true)
    view.setUint16(at + 6, DOS_TIME, true)
    view.setUint16(at + 8, DOS_DATE, true)
    view.setUint32(at + 10, p.crc, true)
    view.setUint32(at + 14, p.data.length, true)
    view.setUint32(at + 18, p.size, true)
    view.setUint16(at + 22, p.path.length, true)
    view.setUint16(at + 24, 0, true) // extra field length
    at += 26
  }
  for (const p of parts) {
    offsets.push(at)
    header(p, false)
    out.set(p.path, at)
    at += p.path.length
    out.set(p.data, at)
    at += p.data.length
  }
  const centralStart = at
  for (const [i, p] of parts.entries()) {
    header(p, true)
    view.setUint16(at, 0, true) // comment length
    view.setUint16(at + 2, 0, true) // disk number
    view.setUint16(at + 4, 0, true) // internal attributes
    view.setUint32(at + 6, 0, true) // external attributes
    view.setUint32(at + 10, offsets[i], true)
    at += 14
    out.set(p.path, at)
    at += p.path.length
  }
  view.setUint32(at, 0x06054b50, true)
  view.setUint16(at + 4, 0, true)
  view.setUint16(at + 6, 0, true)
  view.setUint16(at + 8, parts.length, true)
  view.setUint16(at + 10, parts.length, true)
  view.setUint32(at + 12, at - centralStart, true)
  view.setUint32(at + 16, centralStart, true)
  view.setUint16(at + 20, 0, true)
  return out
}
