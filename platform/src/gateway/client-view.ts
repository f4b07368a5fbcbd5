import type { IncomingMessage } from 'node:http';
import { TLSSocket } from 'node:tls';
import proxyaddr from 'proxy-addr';
import type { Trust } from '../http/client-address';

/** Who a request comes from, as the gateway tells the APIs (X-Forwarded-For, X-Forwarded-Proto). */
export interface ClientView {
  address: string;
  protocol: 'http' | 'https';
}

/**
 * How the gateway sees a client. Trusting no hop it is the edge: the socket's address and whether
 * the socket is TLS are the truth, and whatever forwarding headers a client sent are ignored (it
 * could pose as another address). Trusting the outer proxies (TRUST_PROXY, e.g. a TLS proxy on
 * loopback), a request from one of them is taken at its word: the client is the nearest
 * X-Forwarded-For address that is no trusted hop, and the protocol the X-Forwarded-Proto it
 * wrote, as Express reads them.
 */
export const clientViewOf = (req: IncomingMessage, trust: Trust): ClientView => ({ address: proxyaddr(req, trust), protocol: protocolOf(req, trust) });

function protocolOf(req: IncomingMessage, trust: Trust): ClientView['protocol'] {
  if (req.socket instanceof TLSSocket) return 'https';
  const peer = req.socket.remoteAddress;
  const forwarded = req.headers['x-forwarded-proto'];
  if (!peer || !trust(peer, 0) || typeof forwarded !== 'string') return 'http';
  return forwarded.split(',')[0]!.trim().toLowerCase() === 'https' ? 'https' : 'http';
}
