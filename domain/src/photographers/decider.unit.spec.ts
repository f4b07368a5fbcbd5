import { describe, expect, it } from 'vitest';
import { spec } from '../testing/decider-spec';
import { photographersDecider } from './decider';
import { photographerEventSchemas, type PhotographerEvent } from './events';

const photographers = spec(photographersDecider);
const added: PhotographerEvent = { type: 'PhotographerAdded', data: { photographerId: 'ph1', name: 'Анна', price: 300000, slug: 'anna' } };

describe('photographers', () => {
  it('adds a photographer with a trimmed name', () => {
    const events = photographers.given([]).when({ type: 'AddPhotographer', data: { photographerId: 'ph1', name: '  Анна ', price: 300000, slug: ' anna ' } }).then([added]);
    expect(photographerEventSchemas.PhotographerAdded.parse(events[0]?.data)).toEqual(added.data);
  });

  it('updates the name and price, keeping the slug', () => {
    photographers.given([added]).when({ type: 'UpdatePhotographer', data: { photographerId: 'ph1', name: 'Анна К.', price: 0 } }).then([
      { type: 'PhotographerUpdated', data: { photographerId: 'ph1', name: 'Анна К.', price: 0 } },
    ]);
    const state = [added, { type: 'PhotographerUpdated', data: { photographerId: 'ph1', name: 'Анна К.', price: 0 } } as PhotographerEvent]
      .reduce(photographersDecider.evolve, photographersDecider.initialState());
    expect(state.photographers.ph1).toEqual({ name: 'Анна К.', price: 0, slug: 'anna' });
  });

  it('keeps a trimmed code and external id; a blank one is none, and an update replaces them', () => {
    const withReferences: PhotographerEvent = { type: 'PhotographerAdded', data: { photographerId: 'ph1', name: 'Анна', price: 300000, code: 'AS-1', externalId: 'crm-42' } };
    const events = photographers.given([]).when({ type: 'AddPhotographer', data: { photographerId: 'ph1', name: 'Анна', price: 300000, code: ' AS-1 ', externalId: ' crm-42 ' } }).then([withReferences]);
    expect(photographerEventSchemas.PhotographerAdded.parse(events[0]?.data)).toEqual(withReferences.data);
    photographers.given([]).when({ type: 'AddPhotographer', data: { photographerId: 'ph1', name: 'Анна', price: 300000, code: '  ', externalId: null } }).then([
      { type: 'PhotographerAdded', data: { photographerId: 'ph1', name: 'Анна', price: 300000 } },
    ]);
    const updated: PhotographerEvent = { type: 'PhotographerUpdated', data: { photographerId: 'ph1', name: 'Анна', price: 300000, code: 'AS-2' } };
    photographers.given([withReferences]).when({ type: 'UpdatePhotographer', data: { photographerId: 'ph1', name: 'Анна', price: 300000, code: 'AS-2' } }).then([updated]);
    const state = [withReferences, updated].reduce(photographersDecider.evolve, photographersDecider.initialState());
    expect(state.photographers.ph1).toEqual({ name: 'Анна', price: 300000, code: 'AS-2' });
  });

  it('refuses a code or an external id longer than its bound', () => {
    const code = photographers.given([]).when({ type: 'AddPhotographer', data: { photographerId: 'ph1', name: 'Анна', price: 1, code: 'К'.repeat(51) } }).thenThrows('photographer_reference_too_long', 'validation');
    expect([code.message, code.field]).toEqual(['Код — не длиннее 50 символов', 'code']);
    photographers.given([]).when({ type: 'AddPhotographer', data: { photographerId: 'ph1', name: 'Анна', price: 1, code: 'К'.repeat(50), externalId: 'x'.repeat(100) } }).then([
      { type: 'PhotographerAdded', data: { photographerId: 'ph1', name: 'Анна', price: 1, code: 'К'.repeat(50), externalId: 'x'.repeat(100) } },
    ]);
    const externalId = photographers.given([]).when({ type: 'AddPhotographer', data: { photographerId: 'ph1', name: 'Анна', price: 1, externalId: 'x'.repeat(101) } }).thenThrows('photographer_reference_too_long');
    expect(externalId.field).toBe('external_id');
  });

  it('removes a known photographer only', () => {
    photographers.given([added]).when({ type: 'RemovePhotographer', data: { photographerId: 'ph1' } }).then([{ type: 'PhotographerRemoved', data: { photographerId: 'ph1' } }]);
    photographers.given([added, { type: 'PhotographerRemoved', data: { photographerId: 'ph1' } }]).when({ type: 'RemovePhotographer', data: { photographerId: 'ph1' } }).thenThrows('photographer_not_found', 'not_found');
    photographers.given([]).when({ type: 'UpdatePhotographer', data: { photographerId: 'ph1', name: 'Анна', price: 1 } }).thenThrows('photographer_not_found', 'not_found');
    photographers.given([added]).when({ type: 'AddPhotographer', data: { photographerId: 'ph1', name: 'Анна', price: 1 } }).thenThrows('photographer_exists', 'conflict');
  });

  it('requires a trimmed name and a non-negative price', () => {
    const error = photographers.given([]).when({ type: 'AddPhotographer', data: { photographerId: 'ph2', name: '   ', price: 100 } }).thenThrows('photographer_required', 'validation');
    expect(error.message).toBe('Заполните все поля');
    expect(photographers.given([]).when({ type: 'AddPhotographer', data: { photographerId: 'ph2', name: 'Иван', price: null } }).thenThrows('photographer_required').field).toBe('price');
    photographers.given([]).when({ type: 'AddPhotographer', data: { photographerId: 'ph2', name: 'Иван', price: -1 } }).thenThrows('negative_price');
  });
});
