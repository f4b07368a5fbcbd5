import type { Socket } from 'socket.io-client';
import { BROWSER_EVENTS, type BookingChange } from '@studio/domain';

type Listener = (change: BookingChange) => void;

const listeners = new Set<Listener>();
let connection: Promise<Socket> | null = null;

function isBookingChange(value: unknown): value is BookingChange {
  const v = value as Partial<BookingChange> | null;
  return typeof v?.studio === 'string' && typeof v.date === 'string';
}

/**
 * One socket for the whole tab, opened on first use. socket.io-client is imported dynamically so
 * it never weighs on pages that show no calendar; connection errors are left to its own
 * reconnection (the calendar also refreshes every minute, so a missed push costs little).
 */
function connect(): Promise<Socket> {
  connection ??= import('socket.io-client').then(({ io }) => {
    const socket = io({
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: true,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
      reconnectionAttempts: 5,
      timeout: 20_000,
    });
    socket.on(BROWSER_EVENTS.bookingChange, (payload: unknown) => {
      if (!isBookingChange(payload)) return;
      for (const listener of listeners) listener(payload);
    });
    socket.on('connect_error', () => undefined);
    return socket;
  });
  return connection;
}

/** Moving between a studio's pages (or a development double mount) should not cost a reconnect. */
const CLOSE_GRACE_MS = 5_000;
let closeTimer: ReturnType<typeof setTimeout> | undefined;

/** Calls `listener` on every `bookingChange`; returns the unsubscribe. The socket closes a little after the last one leaves. */
export function onBookingChange(listener: Listener): () => void {
  clearTimeout(closeTimer);
  listeners.add(listener);
  void connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearTimeout(closeTimer);
    closeTimer = setTimeout(() => {
      if (listeners.size > 0 || !connection) return;
      const closing = connection;
      connection = null;
      void closing.then((socket) => socket.disconnect());
    }, CLOSE_GRACE_MS);
  };
}

/** Socket.io stops after five failed attempts; a visitor's retry or return to the tab starts it again. */
export function reconnectBookingChanges(): void {
  void connection?.then((socket) => {
    if (!socket.connected) socket.connect();
  });
}
