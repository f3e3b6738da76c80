import { randomBytes } from "node:crypto";
import { open, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/** Writes a whole text file: what {@link writeTextAtomic} does, injectable where tests need a fault. */
export type TextWriter = (path: string, text: string) => Promise<void>;

/**
 * Writes `text` as UTF-8 to a temporary file beside `path`, fsyncs it, renames it over `path` and
 * fsyncs the directory, the same temp-and-rename discipline as @elowen/plugin-shared/atomicJson.
 * A reader sees the old file or the new one, never a torn one. On failure the temporary file is
 * removed and the errno error is thrown as it is (the caller classifies it).
 */
export const writeTextAtomic: TextWriter = async (path, text) => {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await open(temp, "wx", 0o644);
  try {
    try {
      await handle.writeFile(text, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dir);
};

/** Fsyncs a directory so a rename in it survives a crash; file systems that cannot are tolerated. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, "r").catch(() => undefined);
  if (!handle) return;
  try {
    await handle.sync();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code !== "EINVAL" && code !== "ENOTSUP" && code !== "EPERM") throw error;
  } finally {
    await handle.close();
  }
}
