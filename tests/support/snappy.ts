// A Snappy block decompressor (the raw format LevelDB uses for compressed table blocks), so a test can read every
// byte of a data directory without a native dependency. Format: https://github.com/google/snappy/blob/main/format_description.txt

/**
 * A little-endian base-128 varint (Snappy's block length, LevelDB's lengths and offsets): its value and the index
 * after it. Throws `error` when the buffer ends inside it or it runs past `maxBytes`.
 */
export function readVarint(
  buf: Uint8Array,
  at: number,
  error: string,
  maxBytes = Infinity,
): [value: number, next: number] {
  let value = 0;
  let shift = 0;
  for (let i = at; i < buf.length && i < at + maxBytes; i++) {
    const byte = buf[i]!;
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return [value, i + 1];
    shift += 7;
  }
  throw new Error(error);
}

/** Decompresses one raw Snappy block; throws on malformed input. */
export function snappyUncompress(input: Uint8Array): Buffer {
  // The length is a 32-bit number: at most 6 bytes of 7 bits.
  const [length, start] = readVarint(input, 0, 'snappy: bad length varint', 6);
  const out = Buffer.alloc(length);
  let o = 0;
  let i = start;
  while (i < input.length) {
    const tag = input[i++]!;
    const kind = tag & 3;
    if (kind === 0) {
      let len = tag >>> 2;
      if (len >= 60) {
        const bytes = len - 59;
        len = 0;
        for (let b = 0; b < bytes; b++) len += input[i + b]! * 2 ** (8 * b);
        i += bytes;
      }
      len += 1;
      if (i + len > input.length || o + len > length) throw new Error('snappy: literal out of range');
      out.set(input.subarray(i, i + len), o);
      i += len;
      o += len;
      continue;
    }
    let len: number;
    let offset: number;
    if (kind === 1) {
      len = 4 + ((tag >>> 2) & 7);
      offset = ((tag >>> 5) << 8) | input[i++]!;
    } else if (kind === 2) {
      len = (tag >>> 2) + 1;
      offset = input[i]! | (input[i + 1]! << 8);
      i += 2;
    } else {
      len = (tag >>> 2) + 1;
      offset = (input[i]! | (input[i + 1]! << 8) | (input[i + 2]! << 16)) + input[i + 3]! * 2 ** 24;
      i += 4;
    }
    if (offset === 0 || offset > o || o + len > length) throw new Error('snappy: copy out of range');
    // Copies may overlap their own output (run-length style), so byte by byte.
    for (let k = 0; k < len; k++, o++) out[o] = out[o - offset]!;
  }
  if (o !== length) throw new Error(`snappy: expected ${length} bytes, got ${o}`);
  return out;
}
