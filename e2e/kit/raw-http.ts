import { request } from 'node:http';
import { checkAnswer } from './http';

export interface RawResponse {
  status: number;
  body: Record<string, unknown>;
}

/** One request on its own TCP connection (no agent, no keep-alive): concurrent callers really are separate clients. Its answer must be what its contract says (checkAnswer). */
export function sendOnFreshConnection(url: string, method: string, body: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), connection: 'close', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            const answer = { status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> };
            checkAnswer(method, url, answer.status, answer.body);
            resolve(answer);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
