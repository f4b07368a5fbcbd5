import { describe, expect, it } from 'vitest';
import { answerSchemaOf } from './routes';

describe('answerSchemaOf', () => {
  it.each([
    ['GET', '/api/services', 'GET /api/services'],
    ['GET', '/api/kirova/services', 'GET /api/:studio/services'],
    ['GET', '/api/kirova', 'GET /api/:studio'],
    ['GET', '/api/promocodes', 'GET /api/promocodes'],
    ['GET', '/api/prices/current', 'GET /api/prices/current'],
    ['GET', '/api/masterskaya/bookings', 'GET /api/masterskaya/bookings'],
    ['GET', '/api/payment-intents/3f2a/sync', 'GET /api/payment-intents/:intentId/sync'],
    ['POST', '/api/bookings/intent', 'POST /api/bookings/intent'],
    ['POST', '/api/kirova/bookings', 'POST /api/:studio/bookings'],
    ['PUT', '/api/promocodes/HALL', 'PUT /api/promocodes/:id'],
    ['PUT', '/api/admin/settings/group-discount', 'PUT /api/admin/settings/group-discount'],
    ['PUT', '/api/admin/0b8e', 'PUT /api/admin/:id'],
    ['PUT', '/api/kirova/17', 'PUT /api/kirova/:id'],
    ['PUT', '/api/kirova/hall', 'PUT /api/kirova/:id'],
    ['DELETE', '/api/kirova/photos/0b8e.webp', 'DELETE /api/:studio/photos/:filename'],
    ['delete', '/api/masterskaya/photos/', 'DELETE /api/:studio/photos'],
  ])('%s %s is %s', (method, path, route) => {
    expect(answerSchemaOf(method, path)?.route).toBe(route);
  });

  it('knows no route for a path nothing serves, nor for a method the path is not served by', () => {
    expect(answerSchemaOf('GET', '/api/nothing/here/at/all')).toBeUndefined();
    expect(answerSchemaOf('PATCH', '/api/services')).toBeUndefined();
  });
});
