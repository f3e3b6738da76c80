import { formatDuration } from "@elowen/plugin-shared/duration";
import { useNow } from "./clock.js";

/**
 * A duration as every surface shows it (the one shared formatter): a settled `durationMs`, or,
 * while running, the time since `startedAt` counted locally. Nothing at all without timing (never
 * `0ms` for a record that has none).
 */
export function Duration(props: {
  readonly startedAt?: number | undefined;
  readonly durationMs?: number | undefined;
  readonly running: boolean;
}) {
  const live = props.running && props.durationMs === undefined && props.startedAt !== undefined;
  const now = useNow(live);
  const ms =
    live && props.startedAt !== undefined ? Math.max(0, now - props.startedAt) : props.durationMs;
  const text = formatDuration(ms);
  if (text === "") return null;
  return (
    <span class={live ? "duration live" : "duration"}>
      <span class="visually-hidden">{live ? "running for " : "took "}</span>
      {text}
    </span>
  );
}
