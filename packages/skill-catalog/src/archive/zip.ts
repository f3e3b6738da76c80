import { inflateRawSync } from "node:zlib";
import {
  ArchiveBudget,
  entryPath,
  SKILL_ARCHIVE_MAX_FILE_BYTES,
  type SkillArchiveEntry,
  SkillArchiveError,
} from "./archive-entry.js";

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;
const decoder = new TextDecoder();

/**
 * Reads a zip archive from its central directory, entry by entry: stored and deflated files and
 * folders only (a symbolic link, an encrypted entry or a ZIP64 archive refuses it); each entry's
 * path and declared size are checked before it is inflated, and inflating stops at the declared
 * size, so a small archive cannot unpack into a large one. macOS's `__MACOSX/` copies are passed
 * over.
 */
export function readZip(bytes: Uint8Array): SkillArchiveEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEnd(view);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: SkillArchiveEntry[] = [];
  const budget = new ArchiveBudget();
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL)
      throw new SkillArchiveError("the zip's central directory is damaged");
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const attributes = view.getUint32(at + 38, true) >>> 16;
    const local = view.getUint32(at + 42, true);
    const raw = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (raw.startsWith("__MACOSX/")) continue;
    if ((flags & 1) !== 0) throw new SkillArchiveError("is encrypted", raw);
    if (size === 0xffffffff || compressed === 0xffffffff || local === 0xffffffff)
      throw new SkillArchiveError("is a ZIP64 entry, which is not supported", raw);
    if ((attributes & S_IFMT) === S_IFLNK)
      throw new SkillArchiveError(
        "is a symbolic link; only files and folders may be imported",
        raw,
      );
    const isDir = raw.endsWith("/") || (attributes & S_IFMT) === S_IFDIR;
    const path = entryPath(raw);
    budget.take(path, isDir ? 0 : size);
    if (isDir) {
      entries.push({ path, kind: "dir", executable: false, data: new Uint8Array() });
      continue;
    }
    const data = entryData(bytes, view, local, { method, compressed, size, raw });
    entries.push({ path, kind: "file", executable: (attributes & 0o111) !== 0, data });
  }
  return entries;
}

function entryData(
  bytes: Uint8Array,
  view: DataView,
  local: number,
  entry: { method: number; compressed: number; size: number; raw: string },
): Uint8Array {
  if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL)
    throw new SkillArchiveError("its local header is damaged", entry.raw);
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  if (start + entry.compressed > bytes.length)
    throw new SkillArchiveError("the archive ends inside it", entry.raw);
  const stored = bytes.subarray(start, start + entry.compressed);
  let data: Uint8Array;
  if (entry.method === 0) data = stored.slice();
  else if (entry.method === 8) {
    try {
      const inflated = inflateRawSync(stored, {
        maxOutputLength: Math.min(entry.size, SKILL_ARCHIVE_MAX_FILE_BYTES) + 1,
      });
      data = new Uint8Array(inflated.buffer, inflated.byteOffset, inflated.byteLength);
    } catch {
      throw new SkillArchiveError("does not inflate to its declared size", entry.raw);
    }
  } else
    throw new SkillArchiveError(
      `uses compression method ${entry.method}; only stored and deflated entries are read`,
      entry.raw,
    );
  if (data.length !== entry.size)
    throw new SkillArchiveError("does not hold its declared size", entry.raw);
  return data;
}

function findEnd(view: DataView): number {
  const last = view.byteLength - 22;
  for (let at = last; at >= 0 && at >= last - 0xffff; at--) {
    if (view.getUint32(at, true) === EOCD) return at;
  }
  throw new SkillArchiveError("the zip has no end of central directory record");
}
