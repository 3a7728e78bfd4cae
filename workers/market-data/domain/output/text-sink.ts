/**
 * Text encoded as UTF-8 straight into a growing byte buffer, handed out a chunk at a time.
 * A streamed answer's window of records (up to a few MB) is many small strings; encoding each
 * into one buffer with `encodeInto` costs less than joining them into one string and encoding
 * that (docs/market-data.md, "Performance design").
 * A chunk handed out is never written again: the next chunk gets a new buffer.
 */
const encoder = new TextEncoder()
const EMPTY = new Uint8Array(0)

export class TextSink {
  private buf = EMPTY
  private pos = 0

  /** `capacity`: the first buffer's size; later ones take the size the largest chunk needed. */
  constructor(private capacity = 64 * 1024) {}

  add(text: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 code unit.
    if (this.buf.length - this.pos < text.length * 3) this.grow(text.length * 3)
    this.pos += encoder.encodeInto(text, this.buf.subarray(this.pos)).written
  }

  get size(): number {
    return this.pos
  }

  /** The bytes added since the last take; the next chunk gets a new buffer when text is next added. */
  take(): Uint8Array {
    const chunk = this.buf.subarray(0, this.pos)
    this.capacity = Math.max(this.capacity, this.pos)
    this.buf = EMPTY
    this.pos = 0
    return chunk
  }

  private grow(need: number): void {
    const next = new Uint8Array(Math.max(this.capacity, this.buf.length * 2, this.pos + need))
    next.set(this.buf.subarray(0, this.pos))
    this.buf = next
  }
}
