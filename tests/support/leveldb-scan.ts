import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { inflateSync } from 'node:zlib';
import { readVarint, snappyUncompress } from './snappy.ts';

// Reads every byte a data directory holds in the form a person with the disk would see it: LevelDB write-ahead logs
// and manifests reassembled from their 32 KB blocks, table files (.ldb/.sst) block by block with Snappy blocks
// decompressed and prefix-compressed keys rebuilt, deflated streams of other files inflated, and every file raw.
// Format: https://github.com/google/leveldb/blob/main/doc/table_format.md and log_format.md

export interface ScannedText {
  /** The file, relative to the scanned directory, and which view of it (raw, log record, table entry...). */
  source: string;
  bytes: Buffer;
}

const varint = (buf: Buffer, at: number) => readVarint(buf, at, 'leveldb: truncated varint');

/** The logical records of a LevelDB log file (the .log write-ahead log and MANIFEST files). */
export function logRecords(buf: Buffer): Buffer[] {
  const BLOCK = 32 * 1024;
  const records: Buffer[] = [];
  let pending: Buffer[] = [];
  let at = 0;
  while (at + 7 <= buf.length) {
    const left = BLOCK - (at % BLOCK);
    if (left < 7) {
      at += left; // trailer padding
      continue;
    }
    const length = buf.readUInt16LE(at + 4);
    const type = buf[at + 6]!;
    const data = buf.subarray(at + 7, at + 7 + length);
    at += 7 + length;
    if (type === 0 && length === 0) continue; // preallocated zeros
    if (type === 1) records.push(data);
    else if (type === 2) pending = [data];
    else if (type === 3) pending.push(data);
    else if (type === 4) {
      pending.push(data);
      records.push(Buffer.concat(pending));
      pending = [];
    }
  }
  // A record torn by a crash still holds whatever bytes reached the disk.
  if (pending.length) records.push(Buffer.concat(pending));
  return records;
}

function blockContents(file: Buffer, offset: number, size: number): Buffer {
  const raw = file.subarray(offset, offset + size);
  const type = file[offset + size];
  return type === 1 ? snappyUncompress(raw) : raw;
}

/** Every entry of a block, with its full key (the block stores keys as shared-prefix deltas). */
function blockEntries(block: Buffer): { key: Buffer; value: Buffer }[] {
  const restarts = block.readUInt32LE(block.length - 4);
  const end = block.length - 4 - restarts * 4;
  const out: { key: Buffer; value: Buffer }[] = [];
  let at = 0;
  let last = Buffer.alloc(0);
  while (at < end) {
    let shared: number, unshared: number, valueLength: number;
    [shared, at] = varint(block, at);
    [unshared, at] = varint(block, at);
    [valueLength, at] = varint(block, at);
    const key = Buffer.concat([last.subarray(0, shared), block.subarray(at, at + unshared)]);
    at += unshared;
    out.push({ key, value: block.subarray(at, at + valueLength) });
    at += valueLength;
    last = key;
  }
  return out;
}

/** Every key and value of a LevelDB table file (data blocks found through the index block). */
export function tableEntries(file: Buffer): { key: Buffer; value: Buffer }[] {
  const footer = file.subarray(file.length - 48);
  let at = 0;
  [, at] = varint(footer, at); // metaindex offset
  [, at] = varint(footer, at); // metaindex size
  const [indexOffset, afterOffset] = varint(footer, at);
  const [indexSize] = varint(footer, afterOffset);
  const out: { key: Buffer; value: Buffer }[] = [];
  for (const { value: handle } of blockEntries(blockContents(file, indexOffset, indexSize))) {
    const [offset, next] = varint(handle, 0);
    const [size] = varint(handle, next);
    out.push(...blockEntries(blockContents(file, offset, size)));
  }
  return out;
}

/** zlib streams inside a file (a PDF's FlateDecode content), inflated where they parse. */
function inflatedStreams(buf: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let from = 0;
  for (;;) {
    const at = buf.indexOf('stream', from, 'latin1');
    if (at < 0) break;
    let start = at + 6;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    const end = buf.indexOf('endstream', start, 'latin1');
    from = start;
    if (end < 0) break;
    try {
      out.push(inflateSync(buf.subarray(start, end)));
    } catch {
      // not deflated (or not a stream at all)
    }
  }
  return out;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every readable view of every file under dir. */
export function scanDirectory(dir: string): ScannedText[] {
  const out: ScannedText[] = [];
  for (const path of filesUnder(dir)) {
    const name = relative(dir, path);
    const bytes = readFileSync(path);
    out.push({ source: `${name} (raw)`, bytes });
    const base = basename(path);
    if (base.endsWith('.log') || base.startsWith('MANIFEST-')) {
      logRecords(bytes).forEach((record, i) => out.push({ source: `${name} (record ${i})`, bytes: record }));
    } else if (base.endsWith('.ldb') || base.endsWith('.sst')) {
      tableEntries(bytes).forEach((e, i) =>
        out.push({ source: `${name} (entry ${i})`, bytes: Buffer.concat([e.key, Buffer.from('\n'), e.value]) }),
      );
    } else {
      inflatedStreams(bytes).forEach((s, i) => out.push({ source: `${name} (stream ${i})`, bytes: s }));
    }
  }
  return out;
}

/** Where each needle occurs (case-insensitive ASCII), as "needle in source". */
export function findNeedles(texts: readonly ScannedText[], needles: readonly string[]): string[] {
  const hits: string[] = [];
  for (const { source, bytes } of texts) {
    const haystack = bytes.toString('latin1').toLowerCase();
    for (const needle of needles) {
      const at = haystack.indexOf(needle.toLowerCase());
      if (at >= 0)
        hits.push(
          `${JSON.stringify(needle)} in ${source}: …${JSON.stringify(haystack.slice(Math.max(0, at - 80), at + needle.length + 80))}…`,
        );
    }
  }
  return hits;
}

/** Every live key and value of a LevelDB directory, read through LevelDB itself (the server must be stopped). */
export async function levelEntries(dbDir: string): Promise<ScannedText[]> {
  // classic-level is dynalite's own LevelDB binding (a transitive dependency, not one of ours to pin).
  const { ClassicLevel } = await import('classic-level');
  const db = new ClassicLevel<Buffer, Buffer>(dbDir, {
    keyEncoding: 'buffer',
    valueEncoding: 'buffer',
    createIfMissing: false,
  });
  await db.open();
  const out: ScannedText[] = [];
  try {
    for await (const [key, value] of db.iterator())
      out.push({
        source: `level ${key.toString('latin1').slice(0, 60)}`,
        bytes: Buffer.concat([key, Buffer.from('\n'), value]),
      });
  } finally {
    await db.close();
  }
  return out;
}
