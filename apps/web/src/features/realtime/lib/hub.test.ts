import type { CrashTopicEvent } from '@banca/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketLike } from './connection';
import { createRealtimeHub } from './hub';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1005) {
    this.closedWith = code;
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

const tick = (multiplierE2: number): CrashTopicEvent => ({
  kind: 'tick',
  gameCode: 'BGS_CRASH',
  roundId: 1,
  multiplierE2,
  elapsedMs: 100,
});

describe('the realtime hub (one socket for the member and the topics)', () => {
  let sockets: FakeSocket[];
  const hub = () =>
    createRealtimeHub({
      url: 'ws://test/ws',
      language: () => 'en',
      random: () => 0.5,
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
    });
  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
  });
  afterEach(() => vi.useRealTimers());

  it('follows a topic without a session, passes its broadcasts on, and follows it again after a reconnect', () => {
    const h = hub();
    expect(sockets).toHaveLength(0); // nothing to follow: no socket
    const ticks: number[] = [];
    let subscribed = 0;
    const stop = h.follow('house.crash', {
      onEvent: (event) => ticks.push(event.kind === 'tick' ? event.multiplierE2 : -1),
      onSubscribed: () => (subscribed += 1),
    });
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ kind: 'subscribe', topic: 'house.crash' }]);
    sockets[0]!.receive({ kind: 'subscribed', topic: 'house.crash' });
    sockets[0]!.receive({ kind: 'topic', topic: 'house.crash', data: tick(105) });
    sockets[0]!.receive({ kind: 'topic', topic: 'house.double', data: {} }); // not followed
    expect(ticks).toEqual([105]);
    expect(subscribed).toBe(1);

    sockets[0]!.drop(1006);
    vi.advanceTimersByTime(750);
    sockets[1]!.open();
    expect(sockets[1]!.sent).toEqual([{ kind: 'subscribe', topic: 'house.crash' }]);
    sockets[1]!.receive({ kind: 'subscribed', topic: 'house.crash' });
    expect(subscribed).toBe(2); // the page reads the state again

    // The last topic left with no member: the socket closes and stays closed.
    stop();
    expect(sockets[1]!.closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('shares one socket between the member and the topics, across login and logout', () => {
    const h = hub();
    const events: number[] = [];
    const ticks: number[] = [];
    h.follow('house.crash', { onEvent: (e) => ticks.push(e.kind === 'tick' ? e.multiplierE2 : 0) });
    sockets[0]!.open();

    // Login: the socket is opened again with the session, and the topic follows.
    h.setMember({ token: 'tok', onEvent: (f) => events.push(f.seq), onResync: () => undefined });
    expect(sockets[0]!.closedWith).toBe(1000);
    sockets[1]!.open();
    expect(sockets[1]!.sent).toEqual([
      { kind: 'auth', token: 'tok', lastSeq: null, language: 'en' },
      { kind: 'subscribe', topic: 'house.crash' },
    ]);
    // A second topic is subscribed on the open socket; a second listener shares the first's.
    const stopDouble = h.follow('house.double', { onEvent: () => undefined });
    let secondSubscribed = 0;
    h.follow('house.crash', {
      onEvent: (e) => ticks.push(e.kind === 'tick' ? -e.multiplierE2 : 0),
      onSubscribed: () => (secondSubscribed += 1),
    });
    expect(sockets[1]!.sent.slice(2)).toEqual([{ kind: 'subscribe', topic: 'house.double' }]);
    expect(secondSubscribed).toBe(1);
    sockets[1]!.receive({ kind: 'ready', seq: 3 });
    sockets[1]!.receive({ kind: 'topic', topic: 'house.crash', data: tick(200) });
    sockets[1]!.receive({
      kind: 'event',
      seq: 4,
      type: 'INBOX',
      data: { messageId: 1, kind: 'deposit_credited', unread: 1 },
    });
    expect(ticks).toEqual([200, -200]);
    expect(events).toEqual([4]);
    stopDouble();
    expect(sockets[1]!.sent.at(-1)).toEqual({ kind: 'unsubscribe', topic: 'house.double' });

    // Logout: opened again without a session, still following crash.
    h.setMember(null);
    sockets[2]!.open();
    expect(sockets[2]!.sent).toEqual([{ kind: 'subscribe', topic: 'house.crash' }]);
  });

  it('follows a guarded topic with its key, again after a reconnect, and says when it is refused', () => {
    const h = hub();
    const refusals: string[] = [];
    const heard: number[] = [];
    const stop = h.follow(
      'support.desk',
      {
        onEvent: (event) => heard.push(event.messageId),
        onRefused: (code) => refusals.push(code),
      },
      'ticket-1',
    );
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([
      { kind: 'subscribe', topic: 'support.desk', key: 'ticket-1' },
    ]);
    sockets[0]!.receive({ kind: 'subscribed', topic: 'support.desk' });
    sockets[0]!.receive({
      kind: 'topic',
      topic: 'support.desk',
      data: { kind: 'message', conversationId: 3, messageId: 41 },
    });
    expect(heard).toEqual([41]);
    // A reconnect shows the same key; an expired one is refused, and the listener hears why.
    sockets[0]!.drop(1006);
    vi.advanceTimersByTime(750);
    sockets[1]!.open();
    expect(sockets[1]!.sent).toEqual([
      { kind: 'subscribe', topic: 'support.desk', key: 'ticket-1' },
    ]);
    sockets[1]!.receive({
      kind: 'refused',
      topic: 'support.desk',
      code: 'realtime_topic_forbidden',
      message: 'no',
    });
    expect(refusals).toEqual(['realtime_topic_forbidden']);
    // Following again with a new key sends it.
    stop();
    h.follow('support.desk', { onEvent: () => undefined }, 'ticket-2');
    sockets.at(-1)!.open();
    expect(sockets.at(-1)!.sent).toEqual([
      { kind: 'subscribe', topic: 'support.desk', key: 'ticket-2' },
    ]);
  });
});
