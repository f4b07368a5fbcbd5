import net from 'node:net';

/** Resolves once something accepts TCP connections on 127.0.0.1:port; rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await accepts(port))) {
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
