/** The waitlist's Russian texts and limits (docs/waitlist.md). */
export const WAITLIST_RANGE_FREE_MESSAGE = 'Это время свободно — его можно забронировать';
export const WAITLIST_LIMIT = 10;
export const WAITLIST_LIMIT_MESSAGE = `В листе ожидания можно быть не больше чем на ${WAITLIST_LIMIT} интервалов`;
export const WAITLIST_ALREADY_JOINED_MESSAGE = 'Вы уже в листе ожидания на это время';
export const WAITLIST_DATE_PASSED_MESSAGE = 'Эта дата уже прошла';
export const WAITLIST_ENTRY_NOT_FOUND_MESSAGE = 'Запись в листе ожидания не найдена';
export const WAITLIST_OFFER_GONE_MESSAGE = 'Предложение из листа ожидания больше не действует';
export const WAITLIST_BAD_RANGE_MESSAGE = 'Интервал должен быть в часы работы (10:00–22:00) и начинаться раньше, чем кончается';
/** How long an offer holds the freed cells for its customer, unless WAITLIST_OFFER_MINUTES says otherwise. */
export const DEFAULT_WAITLIST_OFFER_MINUTES = 30;
