import { readdirSync, readFileSync } from 'node:fs';

/**
 * Where a phase's CPU went, read from /proc: this process (the load client), the server
 * process, every PostgreSQL process, and the rest of the machine. On two shared cores the
 * split tells whether a figure is bound by the server, the database or the load generator.
 */
const TICKS_PER_SECOND = 100;

type Snapshot = { at: number; self: number; server: number; postgres: number; machine: number };

function processSeconds(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces, so cut at the last ')').
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // utime + stime
  } catch {
    return 0; // gone
  }
}

function postgresSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        total += processSeconds(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

function machineBusySeconds(): number {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = values.map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) / TICKS_PER_SECOND;
}

export function cpuSnapshot(serverPid: number | null): Snapshot {
  const usage = process.cpuUsage();
  return {
    at: performance.now(),
    self: (usage.user + usage.system) / 1e6,
    server: serverPid ? processSeconds(serverPid) : 0,
    postgres: postgresSeconds(),
    machine: machineBusySeconds(),
  };
}

/** "cpu: client 0.4, server 0.8, postgres 0.7, other 0.1 of 2 cores". */
export function describeCpu(before: Snapshot, after: Snapshot, cores: number): string {
  const seconds = (after.at - before.at) / 1000;
  const share = (a: number, b: number) => ((a - b) / seconds).toFixed(2);
  const client = after.self - before.self;
  const server = after.server - before.server;
  const postgres = after.postgres - before.postgres;
  const other = after.machine - before.machine - client - server - postgres;
  return `cpu (cores busy): load client ${share(after.self, before.self)}, server ${share(after.server, before.server)}, postgres ${share(after.postgres, before.postgres)}, other ${Math.max(0, other / seconds).toFixed(2)} of ${cores}`;
}
