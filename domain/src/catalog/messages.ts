/** The catalogue's refusals in the back-office's words (docs/catalog.md#rules), shared by the decider and the forms. */
export const SERVICE_MESSAGES = {
  required: 'Название и цена обязательны для заполнения',
  formatRequired: 'Укажите формат услуги',
  unknownFormat: 'Формат услуги — за час (inhour) или за съёмку (infilming)',
  notFound: 'Услуга не найдена',
} as const;

export const PRICE_MESSAGES = {
  required: 'Нужно указать цену за час и за полчаса',
  halfNotBelowHour: 'Цена за полчаса должна быть меньше цены за час',
  notFound: 'Цены не найдены',
} as const;

/** docs/catalog.md#rules «Discount form»: name and discount_value required (the spec gives no words; these are the form's). */
export const DISCOUNT_FORM_MESSAGES = {
  required: 'Укажите название и размер скидки',
} as const;

/** docs/catalog.md#rules «Photographer»: trimmed name and price required («Fill in all fields»). */
export const PHOTOGRAPHER_FORM_MESSAGES = {
  required: 'Заполните все поля',
} as const;
