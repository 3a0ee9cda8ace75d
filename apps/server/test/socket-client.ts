import type { RealtimeServerFrame } from '@banca/contracts';
import WebSocket from 'ws';

/**
 * A member's realtime socket for tests: opens `/ws` on a listening server, keeps every frame it
 * receives, and waits for frames or the close. Waits end with the test's own timeout.
 */
export type TestSocket = {
  frames: RealtimeServerFrame[];
  /** Resolves with the first frame (from `from` on) that matches. */
  next(match: (frame: RealtimeServerFrame) => boolean, from?: number): Promise<RealtimeServerFrame>;
  send(frame: unknown): void;
  closed: Promise<{ code: number }>;
  close(): Promise<void>;
};

export async function openSocket(
  origin: string,
  auth?: { token: string; lastSeq?: number | null; language?: string },
): Promise<TestSocket> {
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/ws`);
  const frames: RealtimeServerFrame[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as RealtimeServerFrame);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number }>((resolve) =>
    ws.on('close', (code) => {
      resolve({ code });
      for (const wake of waiters) wake();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  if (auth) ws.send(JSON.stringify({ kind: 'auth', ...auth }));

  function next(
    match: (frame: RealtimeServerFrame) => boolean,
    from = 0,
  ): Promise<RealtimeServerFrame> {
    return new Promise((resolve, reject) => {
      const look = () => {
        const found = frames.slice(from).find(match);
        if (found) {
          waiters.delete(look);
          resolve(found);
        } else if (ws.readyState === WebSocket.CLOSED) {
          waiters.delete(look);
          reject(new Error(`socket closed; frames: ${JSON.stringify(frames)}`));
        }
      };
      waiters.add(look);
      look();
    });
  }

  return {
    frames,
    next,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    closed,
    close: async () => {
      ws.close();
      await closed;
    },
  };
}
