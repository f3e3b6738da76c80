import { describe, expect, test } from "vitest";
import { refusalField } from "./mcp-servers.js";

describe("refusalField: which form field a refusal of the MCP routes belongs beside", () => {
  test("the daemon's boundary check names the body field (`body.url: ...`)", () => {
    expect(refusalField("body.url: an http(s) URL")).toBe("url");
    expect(refusalField("body.env.API_KEY: at most 4096 characters")).toBe("env");
  });

  test("the plugin's own refusals name the field bare (`name: ...`)", () => {
    expect(refusalField("name: a server named docs already exists")).toBe("name");
  });

  test("a sentence about the whole request, or an unknown field, belongs to no field", () => {
    expect(refusalField("only the owner may add instance servers")).toBeUndefined();
    expect(refusalField("body.bogus: not a server field")).toBeUndefined();
  });
});
