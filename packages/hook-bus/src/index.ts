/**
 * @elowen/hook-bus: Elowen's lifecycle hooks (`HOOK_NAMES`) and middleware chains (`ChainEvents`):
 * budgets, capability-gated patches, pinned fields, fail-open dispatch, the hook audit buffer.
 */
export type { HookAuditEntry, HookAuditOutcome } from "./audit-log.js";
export { HOOK_AUDIT_CAPACITY } from "./audit-log.js";
export type { HookBusOptions } from "./bus-options.js";
export { CHAIN_HOOK_BUDGET_MS } from "./bus-options.js";
export type { CollectedTurnStep } from "./collect-turn-step.js";
export { collectTurnStep } from "./collect-turn-step.js";
export type { HookBusErrorCode } from "./errors.js";
export { HOOK_BUS_ERROR_CODES, HookBusError } from "./errors.js";
export type {
  HookArgsUpdate,
  HookDenial,
  HookPersona,
  HookResultAppend,
  RunBoundaryHookPatch,
  ToolCallVerdict,
} from "./gated-dispatch.js";
export { HookBus } from "./hook-bus.js";
export type { ShutdownReport } from "./lifecycle-dispatch.js";
export type { QuarantinedPlugin } from "./quarantine.js";
export type { StepToolCall } from "./step-assembly.js";
export type { Clock, TimerHandle, Timers } from "./time.js";
export { systemClock, systemTimers } from "./time.js";
