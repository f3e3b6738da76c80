import { afterAll, describe, expect, test } from "vitest";
import {
  type Browser,
  launchBrowser,
  openApp,
  screenshot,
  startWebDaemon,
  type WebDaemon,
} from "./harness.js";

const SCRIPT = `turns:
  - steps:
      - text: "First answer."
  - steps:
      - text: "Answer sent while the page was away."
`;

let daemon: WebDaemon | undefined;
let browser: Browser | undefined;
afterAll(async () => {
  await browser?.close();
  await daemon?.close();
});

describe("the chat page across a daemon restart, in Chromium", () => {
  test("shows a visible reconnecting state while the daemon is down, reconnects by itself, and shows the turns sent meanwhile", async () => {
    const first = await startWebDaemon(SCRIPT);
    daemon = first;
    browser = await launchBrowser();
    const port = Number(new URL(first.url).port);
    const session = await first.owner.sessions.create({ title: "Restart" });
    const page = await openApp(browser, first, `#/s/${session.id}`, first.ownerToken);
    await page.getByLabel("Message").fill("Hello before the restart");
    await page.keyboard.press("Enter");
    await page.getByText("First answer.").waitFor();

    // Down: the page says so (it does not stay on a fetch error), and keeps the transcript.
    await first.daemon.stop();
    const reconnecting = page.getByRole("status").filter({ hasText: "reconnecting" });
    await reconnecting.waitFor();
    expect(await page.getByText("First answer.").count()).toBe(1);
    await screenshot(page, "reconnecting");

    // Back on the same port and data; a turn is sent from elsewhere before the page is back.
    const second = await first.restart({
      config: {
        server: { port },
        plugins: {
          bundled: true,
          settings: { "@elowen/plugin-code-mode": { yieldAfterMs: 5000 } },
        },
      },
    });
    daemon = second;
    await second.submitTurn(session.id, "Sent from the terminal meanwhile");
    await page.getByText("Answer sent while the page was away.").waitFor();
    await reconnecting.waitFor({ state: "detached" });
    expect(await page.getByText("Hello before the restart").count()).toBe(1);
    expect(await page.getByText("Sent from the terminal meanwhile").count()).toBe(1);
    expect(await page.getByRole("alert").count()).toBe(0);
    await page.close();
  });
});
