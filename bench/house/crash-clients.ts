/**
 * The players' sockets of bench:house's crash round (run.ts forks it, so their work is not the
 * server's): one authenticated socket per token, each following `house.crash`; for every tick
 * of the round it records how long after the server's tick (the round's start + the tick's
 * `elapsedMs`, on the same machine's clock) the multiplier reached the socket.
 */
import WebSocket from 'ws';

type Start = { kind: 'start'; port: number; tokens: string[]; concurrency: number };
/** The round to time: its start on the server's clock (epoch ms). */
type Round = { kind: 'round'; roundId: number; startMs: number };

const nowMs = () => performance.timeOrigin + performance.now();
const sockets: WebSocket[] = [];
let round: Round | null = null;
const delays: number[] = [];
let ticks = 0;
let subscribed = 0;

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
    ws.on('open', () => {
      ws.send(JSON.stringify({ kind: 'auth', token }));
      ws.send(JSON.stringify({ kind: 'subscribe', topic: 'house.crash' }));
    });
    ws.on('message', (data) => {
      const arrived = nowMs();
      const text = String(data);
      if (text.includes('"kind":"tick"')) {
        const frame = JSON.parse(text) as { data: { roundId: number; elapsedMs: number } };
        if (round && frame.data.roundId === round.roundId) {
          ticks += 1;
          delays.push(arrived - (round.startMs + frame.data.elapsedMs));
        }
        return;
      }
      if (text.includes('"kind":"subscribed"')) {
        subscribed += 1;
        return settle(true);
      }
    });
    ws.on('error', () => settle(false));
    ws.on('close', () => settle(false));
    sockets.push(ws);
  });
}

process.on('message', async (message: Start | Round | { kind: 'report' } | { kind: 'stop' }) => {
  if (message.kind === 'stop') {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
  if (message.kind === 'round') {
    round = message;
    return;
  }
  if (message.kind === 'report') {
    delays.sort((a, b) => a - b);
    const at = (p: number) =>
      delays[Math.min(delays.length - 1, Math.floor((delays.length * p) / 100))] ?? NaN;
    process.send!({
      kind: 'report',
      ticks,
      p50: at(50),
      p99: at(99),
      max: delays[delays.length - 1] ?? NaN,
      open: sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length,
    });
    return;
  }
  let next = 0;
  const worker = async () => {
    while (next < message.tokens.length) await open(message.port, message.tokens[next++]!);
  };
  await Promise.all(Array.from({ length: message.concurrency }, worker));
  process.send!({ kind: 'ready', subscribed, failed: message.tokens.length - subscribed });
});
