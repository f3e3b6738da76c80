import { readFileSync } from "node:fs";

/** Milliseconds per clock tick of /proc's times (Linux's USER_HZ is 100 on every common build). */
const MS_PER_TICK = 10;

/** Reads this thread's CPU time from Linux's /proc/thread-self/stat, or undefined when absent. */
function procThreadCpuMs(): number | undefined {
  try {
    const stat = readFileSync("/proc/thread-self/stat", "latin1");
    // Fields after the command name (which may hold spaces) start at field 3; utime and stime
    // are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * MS_PER_TICK : undefined;
  } catch {
    return undefined;
  }
}

const useProc = procThreadCpuMs() !== undefined;

/**
 * The CPU time this thread has used, in ms (10 ms resolution on Linux). Where the kernel does not
 * say per thread, the whole process's CPU time: still time the machine gave this process, never
 * the wall time other processes took. The busy limit counts this, so a loaded machine does not
 * fail a cell for work it did not do.
 */
export function threadCpuMs(): number {
  if (useProc) return procThreadCpuMs() ?? processCpuMs();
  return processCpuMs();
}

function processCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}
