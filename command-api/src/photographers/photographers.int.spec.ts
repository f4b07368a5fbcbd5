// PUT and DELETE /api/photographers/{id} (docs/catalog.md#calls-and-who-may-make-them «Photographers»): a super
// administrator edits and removes a photographer, each an event naming them; a bad edit, an
// unknown id and a second removal change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTOGRAPHERS_STREAM } from '@studio/domain';
import { openStack, postJson, type Stack, type TestStaffMember } from '@studio/e2e/kit';

let h: Stack;
let superAdmin: TestStaffMember;
beforeAll(async () => {
  h = await openStack({ name: 'cmd_photographers', commandApi: true });
  superAdmin = await h.staffLogin('super', 'Вера');
});
afterAll(() => h.stop());

const call = (method: string, path: string, body: unknown = {}) => postJson(h.commandUrl, path, body, method, superAdmin.headers);
const events = () => h.store.readStream(PHOTOGRAPHERS_STREAM);

async function added(name: string): Promise<string> {
  const res = await call('POST', '/api/photographers', { name, price: 3000 });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

describe('a photographer staff edit and remove', () => {
  it('PUT replaces the name, price and references, trimmed, in kopecks, under the staff member', async () => {
    const id = await added('Анна');
    const res = await call('PUT', `/api/photographers/${id}`, { name: '  Анна Смирнова ', price: '3500,00', code: 'AS' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { id, name: 'Анна Смирнова', price: 3500, code: 'AS', external_id: null }, position: expect.any(String) });
    const last = (await events()).at(-1)!;
    expect(last).toMatchObject({ type: 'PhotographerUpdated', data: { photographerId: id, name: 'Анна Смирнова', price: 350_000, code: 'AS' } });
    expect(last.metadata).toMatchObject({ actor: `staff:${superAdmin.id}` });
  });

  it('PUT without a name or price is the spec\'s 400 at the field, and an unknown id a 404; nothing is appended', async () => {
    const id = await added('Борис');
    const before = (await events()).length;
    const blank = await call('PUT', `/api/photographers/${id}`, { name: '   ', price: 2000 });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ success: false, field: 'name', error: 'Заполните все поля' });
    const unknown = await call('PUT', '/api/photographers/nobody', { name: 'Кто-то', price: 2000 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, error: 'Фотограф не найден' });
    expect(await events()).toHaveLength(before);
  });

  it('DELETE removes one, which then is neither listed by the command side nor removable twice', async () => {
    const id = await added('Глеб');
    const res = await call('DELETE', `/api/photographers/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { id } });
    expect((await events()).at(-1)).toMatchObject({ type: 'PhotographerRemoved', data: { photographerId: id } });
    const before = (await events()).length;
    const again = await call('DELETE', `/api/photographers/${id}`);
    expect(again.status).toBe(404);
    expect(await events()).toHaveLength(before);
  });
});
