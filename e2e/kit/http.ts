export interface JsonAnswer {
  status: number;
  headers: Headers;
  // Tests read answers of every shape; each assertion states the shape it expects.
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Writes say their body is JSON, bodyless ones too, as the site's own pages do (command-api refuses a POST that does not). */
export async function requestJson(url: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<JsonAnswer> {
  const method = init.method ?? 'GET';
  const res = await fetch(url, {
    method,
    headers: { ...(method !== 'GET' && method !== 'HEAD' ? { 'content-type': 'application/json' } : {}), ...init.headers },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  // A file (the finance journal's CSV) is its text; anything else must be JSON.
  const file = res.ok && !(res.headers.get('content-type') ?? '').includes('json');
  return { status: res.status, headers: res.headers, body: file ? text : text ? JSON.parse(text) : undefined };
}

export const getJson = (url: string, headers: Record<string, string> = {}) => requestJson(url, { headers });

export const postJson = (base: string, path: string, body: unknown, method = 'POST', headers: Record<string, string> = {}) =>
  requestJson(base + path, { method, body, headers });
