import { describe, expect, test } from "vitest";
import { createOfflineModel, OFFLINE_API } from "./offline-model.js";
import { parseOfflineScript } from "./offline-script.js";

const request = {
  sessionId: "s_1",
  turnOrdinal: 0,
  step: 0,
  purpose: "turn",
} as const;

async function answer(
  runtime: ReturnType<typeof createOfflineModel>,
  model = runtime.model,
): Promise<string> {
  const stream = runtime.stream(
    model,
    { messages: [{ role: "user", content: "hi", timestamp: 1 }] },
    {},
    request,
  );
  const message = runtime.finish(await stream.result());
  if (message.stopReason === "error") throw new Error(message.errorMessage);
  return message.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("");
}

describe("the offline model's API name", () => {
  test("is the same in every runtime, and each runtime answers a request naming it from its own script", async () => {
    const one = createOfflineModel(parseOfflineScript("turns:\n  - steps: [{ text: one }]\n"));
    const two = createOfflineModel(parseOfflineScript("turns:\n  - steps: [{ text: two }]\n"));
    try {
      expect([one.model.api, two.model.api]).toEqual([OFFLINE_API, OFFLINE_API]);
      // A request pinned by another runtime (another process) carries only the stable name.
      const pinned = JSON.parse(JSON.stringify(one.model));
      expect(await answer(two, pinned)).toBe("two");
      expect(await answer(one)).toBe("one");
    } finally {
      one.close();
      two.close();
    }
  });

  test("a request still answers after another runtime in the process closed", async () => {
    const first = createOfflineModel(parseOfflineScript("turns:\n  - steps: [{ text: kept }]\n"));
    createOfflineModel().close();
    try {
      expect(await answer(first)).toBe("kept");
    } finally {
      first.close();
    }
  });
});
