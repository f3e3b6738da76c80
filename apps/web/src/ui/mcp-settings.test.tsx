// @vitest-environment happy-dom
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/preact";
import { describe, expect, test, vi } from "vitest";
import { componentSuite, renderWith } from "../../test/render.js";
import { webClient } from "../model/web-client.js";
import { McpSettings } from "./mcp-settings.js";

// A workspace whose .mcp.json nobody approved yet: its server is listed, never started.
const workspace = mkdtempSync(join(tmpdir(), "elowen-web-mcp-"));
writeFileSync(
  join(workspace, ".mcp.json"),
  JSON.stringify({
    mcpServers: {
      ws: {
        command: "node",
        args: ["-e", "process.exit(3)"],
        env: { TOKEN: "s3cret-value" },
      },
    },
  }),
);
// A daemon with every bundled plugin starts slowly on a busy machine.
vi.setConfig({ hookTimeout: 120_000 });
configure({ asyncUtilTimeout: 15_000 });
const suite = componentSuite({
  config: {
    plugins: {
      settings: { "@elowen/plugin-mcp": { workspace, allowPrivateUrls: ["loopback"] } },
    },
  },
});

const item = (name: string) =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>(`li[data-server="${name}"]`);
    if (!found) throw new Error(`no ${name} listed yet`);
    return found;
  });

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe("the MCP settings", () => {
  test("show the owner what an untrusted workspace server would run, without its secrets, and approving it starts it", async () => {
    renderWith(<McpSettings />, { services: suite.services });
    const ws = await item("ws");
    expect(ws.querySelector(".badge.source")?.textContent).toBe("workspace .mcp.json");
    expect(ws.querySelector(".badge.status")?.textContent).toBe(
      "untrusted workspace file, awaiting the owner's approval",
    );
    expect(ws.querySelector(".mcp-launch code")?.textContent).toBe("node -e process.exit(3)");
    expect(ws.textContent).toContain("TOKEN (values not shown)");
    expect(ws.textContent).not.toContain("s3cret-value");
    fireEvent.click(within(ws).getByRole("button", { name: /^Approve .*\.mcp\.json for ws$/ }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toMatch(/^Approved .*starting ws\.$/),
    );
    await waitFor(() => expect(ws.getAttribute("data-status")).not.toBe("untrusted"));
    expect(ws.querySelector(".mcp-launch")).toBeNull();
  });

  test("show a refusal next to the field it names and keep what was typed", async () => {
    renderWith(<McpSettings />, { services: suite.services });
    fireEvent.click(screen.getByRole("button", { name: "Add a server" }));
    type("Name", "docs");
    type("URL", "ftp://docs.test/mcp");
    type("Headers (one Name: value a line)", "Authorization: Bearer abc");
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    const url = screen.getByLabelText("URL");
    await waitFor(() =>
      expect(document.getElementById("mcp-add-url-error")?.textContent).toBe("url: an http(s) URL"),
    );
    expect(url.getAttribute("aria-invalid")).toBe("true");
    expect(url.getAttribute("aria-describedby")).toBe("mcp-add-url-error");
    expect(document.activeElement).toBe(url);
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("docs");
    expect((url as HTMLInputElement).value).toBe("ftp://docs.test/mcp");
    expect(
      (screen.getByLabelText("Headers (one Name: value a line)") as HTMLTextAreaElement).value,
    ).toBe("Authorization: Bearer abc");

    // A name already configured is a 409 naming the name field.
    type("Name", "ws");
    type("URL", "http://127.0.0.1:9/mcp");
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() =>
      expect(document.getElementById("mcp-add-name-error")?.textContent).toMatch(
        /^name: a server named ws is already configured/,
      ),
    );
    expect(document.getElementById("mcp-add-url-error")).toBeNull();
  });

  test("offer a plain account url servers only; it adds one for itself, sees it fail unreachable, and removes it", async () => {
    const { client } = suite.services;
    const robin = await client.accounts.create({ name: "robin", role: "user" });
    const { token } = await client.accounts.issueToken(robin.id);
    const mine = webClient(token, suite.daemon.url);
    renderWith(<McpSettings />, {
      services: { client: mine, me: await mine.me(), plugins: [] },
    });
    await item("ws");
    expect(screen.queryByRole("button", { name: /^Approve/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Remove ws" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Add a server" }));
    expect(screen.queryByLabelText("Command")).toBeNull();
    expect(screen.queryByRole("group", { name: "Whose server" })).toBeNull();
    type("Name", "mine");
    type("URL", "http://127.0.0.1:9/mcp");
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    const row = await item("mine");
    expect(screen.getByRole("status").textContent).toBe("Added mine; it is starting.");
    expect(row.querySelector(".badge.source")?.textContent).toBe("your own");
    await waitFor(
      async () => {
        fireEvent.click(screen.getByRole("button", { name: "Refresh" }));
        await waitFor(() =>
          expect(
            document.querySelector('li[data-server="mine"]')?.getAttribute("data-status"),
          ).toBe("failed"),
        );
      },
      { timeout: 20_000 },
    );
    const failed = await item("mine");
    expect(failed.querySelector(".badge.status")?.textContent).toMatch(/^failed: .+/);
    expect(failed.textContent).toContain("url · 0 tools · no sign-in needed");
    fireEvent.click(within(failed).getByRole("button", { name: "Remove mine" }));
    const confirm = within(failed).getByRole("button", { name: "Remove mine" });
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    fireEvent.click(confirm);
    await waitFor(() => expect(document.querySelector('li[data-server="mine"]')).toBeNull());
    expect(screen.getByRole("status").textContent).toBe("Removed mine.");
  });
});
