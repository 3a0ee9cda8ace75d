import { readdirSync, readFileSync } from 'node:fs';

/**
 * Where a phase's CPU went, read from /proc: this process (the load client), the server
 * process, every PostgreSQL process, and the rest of the machine. On two shared cores the
 * split tells whether a figure is bound by the server, the database or the load generator.
 */
const TICKS_PER_SECOND = 100;

type Snapshot = {
  at: number;
  self: number;
  server: number;
  postgres: Map<number, number>;
  machine: number;
};

function processSeconds(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces, so cut at the last ')').
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // utime + stime
  } catch {
    return 0; // gone
  }
}

/** CPU seconds of every PostgreSQL process, by pid. */
function postgresSeconds(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        byPid.set(Number(entry), processSeconds(Number(entry)));
    } catch {
      // exited meanwhile
    }
  }
  return byPid;
}

function machineBusySeconds(): number {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = values.map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) / TICKS_PER_SECOND;
}

/** `serverPid`: the server process, or its processes (an API instance and a jobs instance). */
export function cpuSnapshot(serverPid: number | readonly number[] | null): Snapshot {
  const usage = process.cpuUsage();
  const servers = serverPid === null ? [] : typeof serverPid === 'number' ? [serverPid] : serverPid;
  return {
    at: performance.now(),
    self: (usage.user + usage.system) / 1e6,
    server: servers.reduce((sum, pid) => sum + processSeconds(pid), 0),
    postgres: postgresSeconds(),
    machine: machineBusySeconds(),
  };
}

/**
 * "cpu (cores busy): load client 0.20, server 0.49, postgres 1.10, other 0.05 of 2", then the
 * CPU milliseconds each operation cost the client, the server and PostgreSQL: unlike rates and
 * latencies, those barely move when something else shares the machine, so they compare runs.
 * PostgreSQL processes are counted while alive at the end (one that exits during the phase
 * takes its CPU with it, so postgres is a lower bound); other is the machine's busy time not
 * accounted for.
 */
export function describeCpu(
  before: Snapshot,
  after: Snapshot,
  cores: number,
  operations: number,
): string {
  const seconds = (after.at - before.at) / 1000;
  const client = after.self - before.self;
  const server = after.server - before.server;
  let postgres = 0;
  for (const [pid, cpu] of after.postgres) postgres += cpu - (before.postgres.get(pid) ?? 0);
  const other = Math.max(0, after.machine - before.machine - client - server - postgres);
  const cores_ = (x: number) => (x / seconds).toFixed(2);
  const perOperation = (x: number) => ((x * 1000) / Math.max(1, operations)).toFixed(3);
  return (
    `cpu (cores busy): load client ${cores_(client)}, server ${cores_(server)}, postgres ${cores_(postgres)}, other ${cores_(other)} of ${cores}; ` +
    `per operation (ms): client ${perOperation(client)}, server ${perOperation(server)}, postgres ${perOperation(postgres)}`
  );
}

/** BENCH_CPU_PROFILE=<dir>: node flags making the server write a V8 CPU profile there when it stops. */
export function cpuProfileFlags(): string[] {
  const dir = process.env.BENCH_CPU_PROFILE;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}
