import {
  DEFAULT_FORMATS,
  DEFAULT_HALF_HOUR_PRICE_KOPECKS,
  DEFAULT_RULES,
  DEFAULT_HOUR_PRICE_KOPECKS,
  STUDIOS,
  type CatalogEvent,
  type DiscountRule,
  type PhotographerEvent,
  type Studio,
} from '@studio/domain';
import { stableUuid } from './stable-uuid';

const PHOTOS_PER_STUDIO = 6;

interface DemoService {
  name: string;
  description: string;
  /** Kopecks. */
  price: number;
  format: 'inhour' | 'infilming';
}

interface DemoDiscount {
  name: string;
  description: string;
  discountType: 'weekdays' | 'days_in_advance' | 'tomorrow' | 'weekend';
  discountValue: number;
}

interface DemoStudio {
  hallSize: string;
  features: string[];
  services: DemoService[];
  discounts: DemoDiscount[];
  /** Kopecks an event adds to its rent: once per booking, on kirova once per slot. */
  eventPrice: number;
}

const WEEKDAY_DISCOUNT: DemoDiscount = { name: 'Будние дни', description: 'Пн,Вт', discountType: 'weekdays', discountValue: 10 };
const LAST_MINUTE_DISCOUNT: DemoDiscount = { name: 'Горящее окно', description: '0', discountType: 'days_in_advance', discountValue: 15 };

const paperBackdrop: DemoService = { name: 'Фон бумажный', description: 'Бумажный фон 2,72 м на выбор из 12 цветов, размотка до 2 м', price: 500_00, format: 'infilming' };
const extraLight: DemoService = { name: 'Свет дополнительный', description: 'Импульсный источник 600 Дж с софтбоксом или стрипбоксом', price: 300_00, format: 'inhour' };
const makeupRoom: DemoService = { name: 'Гримёрная', description: 'Отдельная гримёрная с зеркалом, светом и вешалкой для одежды', price: 400_00, format: 'inhour' };
const props: DemoService = { name: 'Реквизит', description: 'Стулья, пуфы, ткани, вазы и сезонный декор из запасов студии', price: 300_00, format: 'infilming' };

const DEMO_STUDIOS: Record<Studio, DemoStudio> = {
  pochta: {
    hallSize: '65 м²',
    features: [
      'Белая циклорама 4 × 5 м',
      'Потолки 4,5 м и большие окна на юг',
      'Импульсный свет Godox: 4 моноблока и набор модификаторов',
      'Бумажные фоны 12 цветов',
      'Гримёрная с зеркалом и подсветкой',
      'Wi-Fi, чайник и кофемашина',
      'Bluetooth-колонка',
    ],
    services: [paperBackdrop, extraLight, makeupRoom, props],
    discounts: [WEEKDAY_DISCOUNT, LAST_MINUTE_DISCOUNT],
    eventPrice: 1500_00,
  },
  kirova: {
    hallSize: '90 м²',
    features: [
      'Лофт с кирпичными стенами и панорамными окнами',
      'Циклорама 6 × 6 м',
      'Постоянный свет Aputure и импульсный свет Profoto',
      'Зона с диваном, креслами и живыми растениями',
      'Гримёрная на два места',
      'Вместимость до 10 человек без доплаты',
      'Кухня и зона отдыха',
      'Грузовой лифт',
    ],
    services: [paperBackdrop, extraLight, makeupRoom, { name: 'Дым-машина', description: 'Генератор тяжёлого дыма для атмосферных кадров', price: 700_00, format: 'infilming' }],
    discounts: [WEEKDAY_DISCOUNT, { name: 'Завтра дешевле', description: '1', discountType: 'tomorrow', discountValue: 5 }],
    eventPrice: 500_00,
  },
  masterskaya: {
    hallSize: '120 м²',
    features: [
      'Фактурные фоны ручной работы',
      'Стол для предметной съёмки',
      'Естественный свет из окон в пол',
      'Лофт-интерьер: кирпич, дерево и винтажная мебель',
      'Вместимость до 15 человек',
      'Кухня с посудой и холодильником',
      'Бесплатная парковка у входа',
    ],
    services: [props, { name: 'Проектор', description: 'Проектор Full HD, экран 2 × 1,5 м и кликер', price: 500_00, format: 'infilming' }, { name: 'Кофе-брейк', description: 'Чай, кофе, вода и печенье на группу до 15 человек', price: 1500_00, format: 'infilming' }],
    discounts: [WEEKDAY_DISCOUNT, LAST_MINUTE_DISCOUNT],
    eventPrice: 1500_00,
  },
};

const DEMO_PHOTOGRAPHERS = [
  { name: 'Анна Смирнова', price: 3000_00, slug: 'anna-smirnova' },
  { name: 'Дмитрий Волков', price: 3500_00, slug: 'dmitry-volkov' },
  { name: 'Екатерина Лебедева', price: 2500_00, slug: 'ekaterina-lebedeva' },
];

/** The whole demo history of one studio's catalogue stream, in the order an owner would set it up. */
export function demoCatalogEvents(studio: Studio): CatalogEvent[] {
  const demo = DEMO_STUDIOS[studio];
  const photos = Array.from({ length: PHOTOS_PER_STUDIO }, (_, i) => `/images/${studio}/${studio}-${i + 1}.jpg`);
  return [
    { type: 'HallUpdated', data: { studio, hallSize: demo.hallSize, features: demo.features, photos, rules: [...DEFAULT_RULES[studio]] } },
    { type: 'PricesSet', data: { studio, priceId: stableUuid(`price:${studio}`), hourPrice: DEFAULT_HOUR_PRICE_KOPECKS, halfHourPrice: DEFAULT_HALF_HOUR_PRICE_KOPECKS } },
    ...demo.services.map((s): CatalogEvent => ({ type: 'ServiceAdded', data: { studio, serviceId: stableUuid(`service:${studio}:${s.name}`), ...s } })),
    ...demo.discounts.map((d): CatalogEvent => ({ type: 'DiscountAdded', data: { studio, discountId: stableUuid(`discount:${studio}:${d.name}`), ...d } })),
    { type: 'GroupDiscountSwitched', data: { studio, enabled: true } },
    { type: 'FormatPriceSet', data: { studio, format: 'event', name: DEFAULT_FORMATS.event.name, price: demo.eventPrice } },
  ];
}

export function demoPhotographerEvents(): PhotographerEvent[] {
  return DEMO_PHOTOGRAPHERS.map((p) => ({ type: 'PhotographerAdded', data: { photographerId: stableUuid(`photographer:${p.slug}`), ...p } }));
}

/** Two demo codes: one for every studio without a limit, one that a single booking uses up. */
export function demoPromoCodes() {
  return [
    { code: 'ZIMA10', discountPercent: 10, usageLimit: null, studios: [...STUDIOS] },
    { code: 'PERVYJ20', discountPercent: 20, usageLimit: 1, studios: [...STUDIOS] },
  ];
}

/** The demo discounts of a studio as the pricing rules read them: tests pick days none of them touches. */
export function demoDiscountRules(studio: Studio): DiscountRule[] {
  return DEMO_STUDIOS[studio].discounts.map((d) => ({ discount_type: d.discountType, description: d.description, discount_value: d.discountValue }));
}
