// A real daemon in a child process, for component tests running in happy-dom (whose globals a
// daemon cannot run under). Reads its options as JSON from argv[2], prints one `READY {url, token}`
// line, then takes one JSON command per stdin line: publish an event, append journal entries, stop.
import { createInterface } from "node:readline";
import type { ElowenConfigInput } from "@elowen/daemon";
import { startWebDaemon } from "./e2e/harness.js";

const options = JSON.parse(process.argv[2] ?? "{}") as {
  script?: string;
  config?: ElowenConfigInput;
};
const web = await startWebDaemon(options.script, options.config);
process.stdout.write(`READY ${JSON.stringify({ url: web.url, token: web.ownerToken })}\n`);

for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line) as
    | { cmd: "publish"; id: number; sessionId: string; type: string; data: unknown }
    | {
        cmd: "append";
        id: number;
        sessionId: string;
        entries: { id?: string; kind: string; data: unknown }[];
      }
    | { cmd: "stop"; id: number };
  let answer: unknown = null;
  if (command.cmd === "publish")
    answer = web.daemon.host.events.publish(command.sessionId, command.type, command.data).id;
  else if (command.cmd === "append")
    answer = (await web.daemon.host.journal.append(command.sessionId, command.entries)).map(
      (e) => e.id,
    );
  else {
    await web.close();
    process.stdout.write(`DONE ${command.id} null\n`);
    process.exit(0);
  }
  process.stdout.write(`DONE ${command.id} ${JSON.stringify(answer)}\n`);
}
