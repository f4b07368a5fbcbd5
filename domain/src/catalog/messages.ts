/** The catalogue's refusals in the back-office's words (admin-backoffice §5), shared by the decider and the forms. */
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
