/**
 * SVG artwork for the demo brand, drawn in code so every image is ours (nothing hot-linked).
 * `npm run seed:images -w @larder/api` rewrites seed/images/ from these functions.
 */

export interface Palette {
  /** Background. */
  bg: string;
  /** Main colour (bag, shapes). */
  main: string;
  /** Accent (label band, highlights). */
  accent: string;
  /** Text on the label. */
  ink: string;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const svg = (width: number, height: number, title: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">
<title>${escapeXml(title)}</title>
${body}
</svg>
`;

/** Deterministic pseudo-random numbers, so regenerated images are byte-identical. */
function seeded(seedText: string) {
  let state = [...seedText].reduce((acc, char) => (acc * 31 + char.charCodeAt(0)) >>> 0, 7);
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function oatClusters(
  seedText: string,
  x: number,
  y: number,
  w: number,
  h: number,
  colors: string[],
  count: number,
) {
  const random = seeded(seedText);
  let shapes = '';
  for (let i = 0; i < count; i += 1) {
    const cx = x + random() * w;
    const cy = y + random() * h;
    const rx = 6 + random() * 12;
    const ry = 4 + random() * 7;
    const rotate = Math.round(random() * 180);
    const color = colors[i % colors.length];
    shapes += `<ellipse cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" rx="${rx.toFixed(1)}" ry="${ry.toFixed(1)}" fill="${color}" transform="rotate(${rotate} ${cx.toFixed(1)} ${cy.toFixed(1)})"/>`;
  }
  return shapes;
}

/** An ingredient drawn around a bag, so each product's art says what is in it. */
export type Garnish =
  | 'honey'
  | 'oat'
  | 'leaf'
  | 'pecan'
  | 'chocolate'
  | 'salt'
  | 'coconut'
  | 'cashew'
  | 'berry'
  | 'almond'
  | 'ginger'
  | 'turmeric'
  | 'cluster'
  | 'peanut'
  | 'banana'
  | 'apple'
  | 'cinnamon'
  | 'date'
  | 'seed'
  | 'vanilla'
  | 'pumpkin';

/** One garnish drawn around (0, 0) at about 60 px across; placed with a transform. */
const garnishShapes: Record<Garnish, string> = {
  honey:
    '<path d="M0 -30 C18 -6 24 6 24 14 A24 24 0 0 1 -24 14 C-24 6 -18 -6 0 -30 Z" fill="#e2a33a"/><ellipse cx="-8" cy="10" rx="5" ry="8" fill="#fff" opacity="0.45"/>',
  oat: '<ellipse rx="26" ry="11" fill="#e8c27a"/><path d="M-20 0 H20" stroke="#b98a3e" stroke-width="2"/>',
  leaf: '<path d="M0 -30 C22 -18 26 10 0 30 C-26 10 -22 -18 0 -30 Z" fill="#6b9a3e"/><path d="M0 -26 V28" stroke="#3f6a22" stroke-width="3"/>',
  pecan:
    '<ellipse rx="26" ry="15" fill="#8a4b22"/><path d="M-20 -4 Q-10 6 0 -4 T20 -4 M-20 5 Q-10 14 0 5 T20 5" stroke="#5a2d10" stroke-width="3" fill="none"/>',
  chocolate:
    '<rect x="-24" y="-18" width="48" height="36" rx="4" fill="#3b2014"/><path d="M-8 -18 V18 M8 -18 V18 M-24 0 H24" stroke="#5a3424" stroke-width="3"/>',
  salt: '<rect x="-14" y="-14" width="12" height="12" fill="#fff" transform="rotate(20)"/><rect x="4" y="-4" width="10" height="10" fill="#f3f3f3" transform="rotate(-15)"/><rect x="-6" y="8" width="9" height="9" fill="#fff"/>',
  coconut:
    '<path d="M-28 0 A28 28 0 0 0 28 0 Z" fill="#6b4226"/><path d="M-22 2 A22 22 0 0 0 22 2 Z" fill="#fffaf0"/>',
  cashew:
    '<path d="M-20 -14 C-30 10 -6 28 18 18 C6 14 -6 2 -4 -14 C-8 -22 -16 -22 -20 -14 Z" fill="#f1d7a6" stroke="#c99d5c" stroke-width="2"/>',
  berry:
    '<circle r="18" fill="#3f4f9a"/><circle cx="-6" cy="-6" r="5" fill="#a9b7e8" opacity="0.7"/><path d="M-4 -16 L0 -22 L4 -16" stroke="#1b2350" stroke-width="3" fill="none"/>',
  almond:
    '<path d="M0 -28 C18 -12 18 16 0 26 C-18 16 -18 -12 0 -28 Z" fill="#c58a52"/><path d="M0 -20 C8 -6 8 10 0 18" stroke="#9a6536" stroke-width="2" fill="none"/>',
  ginger:
    '<path d="M-26 6 C-26 -10 -10 -12 -4 -4 C0 -20 16 -20 18 -6 C30 -4 30 14 16 16 C4 22 -20 22 -26 6 Z" fill="#e8c07a" stroke="#b9863a" stroke-width="2"/>',
  turmeric:
    '<path d="M-28 10 C-20 -14 20 -14 28 10 Z" fill="#e3a21a"/><circle cx="-8" cy="-2" r="3" fill="#b5461f"/><circle cx="8" cy="0" r="3" fill="#b5461f"/>',
  cluster:
    '<circle cx="-10" cy="2" r="13" fill="#c98b3f"/><circle cx="8" cy="-6" r="12" fill="#a86a2c"/><circle cx="10" cy="10" r="10" fill="#d9a85b"/>',
  peanut:
    '<path d="M-22 0 C-22 -14 -6 -14 0 -6 C6 -14 22 -14 22 0 C22 14 6 14 0 6 C-6 14 -22 14 -22 0 Z" fill="#d9a85b" stroke="#a8762f" stroke-width="2"/>',
  banana:
    '<circle r="20" fill="#f6e08a" stroke="#e0b94a" stroke-width="4"/><circle cx="-5" cy="-3" r="2" fill="#8c4a1c"/><circle cx="5" cy="-3" r="2" fill="#8c4a1c"/><circle cy="6" r="2" fill="#8c4a1c"/>',
  apple:
    '<path d="M-26 0 A26 26 0 0 0 26 0 Z" fill="#b5382f"/><path d="M-21 2 A21 21 0 0 0 21 2 Z" fill="#fbe7c6"/><circle cx="-5" cy="9" r="2.5" fill="#4a110c"/><circle cx="5" cy="9" r="2.5" fill="#4a110c"/>',
  cinnamon:
    '<rect x="-30" y="-8" width="60" height="16" rx="8" fill="#8a4b22"/><path d="M-30 0 H30" stroke="#5a2d10" stroke-width="2"/><circle cx="-30" r="8" fill="#a8602c"/>',
  date: '<ellipse rx="24" ry="13" fill="#5a2a14"/><path d="M-14 -4 Q0 4 14 -4" stroke="#7a3e20" stroke-width="3" fill="none"/>',
  seed: '<path d="M-14 -8 q6 -14 12 0 q-6 8 -12 0 Z" fill="#2b2118"/><path d="M4 2 q6 -14 12 0 q-6 8 -12 0 Z" fill="#f2ece4" stroke="#b8a88f"/><path d="M-6 10 q6 -14 12 0 q-6 8 -12 0 Z" fill="#7a5b3a"/>',
  vanilla:
    '<path d="M-30 14 Q0 -4 30 -18" stroke="#2e1d0c" stroke-width="7" stroke-linecap="round" fill="none"/><circle cx="14" cy="12" r="10" fill="#fff6d8"/><circle cx="14" cy="12" r="4" fill="#e2a33a"/>',
  pumpkin:
    '<ellipse cx="-10" rx="14" ry="18" fill="#d9731f"/><ellipse cx="10" rx="14" ry="18" fill="#d9731f"/><ellipse rx="12" ry="19" fill="#e88a32"/><rect x="-3" y="-26" width="6" height="10" rx="2" fill="#4a6b2a"/>',
};

/** Where garnishes sit around a bag: both sides and the foreground, clear of the label. */
const GARNISH_SPOTS: [number, number][] = [
  [110, 250],
  [90, 420],
  [130, 590],
  [690, 240],
  [715, 410],
  [670, 585],
  [260, 745],
  [540, 750],
];

function garnishes(seedText: string, kinds: Garnish[]) {
  const random = seeded(seedText);
  return GARNISH_SPOTS.map(([x, y], i) => {
    const kind = kinds[i % kinds.length]!;
    const rotate = Math.round(random() * 360);
    const scale = (0.9 + random() * 0.5).toFixed(2);
    return `<g transform="translate(${x} ${y}) rotate(${rotate}) scale(${scale})">${garnishShapes[kind]}</g>`;
  }).join('');
}

/** A bag's size class: bigger bags are drawn bigger, the bulk bag as a folded sack. */
export type BagSize = 'small' | 'medium' | 'bulk';

export const bagSizeFor = (size: string): BagSize =>
  /5\s*lb/i.test(size) ? 'bulk' : /2\s*lb/i.test(size) ? 'medium' : 'small';

const BAG_SCALE: Record<BagSize, number> = { small: 0.78, medium: 0.92, bulk: 1.04 };

/** Three label shapes, one per product by name, so the bags differ beyond their colours. */
function label(style: number, accent: string) {
  if (style === 1)
    return `<ellipse cx="400" cy="440" rx="170" ry="150" fill="#fffaf0"/><path d="M252 366 A170 150 0 0 1 548 366 Z" fill="${accent}"/>`;
  if (style === 2)
    return `<rect x="250" y="290" width="300" height="300" fill="#fffaf0"/><path d="M225 300 H575 L555 326 L575 352 H225 L245 326 Z" fill="${accent}"/>`;
  return `<rect x="250" y="290" width="300" height="300" rx="22" fill="#fffaf0"/><rect x="250" y="290" width="300" height="62" rx="22" fill="${accent}"/><rect x="250" y="330" width="300" height="22" fill="${accent}"/>`;
}

/**
 * A stand-up pouch with the product's label and size, and its ingredients drawn around it: one per
 * product and size. The bag grows with the size (12 oz, 2 lb, a folded 5 lb sack) on the same canvas.
 */
export function productBag(options: {
  name: string;
  line: string;
  size: string;
  palette: Palette;
  garnish: Garnish[];
}): string {
  const { name, line, size, palette, garnish } = options;
  const bagSize = bagSizeFor(size);
  const words = name.split(' ');
  const half = Math.ceil(words.length / 2);
  const [first, second] =
    words.length > 2 ? [words.slice(0, half).join(' '), words.slice(half).join(' ')] : [name, ''];
  const labelStyle = [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 3;
  const scale = BAG_SCALE[bagSize];
  const body =
    bagSize === 'bulk'
      ? `<path d="M170 190 L630 190 L650 690 Q400 716 150 690 Z" fill="url(#bag)"/>
<path d="M180 120 L620 120 L630 200 L170 200 Z" fill="${palette.main}"/>
<path d="M180 120 L620 120 L630 200 L170 200 Z" fill="#000" opacity="0.22"/>
<path d="M200 200 Q400 230 600 200" stroke="#5b3a1c" stroke-width="6" fill="none"/>`
      : `<path d="M210 150 L590 150 L615 690 Q400 718 185 690 Z" fill="url(#bag)"/>
<path d="M210 150 L590 150 L593 190 L207 190 Z" fill="#000" opacity="0.12"/>
<path d="M224 168 L576 168" stroke="#fff" stroke-opacity="0.35" stroke-width="4" stroke-dasharray="10 8"/>`;
  const sizeText = size.replace(/\s*bulk$/i, '').toUpperCase();
  return svg(
    800,
    800,
    `${name} granola, ${sizeText} bag`,
    `<defs>
  <linearGradient id="bag" x1="0" x2="1" y1="0" y2="0">
    <stop offset="0" stop-color="${palette.main}"/>
    <stop offset="0.55" stop-color="${palette.main}" stop-opacity="0.92"/>
    <stop offset="1" stop-color="#000" stop-opacity="0.18"/>
  </linearGradient>
</defs>
<rect width="800" height="800" fill="${palette.bg}"/>
<ellipse cx="400" cy="712" rx="${Math.round(250 * scale)}" ry="26" fill="#000" opacity="0.12"/>
${garnishes(name, garnish)}
<g transform="translate(400 700) scale(${scale}) translate(-400 -700)">
${body}
${label(labelStyle, palette.accent)}
<text x="400" y="331" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="24" letter-spacing="3" fill="#fffaf0">LARDER &amp; OAT</text>
<text x="400" y="${second ? 410 : 430}" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="36" font-weight="bold" fill="${palette.ink}">${escapeXml(first)}</text>
${second ? `<text x="400" y="452" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="36" font-weight="bold" fill="${palette.ink}">${escapeXml(second)}</text>` : ''}
<text x="400" y="500" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="19" fill="${palette.ink}" opacity="0.8">${escapeXml(line)}</text>
<line x1="300" y1="528" x2="500" y2="528" stroke="${palette.accent}" stroke-width="2"/>
<text x="400" y="565" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="15" letter-spacing="1.5" fill="${palette.ink}">SMALL-BATCH GRANOLA</text>
<circle cx="560" cy="250" r="52" fill="${palette.accent}" stroke="#fffaf0" stroke-width="5"/>
<text x="560" y="262" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="${sizeText.length > 4 ? 26 : 32}" font-weight="bold" fill="#fffaf0">${escapeXml(sizeText)}</text>
${oatClusters(name, 250, 610, 300, 50, [palette.accent, '#d9a85b', '#b7793a'], 18)}
</g>`,
  );
}

export type Motif = 'bowl' | 'jar' | 'field' | 'oven' | 'market' | 'map' | 'bars' | 'parfait';

/** One motif drawn about (cx, cy) at `scale` (1 for an 800 px square), on a w × h canvas. */
function drawMotif(
  motif: Motif,
  {
    w,
    h,
    cx,
    cy,
    scale,
    palette,
    title,
  }: {
    w: number;
    h: number;
    cx: number;
    cy: number;
    scale: number;
    palette: Palette;
    title: string;
  },
): string {
  switch (motif) {
    case 'bowl':
      return `<ellipse cx="${cx}" cy="${cy + 150 * scale}" rx="${300 * scale}" ry="${40 * scale}" fill="#000" opacity="0.12"/>
<path d="M${cx - 280 * scale} ${cy} Q${cx} ${cy + 330 * scale} ${cx + 280 * scale} ${cy} Z" fill="${palette.main}"/>
<ellipse cx="${cx}" cy="${cy}" rx="${280 * scale}" ry="${50 * scale}" fill="#f4e3c1"/>
${oatClusters(title, cx - 240 * scale, cy - 40 * scale, 480 * scale, 60 * scale, ['#c98b3f', '#a86a2c', palette.accent, '#7a4a25'], 60)}`;
    case 'jar':
      return `<rect x="${cx - 150 * scale}" y="${cy - 230 * scale}" width="${300 * scale}" height="${380 * scale}" rx="${40 * scale}" fill="#fff" opacity="0.55"/>
<rect x="${cx - 130 * scale}" y="${cy - 120 * scale}" width="${260 * scale}" height="${250 * scale}" rx="${26 * scale}" fill="#d9a85b"/>
${oatClusters(title, cx - 120 * scale, cy - 110 * scale, 240 * scale, 230 * scale, ['#a86a2c', '#7a4a25', palette.accent], 70)}
<rect x="${cx - 165 * scale}" y="${cy - 270 * scale}" width="${330 * scale}" height="${60 * scale}" rx="${14 * scale}" fill="${palette.main}"/>`;
    case 'field':
      return `<path d="M0 ${cy} Q${w * 0.3} ${cy - 90 * scale} ${w * 0.6} ${cy} T${w} ${cy - 30 * scale} V${h} H0 Z" fill="${palette.main}"/>
<path d="M0 ${cy + 80 * scale} Q${w * 0.4} ${cy} ${w} ${cy + 70 * scale} V${h} H0 Z" fill="${palette.accent}" opacity="0.85"/>
<circle cx="${w * 0.7}" cy="${h * 0.3}" r="${70 * scale}" fill="#ffd27a"/>
${Array.from({ length: 14 }, (_, i) => {
  const x = (w / 14) * i + 20 * scale;
  return `<path d="M${x} ${h} C${x} ${cy + 40 * scale} ${x + 12 * scale} ${cy - 10 * scale} ${x + 18 * scale} ${cy - 40 * scale}" stroke="#e8c27a" stroke-width="${5 * scale}" fill="none"/><ellipse cx="${x + 20 * scale}" cy="${cy - 48 * scale}" rx="${7 * scale}" ry="${16 * scale}" fill="#f0d28f"/>`;
}).join('')}`;
    case 'oven':
      return `<rect x="${cx - 260 * scale}" y="${cy - 200 * scale}" width="${520 * scale}" height="${360 * scale}" rx="${24 * scale}" fill="${palette.main}"/>
<rect x="${cx - 210 * scale}" y="${cy - 120 * scale}" width="${420 * scale}" height="${230 * scale}" rx="${16 * scale}" fill="#2b1a10"/>
<rect x="${cx - 180 * scale}" y="${cy + 10 * scale}" width="${360 * scale}" height="${26 * scale}" fill="#8a8a8a"/>
${oatClusters(title, cx - 175 * scale, cy - 30 * scale, 350 * scale, 40 * scale, ['#d9a85b', '#c98b3f', '#a86a2c'], 50)}
<rect x="${cx - 210 * scale}" y="${cy - 120 * scale}" width="${420 * scale}" height="${230 * scale}" rx="${16 * scale}" fill="#ffb347" opacity="0.18"/>
${[0, 1, 2].map((i) => `<circle cx="${cx - 150 * scale + i * 60 * scale}" cy="${cy - 165 * scale}" r="${14 * scale}" fill="${palette.accent}"/>`).join('')}`;
    case 'market':
      return `<rect x="${cx - 320 * scale}" y="${cy - 60 * scale}" width="${640 * scale}" height="${220 * scale}" fill="${palette.main}"/>
${Array.from({ length: 8 }, (_, i) => `<path d="M${cx - 320 * scale + i * 80 * scale} ${cy - 60 * scale} h${80 * scale} l${-10 * scale} ${-90 * scale} h${-60 * scale} Z" fill="${i % 2 ? palette.accent : '#fffaf0'}"/>`).join('')}
${Array.from({ length: 5 }, (_, i) => `<rect x="${cx - 280 * scale + i * 115 * scale}" y="${cy}" width="${70 * scale}" height="${100 * scale}" rx="${10 * scale}" fill="${['#c0392b', '#d68910', '#6c3483', '#1e8449', '#2e4053'][i]}"/>`).join('')}`;
    case 'map':
      return `<rect x="${w * 0.1}" y="${h * 0.18}" width="${w * 0.8}" height="${h * 0.64}" rx="${20 * scale}" fill="#fffaf0"/>
<path d="M${w * 0.1} ${h * 0.5} C${w * 0.3} ${h * 0.3} ${w * 0.5} ${h * 0.7} ${w * 0.9} ${h * 0.42}" stroke="${palette.main}" stroke-width="${18 * scale}" fill="none" opacity="0.5"/>
${[0.25, 0.42, 0.58, 0.74].map((x, i) => `<path d="M${w * x} ${h * (0.45 + (i % 2) * 0.12)} c${-22 * scale} ${-30 * scale} ${-22 * scale} ${-60 * scale} 0 ${-60 * scale} s${22 * scale} ${30 * scale} 0 ${60 * scale} Z" fill="${palette.accent}"/>`).join('')}`;
    case 'bars':
      // Granola bars cooling on a wire rack.
      return `<rect x="${cx - 300 * scale}" y="${cy + 60 * scale}" width="${600 * scale}" height="${14 * scale}" rx="${7 * scale}" fill="#7a7a7a"/>
${Array.from({ length: 9 }, (_, i) => `<rect x="${cx - 280 * scale + i * 70 * scale}" y="${cy + 60 * scale}" width="${6 * scale}" height="${70 * scale}" fill="#8a8a8a"/>`).join('')}
${Array.from({ length: 6 }, (_, i) => {
  const x = cx - 270 * scale + (i % 3) * 185 * scale;
  const y = cy - 110 * scale + Math.floor(i / 3) * 85 * scale;
  return `<rect x="${x}" y="${y}" width="${170 * scale}" height="${70 * scale}" rx="${10 * scale}" fill="${palette.main}"/>${oatClusters(`${title}${i}`, x + 10 * scale, y + 10 * scale, 150 * scale, 50 * scale, ['#d9a85b', palette.accent, '#7a4a25'], 9)}`;
}).join('')}`;
    case 'parfait':
      // Three parfait glasses: yogurt, fruit and granola in layers.
      return [-200, 0, 200]
        .map((dx, i) => {
          const x = cx + dx * scale;
          const top = cy - (170 - i * 20) * scale;
          const bottom = cy + 170 * scale;
          const half = 75 * scale;
          const layer = (from: number, to: number, fill: string) =>
            `<rect x="${x - half + 8 * scale}" y="${from}" width="${2 * half - 16 * scale}" height="${to - from}" fill="${fill}"/>`;
          const step = (bottom - top) / 5;
          return `<rect x="${x - half}" y="${top}" width="${2 * half}" height="${bottom - top}" rx="${18 * scale}" fill="#fff" opacity="0.6"/>
${layer(top + step * 0.4, top + step * 1.4, '#fffaf0')}${layer(top + step * 1.4, top + step * 2.4, palette.main)}${layer(top + step * 2.4, top + step * 3.4, '#d9a85b')}${layer(top + step * 3.4, bottom - 8 * scale, '#fffaf0')}
${oatClusters(`${title}${i}`, x - half + 10 * scale, top - 10 * scale, 2 * half - 20 * scale, 24 * scale, ['#c98b3f', '#a86a2c', palette.accent], 8)}
<circle cx="${x + 20 * scale}" cy="${top - 16 * scale}" r="${14 * scale}" fill="${palette.accent}"/>`;
        })
        .join('');
  }
}

/** A wide, warm illustration for a blog post: a full scene, one motif per post. */
export function scene(options: {
  title: string;
  width: number;
  height: number;
  palette: Palette;
  motif: Motif;
}): string {
  const { width: w, height: h, palette, motif, title } = options;
  return svg(
    w,
    h,
    title,
    `<defs><linearGradient id="sky" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${palette.bg}"/><stop offset="1" stop-color="${palette.bg}" stop-opacity="0.75"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
${drawMotif(motif, { w, h, cx: w / 2, cy: h * 0.58, scale: Math.min(w, h) / 800, palette, title })}`,
  );
}

/**
 * A page header's art: the motif inside an arch-shaped window on a transparent ground. The hero
 * stands it on its bottom edge beside the heading, below the header (decision 0043), so nothing in it
 * can reach the navigation whatever the width.
 */
export function heroArt(options: { title: string; palette: Palette; motif: Motif }): string {
  const { title, palette, motif } = options;
  const size = 600;
  const arch = `M0 ${size} V300 A300 300 0 0 1 ${size} 300 V${size} Z`;
  return svg(
    size,
    size,
    title,
    `<defs><clipPath id="arch"><path d="${arch}"/></clipPath></defs>
<path d="${arch}" fill="${palette.bg}"/>
<g clip-path="url(#arch)">
${drawMotif(motif, { w: size, h: size, cx: size / 2, cy: size * 0.6, scale: 0.72, palette, title })}
</g>`,
  );
}

/** An illustrated head-and-shoulders avatar for the team page. */
export function portrait(options: {
  name: string;
  skin: string;
  hair: string;
  hairStyle: 'short' | 'long' | 'curly' | 'bun';
  shirt: string;
  bg: string;
  glasses?: boolean;
}): string {
  const { skin, hair, hairStyle, shirt, bg, glasses, name } = options;
  const hairShapes = {
    short: `<path d="M200 250 Q200 150 300 150 Q400 150 400 250 Q380 195 300 195 Q220 195 200 250 Z" fill="${hair}"/>`,
    long: `<path d="M190 300 Q180 150 300 145 Q420 150 410 300 L420 430 Q400 440 385 420 L380 250 Q300 200 220 250 L215 420 Q200 440 180 430 Z" fill="${hair}"/>`,
    curly: Array.from({ length: 11 }, (_, i) => {
      const angle = Math.PI + (Math.PI * i) / 10;
      return `<circle cx="${(300 + Math.cos(angle) * 105).toFixed(1)}" cy="${(245 + Math.sin(angle) * 100).toFixed(1)}" r="38" fill="${hair}"/>`;
    }).join(''),
    bun: `<circle cx="300" cy="128" r="45" fill="${hair}"/><path d="M200 255 Q200 160 300 158 Q400 160 400 255 Q385 200 300 198 Q215 200 200 255 Z" fill="${hair}"/>`,
  };
  return svg(
    600,
    600,
    `Illustrated portrait of ${name}`,
    `<rect width="600" height="600" fill="${bg}"/>
<circle cx="300" cy="300" r="250" fill="#fff" opacity="0.25"/>
<path d="M120 600 Q130 430 300 420 Q470 430 480 600 Z" fill="${shirt}"/>
<rect x="270" y="350" width="60" height="80" rx="20" fill="${skin}"/>
<ellipse cx="300" cy="270" rx="100" ry="118" fill="${skin}"/>
${hairShapes[hairStyle]}
<circle cx="262" cy="280" r="8" fill="#2b1a10"/><circle cx="338" cy="280" r="8" fill="#2b1a10"/>
<path d="M265 330 Q300 355 335 330" stroke="#7a3b2e" stroke-width="7" fill="none" stroke-linecap="round"/>
<circle cx="240" cy="315" r="14" fill="#e07a5f" opacity="0.25"/><circle cx="360" cy="315" r="14" fill="#e07a5f" opacity="0.25"/>
${glasses ? '<g fill="none" stroke="#2b1a10" stroke-width="6"><circle cx="262" cy="280" r="26"/><circle cx="338" cy="280" r="26"/><path d="M288 280 h24"/></g>' : ''}`,
  );
}

/** A square category tile: a pile of granola on a coloured ground with the category name. */
export function categoryTile(options: { name: string; palette: Palette }): string {
  const { name, palette } = options;
  return svg(
    600,
    600,
    `${name} category`,
    `<rect width="600" height="600" fill="${palette.bg}"/>
<circle cx="300" cy="260" r="170" fill="${palette.main}"/>
${oatClusters(name, 170, 180, 260, 160, ['#d9a85b', '#c98b3f', palette.accent, '#7a4a25'], 55)}
<text x="300" y="520" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="46" font-weight="bold" fill="${palette.ink}">${escapeXml(name)}</text>`,
  );
}

/** The minority-business certification badge and similar round seals. */
export function seal(options: { top: string; bottom: string; palette: Palette }): string {
  const { top, bottom, palette } = options;
  return svg(
    400,
    400,
    `${top} ${bottom}`,
    `<rect width="400" height="400" fill="${palette.bg}"/>
<circle cx="200" cy="200" r="170" fill="${palette.main}"/>
<circle cx="200" cy="200" r="140" fill="none" stroke="${palette.accent}" stroke-width="6" stroke-dasharray="4 10"/>
<text x="200" y="185" text-anchor="middle" font-family="Georgia, serif" font-size="34" font-weight="bold" fill="#fffaf0">${escapeXml(top)}</text>
<text x="200" y="235" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="22" letter-spacing="3" fill="${palette.accent}">${escapeXml(bottom)}</text>`,
  );
}
