/**
 * The socket side of bench/ws (run.ts starts it as a child process, so its sockets' memory is
 * not counted as the server's): opens one authenticated socket per token given on IPC, reports
 * when all are ready, and reports the arrival time of every DEPOSIT it receives.
 */
import WebSocket from 'ws';

type Start = { kind: 'start'; port: number; tokens: string[]; concurrency: number };
/** The first `count` sockets follow `topic` (the fan-out phase). */
type Watch = { kind: 'watch'; topic: string; count: number };
type Arrival = [depositId: number, arrivedAtMs: number];

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
const nowMs = () => performance.timeOrigin + performance.now();

const sockets: WebSocket[] = [];
let arrivals: Arrival[] = [];
/** [broadcast number (the tick's roundId), arrival time] per socket and broadcast. */
let topicArrivals: Arrival[] = [];
let subscribed = 0;
let onSubscribed: () => void = () => undefined;

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
      if (text.startsWith('{"kind":"topic"')) {
        const frame = JSON.parse(text) as { data: { roundId: number } };
        topicArrivals.push([frame.data.roundId, nowMs()]);
        return;
      }
      if (text.includes('"subscribed"')) {
        subscribed += 1;
        onSubscribed();
        return;
      }
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

process.on('message', async (message: Start | Watch | { kind: 'stop' }) => {
  if (message.kind === 'stop') {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
  if (message.kind === 'watch') {
    const watchers = sockets.slice(0, message.count);
    const done = new Promise<void>((resolve) => {
      onSubscribed = () => {
        if (subscribed >= watchers.length) resolve();
      };
    });
    for (const ws of watchers) ws.send(JSON.stringify({ kind: 'subscribe', topic: message.topic }));
    await done;
    process.send!({ kind: 'watching', watching: watchers.length });
    return;
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
  if (arrivals.length > 0) {
    process.send!({ kind: 'arrivals', arrivals });
    arrivals = [];
  }
  if (topicArrivals.length > 0) {
    process.send!({ kind: 'topicArrivals', arrivals: topicArrivals });
    topicArrivals = [];
  }
}, 100).unref();
