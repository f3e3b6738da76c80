import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { readJsonStrict, writeJsonAtomic } from "@elowen/plugin-shared/atomicJson";
import { KeyedQueue } from "@elowen/plugin-shared/queue";
import { isRecord } from "@elowen/plugin-shared/record";
import { McpError } from "../mcp-error.js";

/** Edits of one file run one at a time, so two adds at once both land. */
const edits = new KeyedQueue<string>();

/**
 * Sets (`entry`) or deletes (`undefined`) one server of a `{ "mcpServers": { ... } }` file,
 * keeping everything else in it as written. A new file is created 0600: its headers and env may
 * carry secrets. Throws when the file is not such a document, naming the file. Returns whether
 * the server was there before.
 */
export function editServerFile(
  file: string,
  name: string,
  entry: Readonly<Record<string, unknown>> | undefined,
): Promise<boolean> {
  return edits.run(file, async () => {
    const read = await readJsonStrict(file);
    const document = read.status === "found" ? read.value : {};
    if (!isRecord(document)) {
      throw new McpError(
        "mcp.invalid_servers_file",
        `${file} is not a JSON object; fix or move it first`,
      );
    }
    const servers = document.mcpServers ?? {};
    if (!isRecord(servers))
      throw new McpError(
        "mcp.invalid_servers_file",
        `${file}: "mcpServers" is not a mapping; fix or move it first`,
      );
    const existed = Object.hasOwn(servers, name);
    if (entry === undefined && !existed) return false;
    const { [name]: _, ...others } = servers;
    const next = {
      ...document,
      mcpServers: entry === undefined ? others : { ...others, [name]: entry },
    };
    if (read.status === "missing") {
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      writeFileSync(file, "", { mode: 0o600, flag: "wx" });
    }
    await writeJsonAtomic(file, next, { pretty: true });
    return existed;
  });
}
