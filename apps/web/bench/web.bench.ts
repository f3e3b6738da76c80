// The web client's performance: the app shell's size gzipped, and time to interactive on a
// session of 2,000 messages in Debian's headless Chromium against a real daemon (the newest page
// drawn and usable), plus the time to draw the whole history once every older page is loaded.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { record, summarize } from "@elowen/bench";
import { INTERACTIVE_MARK } from "../src/ui/chat-view.js";
import { webRoot } from "../src/web-root.js";
import { launchBrowser, openApp, startWebDaemon } from "../test/e2e/harness.js";
import { turnId, Wire } from "../test/fixtures/wire.js";

const MESSAGES = 2_000;
const RUNS = 7;

// Bundle: the document and every asset it loads, gzipped as a server would send them.
const root = webRoot();
const assets = readdirSync(join(root, "assets")).filter((f) => /\.(js|css)$/.test(f));
const shell = ["index.html", ...assets.map((f) => join("assets", f))];
const gzipped = shell.reduce(
  (sum, f) => sum + gzipSync(readFileSync(join(root, f)), { level: 9 }).length,
  0,
);
const raw = shell.reduce((sum, f) => sum + readFileSync(join(root, f)).length, 0);
record({
  name: "app shell, gzipped (html, js, css)",
  unit: "KiB",
  value: round(gzipped / 1024),
  target: "< 250 KiB",
});
record({ name: "app shell, uncompressed", unit: "KiB", value: round(raw / 1024) });

// A session of 2,000 messages: 1,000 turns of a prompt and a Markdown answer; every fifth answer
// also calls a tool, so rows are drawn too.
const daemon = await startWebDaemon();
const session = await daemon.owner.sessions.create({ title: "Long session" });
const wire = new Wire();
const entries: { kind: string; data: unknown }[] = [];
for (let n = 1; n <= MESSAGES / 2; n++) {
  const turn = turnId(n);
  entries.push({
    kind: "user",
    data: wire.user(turn, `Question ${n}: what changed in module ${n % 37}?`).data,
  });
  const answer = `Module **${n % 37}** changed in ${n % 9} places:\n\n- renamed \`load${n}\`\n- [details](https://example.com/${n})\n\n\`\`\`ts\nconst x${n} = ${n};\n\`\`\``;
  const content: unknown[] = [{ type: "text", text: answer }];
  if (n % 5 === 0)
    content.push({
      type: "toolCall",
      id: `call-${n}`,
      name: "read",
      arguments: { path: `src/m${n}.ts` },
    });
  entries.push({ kind: "assistant", data: wire.assistant(turn, 0, content).data });
  if (n % 5 === 0)
    entries.push({
      kind: "tool_result",
      data: wire.toolResult(turn, `call-${n}`, "read", `// m${n}.ts\n`).data,
    });
  entries.push({ kind: "turn_end", data: wire.turnEnd(turn).data });
}
for (let i = 0; i < entries.length; i += 500)
  await daemon.daemon.host.journal.append(session.id, entries.slice(i, i + 500));

const browser = await launchBrowser();
const interactive: number[] = [];
const whole: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const page = await openApp(browser, daemon, `#/s/${session.id}`, daemon.ownerToken);
  // (Functions written inline, without named helpers: the bench runner's transpiler would wrap
  // those in a helper the page does not have.)
  await page.waitForFunction(
    (mark) => performance.getEntriesByName(mark).length > 0,
    INTERACTIVE_MARK,
  );
  interactive.push(
    await page.evaluate(
      (mark) => performance.getEntriesByName(mark)[0]?.startTime ?? Number.NaN,
      INTERACTIVE_MARK,
    ),
  );
  // Clicks "Load earlier messages" until the session's start, then waits for every turn.
  whole.push(
    await page.evaluate(async (turns) => {
      const started = performance.now();
      for (;;) {
        const button = document.querySelector<HTMLButtonElement>(".load-older");
        if (!button) break;
        if (!button.disabled) button.click();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      while (document.querySelectorAll(".turn").length < turns)
        await new Promise((resolve) => setTimeout(resolve, 5));
      return performance.now() - started;
    }, MESSAGES / 2),
  );
  await page.close();
}
await browser.close();
await daemon.close();

const tti = summarize(interactive);
record({
  name: `time to interactive, session of ${MESSAGES} messages (newest page)`,
  unit: "ms",
  value: round(tti.p50),
  p99: round(tti.max),
  target: "< 1500 ms",
});
const all = summarize(whole);
record({
  name: `every older page of ${MESSAGES} messages loaded and drawn`,
  unit: "ms",
  value: round(all.p50),
  p99: round(all.max),
});

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
