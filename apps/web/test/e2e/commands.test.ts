import { saveProviderKey } from "@elowen/daemon/provider-keys";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { openApp, screenshot, unnamedControls, webSuite } from "./harness.js";

const suite = webSuite();

/** Types `/name` in the prompt box, closes the menu and presses Enter, as a person would. */
async function run(page: Page, line: string): Promise<void> {
  const box = page.getByLabel("Message");
  await box.fill(line);
  await page.keyboard.press("Escape");
  await page.keyboard.press("Enter");
}

/** What each of core's builtins shows in the browser (none of them is a model turn). */
const BUILTIN_EFFECTS: Record<string, (page: Page) => Promise<void>> = {
  help: async (page) => {
    const panel = page.getByRole("region", { name: "Commands" });
    await panel.getByRole("rowheader", { name: "/help" }).waitFor();
  },
  sessions: async (page) => {
    await page.getByRole("region", { name: "Sessions" }).getByRole("link").first().waitFor();
  },
  rename: async (page) => {
    const field = page.getByRole("region", { name: "Rename this session" }).getByLabel("New title");
    expect(await field.inputValue()).toBe("Walk");
  },
  status: async (page) => {
    await page
      .getByRole("region", { name: "Status" })
      .getByText(/^Core /)
      .waitFor();
  },
  model: async (page) => {
    await page
      .getByRole("region", { name: "Models" })
      .getByRole("button", { name: /Offline model/, pressed: true })
      .waitFor();
  },
  cancel: async (page) => {
    await page
      .getByRole("region", { name: "Stop the turn" })
      .getByText("No turn is running.")
      .waitFor();
  },
  new: async (page) => {
    await page.waitForURL((url) => !url.hash.endsWith(walkId));
  },
};
let walkId = "";

describe("every command the web's command menu offers, in Chromium", () => {
  test("runs each entry of GET /commands?surface=web: builtins here, pickers as dialogs, prompts as turns; none answers 404", {
    timeout: 300_000,
  }, async () => {
    const { commands } = await suite.daemon.owner.commands("web");
    expect(
      commands
        .filter((c) => c.mechanism === "builtin")
        .map((c) => c.name)
        .sort(),
    ).toEqual(Object.keys(BUILTIN_EFFECTS).sort());
    const ran: string[] = [];
    const page = await openApp(suite.browser, suite.daemon, "#/", suite.daemon.ownerToken);
    for (const command of commands) {
      const session = await suite.daemon.owner.sessions.create({ title: "Walk" });
      walkId = session.id;
      await page.goto(`${suite.daemon.url}/#/s/${session.id}`);
      await page.reload();
      await page.getByText("Say something to start.").waitFor();
      await run(page, `/${command.name}`);
      if (command.mechanism === "builtin") {
        await BUILTIN_EFFECTS[command.name]?.(page);
        expect((await suite.daemon.owner.sessions.history(session.id)).entries).toEqual([]);
      } else if (command.kind === "picker") {
        await page.getByRole("dialog").waitFor();
      } else {
        await expect
          .poll(
            async () => (await suite.daemon.owner.sessions.history(session.id)).entries.length,
            {
              timeout: 30_000,
              message: `/${command.name} sends a turn`,
            },
          )
          .toBeGreaterThan(0);
      }
      const alerts = await page.getByRole("alert").allTextContents();
      expect(alerts.filter((text) => /HTTP 404|no command/.test(text))).toEqual([]);
      if (command.name === "help") {
        expect(await unnamedControls(page)).toEqual([]);
        await screenshot(page, "builtin-help");
      }
      ran.push(command.name);
    }
    await page.close();
    expect(ran).toEqual(commands.map((c) => c.name));
  });

  test("/rename with a title renames the session and the list shows the new title", async () => {
    const session = await suite.daemon.owner.sessions.create({ title: "Before" });
    const page = await openApp(
      suite.browser,
      suite.daemon,
      `#/s/${session.id}`,
      suite.daemon.ownerToken,
    );
    await page.getByText("Say something to start.").waitFor();
    await run(page, "/rename After the walk");
    const list = page.getByRole("navigation", { name: "Sessions" });
    await list.getByRole("link", { name: "After the walk" }).waitFor();
    expect((await suite.daemon.owner.sessions.get(session.id)).title).toBe("After the walk");
    await page.close();
  });

  test("/model lists a provider whose key was stored while the daemon runs, and a click switches the session", async () => {
    const session = await suite.daemon.owner.sessions.create({ title: "Models" });
    await saveProviderKey(suite.daemon.home, "anthropic", "sk-elowen-web-test-0123456789");
    const page = await openApp(
      suite.browser,
      suite.daemon,
      `#/s/${session.id}`,
      suite.daemon.ownerToken,
    );
    await page.getByText("Say something to start.").waitFor();
    await run(page, "/model");
    const panel = page.getByRole("region", { name: "Models" });
    await panel.getByRole("button", { name: /Offline model/, pressed: true }).waitFor();
    await panel.getByRole("button", { name: /anthropic\/claude-sonnet-4-5$/ }).click();
    await panel.getByText(/This session runs on Claude Sonnet 4\.5/).waitFor();
    expect((await suite.daemon.owner.sessions.models(session.id)).current).toMatchObject({
      provider: "anthropic",
      id: "claude-sonnet-4-5",
    });
    expect(await unnamedControls(page)).toEqual([]);
    await page.close();
  });
});
