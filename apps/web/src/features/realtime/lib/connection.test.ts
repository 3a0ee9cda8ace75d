import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reconnectDelayMs, RECONNECT_MAX_MS } from './backoff';
import { createRealtimeConnection, type SocketLike } from './connection';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1005) {
    this.drop(code);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const deposit = (seq: number) => ({
  kind: 'event',
  seq,
  type: 'DEPOSIT',
  data: {
    amount: 1,
    amountMinor: 100,
    currency: 'BRL',
    time: '',
    success: true,
    remarks: 'pix',
    depositId: seq,
  },
});

describe('the realtime connection', () => {
  let sockets: FakeSocket[];
  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
  });
  afterEach(() => vi.useRealTimers());

  function start(extra: Partial<Parameters<typeof createRealtimeConnection>[0]> = {}) {
    const events: number[] = [];
    const refused: Array<string | null> = [];
    let resyncs = 0;
    const connection = createRealtimeConnection({
      url: 'ws://test/ws',
      token: 'token-123',
      language: () => 'en',
      onEvent: (frame) => events.push(frame.seq),
      onResync: () => (resyncs += 1),
      onSessionRefused: (code) => refused.push(code),
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      random: () => 0.5,
      ...extra,
    });
    return { connection, events, refused, resyncs: () => resyncs };
  }

  it('authenticates, passes events on once, and after a drop reconnects with the last number it saw', () => {
    const { connection, events } = start();
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([
      { kind: 'auth', token: 'token-123', lastSeq: null, language: 'en' },
    ]);
    sockets[0]!.receive({ kind: 'ready', seq: 4 });
    sockets[0]!.receive(deposit(5));
    sockets[0]!.receive(deposit(5));
    sockets[0]!.receive(deposit(6));
    expect(events).toEqual([5, 6]);

    sockets[0]!.drop(1006);
    expect(sockets).toHaveLength(1);
    // First retry: 1 s with equal jitter (random 0.5 → 750 ms).
    vi.advanceTimersByTime(749);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(sockets[1]!.sent[0]).toMatchObject({ kind: 'auth', lastSeq: 6 });
    // Replayed by the server after the reconnect: the one already seen is skipped.
    sockets[1]!.receive({ kind: 'ready', seq: 7 });
    sockets[1]!.receive(deposit(6));
    sockets[1]!.receive(deposit(7));
    expect(events).toEqual([5, 6, 7]);
    expect(connection.lastSeq()).toBe(7);
  });

  it('backs off exponentially while the server stays away, and starts over once connected', () => {
    start();
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const before = sockets.length;
      sockets.at(-1)!.drop(1006);
      let waited = 0;
      while (sockets.length === before) {
        vi.advanceTimersByTime(50);
        waited += 50;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([750, 1500, 3000, 6000]);
    sockets.at(-1)!.open();
    sockets.at(-1)!.receive({ kind: 'ready', seq: 0 });
    sockets.at(-1)!.drop(1006);
    vi.advanceTimersByTime(750);
    expect(sockets).toHaveLength(6);
  });

  it('stays closed when the server ends the session, and reports why', () => {
    const { refused } = start();
    sockets[0]!.open();
    sockets[0]!.receive({ kind: 'ready', seq: 0 });
    sockets[0]!.receive({
      kind: 'error',
      code: 'session_ended',
      message: 'Your session has ended.',
    });
    sockets[0]!.drop(4401);
    vi.advanceTimersByTime(RECONNECT_MAX_MS * 2);
    expect(sockets).toHaveLength(1);
    expect(refused).toEqual(['session_ended']);
  });

  it('reloads on resync, and stops for good when asked (logout)', () => {
    const { connection, resyncs } = start();
    sockets[0]!.open();
    sockets[0]!.receive({ kind: 'ready', seq: 3 });
    sockets[0]!.receive({ kind: 'resync', seq: 200 });
    expect(resyncs()).toBe(1);
    expect(connection.lastSeq()).toBe(200);
    connection.stop();
    vi.advanceTimersByTime(RECONNECT_MAX_MS * 2);
    expect(sockets).toHaveLength(1);
  });

  it('replaces a connection that stopped answering its pings', () => {
    start();
    sockets[0]!.open();
    sockets[0]!.receive({ kind: 'ready', seq: 0 });
    vi.advanceTimersByTime(30_000);
    expect(sockets[0]!.sent.at(-1)).toEqual({ kind: 'ping' });
    vi.advanceTimersByTime(30_000); // no pong: presumed dead, closed, and retried
    vi.advanceTimersByTime(750);
    expect(sockets).toHaveLength(2);
  });
});

describe('reconnectDelayMs', () => {
  it('doubles from 1 s to a 30 s ceiling, half of it random', () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(500);
    expect(reconnectDelayMs(0, () => 1)).toBe(1000);
    expect(reconnectDelayMs(3, () => 0.5)).toBe(6000);
    expect(reconnectDelayMs(20, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelayMs(20, () => 0)).toBe(RECONNECT_MAX_MS / 2);
  });
});
