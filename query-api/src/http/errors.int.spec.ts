import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestQueryApi, type TestQueryApi } from '../testing/harness';

let api: TestQueryApi;

beforeAll(async () => {
  api = await startTestQueryApi();
});

afterAll(async () => {
  await api?.close();
});

describe('error answers', () => {
  it.each(['/api/nothing-here', '/api/arbat', '/api/pochta/unknown', '/api'])('GET %s → 404 JSON', async (path) => {
    const { status, headers, body } = await api.get(path);
    expect(status).toBe(404);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(body).toEqual({ success: false, error: 'Не найдено' });
  });

  it('answers a URL it cannot decode with a 400 JSON', async () => {
    const { status, body } = await api.get('/api/%E0%A4%A/services');
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: 'Некорректный запрос' });
  });

  it('answers an unexpected failure with a bare 500 and logs it server-side', async () => {
    // A read model that is gone is a genuine server fault, not a client one.
    await api.pool.query('DROP VIEW photographers');
    const { status, body } = await api.get('/api/photographers');
    expect(status).toBe(500);
    expect(body).toEqual({ success: false, error: 'Внутренняя ошибка сервера' });
    expect(JSON.stringify(body)).not.toMatch(/at |photographers|relation|\.ts/);
    const logged = api.logs.find((log) => log.level === 'error' && log.message.includes('/api/photographers'));
    expect(String((logged?.error as Error | undefined)?.message)).toMatch(/photographers/);
  });
});
