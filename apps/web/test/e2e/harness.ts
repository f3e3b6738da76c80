import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ElowenConfigInput } from "@elowen/daemon";
import { startTestDaemon, type TestDaemon } from "@elowen/daemon/testing";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { hasWebBuild, webRoot } from "../../src/web-root.js";

/** Debian's Chromium, or the one ELOWEN_CHROMIUM names. */
export const CHROMIUM = process.env.ELOWEN_CHROMIUM ?? "/usr/bin/chromium";

/** The launch arguments of the headless browser the tests drive. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Where screenshots are saved (gitignored). */
export const ARTIFACTS = join(import.meta.dirname, "..", "..", "test-artifacts", "e2e");

const FIXTURE_PLUGINS = join(import.meta.dirname, "..", "fixtures", "plugins");

/**
 * The daemon's prompt-box test plugin (`box-kit`): it hooks every prompt-box chain of seed 004,
 * and its routes call `ctx.prompt.fill`, `suggest` and `read` for a session.
 */
export const BOX_KIT_PLUGIN = join(
  import.meta.dirname,
  "../../../daemon/test/fixtures/plugins/box-kit",
);

/** A real daemon in this process (@elowen/daemon/testing), serving the built app. */
export type WebDaemon = TestDaemon;

/**
 * Starts a daemon on a free loopback port with the bundled plugins and the web kit (plus any
 * `config.plugins.dirs`), serving the built app from its own origin as `elowen daemon` does;
 * `script` is the offline model's YAML script.
 */
export function startWebDaemon(
  script = "turns: []\n",
  config: ElowenConfigInput = {},
): Promise<WebDaemon> {
  return startTestDaemon({
    script,
    plugins: [join(FIXTURE_PLUGINS, "web-kit")],
    // Without a build the API is served alone; launchBrowser says to build first.
    ...(hasWebBuild() ? { webDir: webRoot() } : {}),
    config: {
      ...config,
      plugins: {
        bundled: true,
        settings: { "@elowen/plugin-code-mode": { yieldAfterMs: 5000 } },
        ...config.plugins,
      },
    },
  });
}

/** A headless Chromium with a fresh profile. */
export interface Browser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/** Launches Debian's headless Chromium with a fresh user-data directory. */
export async function launchBrowser(viewport = { width: 1280, height: 860 }): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `the browser tests need Chromium at ${CHROMIUM}: apt-get install chromium, or set ELOWEN_CHROMIUM`,
    );
  if (!hasWebBuild())
    throw new Error(`no web build at ${webRoot()}: run \`pnpm run build\` in apps/web first`);
  const profile = mkdtempSync(join(tmpdir(), "elowen-web-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Opens the app on the daemon's origin at `hash`; `token` signs in first (kept for the tab). */
export async function openApp(
  browser: Browser,
  daemon: WebDaemon,
  hash = "#/",
  token?: string,
): Promise<Page> {
  const page = await browser.context.newPage();
  page.on("pageerror", (error) => {
    throw error;
  });
  if (token !== undefined) {
    await page.addInitScript((t) => {
      if (!sessionStorage.getItem("elowen.token")) sessionStorage.setItem("elowen.token", t);
    }, token);
  }
  await page.goto(`${daemon.url}/${hash}`);
  return page;
}

/**
 * The visible controls of the page (buttons, links, form fields, listbox options) that have no
 * accessible name: by `aria-label`, `aria-labelledby`, a `<label>`, their text or a title. An
 * accessible page answers an empty list.
 */
export async function unnamedControls(page: Page): Promise<string[]> {
  // Written without named inner functions: the test transpiler would wrap those in a helper the
  // page does not have.
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        "button, a[href], input, textarea, select, summary, [role=option]",
      ),
    ]
      .filter((el) => el.getClientRects().length > 0 && (el as HTMLInputElement).type !== "hidden")
      .filter((el) => {
        const byIds = (el.getAttribute("aria-labelledby") ?? "")
          .split(/\s+/)
          .map((id) => (id ? (document.getElementById(id)?.textContent ?? "") : ""))
          .join("");
        const byLabels = [...((el as HTMLInputElement).labels ?? [])]
          .map((l) => l.textContent ?? "")
          .join("");
        const text =
          el.tagName === "INPUT" || el.tagName === "TEXTAREA" ? "" : (el.textContent ?? "");
        const name = [
          el.getAttribute("aria-label"),
          byIds,
          byLabels,
          text,
          el.getAttribute("title"),
        ]
          .join("")
          .trim();
        return name === "";
      })
      .map((el) => el.outerHTML.slice(0, 120)),
  );
}

/** Saves a full-page screenshot as a test artifact. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/**
 * One daemon (playing `script`) and one browser for a test file: started before its tests,
 * stopped after them. Read `daemon` and `browser` inside tests.
 */
export function webSuite(
  script?: string,
  config?: ElowenConfigInput,
): { readonly daemon: WebDaemon; readonly browser: Browser } {
  let daemon: WebDaemon | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    daemon = await startWebDaemon(script, config);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await daemon?.close();
  });
  return {
    get daemon() {
      if (!daemon) throw new Error("the daemon starts in beforeAll");
      return daemon;
    },
    get browser() {
      if (!browser) throw new Error("the browser starts in beforeAll");
      return browser;
    },
  };
}
