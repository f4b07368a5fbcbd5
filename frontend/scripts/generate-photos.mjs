// Draws the demo studio photos from SVG compositions (no downloads) and writes them as JPEGs:
// public/images/{studio}/{studio}-1..6.jpg (the seed points at these) and
// public/images/sovetskaya1..12.jpg (the fallbacks). Run: node frontend/scripts/generate-photos.mjs
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const W = 1600;
const H = 1066;
const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'images');

/** A small seeded generator so every run draws the same pictures. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const defs = (p) => `
  <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${p.wall[0]}"/><stop offset="1" stop-color="${p.wall[1]}"/>
  </linearGradient>
  <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${p.floor[0]}"/><stop offset="1" stop-color="${p.floor[1]}"/>
  </linearGradient>
  <linearGradient id="sweep" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${p.backdrop}"/><stop offset="0.78" stop-color="${p.backdrop}"/>
    <stop offset="1" stop-color="${p.backdropShade}"/>
  </linearGradient>
  <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${p.light}" stop-opacity="0.55"/><stop offset="1" stop-color="${p.light}" stop-opacity="0"/>
  </linearGradient>
  <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/>
  </linearGradient>
  <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="${p.light}" stop-opacity="0.9"/><stop offset="1" stop-color="${p.light}" stop-opacity="0"/>
  </radialGradient>
  <radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75">
    <stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${p.vignette}"/>
  </radialGradient>
  <linearGradient id="softbox" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#fffaf0"/><stop offset="0.5" stop-color="#ffffff"/><stop offset="1" stop-color="#f1ece2"/>
  </linearGradient>
  <filter id="blur" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="28"/></filter>
  <filter id="soft" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="3"/></filter>
  <pattern id="bricks" width="120" height="56" patternUnits="userSpaceOnUse">
    <rect width="120" height="56" fill="${p.mortar ?? '#cbb8a6'}"/>
    <rect x="2" y="2" width="56" height="24" fill="${p.brick?.[0] ?? '#a0614a'}"/>
    <rect x="62" y="2" width="56" height="24" fill="${p.brick?.[1] ?? '#93573f'}"/>
    <rect x="-28" y="30" width="56" height="24" fill="${p.brick?.[1] ?? '#93573f'}"/>
    <rect x="32" y="30" width="56" height="24" fill="${p.brick?.[2] ?? '#a86a50'}"/>
    <rect x="92" y="30" width="56" height="24" fill="${p.brick?.[0] ?? '#a0614a'}"/>
  </pattern>`;

const horizon = 720;

function windowShape(x, y, w, h, p, arch) {
  const top = arch ? `M${x} ${y + w / 2} A${w / 2} ${w / 2} 0 0 1 ${x + w} ${y + w / 2}` : `M${x} ${y} H${x + w}`;
  const frame = arch ? `${top} V${y + h} H${x} Z` : `M${x} ${y} H${x + w} V${y + h} H${x} Z`;
  const bars = [];
  for (let i = 1; i < 3; i++) bars.push(`<rect x="${x + (w * i) / 3 - 4}" y="${y}" width="8" height="${h}" fill="${p.frame}"/>`);
  for (let j = 1; j < 4; j++) bars.push(`<rect x="${x}" y="${y + (h * j) / 4 - 4}" width="${w}" height="8" fill="${p.frame}"/>`);
  const beam = `<polygon points="${x},${y + h} ${x + w},${y + h} ${x + w * 1.9 + 260},${H} ${x - 120},${H}" fill="url(#beam)" opacity="0.55"/>`;
  return `
    <ellipse cx="${x + w / 2}" cy="${y + h / 2}" rx="${w * 1.2}" ry="${h * 0.9}" fill="url(#glow)" opacity="0.55" filter="url(#blur)"/>
    <path d="${frame}" fill="${p.frame}" transform="translate(-14 -14) scale(1)" opacity="0.9"/>
    <path d="${frame}" fill="url(#glass)" stroke="${p.frame}" stroke-width="14"/>
    ${bars.join('')}
    <rect x="${x - 24}" y="${y + h}" width="${w + 48}" height="16" fill="${p.frame}"/>
    ${beam}`;
}

function backdrop(x, w) {
  return `
    <rect x="${x - 10}" y="60" width="${w + 20}" height="26" rx="13" fill="#2b2724"/>
    <path d="M${x} 80 H${x + w} V${horizon + 40} Q${x + w} ${horizon + 170} ${x + w + 40} ${horizon + 200} L${x + w + 140} ${H} H${x - 140} L${x - 40} ${horizon + 200} Q${x} ${horizon + 170} ${x} ${horizon + 40} Z" fill="url(#sweep)"/>
    <path d="M${x} 80 H${x + w} V${horizon + 40}" fill="none" stroke="#000" stroke-opacity="0.06" stroke-width="6"/>`;
}

function softbox(x, y, p, flip = false) {
  const d = flip ? -1 : 1;
  return `
    <g opacity="0.96">
      <line x1="${x + 70}" y1="${y + 170}" x2="${x + 70}" y2="${H - 150}" stroke="#1e1c1a" stroke-width="8"/>
      <line x1="${x + 70}" y1="${H - 150}" x2="${x - 10}" y2="${H - 60}" stroke="#1e1c1a" stroke-width="7"/>
      <line x1="${x + 70}" y1="${H - 150}" x2="${x + 150}" y2="${H - 60}" stroke="#1e1c1a" stroke-width="7"/>
      <line x1="${x + 70}" y1="${H - 150}" x2="${x + 74}" y2="${H - 40}" stroke="#1e1c1a" stroke-width="7"/>
      <polygon points="${x},${y} ${x + 140},${y + 20 * d} ${x + 140},${y + 150 - 20 * d} ${x},${y + 170}" fill="#1b1917"/>
      <polygon points="${x + 10},${y + 10} ${x + 132},${y + 26 * d + 4} ${x + 132},${y + 144 - 26 * d} ${x + 10},${y + 160}" fill="url(#softbox)"/>
      <ellipse cx="${x + 70}" cy="${y + 85}" rx="220" ry="200" fill="url(#glow)" opacity="0.35" filter="url(#blur)"/>
    </g>`;
}

function chair(x, color) {
  const y = horizon + 120;
  return `
    <g fill="${color}">
      <ellipse cx="${x + 110}" cy="${y + 250}" rx="150" ry="22" fill="#000" opacity="0.18" filter="url(#soft)"/>
      <path d="M${x + 20} ${y - 140} Q${x + 110} ${y - 220} ${x + 200} ${y - 140} L${x + 190} ${y + 40} H${x + 30} Z"/>
      <rect x="${x}" y="${y + 20}" width="220" height="60" rx="26"/>
      <rect x="${x + 18}" y="${y + 70}" width="14" height="170" rx="6"/>
      <rect x="${x + 188}" y="${y + 70}" width="14" height="170" rx="6"/>
    </g>`;
}

function armchair(x, color, shade) {
  const y = horizon + 110;
  return `
    <ellipse cx="${x + 170}" cy="${y + 230}" rx="230" ry="26" fill="#000" opacity="0.2" filter="url(#soft)"/>
    <path d="M${x + 30} ${y - 170} Q${x + 170} ${y - 230} ${x + 310} ${y - 170} L${x + 300} ${y + 40} H${x + 40} Z" fill="${shade}"/>
    <rect x="${x}" y="${y - 40}" width="90" height="200" rx="40" fill="${color}"/>
    <rect x="${x + 250}" y="${y - 40}" width="90" height="200" rx="40" fill="${color}"/>
    <rect x="${x + 60}" y="${y + 40}" width="220" height="90" rx="30" fill="${color}"/>
    <rect x="${x + 40}" y="${y + 150}" width="16" height="60" fill="#2a211a"/>
    <rect x="${x + 284}" y="${y + 150}" width="16" height="60" fill="#2a211a"/>`;
}

function plant(x, rnd, leaf, pot) {
  const base = horizon + 300;
  const leaves = [];
  for (let i = 0; i < 14; i++) {
    const angle = -80 + rnd() * 160;
    const len = 150 + rnd() * 170;
    leaves.push(
      `<ellipse cx="${x}" cy="${base - 120 - len / 2}" rx="${22 + rnd() * 18}" ry="${len / 2}" fill="${leaf[i % leaf.length]}" transform="rotate(${angle} ${x} ${base - 120})" opacity="0.95"/>`,
    );
  }
  return `
    <ellipse cx="${x}" cy="${base + 10}" rx="120" ry="18" fill="#000" opacity="0.2" filter="url(#soft)"/>
    ${leaves.join('')}
    <path d="M${x - 80} ${base - 130} H${x + 80} L${x + 62} ${base} H${x - 62} Z" fill="${pot}"/>`;
}

function table(x, palette, rnd) {
  const p = { objects: ['#c9a27a', '#efe6d8', '#8a6b52', '#b8c2b4'], tableTop: '#8a6c52', tableLeg: '#2a211a', ...palette };
  const y = horizon + 70;
  const items = [];
  for (let i = 0; i < 4; i++) {
    const ix = x + 50 + i * 95 + rnd() * 20;
    const h = 60 + rnd() * 110;
    const kind = i % 3;
    if (kind === 0) items.push(`<rect x="${ix}" y="${y - h}" width="46" height="${h}" rx="6" fill="${p.objects[i % p.objects.length]}"/>`);
    else if (kind === 1) items.push(`<ellipse cx="${ix + 30}" cy="${y - h / 2}" rx="36" ry="${h / 2}" fill="${p.objects[i % p.objects.length]}"/>`);
    else items.push(`<path d="M${ix} ${y} L${ix + 24} ${y - h} L${ix + 48} ${y} Z" fill="${p.objects[i % p.objects.length]}"/>`);
  }
  return `
    <ellipse cx="${x + 230}" cy="${y + 260}" rx="330" ry="26" fill="#000" opacity="0.25" filter="url(#soft)"/>
    ${items.join('')}
    <rect x="${x}" y="${y}" width="460" height="26" fill="${p.tableTop}"/>
    <rect x="${x + 30}" y="${y + 26}" width="16" height="240" fill="${p.tableLeg}"/>
    <rect x="${x + 414}" y="${y + 26}" width="16" height="240" fill="${p.tableLeg}"/>
    <ellipse cx="${x + 230}" cy="${y - 260}" rx="300" ry="200" fill="url(#glow)" opacity="0.45" filter="url(#blur)"/>`;
}

function pendant(x, p) {
  return `
    <line x1="${x}" y1="0" x2="${x}" y2="230" stroke="#1e1c1a" stroke-width="3"/>
    <path d="M${x - 60} 290 Q${x} 200 ${x + 60} 290 Z" fill="#1e1c1a"/>
    <ellipse cx="${x}" cy="300" rx="140" ry="90" fill="url(#glow)" opacity="0.7" filter="url(#blur)"/>
    <ellipse cx="${x}" cy="292" rx="44" ry="8" fill="${p.light}"/>`;
}

function curtain(x, w, color) {
  const folds = [];
  for (let i = 0; i < 7; i++) {
    folds.push(`<rect x="${x + (w / 7) * i}" y="0" width="${w / 7}" height="${H}" fill="${color}" opacity="${0.82 + (i % 2) * 0.18}"/>`);
  }
  return `<g>${folds.join('')}<rect x="${x}" y="0" width="${w}" height="${H}" fill="url(#beam)" opacity="0.25"/></g>`;
}

function scene(p, parts, seed) {
  const rnd = random(seed);
  const body = parts.map((part) => part(p, rnd)).join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>${defs(p)}</defs>
  <rect width="${W}" height="${horizon}" fill="${p.bricks ? 'url(#bricks)' : 'url(#wall)'}"/>
  ${p.bricks ? `<rect width="${W}" height="${horizon}" fill="url(#wall)" opacity="0.55"/>` : ''}
  <rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#floor)"/>
  <rect y="${horizon - 6}" width="${W}" height="10" fill="${p.skirting}"/>
  ${body}
  <rect width="${W}" height="${H}" fill="url(#vignette)"/>
</svg>`;
}

// Palettes: bright post office hall, brick loft, dark workshop, and softer variants for fallbacks.
const P = {
  pochta: {
    wall: ['#f3efe8', '#e4ddd2'], floor: ['#d8cfc2', '#b9ad9c'], backdrop: '#fbfaf7', backdropShade: '#e7e2da',
    light: '#fff6e6', sky: ['#eaf1f4', '#c9d6dd'], frame: '#f7f4ee', skirting: '#d5ccbf', vignette: 0.28,
  },
  kirova: {
    wall: ['#b97a5f', '#7a4a36'], floor: ['#6e5644', '#4a3a2e'], backdrop: '#e9dfd2', backdropShade: '#c9b9a6',
    light: '#ffe2b8', sky: ['#f4e6cf', '#d9c3a0'], frame: '#2c2622', skirting: '#3a2e26', vignette: 0.42,
    bricks: true, brick: ['#a0614a', '#8d5540', '#ad6d52'], mortar: '#c9b29c',
  },
  masterskaya: {
    wall: ['#2d302c', '#1c1e1b'], floor: ['#2a2521', '#171411'], backdrop: '#3b4a44', backdropShade: '#222a27',
    light: '#ffd9a0', sky: ['#57646a', '#303a3f'], frame: '#141312', skirting: '#121110', vignette: 0.6,
    objects: ['#c9a27a', '#e8dccb', '#8a6b52', '#b8c2b4'], tableTop: '#5b4636', tableLeg: '#1a1714',
  },
  sage: {
    wall: ['#dfe3d6', '#c3cab8'], floor: ['#c8bda9', '#a4967f'], backdrop: '#9fae98', backdropShade: '#7f8e79',
    light: '#fff4dc', sky: ['#eef3f0', '#cfdad5'], frame: '#f2efe8', skirting: '#b3aa98', vignette: 0.3,
  },
  blush: {
    wall: ['#f0dfd6', '#dcc2b5'], floor: ['#cdb8a8', '#a88f7d'], backdrop: '#e6b8a9', backdropShade: '#c79584',
    light: '#fff1e4', sky: ['#f6ece6', '#e1cfc4'], frame: '#f7efe9', skirting: '#c7ad9d', vignette: 0.3,
  },
  dusk: {
    wall: ['#3c4656', '#252c37'], floor: ['#3a3532', '#211d1a'], backdrop: '#6f7f95', backdropShade: '#46546a',
    light: '#ffcf8a', sky: ['#8fa2bd', '#4b5a75'], frame: '#1b1d22', skirting: '#1a1a1c', vignette: 0.55,
    objects: ['#d7b58c', '#efe4d2', '#9aa6b6', '#a9826a'], tableTop: '#4a3b31', tableLeg: '#151312',
  },
};

const leafGreens = ['#4d6b4a', '#3f5a3d', '#5f7f58', '#36503a'];

const win = (x, y, w, h, arch = false) => (p) => windowShape(x, y, w, h, p, arch);
const bd = (x, w) => () => backdrop(x, w);
const sb = (x, y, flip) => (p) => softbox(x, y, p, flip);
const ch = (x, color) => () => chair(x, color);
const arm = (x, color, shade) => () => armchair(x, color, shade);
const pl = (x, pot = '#c9b8a2') => (_p, rnd) => plant(x, rnd, leafGreens, pot);
const tb = (x) => (p, rnd) => table(x, p, rnd);
const lamp = (x) => (p) => pendant(x, p);
const cur = (x, w, color) => () => curtain(x, w, color);

const PHOTOS = {
  'pochta/pochta-1': [P.pochta, [win(110, 120, 300, 470, true), bd(560, 620), ch(760, '#2b2622'), sb(1290, 260, true)]],
  'pochta/pochta-2': [P.pochta, [win(90, 110, 280, 480), win(470, 110, 280, 480), pl(1280), arm(880, '#c7b7a3', '#b5a48f')]],
  'pochta/pochta-3': [P.pochta, [bd(300, 1000), sb(90, 240), sb(1370, 240, true), ch(690, '#8c6a43')]],
  'pochta/pochta-4': [P.pochta, [win(900, 110, 320, 500, true), bd(140, 560), pl(1380, '#e6ddd0'), ch(300, '#d9cfc1')]],
  'pochta/pochta-5': [P.pochta, [win(150, 120, 260, 460), win(540, 120, 260, 460), win(930, 120, 260, 460), arm(1240, '#3a332d', '#2c2621')]],
  'pochta/pochta-6': [P.pochta, [bd(420, 760), sb(150, 200), lamp(800), pl(1400, '#e6ddd0')]],
  'kirova/kirova-1': [P.kirova, [win(140, 100, 300, 520, true), arm(620, '#d8c3a5', '#c4ad8d'), pl(1260, '#3a2e26')]],
  'kirova/kirova-2': [P.kirova, [win(120, 100, 280, 520), win(560, 100, 280, 520), win(1000, 100, 280, 520), ch(1330, '#1e1a17')]],
  'kirova/kirova-3': [P.kirova, [bd(520, 640), sb(160, 230), pl(1320, '#2a211b'), lamp(840)]],
  'kirova/kirova-4': [P.kirova, [win(980, 100, 320, 520, true), arm(230, '#6b4a3a', '#5a3d30'), pl(820, '#c9b8a2')]],
  'kirova/kirova-5': [P.kirova, [cur(0, 380, '#e8dccb'), win(520, 100, 300, 520), ch(1020, '#e8dccb'), pl(1390, '#3a2e26')]],
  'kirova/kirova-6': [P.kirova, [lamp(400), lamp(1200), arm(560, '#2b2420', '#221c19'), pl(180, '#c9b8a2')]],
  'masterskaya/masterskaya-1': [P.masterskaya, [bd(420, 760), lamp(800), tb(570)]],
  'masterskaya/masterskaya-2': [P.masterskaya, [win(120, 130, 260, 440, true), bd(620, 620), ch(820, '#b08a64'), sb(1330, 250, true)]],
  'masterskaya/masterskaya-3': [P.masterskaya, [bd(200, 1200), sb(60, 260), tb(560), lamp(1180)]],
  'masterskaya/masterskaya-4': [P.masterskaya, [cur(1100, 500, '#3a2f2a'), arm(360, '#6e5240', '#5b4334'), lamp(540), pl(960, '#6a5a4a')]],
  'masterskaya/masterskaya-5': [P.masterskaya, [bd(500, 600), lamp(560), lamp(1040), ch(690, '#c9a27a')]],
  'masterskaya/masterskaya-6': [P.masterskaya, [win(1060, 120, 300, 460), tb(200), pl(880, '#4a4038')]],
};

const FALLBACKS = [
  [P.sage, [win(120, 120, 300, 470, true), bd(620, 620), ch(820, '#efe8dc')]],
  [P.pochta, [bd(260, 1080), sb(80, 240), lamp(800), pl(1330, '#e6ddd0')]],
  [P.blush, [win(1020, 110, 300, 480), arm(260, '#efe1d6', '#dccbbd'), pl(820, '#f1e6dc')]],
  [P.kirova, [win(140, 100, 280, 520), win(560, 100, 280, 520), arm(960, '#d8c3a5', '#c4ad8d')]],
  [P.kirova, [bd(420, 760), sb(120, 230), pl(1380, '#2a211b'), ch(720, '#2b2420')]],
  [P.blush, [cur(0, 420, '#f4e7df'), bd(640, 620), ch(840, '#8c6a43')]],
  [P.masterskaya, [bd(360, 880), lamp(800), tb(570)]],
  [P.dusk, [win(1000, 120, 300, 460, true), arm(300, '#a9826a', '#8f6c57'), lamp(700)]],
  [P.masterskaya, [cur(0, 520, '#3a2f2a'), lamp(1000), tb(760)]],
  [P.sage, [win(100, 110, 260, 470), win(480, 110, 260, 470), tb(900)]],
  [P.dusk, [bd(300, 1000), sb(60, 240), sb(1390, 240, true), ch(700, '#d7b58c')]],
  [P.pochta, [win(860, 110, 320, 500, true), pl(420, '#e6ddd0'), arm(1220, '#3a332d', '#2c2621')]],
];

async function write(name, [palette, parts], seed) {
  const file = join(OUT, `${name}.jpg`);
  mkdirSync(dirname(file), { recursive: true });
  const { size } = await sharp(Buffer.from(scene(palette, parts, seed)))
    .jpeg({ quality: 78, mozjpeg: true, chromaSubsampling: '4:2:0' })
    .toFile(file);
  console.log(`${name}.jpg ${(size / 1024).toFixed(0)} KB`);
}

let seed = 1;
for (const [name, spec] of Object.entries(PHOTOS)) await write(name, spec, seed++);
for (const [i, spec] of FALLBACKS.entries()) await write(`sovetskaya${i + 1}`, spec, seed++);
