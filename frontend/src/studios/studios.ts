import { STUDIO_ADDRESSES, type Studio } from '@studio/domain';

export type SectionSlug = Studio | 'education';

export interface StudioInfo {
  slug: Studio;
  /** Display name used in links and headings. */
  name: string;
  /** One line that sets the hall apart on the home page and in the header. */
  tagline: string;
  address: string;
  phone: string;
  /** [latitude, longitude]: stored here so the map never depends on geocoding. */
  coordinates: [number, number];
  /** Used when the hall call fails or leaves a field empty. */
  defaultHallSize: string;
  defaultFeatures: string[];
  /** Map height in px (the pochta page has a taller map). */
  mapHeight: number;
}

export const STUDIO_INFO: Record<Studio, StudioInfo> = {
  pochta: {
    slug: 'pochta',
    name: 'Почта',
    tagline: 'Светлый зал с циклорамой в здании старого почтамта',
    address: STUDIO_ADDRESSES.pochta,
    phone: '+7 (3822) 90-12-34',
    coordinates: [56.4846, 84.9483],
    defaultHallSize: '65 м²',
    defaultFeatures: [
      'Белая циклорама 6 × 4 м',
      'Окна в пол с северным светом',
      'Импульсный свет Godox и набор модификаторов',
      'Бумажные фоны шириной 2,7 м',
      'Гримёрная с зеркалом и светом',
    ],
    mapHeight: 380,
  },
  kirova: {
    slug: 'kirova',
    name: 'Кирова',
    tagline: 'Лофт с кирпичом, высокими потолками и мягким дневным светом',
    address: STUDIO_ADDRESSES.kirova,
    phone: '+7 (3822) 90-56-78',
    coordinates: [56.4672, 84.9611],
    defaultHallSize: '90 м²',
    defaultFeatures: [
      'Потолки 4,5 м и кирпичные стены',
      'Три больших окна на солнечную сторону',
      'Постоянный свет и импульсные вспышки',
      'Зона с диваном, креслом и живыми растениями',
      'До 10 человек без доплаты',
    ],
    mapHeight: 360,
  },
  masterskaya: {
    slug: 'masterskaya',
    name: 'Мастерская',
    tagline: 'Просторная мастерская с фактурными фонами для портрета и предметки',
    address: STUDIO_ADDRESSES.masterskaya,
    phone: '+7 (3822) 90-91-11',
    coordinates: [56.4771, 84.9536],
    defaultHallSize: '120 м²',
    defaultFeatures: [
      'Тёмные фактурные фоны ручной работы',
      'Стол для предметной съёмки',
      'Софтбоксы, стрипы и октобокс 150 см',
      'Кухня и зона отдыха',
      'Бесплатная парковка у входа',
    ],
    mapHeight: 360,
  },
};

/** Images shipped with the site, 3 per section, used when a studio has no photos to show. */
export const FALLBACK_IMAGES: Record<SectionSlug, string[]> = {
  pochta: ['/images/sovetskaya1.jpg', '/images/sovetskaya2.jpg', '/images/sovetskaya3.jpg'],
  kirova: ['/images/sovetskaya4.jpg', '/images/sovetskaya5.jpg', '/images/sovetskaya6.jpg'],
  masterskaya: ['/images/sovetskaya7.jpg', '/images/sovetskaya8.jpg', '/images/sovetskaya9.jpg'],
  education: ['/images/sovetskaya10.jpg', '/images/sovetskaya11.jpg', '/images/sovetskaya12.jpg'],
};

export const SLIDER_FALLBACK_IMAGES = Object.values(FALLBACK_IMAGES).flat();

/** The studio's legal seller and social accounts, shown in every studio footer. */
export const BUSINESS = {
  seller: 'ИП Соколова Мария Андреевна',
  inn: '701712345678',
  ogrnip: '321700000012345',
  photoNetwork: { label: 'Instagram', handle: '@studio.tomsk', href: 'https://www.instagram.com/studio.tomsk/' },
  messenger: { label: 'Telegram', handle: '@studio_tomsk', href: 'https://t.me/studio_tomsk' },
  developer: { label: 'Сайт сделан в Nord Pixel', href: 'https://nordpixel.ru/' },
};

/**
 * The studios in display order. Derived here rather than imported from @studio/domain at run
 * time, so the home and hall pages do not pull the domain bundle (schemas, pricing) in.
 */
export const STUDIO_SLUGS = Object.keys(STUDIO_INFO) as Studio[];

/** The home page's sections: the studios, then the school. */
export const SECTIONS: { slug: SectionSlug; name: string; note: string }[] = [
  ...STUDIO_SLUGS.map((slug) => ({ slug, name: STUDIO_INFO[slug].name, note: 'фотостудия' })),
  { slug: 'education', name: 'Обучение', note: 'школа фотографии' },
];

export function isStudioSlug(value: unknown): value is Studio {
  return typeof value === 'string' && Object.hasOwn(STUDIO_INFO, value);
}
