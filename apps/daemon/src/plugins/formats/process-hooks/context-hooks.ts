import { HOOK_DEFAULT_BUDGET_MS } from "@elowen/plugin-api/limits";
import type { ForeignHook } from "../foreign-plugin.js";
import { type HookSet, honours, hookInput, runOne } from "./hook-run.js";

/**
 * SessionStart runs when a session is spawned and keeps its context for the session's next turn,
 * which it reaches after the user's words (turn context).
 */
export function registerSessionStartHooks(set: HookSet, hooks: readonly ForeignHook[]): void {
  if (hooks.length === 0) return;
  const { ctx } = set;
  const pending = new Map<string, string[]>();
  for (const hook of hooks) {
    ctx.registerHook({
      name: "brain.session.afterSpawn",
      run: async (payload, { signal }) => {
        const decision = await runOne(set, hook, signal, HOOK_DEFAULT_BUDGET_MS, {
          ...hookInput(set, payload.sessionId, hook.event),
          source: "startup",
        });
        const text = decision.additionalContext;
        if (text !== undefined && honours(set, "turnContext", "additionalContext"))
          pending.set(payload.sessionId, [...(pending.get(payload.sessionId) ?? []), text]);
        return decision.failure === undefined
          ? undefined
          : { audit: `SessionStart ${decision.failure}` };
      },
    });
  }
  ctx.registerTurnContext(({ sessionId }) => {
    const texts = pending.get(sessionId) ?? [];
    pending.delete(sessionId);
    return texts.length === 0 ? undefined : { text: texts.join("\n\n"), placement: "after-user" };
  });
}

/**
 * UserPromptSubmit runs on `prompt.submit`, before the prompt enters the session, each hook with
 * the prompt as typed. With `turnContext` granted, a block drops the submission (the turn does not
 * run, nothing reaches the model, the sender is answered with the reason) and `additionalContext`
 * (or plain stdout) goes beside the prompt as the submission's context. Without it both are
 * audited as dropped and the prompt goes on as typed.
 */
export function registerPromptSubmitHooks(set: HookSet, hooks: readonly ForeignHook[]): void {
  if (hooks.length === 0) return;
  set.ctx.on("prompt.submit", async ($, e, next) => {
    const decisions = await Promise.all(
      hooks.map((hook) =>
        runOne(set, hook, $.signal, HOOK_DEFAULT_BUDGET_MS, {
          ...hookInput(set, $.sessionId ?? "", hook.event),
          prompt: e.text,
        }),
      ),
    );
    const block = decisions.find((d) => d.block !== undefined)?.block;
    if (block !== undefined && honours(set, "turnContext", "UserPromptSubmit block"))
      return { drop: `${set.plugin.name} blocked the prompt: ${block}` };
    const context = decisions.flatMap((d) =>
      d.additionalContext === undefined ? [] : [d.additionalContext],
    );
    if (context.length === 0 || !honours(set, "turnContext", "additionalContext")) return next();
    return next({ ...e, context: [...(e.context ?? []), ...context] });
  });
}
