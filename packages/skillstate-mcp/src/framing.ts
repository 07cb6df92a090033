// Newline-delimited framing of the stdio transport, with a bounded buffer.

/** A line longer than this (in bytes) without a newline is refused, so a peer cannot exhaust our memory. */
export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

/** What the buffer found in the bytes pushed to it, in arrival order. */
export type FrameEvent = { kind: 'line'; line: string } | { kind: 'overflow'; limit: number };

const NEWLINE = 0x0a;

/**
 * Splits a byte stream into lines. Partial lines are kept until their newline arrives. A line that grows past
 * the limit is reported once as `overflow`; its bytes are dropped up to and including the next newline.
 * Splitting on the byte 0x0A is UTF-8 safe: it never occurs inside a multi-byte character.
 * Security: the limit bounds what a peer can make us hold, so a stream without newlines cannot exhaust memory.
 */
export class LineBuffer {
  readonly #max: number;
  #parts: Buffer[] = [];
  #size = 0;
  #discarding = false;

  constructor(maxLineBytes: number = DEFAULT_MAX_LINE_BYTES) {
    this.#max = maxLineBytes;
  }

  /** Bytes held for the current, unfinished line. */
  get pendingBytes(): number {
    return this.#size;
  }

  /** Consumes one chunk and returns the complete lines (untrimmed, without the newline) and overflows. */
  push(chunk: Uint8Array | string): FrameEvent[] {
    const bytes =
      typeof chunk === 'string'
        ? Buffer.from(chunk, 'utf8')
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const events: FrameEvent[] = [];
    let start = 0;
    for (;;) {
      const end = bytes.indexOf(NEWLINE, start);
      if (end === -1) {
        this.#hold(bytes.subarray(start), events);
        return events;
      }
      this.#finish(bytes.subarray(start, end), events);
      start = end + 1;
    }
  }

  #hold(piece: Buffer, events: FrameEvent[]): void {
    if (this.#discarding || piece.length === 0) return;
    if (this.#size + piece.length > this.#max) {
      this.#overflow(events);
      this.#discarding = true;
      return;
    }
    // Copy: the caller may reuse the chunk's memory after we return.
    this.#parts.push(Buffer.from(piece));
    this.#size += piece.length;
  }

  #finish(piece: Buffer, events: FrameEvent[]): void {
    if (this.#discarding) {
      this.#discarding = false;
      return;
    }
    if (this.#size + piece.length > this.#max) {
      this.#overflow(events);
      return;
    }
    const line = this.#parts.length === 0 ? piece : Buffer.concat([...this.#parts, piece]);
    this.#parts = [];
    this.#size = 0;
    events.push({ kind: 'line', line: line.toString('utf8') });
  }

  #overflow(events: FrameEvent[]): void {
    this.#parts = [];
    this.#size = 0;
    events.push({ kind: 'overflow', limit: this.#max });
  }
}
