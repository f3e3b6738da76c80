import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { openApp, screenshot, webSuite } from "./harness.js";

const SCRIPT = `turns:
  - steps:
      - text: "Here are the notes and the chart."
        tools:
          - { name: ShareFile, args: { path: notes.md, caption: "The meeting notes" } }
          - { name: ShareImage, args: { path: chart.png, caption: "Sales by month" } }
      - text: "Shared."
`;

// A 32×32 PNG, as a tool would have drawn it.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAAKklEQVR42mPQj+2iKWIYtWDUglELRi0YtWDUglELRi0YtWDUglELhooFAKsbWD0FFEh7AAAAAElFTkSuQmCC",
  "base64",
);

const suite = webSuite(SCRIPT, { plugins: { disabled: ["@elowen/plugin-code-mode"] } });

describe("shared files and images in Chromium", () => {
  test("offers a shared file for download and shows a shared image with its caption, also after a reload", async () => {
    const session = await suite.daemon.owner.sessions.create({ title: "Shares" });
    const workspace = join(suite.daemon.home, "workspaces", session.id);
    mkdirSync(workspace, { recursive: true });
    writeFileSync(join(workspace, "notes.md"), "# Notes\n");
    writeFileSync(join(workspace, "chart.png"), PNG);
    const page = await openApp(
      suite.browser,
      suite.daemon,
      `#/s/${session.id}`,
      suite.daemon.ownerToken,
    );
    await page.getByLabel("Message").fill("share them");
    await page.keyboard.press("Enter");
    await page.locator(".turn-meta").waitFor();

    const check = async () => {
      const download = page.getByRole("link", { name: "Download notes.md" });
      await download.waitFor();
      expect(await download.getAttribute("download")).toBe("notes.md");
      expect(await download.getAttribute("href")).toMatch(/^blob:/);
      expect(await page.locator(".attachment-file p").textContent()).toBe("The meeting notes");
      const image = page.getByRole("img", { name: "Sales by month" });
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(32);
      expect(await page.locator(".attachment-image figcaption").textContent()).toBe(
        "Sales by month",
      );
    };
    await check();
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download notes.md" }).click(),
    ]);
    expect(file.suggestedFilename()).toBe("notes.md");
    await screenshot(page, "shared-file-and-image");
    await page.reload();
    await page.locator(".turn-meta").waitFor();
    await check();
    await page.close();
  });
});
