import type { AgentInfo } from "@elowen/plugin-api";

/** A session's sub-agents, oldest first, kept with the session's in-memory state. */
export type AgentRecords = Map<string, AgentInfo>;
