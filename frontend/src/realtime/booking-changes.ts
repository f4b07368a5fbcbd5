import type { Socket } from 'socket.io-client';
import { BROWSER_EVENTS, type BookingChange, type CatalogChange, type ResourceTimeChange } from '@studio/domain';

type Listener<Change> = (change: Change) => void;

const bookingListeners = new Set<Listener<BookingChange>>();
const catalogListeners = new Set<Listener<CatalogChange>>();
const connectListeners = new Set<Listener<void>>();
const resourceTimeListeners = new Set<Listener<ResourceTimeChange>>();
let connection: Promise<Socket> | null = null;

function isBookingChange(value: unknown): value is BookingChange {
  const v = value as Partial<BookingChange> | null;
  return typeof v?.studio === 'string' && typeof v.date === 'string';
}

const isCatalogChange = (value: unknown): value is CatalogChange => typeof (value as Partial<CatalogChange> | null)?.studio === 'string';

/** The longest a page holds the socket back (holdPushes). */
const HOLD_MAX_MS = 10_000;
let held: Promise<void> = Promise.resolve();
let releaseHeld: () => void = () => undefined;

/**
 * A booking page holds the socket back until its calendar's first weeks are on screen, so that
 * socket.io is no part of the calendar's first load (docs/performance.md); what was pushed
 * meanwhile is read again when it connects (onPushesConnected). Never for longer than HOLD_MAX_MS.
 */
export function holdPushes(): void {
  held = new Promise((resolve) => {
    releaseHeld = resolve;
    setTimeout(resolve, HOLD_MAX_MS);
  });
}

/** The calendar is on screen: the socket may open. */
export const releasePushes = (): void => releaseHeld();

/**
 * One socket for the whole tab, opened on first use. socket.io-client is imported dynamically so
 * it never weighs on pages that show no calendar; connection errors are left to its own
 * reconnection (the calendar also refreshes every minute, so a missed push costs little).
 */
function connect(): Promise<Socket> {
  connection ??= held.then(() => import('socket.io-client')).then(({ io }) => {
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
      for (const listener of bookingListeners) listener(payload);
    });
    socket.on(BROWSER_EVENTS.catalogChange, (payload: unknown) => {
      if (!isCatalogChange(payload)) return;
      for (const listener of catalogListeners) listener(payload);
    });
    socket.on(BROWSER_EVENTS.resourceTimeChange, (payload: unknown) => {
      for (const listener of resourceTimeListeners) listener((payload ?? {}) as ResourceTimeChange);
    });
    socket.on('connect', () => {
      for (const listener of connectListeners) listener();
    });
    socket.on('connect_error', () => undefined);
    return socket;
  });
  return connection;
}

/** Moving between a studio's pages (or a development double mount) should not cost a reconnect. */
const CLOSE_GRACE_MS = 5_000;
let closeTimer: ReturnType<typeof setTimeout> | undefined;

const listening = () => bookingListeners.size + catalogListeners.size + connectListeners.size + resourceTimeListeners.size > 0;

/** Adds `listener` to `set`; returns the unsubscribe. The socket closes a little after the last listener of any kind leaves. */
function subscribe<Change>(set: Set<Listener<Change>>, listener: Listener<Change>): () => void {
  clearTimeout(closeTimer);
  set.add(listener);
  void connect();
  return () => {
    set.delete(listener);
    if (listening()) return;
    clearTimeout(closeTimer);
    closeTimer = setTimeout(() => {
      if (listening() || !connection) return;
      const closing = connection;
      connection = null;
      void closing.then((socket) => socket.disconnect());
    }, CLOSE_GRACE_MS);
  };
}

/** Calls `listener` on every `bookingChange` (cells held, booked or freed, or a booking's money or notes changed). */
export const onBookingChange = (listener: Listener<BookingChange>) => subscribe(bookingListeners, listener);

/** Calls `listener` on every `catalogChange` (a studio's prices, services, discounts, hall or photographers). */
export const onCatalogChange = (listener: Listener<CatalogChange>) => subscribe(catalogListeners, listener);

/** Calls `listener` on every `resourceTimeChange` (a photographer's hours taken or freed, or a schedule changed: docs/photographers.md). */
export const onResourceTimeChange = (listener: Listener<ResourceTimeChange>) => subscribe(resourceTimeListeners, listener);

/**
 * Calls `listener` each time the socket connects or reconnects: what was pushed before (while a
 * page read its data and the socket was still opening, or while it was down) never arrived.
 */
export const onPushesConnected = (listener: Listener<void>) => subscribe(connectListeners, listener);

/** Socket.io stops after five failed attempts; a visitor's retry or return to the tab starts it again. */
export function reconnectBookingChanges(): void {
  void connection?.then((socket) => {
    if (!socket.connected) socket.connect();
  });
}
