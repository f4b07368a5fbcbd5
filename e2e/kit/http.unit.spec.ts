// The kit's HTTP helpers check every answer against its contract: a server whose answer drifts
// from the schema HTTP_ANSWERS names for its route fails the test that asked, naming the route
// and what is off. Here a server stands in for the APIs, answering what each case makes it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, postJson } from './http';

let answer: { status: number; body: unknown; type?: string } = { status: 200, body: {} };
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(answer.status, { 'content-type': answer.type ?? 'application/json' });
    res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const service = { id: 's1', name: 'Фон', description: '', price: 500, format: 'inhour' };
const answering = (status: number, body: unknown, type?: string) => (answer = { status, body, ...(type ? { type } : {}) });

describe('the kit checks each answer against its contract', () => {
  it('hands back an answer that is its contract, as sent', async () => {
    answering(200, { success: true, data: [service] });
    expect(await getJson(`${base}/api/kirova/services`)).toMatchObject({ status: 200, body: { success: true, data: [service] } });
  });

  it('fails on a 2xx answer off its schema, naming the route and the issue', async () => {
    answering(200, { success: true, data: [{ ...service, price: '500' }] });
    await expect(getJson(`${base}/api/kirova/services`)).rejects.toThrow(/GET \/api\/kirova\/services answered 200 off its contract \(GET \/api\/:studio\/services\): data\.0\.price: .*number/);
  });

  it('fails on a field the contract does not name', async () => {
    answering(201, { success: true, data: { ...service, cost_price: 100 }, position: '1/1' });
    await expect(postJson(base, '/api/services', {})).rejects.toThrow(/POST \/api\/services answered 201 .*fields the contract does not name: data\.cost_price/);
  });

  it('fails on a 2xx answer of a route no contract names', async () => {
    answering(200, { success: true });
    await expect(getJson(`${base}/api/nothing/here`)).rejects.toThrow(/GET \/api\/nothing\/here answered 200, and no route of HTTP_ANSWERS/);
  });

  it('takes a file from a route that answers one, and fails on a JSON route answering something else', async () => {
    answering(200, 'Дата;Сумма\n', 'text/csv; charset=utf-8');
    expect((await getJson(`${base}/api/admin/finance/journal.csv`)).body).toBe('Дата;Сумма\n');
    answering(200, 'ok', 'text/plain');
    await expect(getJson(`${base}/api/services`)).rejects.toThrow(/GET \/api\/services answered 200 with text\/plain, where its contract is JSON/);
  });

  it('takes a refusal in the one error body, and fails on any other', async () => {
    answering(400, { success: false, error: 'name: обязательное поле', code: 'invalid_input', field: 'name' });
    expect((await postJson(base, '/api/services', {})).body).toMatchObject({ field: 'name' });
    answering(400, { message: 'bad name' });
    await expect(postJson(base, '/api/services', {})).rejects.toThrow(/POST \/api\/services answered 400 off its contract \(the error body\): success: /);
  });
});
