/**
 * CPU time by process, read from Linux's /proc (issue 38): what a request costs each part of the
 * system (the API processes, PostgreSQL's processes, the balancer, the load generator), which is what
 * a model for a machine with more cores needs; elapsed time on this shared 2-core machine says only
 * how they shared it.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** utime + stime of one process (all its threads), in ms; 0 for a process that is gone. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: state is 3rd, utime 14th, stime 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * PostgreSQL's backends serving `database` (their title reads «postgres: 15/main: USER DATABASE
 * ADDRESS …»), by pid, in ms: other databases' work on the same server is someone else's, and a
 * backend that ends between two snapshots is left out of both (cpuPerRequest counts pids in both).
 */
export function postgresCpuMs(database: string): Map<number, number> {
  const backends = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres:') && title.split(' ').includes(database))
        backends.set(Number(entry), processCpuMs(Number(entry)));
    } catch {}
  }
  return backends;
}

/** The machine's busy and total time since boot, every core together, in ticks (/proc/stat). */
export function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  // idle and iowait are the 4th and 5th.
  return { busy: total - (values[3] ?? 0) - (values[4] ?? 0), total };
}

export interface CpuSnapshot {
  api: number;
  postgres: Map<number, number>;
  balancer: number;
  generator: number;
  machine: { busy: number; total: number };
}

export function cpuSnapshot(apiPids: number[], balancerPid: number | null, database: string): CpuSnapshot {
  const usage = process.cpuUsage();
  return {
    api: apiPids.reduce((sum, pid) => sum + processCpuMs(pid), 0),
    postgres: postgresCpuMs(database),
    balancer: balancerPid === null ? 0 : processCpuMs(balancerPid),
    generator: (usage.user + usage.system) / 1000,
    machine: machineTicks(),
  };
}

/** CPU ms per request of each part between two snapshots, and how busy the machine was (0–1). */
export interface CpuPerRequest {
  api: number;
  postgres: number;
  balancer: number;
  generator: number;
  busy: number;
}

export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuPerRequest {
  const per = (a: number, b: number) => (requests > 0 ? (b - a) / requests : 0);
  const total = after.machine.total - before.machine.total;
  // A backend started during the load counts from zero.
  let postgres = 0;
  for (const [pid, ms] of after.postgres) postgres += ms - (before.postgres.get(pid) ?? 0);
  return {
    api: per(before.api, after.api),
    postgres: per(0, postgres),
    balancer: per(before.balancer, after.balancer),
    generator: per(before.generator, after.generator),
    busy: total > 0 ? (after.machine.busy - before.machine.busy) / total : 0,
  };
}
