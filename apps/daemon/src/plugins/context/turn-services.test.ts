import { isElowenError } from "@elowen/plugin-shared/errors";
import { describe, expect, test } from "vitest";
import { INVARIANT_ERRORS } from "../../invariant-error.js";
import { NotInTurnError, type TurnServices, TurnServicesSlot } from "./turn-services.js";

/** Turn services that answer every call with the same refusal: the slot never calls them. */
function refusingServices(): TurnServices {
  const refuse = async (): Promise<never> => {
    throw new NotInTurnError("test");
  };
  return {
    askUser: refuse,
    promptSubmit: refuse,
    agentSpawn: refuse,
    agentList: refuse,
    sessionUsage: refuse,
  };
}

describe("TurnServicesSlot", () => {
  test("before the brain installs its services, require names the method with not_in_turn", () => {
    const slot = new TurnServicesSlot();
    expect(() => slot.require("agent.spawn")).toThrow(
      expect.objectContaining({
        code: "not_in_turn",
        message: expect.stringContaining("ctx.agent.spawn is not available outside a turn"),
      }),
    );
  });

  test("answers the installed services, and refuses a second install as a broken invariant", () => {
    const slot = new TurnServicesSlot();
    const services = refusingServices();
    slot.install(services);
    expect(slot.require("agent.spawn")).toBe(services);
    let thrown: unknown;
    try {
      slot.install(refusingServices());
    } catch (error) {
      thrown = error;
    }
    expect(isElowenError(thrown, INVARIANT_ERRORS.turnServicesInstalled)).toBe(true);
    expect(thrown).toMatchObject({ name: "InvariantError", message: /already installed/ });
    expect(slot.require("agent.spawn")).toBe(services);
  });
});
