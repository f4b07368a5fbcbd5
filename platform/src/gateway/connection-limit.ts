import type { Server } from 'node:http';
import { clientOfAddress } from '../http/client-address';

/**
 * At most `perAddress` open connections from one client (an IPv4 address, an IPv6 /64); the next
 * is closed as it opens. One client then cannot hold the gateway's sockets, nor through them
 * command-api's, with a crowd of slow requests. `exempt` peers (a trusted outer proxy, which
 * carries every visitor) are not counted.
 */
export function limitConnectionsPerAddress(server: Server, perAddress: number, exempt: (address: string) => boolean): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || exempt(address)) return;
    const client = clientOfAddress(address);
    const count = (open.get(client) ?? 0) + 1;
    if (count > perAddress) {
      socket.destroy();
      return;
    }
    open.set(client, count);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });
  });
}
