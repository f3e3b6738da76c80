// @vitest-environment happy-dom
import { isElowenError } from "@elowen/plugin-shared/errors";
import { cleanup, render } from "@testing-library/preact";
import { afterEach, describe, expect, test } from "vitest";
import { useApp } from "./app-context.js";

afterEach(cleanup);

function NeedsServices() {
  useApp();
  return null;
}

describe("the signed-in services", () => {
  test("a view that needs them outside the signed-in tree throws a coded error naming the mistake", () => {
    let failure: unknown;
    try {
      render(<NeedsServices />);
    } catch (error) {
      failure = error;
    }
    expect(isElowenError(failure, "web.outside_signed_in_view")).toBe(true);
    expect(failure).toMatchObject({ message: "useApp() is used outside a signed-in view" });
  });
});
