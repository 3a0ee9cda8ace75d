/**
 * The socket side of bench/ws (run.ts starts it as a child process, so its sockets' memory is
 * not counted as the server's): opens one authenticated socket per token given on IPC, reports
 * when all are ready, and reports the arrival time of every DEPOSIT it receives.
 */
import WebSocket from 'ws';

type Start = { kind: 'start'; port: number; tokens: string[]; concurrency: number };
type Arrival = [depositId: number, arrivedAtMs: number];

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
const nowMs = () => performance.timeOrigin + performance.now();

const sockets: WebSocket[] = [];
let arrivals: Arrival[] = [];

function open(port: number, token: string): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    let settled = false;
    const settle = (ok: boolean) => {
      if (!settled) {
        settled = true;
        resolve(ok);
      }
    };
    ws.on('open', () => ws.send(JSON.stringify({ kind: 'auth', token })));
    ws.on('message', (data) => {
      const text = String(data);
      if (!settled && text.includes('"ready"')) return settle(true);
      if (text.includes('"DEPOSIT"')) {
        const frame = JSON.parse(text) as { data: { depositId: number } };
        arrivals.push([frame.data.depositId, nowMs()]);
      }
    });
    ws.on('error', () => settle(false));
    ws.on('close', () => settle(false));
    sockets.push(ws);
  });
}

process.on('message', async (message: Start | { kind: 'stop' }) => {
  if (message.kind === 'stop') {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
  let next = 0;
  let ready = 0;
  const worker = async () => {
    while (next < message.tokens.length) {
      const token = message.tokens[next++]!;
      if (await open(message.port, token)) ready += 1;
    }
  };
  await Promise.all(Array.from({ length: message.concurrency }, worker));
  process.send!({ kind: 'ready', ready, failed: message.tokens.length - ready });
});

// Arrivals go to the parent in batches: one IPC message per event would cost more than the event.
setInterval(() => {
  if (arrivals.length === 0) return;
  process.send!({ kind: 'arrivals', arrivals });
  arrivals = [];
}, 100).unref();
