// @vitest-environment happy-dom
import { BrainStatusSchema } from "@elowen/wire";
import { cleanup } from "@testing-library/preact";
import { afterEach, describe, expect, test } from "vitest";
import { renderWith } from "../../test/render.js";
import { StatusBody } from "./status-rail.js";

afterEach(cleanup);

const base = {
  core: { version: "0.30.7", sharedApi: 14, uiApi: 55 },
  model: { provider: "offline", id: "offline", label: "Offline model", offline: true },
  admitsNewWork: true,
  plugins: [
    { name: "@elowen/plugin-skills", version: "0.1.0", state: "loaded" },
    {
      name: "acme",
      version: "1.0.0",
      state: "refused",
      reason: "acme needs core ^0.40.0, but this host is core 0.30.7",
    },
  ],
};
const status = (extra: Record<string, unknown> = {}) =>
  BrainStatusSchema.parse({ ...base, ...extra });
const mcp = [
  { name: "docs", status: "connected", auth: { state: "signed-in" } },
  { name: "tracker", status: "disconnected", auth: { state: "needs-sign-in" } },
  { name: "files", status: "connected", auth: { state: "none" } },
  { name: "wiki", status: "failed", auth: { state: "error" } },
  { name: "local", status: "connected", auth: { state: "unsupported" } },
];

describe("the brain-status rail", () => {
  test("shows each MCP row with its authentication state to an administrator", () => {
    const { container } = renderWith(<StatusBody status={status({ mcp })} admin={true} />);
    expect([...container.querySelectorAll(".mcp-rows li")].map((li) => li.textContent)).toEqual([
      "docs connected signed in",
      "tracker disconnected needs sign-in",
      "files connected no sign-in needed",
      "wiki failed sign-in failed",
      "local connected sign-in unsupported",
    ]);
  });

  test("shows no MCP section to an account that is not an administrator", () => {
    const { container } = renderWith(<StatusBody status={status({ mcp })} admin={false} />);
    expect(container.querySelector("#status-mcp")).toBeNull();
  });

  test("omits the MCP section when no provider said anything, and says unavailable for null", () => {
    const absent = renderWith(<StatusBody status={status()} admin={true} />);
    expect(absent.container.querySelector("#status-mcp")).toBeNull();
    cleanup();
    const unavailable = renderWith(<StatusBody status={status({ mcp: null })} admin={true} />);
    expect(unavailable.container.querySelector("#status-mcp")?.parentElement?.textContent).toBe(
      "MCP serversMCP status is unavailable.",
    );
  });

  test("labels the offline model, says when no new work is taken, and gives a refused plugin's reason", () => {
    const { container } = renderWith(
      <StatusBody status={status({ admitsNewWork: false })} admin={false} />,
    );
    expect(container.querySelector(".badge.offline")?.textContent).toBe("offline model");
    expect(container.querySelector(".warning")?.textContent).toMatch(/takes no new work/);
    expect(container.querySelector(".plugin-rows li.refused .error")?.textContent).toBe(
      "Refused: acme needs core ^0.40.0, but this host is core 0.30.7",
    );
  });
});
