import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStack, type Stack } from '@studio/e2e/kit';

let api: Stack;

beforeAll(async () => {
  api = await openStack({ name: 'qapi', queryApi: true });
});

afterAll(async () => {
  await api?.stop();
});

describe('error answers', () => {
  it.each(['/api/nothing-here', '/api/arbat', '/api/pochta/unknown', '/api'])('GET %s → 404 JSON', async (path) => {
    const { status, headers, body } = await api.query(path);
    expect(status).toBe(404);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(body).toEqual({ success: false, error: 'Не найдено', code: 'route_not_found' });
  });

  it('answers a URL it cannot decode with a 400 JSON', async () => {
    const { status, body } = await api.query('/api/%E0%A4%A/services');
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: 'Некорректный запрос', code: 'bad_request' });
  });

  it('answers an unexpected failure with a bare 500 and logs it server-side', async () => {
    // A read model that is gone is a genuine server fault, not a client one.
    await api.pool.query('DROP VIEW photographers');
    const { status, body } = await api.query('/api/photographers');
    expect(status).toBe(500);
    expect(body).toEqual({ success: false, error: 'Внутренняя ошибка сервера', code: 'internal' });
    expect(JSON.stringify(body)).not.toMatch(/at |photographers|relation|\.ts/);
    const logged = api.logs.find((log) => log.level === 'error' && log.message.includes('/api/photographers'));
    expect(String((logged?.error as Error | undefined)?.message)).toMatch(/photographers/);
  });
});
