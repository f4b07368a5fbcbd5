import { defineAggregate } from '../aggregate';
import { DomainError } from '../errors';
import { PHOTOGRAPHER_FORM_MESSAGES } from '../catalog/messages';
import { isMissingNumber, requireKopecks, trimmed } from '../catalog/validation';
import { PHOTOGRAPHERS_STREAM } from '../contracts/streams';
import { PHOTOGRAPHER_CODE_MAX, PHOTOGRAPHER_EXTERNAL_ID_MAX, photographerEventSchemas, type PhotographerEvent } from './events';

/** A blank or omitted code or external id means the photographer has none. */
type PhotographerFields = { photographerId: string; name?: string | null; price?: number | null; code?: string | null; externalId?: string | null };

/** Stream PHOTOGRAPHERS_STREAM. Prices are integer kopecks per hour. */
export type PhotographerCommand =
  | { type: 'AddPhotographer'; data: PhotographerFields & { slug?: string } }
  | { type: 'UpdatePhotographer'; data: PhotographerFields }
  | { type: 'RemovePhotographer'; data: { photographerId: string } };

export interface PhotographersState {
  photographers: Readonly<Record<string, { name: string; price: number; slug?: string; code?: string; externalId?: string }>>;
}

function reference(value: string | null | undefined, max: number, field: 'code' | 'external_id'): string | undefined {
  const clean = trimmed(value);
  if (clean.length > max) throw new DomainError('validation', 'photographer_reference_too_long', `${field === 'code' ? 'Код' : 'Внешний идентификатор'} — не длиннее ${max} символов`, field);
  return clean === '' ? undefined : clean;
}

function fields({ photographerId, name, price, code, externalId }: PhotographerFields) {
  const cleanName = trimmed(name);
  if (cleanName === '' || isMissingNumber(price)) {
    throw new DomainError('validation', 'photographer_required', PHOTOGRAPHER_FORM_MESSAGES.required, cleanName === '' ? 'name' : 'price');
  }
  const cleanCode = reference(code, PHOTOGRAPHER_CODE_MAX, 'code');
  const cleanExternalId = reference(externalId, PHOTOGRAPHER_EXTERNAL_ID_MAX, 'external_id');
  return {
    photographerId,
    name: cleanName,
    price: requireKopecks(price, 'price'),
    ...(cleanCode ? { code: cleanCode } : {}),
    ...(cleanExternalId ? { externalId: cleanExternalId } : {}),
  };
}

const notFound = () => new DomainError('not_found', 'photographer_not_found', 'Фотограф не найден', 'photographerId');

export function decidePhotographers(command: PhotographerCommand, state: PhotographersState): PhotographerEvent[] {
  const known = Boolean(state.photographers[command.data.photographerId]);
  switch (command.type) {
    case 'AddPhotographer': {
      if (known) throw new DomainError('conflict', 'photographer_exists', 'Фотограф с таким идентификатором уже есть', 'photographerId');
      const slug = trimmed(command.data.slug);
      return [{ type: 'PhotographerAdded', data: { ...fields(command.data), ...(slug ? { slug } : {}) } }];
    }
    case 'UpdatePhotographer':
      if (!known) throw notFound();
      return [{ type: 'PhotographerUpdated', data: fields(command.data) }];
    case 'RemovePhotographer':
      if (!known) throw notFound();
      return [{ type: 'PhotographerRemoved', data: { photographerId: command.data.photographerId } }];
  }
}

/** Updates `state` in place (see Decider.evolve). */
export function evolvePhotographers(state: PhotographersState, event: PhotographerEvent): PhotographersState {
  const photographers = state.photographers as Record<string, PhotographersState['photographers'][string]>;
  switch (event.type) {
    case 'PhotographerAdded': {
      const { photographerId, ...photographer } = event.data;
      photographers[photographerId] = photographer;
      break;
    }
    case 'PhotographerUpdated': {
      const { photographerId, ...replaced } = event.data;
      const slug = photographers[photographerId]?.slug;
      photographers[photographerId] = { ...replaced, ...(slug ? { slug } : {}) };
      break;
    }
    case 'PhotographerRemoved':
      delete photographers[event.data.photographerId];
      break;
  }
  return state;
}

/** Every photographer lives in the one stream PHOTOGRAPHERS_STREAM. */
export const photographersAggregate = defineAggregate({
  name: 'photographers',
  initialState: (): PhotographersState => ({ photographers: {} }),
  decide: decidePhotographers,
  evolve: evolvePhotographers,
  events: photographerEventSchemas,
  streamOf: () => PHOTOGRAPHERS_STREAM,
});

export const photographersDecider = photographersAggregate.decider;
