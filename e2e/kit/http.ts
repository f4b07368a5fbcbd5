import { answerSchemaOf, errorBodySchema } from '@studio/domain';

export interface JsonAnswer {
  status: number;
  headers: Headers;
  // Tests read answers of every shape; each answer has passed its contract (checkAnswer), and each assertion states the shape it expects.
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The fields of `sent` that parsing it dropped (object schemas drop what they do not name), as paths. */
function unnamedFields(sent: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) return sent.flatMap((item, i) => unnamedFields(item, parsed[i], `${path}[${i}]`));
  const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isRecord(sent) || !isRecord(parsed)) return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    return key in parsed ? unnamedFields(value, parsed[key], at) : [at];
  });
}

/**
 * Throws unless `body` is what the contract (domain/src/contracts/http) says `method url` answers
 * with `status`: a 2xx the schema HTTP_ANSWERS gives its route, anything else the one error body;
 * a field the schema does not name is drift too. The message names the route and what is off.
 */
export function checkAnswer(method: string, url: string, status: number, body: unknown): void {
  const { pathname } = new URL(url);
  const asked = `${method.toUpperCase()} ${pathname}`;
  const ok = status >= 200 && status < 300;
  const contract = ok ? answerSchemaOf(method, pathname) : { route: 'the error body', schema: errorBodySchema };
  if (!contract) throw new Error(`${asked} answered ${status}, and no route of HTTP_ANSWERS (domain/src/contracts/http/routes.ts) names its contract`);
  const against = `${asked} answered ${status} off its contract (${contract.route})`;
  const parsed = contract.schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(the answer)'}: ${issue.message}`);
    throw new Error(`${against}: ${issues.join('; ')}`);
  }
  const unnamed = unnamedFields(body, parsed.data);
  if (unnamed.length > 0) throw new Error(`${against}: it has fields the contract does not name: ${unnamed.join(', ')}`);
}

/**
 * A request and its answer, which must be what its contract says (checkAnswer): JSON, or the text of a file.
 * Writes say their body is JSON, bodyless ones too, as the site's own pages do (command-api refuses a POST that does not).
 */
export async function requestJson(url: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<JsonAnswer> {
  const method = init.method ?? 'GET';
  const res = await fetch(url, {
    method,
    headers: { ...(method !== 'GET' && method !== 'HEAD' ? { 'content-type': 'application/json' } : {}), ...init.headers },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  // A file (the finance journal's CSV) is its text; anything else must be JSON, a JSON route's answer above all.
  if (res.ok && !(res.headers.get('content-type') ?? '').includes('json')) {
    if (answerSchemaOf(method, new URL(url).pathname)) throw new Error(`${method} ${new URL(url).pathname} answered ${res.status} with ${res.headers.get('content-type')}, where its contract is JSON`);
    return { status: res.status, headers: res.headers, body: text };
  }
  const body: unknown = text ? JSON.parse(text) : undefined;
  checkAnswer(method, url, res.status, body);
  return { status: res.status, headers: res.headers, body };
}

export const getJson = (url: string, headers: Record<string, string> = {}) => requestJson(url, { headers });

export const postJson = (base: string, path: string, body: unknown, method = 'POST', headers: Record<string, string> = {}) =>
  requestJson(base + path, { method, body, headers });
