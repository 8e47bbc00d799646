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

/** A kraft-style stand-up pouch with a coloured label: one per product. */
export function productBag(options: {
  name: string;
  line: string;
  size: string;
  palette: Palette;
}): string {
  const { name, line, size, palette } = options;
  const words = name.split(' ');
  const half = Math.ceil(words.length / 2);
  const [first, second] =
    words.length > 2 ? [words.slice(0, half).join(' '), words.slice(half).join(' ')] : [name, ''];
  return svg(
    800,
    800,
    `${name} granola bag`,
    `<defs>
  <linearGradient id="bag" x1="0" x2="1" y1="0" y2="0">
    <stop offset="0" stop-color="${palette.main}"/>
    <stop offset="0.55" stop-color="${palette.main}" stop-opacity="0.92"/>
    <stop offset="1" stop-color="#000" stop-opacity="0.18"/>
  </linearGradient>
</defs>
<rect width="800" height="800" fill="${palette.bg}"/>
<ellipse cx="400" cy="712" rx="250" ry="26" fill="#000" opacity="0.12"/>
<path d="M210 150 L590 150 L615 690 Q400 718 185 690 Z" fill="url(#bag)"/>
<path d="M210 150 L590 150 L593 190 L207 190 Z" fill="#000" opacity="0.12"/>
<path d="M224 168 L576 168" stroke="#fff" stroke-opacity="0.35" stroke-width="4" stroke-dasharray="10 8"/>
<rect x="250" y="290" width="300" height="300" rx="22" fill="#fffaf0"/>
<rect x="250" y="290" width="300" height="62" rx="22" fill="${palette.accent}"/>
<rect x="250" y="330" width="300" height="22" fill="${palette.accent}"/>
<text x="400" y="331" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="24" letter-spacing="3" fill="#fffaf0">LARDER &amp; OAT</text>
<text x="400" y="${second ? 410 : 430}" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="36" font-weight="bold" fill="${palette.ink}">${escapeXml(first)}</text>
${second ? `<text x="400" y="452" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="36" font-weight="bold" fill="${palette.ink}">${escapeXml(second)}</text>` : ''}
<text x="400" y="500" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="19" fill="${palette.ink}" opacity="0.8">${escapeXml(line)}</text>
<line x1="300" y1="528" x2="500" y2="528" stroke="${palette.accent}" stroke-width="2"/>
<text x="400" y="565" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="15" letter-spacing="1.5" fill="${palette.ink}">SMALL-BATCH GRANOLA · ${escapeXml(size)}</text>
${oatClusters(name, 250, 610, 300, 50, [palette.accent, '#d9a85b', '#b7793a'], 18)}`,
  );
}

/** A wide, warm illustration used for blog posts and page headers. */
export function scene(options: {
  title: string;
  width: number;
  height: number;
  palette: Palette;
  motif: 'bowl' | 'jar' | 'field' | 'oven' | 'market' | 'map';
}): string {
  const { width: w, height: h, palette, motif, title } = options;
  const cx = w / 2;
  const cy = h * 0.58;
  const scale = Math.min(w, h) / 800;
  const motifs: Record<typeof motif, string> = {
    bowl: `<ellipse cx="${cx}" cy="${cy + 150 * scale}" rx="${300 * scale}" ry="${40 * scale}" fill="#000" opacity="0.12"/>
<path d="M${cx - 280 * scale} ${cy} Q${cx} ${cy + 330 * scale} ${cx + 280 * scale} ${cy} Z" fill="${palette.main}"/>
<ellipse cx="${cx}" cy="${cy}" rx="${280 * scale}" ry="${50 * scale}" fill="#f4e3c1"/>
${oatClusters(title, cx - 240 * scale, cy - 40 * scale, 480 * scale, 60 * scale, ['#c98b3f', '#a86a2c', palette.accent, '#7a4a25'], 60)}`,
    jar: `<rect x="${cx - 150 * scale}" y="${cy - 230 * scale}" width="${300 * scale}" height="${380 * scale}" rx="${40 * scale}" fill="#fff" opacity="0.55"/>
<rect x="${cx - 130 * scale}" y="${cy - 120 * scale}" width="${260 * scale}" height="${250 * scale}" rx="${26 * scale}" fill="#d9a85b"/>
${oatClusters(title, cx - 120 * scale, cy - 110 * scale, 240 * scale, 230 * scale, ['#a86a2c', '#7a4a25', palette.accent], 70)}
<rect x="${cx - 165 * scale}" y="${cy - 270 * scale}" width="${330 * scale}" height="${60 * scale}" rx="${14 * scale}" fill="${palette.main}"/>`,
    field: `<path d="M0 ${cy} Q${w * 0.3} ${cy - 90 * scale} ${w * 0.6} ${cy} T${w} ${cy - 30 * scale} V${h} H0 Z" fill="${palette.main}"/>
<path d="M0 ${cy + 80 * scale} Q${w * 0.4} ${cy} ${w} ${cy + 70 * scale} V${h} H0 Z" fill="${palette.accent}" opacity="0.85"/>
<circle cx="${w * 0.78}" cy="${h * 0.24}" r="${70 * scale}" fill="#ffd27a"/>
${Array.from({ length: 14 }, (_, i) => {
  const x = (w / 14) * i + 20 * scale;
  return `<path d="M${x} ${h} C${x} ${cy + 40 * scale} ${x + 12 * scale} ${cy - 10 * scale} ${x + 18 * scale} ${cy - 40 * scale}" stroke="#e8c27a" stroke-width="${5 * scale}" fill="none"/><ellipse cx="${x + 20 * scale}" cy="${cy - 48 * scale}" rx="${7 * scale}" ry="${16 * scale}" fill="#f0d28f"/>`;
}).join('')}`,
    oven: `<rect x="${cx - 260 * scale}" y="${cy - 200 * scale}" width="${520 * scale}" height="${360 * scale}" rx="${24 * scale}" fill="${palette.main}"/>
<rect x="${cx - 210 * scale}" y="${cy - 120 * scale}" width="${420 * scale}" height="${230 * scale}" rx="${16 * scale}" fill="#2b1a10"/>
<rect x="${cx - 180 * scale}" y="${cy + 10 * scale}" width="${360 * scale}" height="${26 * scale}" fill="#8a8a8a"/>
${oatClusters(title, cx - 175 * scale, cy - 30 * scale, 350 * scale, 40 * scale, ['#d9a85b', '#c98b3f', '#a86a2c'], 50)}
<rect x="${cx - 210 * scale}" y="${cy - 120 * scale}" width="${420 * scale}" height="${230 * scale}" rx="${16 * scale}" fill="#ffb347" opacity="0.18"/>
${[0, 1, 2].map((i) => `<circle cx="${cx - 150 * scale + i * 60 * scale}" cy="${cy - 165 * scale}" r="${14 * scale}" fill="${palette.accent}"/>`).join('')}`,
    market: `<rect x="${cx - 320 * scale}" y="${cy - 60 * scale}" width="${640 * scale}" height="${220 * scale}" fill="${palette.main}"/>
${Array.from({ length: 8 }, (_, i) => `<path d="M${cx - 320 * scale + i * 80 * scale} ${cy - 60 * scale} h${80 * scale} l${-10 * scale} ${-90 * scale} h${-60 * scale} Z" fill="${i % 2 ? palette.accent : '#fffaf0'}"/>`).join('')}
${Array.from({ length: 5 }, (_, i) => `<rect x="${cx - 280 * scale + i * 115 * scale}" y="${cy}" width="${70 * scale}" height="${100 * scale}" rx="${10 * scale}" fill="${['#c0392b', '#d68910', '#6c3483', '#1e8449', '#2e4053'][i]}"/>`).join('')}`,
    map: `<rect x="${w * 0.1}" y="${h * 0.18}" width="${w * 0.8}" height="${h * 0.64}" rx="${20 * scale}" fill="#fffaf0"/>
<path d="M${w * 0.1} ${h * 0.5} C${w * 0.3} ${h * 0.3} ${w * 0.5} ${h * 0.7} ${w * 0.9} ${h * 0.42}" stroke="${palette.main}" stroke-width="${18 * scale}" fill="none" opacity="0.5"/>
${[0.25, 0.42, 0.58, 0.74].map((x, i) => `<path d="M${w * x} ${h * (0.45 + (i % 2) * 0.12)} c${-22 * scale} ${-30 * scale} ${-22 * scale} ${-60 * scale} 0 ${-60 * scale} s${22 * scale} ${30 * scale} 0 ${60 * scale} Z" fill="${palette.accent}"/>`).join('')}`,
  };
  return svg(
    w,
    h,
    title,
    `<defs><linearGradient id="sky" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${palette.bg}"/><stop offset="1" stop-color="${palette.bg}" stop-opacity="0.75"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
${motifs[motif]}`,
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
