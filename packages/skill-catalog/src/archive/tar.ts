import {
  ArchiveBudget,
  entryPath,
  type SkillArchiveEntry,
  SkillArchiveError,
} from "./archive-entry.js";

const BLOCK = 512;
const decoder = new TextDecoder();

/**
 * Reads a tar archive (ustar, with pax `path` records and GNU long names) entry by entry: regular
 * files and folders only (a link, device or FIFO refuses the archive), every header's checksum
 * verified, paths and sizes checked against the archive bounds as they are met.
 */
export function readTar(bytes: Uint8Array): SkillArchiveEntry[] {
  const entries: SkillArchiveEntry[] = [];
  const budget = new ArchiveBudget();
  let at = 0;
  let longName: string | undefined;
  while (at + BLOCK <= bytes.length) {
    const header = bytes.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    checkChecksum(header);
    const size = octal(header.subarray(124, 136), "size");
    const type = String.fromCharCode(header[156] ?? 0);
    const dataStart = at + BLOCK;
    if (dataStart + size > bytes.length)
      throw new SkillArchiveError("the archive ends inside an entry");
    const data = bytes.subarray(dataStart, dataStart + size);
    at = dataStart + Math.ceil(size / BLOCK) * BLOCK;
    if (type === "x" || type === "L") {
      if (size > 64 * 1024) throw new SkillArchiveError("an extended header is larger than 64 KiB");
      longName =
        type === "L" ? decoder.decode(data).replace(/\0+$/, "") : (paxPath(data) ?? longName);
      continue;
    }
    if (type === "g") continue;
    const raw = longName ?? headerName(header);
    longName = undefined;
    if (type !== "0" && type !== "\0" && type !== "5") {
      throw new SkillArchiveError(
        `is a ${TYPE_NAMES[type] ?? `type ${JSON.stringify(type)} entry`}; only files and folders may be imported`,
        raw,
      );
    }
    const path = entryPath(raw);
    const kind = type === "5" ? "dir" : "file";
    budget.take(path, kind === "file" ? size : 0);
    const mode = octal(header.subarray(100, 108), "mode");
    entries.push({
      path,
      kind,
      executable: (mode & 0o111) !== 0,
      data: kind === "file" ? data.slice() : new Uint8Array(),
    });
  }
  return entries;
}

const TYPE_NAMES: Record<string, string> = {
  "1": "hard link",
  "2": "symbolic link",
  "3": "character device",
  "4": "block device",
  "6": "FIFO",
};

/**
 * Writes entries as a deterministic ustar archive: in the order given, owner 0, time 0, mode
 * 0755 for folders and executables and 0644 for other files, a pax `path` record for a path
 * that does not fit the header. The same entries always give the same bytes.
 */
export function writeTar(entries: readonly SkillArchiveEntry[]): Uint8Array {
  const blocks: Uint8Array[] = [];
  for (const entry of entries) {
    const name = entry.kind === "dir" ? `${entry.path}/` : entry.path;
    const fits = new TextEncoder().encode(name).length <= 100;
    if (!fits) {
      const record = paxRecord("path", name);
      blocks.push(header("././@PaxHeader", "x", record.length, 0o644), ...padded(record));
    }
    const data = entry.kind === "file" ? entry.data : new Uint8Array();
    const mode = entry.kind === "dir" || entry.executable ? 0o755 : 0o644;
    blocks.push(
      header(fits ? name : name.slice(0, 99), entry.kind === "dir" ? "5" : "0", data.length, mode),
      ...padded(data),
    );
  }
  blocks.push(new Uint8Array(BLOCK * 2));
  const out = new Uint8Array(blocks.reduce((sum, block) => sum + block.length, 0));
  let at = 0;
  for (const block of blocks) {
    out.set(block, at);
    at += block.length;
  }
  return out;
}

function header(name: string, type: string, size: number, mode: number): Uint8Array {
  const block = new Uint8Array(BLOCK);
  const put = (text: string, offset: number, length: number) =>
    block.set(new TextEncoder().encode(text).subarray(0, length), offset);
  put(name, 0, 100);
  put(`${mode.toString(8).padStart(7, "0")}\0`, 100, 8);
  put("0000000\0", 108, 8);
  put("0000000\0", 116, 8);
  put(`${size.toString(8).padStart(11, "0")}\0`, 124, 12);
  put("00000000000\0", 136, 12);
  put("        ", 148, 8);
  put(type, 156, 1);
  put("ustar\0", 257, 6);
  put("00", 263, 2);
  const sum = block.reduce((total, byte) => total + byte, 0);
  put(`${sum.toString(8).padStart(6, "0")}\0 `, 148, 8);
  return block;
}

function padded(data: Uint8Array): Uint8Array[] {
  const rest = data.length % BLOCK;
  return rest === 0 ? [data] : [data, new Uint8Array(BLOCK - rest)];
}

function paxRecord(key: string, value: string): Uint8Array {
  const body = ` ${key}=${value}\n`;
  const bodyLength = new TextEncoder().encode(body).length;
  let length = bodyLength + 1;
  while (String(length).length + bodyLength !== length) length = String(length).length + bodyLength;
  return new TextEncoder().encode(`${length}${body}`);
}

function paxPath(data: Uint8Array): string | undefined {
  let found: string | undefined;
  for (const line of decoder.decode(data).split("\n")) {
    const match = /^\d+ path=(.*)$/s.exec(line);
    if (match) found = match[1];
  }
  return found;
}

function headerName(header: Uint8Array): string {
  const name = cString(header.subarray(0, 100));
  const isUstar = cString(header.subarray(257, 263)) === "ustar";
  const prefix = isUstar ? cString(header.subarray(345, 500)) : "";
  return prefix === "" ? name : `${prefix}/${name}`;
}

function cString(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return decoder.decode(end === -1 ? bytes : bytes.subarray(0, end));
}

function octal(field: Uint8Array, what: string): number {
  const text = cString(field).trim();
  if (!/^[0-7]*$/.test(text))
    throw new SkillArchiveError(`a tar header's ${what} is not an octal number`);
  const value = text === "" ? 0 : Number.parseInt(text, 8);
  if (!Number.isSafeInteger(value))
    throw new SkillArchiveError(`a tar header's ${what} is too large`);
  return value;
}

function checkChecksum(header: Uint8Array): void {
  const stored = octal(header.subarray(148, 156), "checksum");
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0);
  if (sum !== stored)
    throw new SkillArchiveError(
      "a tar header's checksum does not match: the archive is damaged or not a tar",
    );
}
