import { afterEach, describe, expect, it, vi } from 'vitest';

// A stand-in for the socket.io client: records the options and lets the test push events.
const sockets: { options: Record<string, unknown>; handlers: Map<string, (payload: unknown) => void>; disconnect: ReturnType<typeof vi.fn> }[] = [];
vi.mock('socket.io-client', () => ({
  io: (options: Record<string, unknown>) => {
    const socket = { options, handlers: new Map<string, (payload: unknown) => void>(), disconnect: vi.fn(), connected: true, connect: vi.fn() };
    sockets.push(socket);
    return { ...socket, on: (event: string, handler: (payload: unknown) => void) => socket.handlers.set(event, handler) };
  },
}));

const { onBookingChange, onPushesConnected } = await import('./booking-changes');
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('booking change stream', () => {
  afterEach(() => vi.useRealTimers());

  it('shares one websocket-only socket and hands every valid bookingChange to each listener', async () => {
    const a = vi.fn();
    const b = vi.fn();
    const offA = onBookingChange(a);
    const offB = onBookingChange(b);
    await flush();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.options).toMatchObject({ path: '/socket.io', transports: ['websocket'], reconnectionDelay: 1000, reconnectionDelayMax: 5000, reconnectionAttempts: 5, timeout: 20000 });
    const emit = sockets[0]!.handlers.get('bookingChange')!;
    emit({ studio: 'kirova', date: '2026-11-24' });
    emit({ nonsense: true });
    expect(a).toHaveBeenCalledExactlyOnceWith({ studio: 'kirova', date: '2026-11-24' });
    expect(b).toHaveBeenCalledTimes(1);
    offA();
    offB();
  });

  it('tells the connect listeners each time the socket connects, since pushes sent before were missed', async () => {
    const connected = vi.fn();
    const off = onPushesConnected(connected);
    await flush();
    const connect = sockets.at(-1)!.handlers.get('connect')!;
    connect(undefined);
    connect(undefined);
    expect(connected).toHaveBeenCalledTimes(2);
    off();
    connect(undefined);
    expect(connected).toHaveBeenCalledTimes(2);
  });

  it('closes the socket only after the last listener has been gone for a while', async () => {
    vi.useFakeTimers();
    const off = onBookingChange(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    // Still the socket of the first test: its listeners left less than the grace period ago.
    expect(sockets).toHaveLength(1);
    const socket = sockets[0]!;
    off();
    await vi.advanceTimersByTimeAsync(1_000);
    const again = onBookingChange(() => undefined);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(socket.disconnect).not.toHaveBeenCalled();
    again();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
  });
});
