import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { openApp, screenshot, unnamedControls, webSuite } from "./harness.js";

const SCRIPT = `turns:
  - steps:
      - text: "Checking with a script."
        tools:
          - name: exec
            args:
              script: |
                const oslo = await tools.Weather({ city: "Oslo" });
                const rome = await tools.Weather({ city: "Rome" });
                await tools.Snapshot({ label: "sky" });
                await tools.TodoWrite({ todos: [
                  { id: "1", text: "Check the weather", status: "in_progress" },
                  { id: "2", text: "Report it", status: "pending" },
                ] });
                await tools.Progress({ title: "Research" });
                return [oslo, rome];
      - text: "It is **sunny** in Oslo and Rome ([source](https://example.com/weather), [run](javascript:window.__pwned=1)). <script>window.__pwned = true</script><img src=x onerror=\\"window.__pwned = true\\">"
`;

const suite = webSuite(SCRIPT);

/** What the transcript shows: every row's id, name and status, and the messages' text. */
async function transcriptOf(page: Page) {
  return page.evaluate(() => ({
    rows: [...document.querySelectorAll<HTMLElement>(".tool-row")].map((row) => ({
      id: row.dataset.rowId,
      name: row.querySelector(".tool-name")?.textContent ?? row.textContent,
      classes: row.className,
    })),
    messages: [...document.querySelectorAll(".message")].map(
      (m) => m.querySelector(".md, .pre")?.textContent ?? "",
    ),
  }));
}

describe("a turn in Chromium against the real suite.daemon and the offline model", () => {
  test("streams a turn with nested rows, an image and cards, sanitizes model text, and draws the same transcript after a reload", async () => {
    const session = await suite.daemon.owner.sessions.create({ title: "Weather" });
    const page = await openApp(
      suite.browser,
      suite.daemon,
      `#/s/${session.id}`,
      suite.daemon.ownerToken,
    );
    await page.getByLabel("Message").fill("How is the weather?");
    await page.keyboard.press("Enter");

    const answer = page.locator(".message.assistant .md strong", { hasText: "sunny" });
    await answer.waitFor();
    await page.locator(".turn-meta").waitFor();

    // Nested rows of the exec call, in its place (a successful exec draws no row of its own).
    const nested = page.locator(".tool-row.nested");
    expect(await nested.locator(".tool-name").allTextContents()).toEqual([
      "Weather",
      "Weather",
      "Snapshot",
      "TodoWrite",
      "Progress",
    ]);
    expect(await page.locator(".tool-row.direct").count()).toBe(0);
    await nested.first().locator("summary").click();
    expect(await nested.first().locator(".tool-output").textContent()).toBe("Oslo: sunny");
    const image = page.locator(".tool-row.nested .attachment-image img");
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(32);

    // Model text cannot run script: the script tag and the handler are gone.
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    expect(await page.locator(".message .md script, .message .md img").count()).toBe(0);
    const source = page.getByRole("link", { name: "source" });
    expect([await source.getAttribute("target"), await source.getAttribute("rel")]).toEqual([
      "_blank",
      "noopener noreferrer nofollow",
    ]);
    expect(await page.getByText("run", { exact: true }).getAttribute("href")).toBeNull();

    // Cards: the pinned todo card and the plugin's card, durations through the shared formatter.
    const cards = page.getByRole("region", { name: "Cards" });
    const todo = cards.locator("article.card.pinned");
    expect(await todo.locator("h3").textContent()).toMatch(/Pinned\s*Todo \(0\/2\)/);
    const progress = cards.locator('article[data-card-id="progress"]');
    expect(await progress.locator(".card-item.completed .duration").textContent()).toBe(
      "took 1m 01s",
    );

    // A running item's clock advances in the page with no request to the suite.daemon.
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    const running = progress.locator(".card-item.running .duration");
    const first = await running.textContent();
    await expect.poll(() => running.textContent(), { timeout: 5000 }).not.toBe(first);
    expect(requests).toEqual([]);
    await screenshot(page, "turn-nested-rows-and-cards");
    expect(await unnamedControls(page)).toEqual([]);

    const live = await transcriptOf(page);
    await page.reload();
    await answer.waitFor();
    await page.locator(".turn-meta").waitFor();
    expect(await transcriptOf(page)).toEqual(live);
    expect(await cards.locator("article.card").count()).toBe(2);
    await screenshot(page, "turn-after-reload");
    await page.close();
  });
});
