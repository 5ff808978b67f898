// CPU time (user + system, ms) of a process and all its descendants — the app and the embedded
// PostgreSQL it started (postmaster and backends) — from /proc. Robust to other load on a shared
// machine, unlike wall-clock latency: work done is counted, waiting for a core is not.
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ = 100 on Linux

function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // fields[1] = ppid; [11..14] = utime, stime, cutime, cstime
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]) };
  } catch {
    return undefined;
  }
}

export function treeCpuMs(root) {
  const all = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(name);
    if (s) all.set(Number(name), s);
  }
  let ticks = 0;
  const stack = [root];
  const seen = new Set();
  while (stack.length) {
    const pid = stack.pop();
    if (seen.has(pid)) continue;
    seen.add(pid);
    const s = all.get(pid);
    if (s) ticks += s.ticks;
    for (const [child, cs] of all) if (cs.ppid === pid) stack.push(child);
  }
  return ticks * TICK_MS;
}

/** CPU ms (user + system) of one process, its children not counted, or 0 when it is gone. */
export function processCpuMs(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}
