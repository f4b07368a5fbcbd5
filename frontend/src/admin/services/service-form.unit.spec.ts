import { catalogDecider, serviceRequestSchema, type CatalogCommand } from '@studio/domain';
import { describe, expect, it } from 'vitest';
import { EMPTY_SERVICE_FORM, SERVICE_FORM_MESSAGES, serviceFormatLabel, serviceFormSchema, serviceFormValues, serviceRequest, type ServiceFormValues } from './service-form';

const filled: ServiceFormValues = { name: ' Дым-машина ', price: '1500,5', format: 'infilming', description: ' на всю съёмку ' };

const problems = (values: ServiceFormValues) => {
  const result = serviceFormSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the service form’s rules (docs/catalog.md#rules «Service»)', () => {
  it('asks for the name and the price in the spec’s one message, on each that is missing', () => {
    expect(problems(EMPTY_SERVICE_FORM)).toEqual({ name: 'Название и цена обязательны для заполнения', price: 'Название и цена обязательны для заполнения' });
    expect(problems({ ...filled, name: '   ' })).toEqual({ name: SERVICE_FORM_MESSAGES.required });
    expect(problems({ ...filled, price: ' ' })).toEqual({ price: SERVICE_FORM_MESSAGES.required });
  });

  it('takes a price of 0 or more to the kopeck, a comma as good as a point', () => {
    expect(problems({ ...filled, price: '0' })).toEqual({});
    expect(problems({ ...filled, price: '-5' })).toEqual({ price: 'Цена не может быть отрицательной' });
    expect(problems({ ...filled, price: '10.005' })).toEqual({ price: SERVICE_FORM_MESSAGES.badPrice });
    expect(problems({ ...filled, price: 'сто' })).toEqual({ price: SERVICE_FORM_MESSAGES.badPrice });
  });

  it('asks for a format, and keeps the name and the description within the server’s limits', () => {
    expect(problems({ ...filled, format: '' })).toEqual({ format: 'Укажите формат услуги' });
    expect(problems({ ...filled, name: 'Ф'.repeat(201) })).toEqual({ name: 'Не длиннее 200 символов' });
    expect(problems({ ...filled, description: 'о'.repeat(2001) })).toEqual({ description: 'Не длиннее 2000 символов' });
  });
});

describe('what the form sends', () => {
  it('sends the trimmed fields and the price in roubles, which the server reads as kopecks and the decider accepts', () => {
    const body = serviceRequest(filled);
    expect(body).toEqual({ name: 'Дым-машина', price: 1500.5, format: 'infilming', description: 'на всю съёмку' });
    const parsed = serviceRequestSchema.parse(body);
    expect(parsed.price).toBe(150_050);
    const command: CatalogCommand = { type: 'AddService', data: { studio: 'pochta', serviceId: 's1', ...parsed } };
    expect(catalogDecider.decide(command, catalogDecider.initialState())).toHaveLength(1);
  });

  it('opens an edit with the service as stored, and sends it back unchanged', () => {
    const service = { id: 's1', name: 'Фон', price: 650.5, format: 'perfoto', description: 'белый' };
    expect(serviceRequest(serviceFormValues(service))).toEqual({ name: 'Фон', price: 650.5, format: 'perfoto', description: 'белый' });
  });
});

describe('format labels', () => {
  it('names inhour per hour and infilming, perfoto and perphoto per shoot', () => {
    expect(['inhour', 'infilming', 'perfoto', 'perphoto'].map(serviceFormatLabel)).toEqual(['За час', 'За съёмку', 'За съёмку', 'За съёмку']);
  });
});
