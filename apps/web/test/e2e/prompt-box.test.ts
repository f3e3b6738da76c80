import { describe, expect, test } from "vitest";
import { BOX_KIT_PLUGIN, openApp, screenshot, unnamedControls, webSuite } from "./harness.js";

const suite = webSuite("turns:\n  - steps: [{ text: ok }]\n", {
  plugins: { dirs: [BOX_KIT_PLUGIN] },
});

async function openChat() {
  const session = await suite.daemon.owner.sessions.create({ title: "Prompt box" });
  const page = await openApp(
    suite.browser,
    suite.daemon,
    `#/s/${session.id}`,
    suite.daemon.ownerToken,
  );
  const box = page.getByLabel("Message");
  await box.waitFor();
  // The box reads which chains are hooked when the chat opens.
  await page.locator('textarea[data-hooked~="prompt.edit"]').waitFor();
  return { page, box, sessionId: session.id };
}

const plugin = (route: string, body: unknown) =>
  suite.daemon.owner.request("POST", `/plugins/box-kit/${route}`, { body });

describe("the web composer against the daemon's prompt-box hooks, in Chromium", () => {
  test("shows what prompt.edit's hooks make of each key, painting their decorations over the draft", async () => {
    const { page, box } = await openChat();
    await box.click();
    await page.keyboard.type("fix #bug :)");
    await expect.poll(() => box.inputValue()).toBe("fix #bug ☺");
    const painted = page.locator(".prompt-paint span.b", { hasText: "#bug" });
    await painted.waitFor();
    expect(await painted.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(0, 255, 255)");
    // The caret stays where the hook's answer put it: typing goes on after it.
    await page.keyboard.type("!");
    await expect.poll(() => box.inputValue()).toBe("fix #bug ☺!");
    await screenshot(page, "prompt-box-decorations");
    expect(await unnamedControls(page)).toEqual([]);
  });

  test("lists the rows prompt.autocomplete's hooks add for the token at the caret, and Tab takes one", async () => {
    const { page, box } = await openChat();
    await box.click();
    await page.keyboard.type("see #to");
    const menu = page.getByRole("listbox", { name: "Completions" });
    await menu.waitFor();
    expect(await menu.getByRole("option").allTextContents()).toEqual(["#today tag", "#todo tag"]);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await expect.poll(() => box.inputValue()).toBe("see #todo");
  });

  test("lands a plugin's fill, answers its read, and takes its dim suggestion with Tab", async () => {
    const { page, box, sessionId } = await openChat();
    await box.click();
    await page.keyboard.type("draft");
    await expect.poll(() => box.inputValue()).toBe("draft");
    expect(
      await plugin("fill", { sessionId, args: { text: " due {today}", mode: "append" } }),
    ).toEqual({ isFilled: true, text: "draft due 2026-10-10", cursor: 20 });
    await expect.poll(() => box.inputValue()).toBe("draft due 2026-10-10");
    expect(await plugin("read", { sessionId })).toEqual({
      text: "draft due 2026-10-10",
      cursor: 20,
    });
    await box.fill("");
    expect(await plugin("suggest", { sessionId, args: { text: "run the tests" } })).toEqual({
      isShown: true,
    });
    await expect.poll(() => box.getAttribute("placeholder")).toBe("run the tests");
    await box.focus();
    await page.keyboard.press("Tab");
    await expect.poll(() => box.inputValue()).toBe("run the tests");
  });

  test("sends the draft the hooks left, and tells them the box was cleared", async () => {
    const { page, box } = await openChat();
    await box.click();
    await page.keyboard.type("hi :)");
    await expect.poll(() => box.inputValue()).toBe("hi ☺");
    await page.keyboard.press("Enter");
    await page.locator(".message.user", { hasText: "hi ☺" }).waitFor();
    await expect
      .poll(async () => {
        const { log } = (await suite.daemon.owner.request("GET", "/plugins/box-kit/log")) as {
          log: { event: string; input: { origin?: { kind: string } } }[];
        };
        return log.some((r) => r.event === "prompt.change" && r.input.origin?.kind === "clear");
      })
      .toBe(true);
  });
});
