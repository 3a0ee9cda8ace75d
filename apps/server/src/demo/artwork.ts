import { createRng, hashString, type Rng } from '../lib/seeded-rng';

/**
 * Generated artwork for the demo catalogue: game cards, vendor logos and home banners as
 * compact SVG. Everything is a pure function of its input (the seed picks palette and
 * ornaments), so a URL always serves the same picture and may be cached for long. No external
 * fonts or images: the artwork must render offline and inside an <img>.
 */

const FONT = 'system-ui,-apple-system,Segoe UI,Roboto,sans-serif';
/** Average advance of a bold sans glyph, in em; errs wide so estimated lines never overflow. */
const GLYPH_EM = 0.6;
const CARD_TEXT_WIDTH_PX = 256;
const CARD_MAX_LINES = 3;
/** Largest first: short names get big type, long ones shrink until they fit three lines. */
const CARD_FONT_SIZES_PX = [36, 32, 28, 24, 21];
/** Names longer than this are cut with an ellipsis; the catalogue keeps its names far shorter. */
const MAX_ART_NAME_CHARS = 60;
/** Regular-weight text is narrower than bold. */
const GLYPH_EM_REGULAR = 0.52;

interface Palette {
  top: string;
  bottom: string;
  accent: string;
}

const p = (top: string, bottom: string, accent: string): Palette => ({ top, bottom, accent });

const PALETTES = {
  amethyst: p('#6a1b9a', '#16032b', '#ffcc33'),
  crimson: p('#c8102e', '#3a0410', '#ffd24a'),
  emerald: p('#0f8a55', '#03261a', '#ffe066'),
  royal: p('#1e56c8', '#071445', '#6fdcff'),
  sunset: p('#e2611d', '#4a1004', '#ffe08a'),
  teal: p('#0c8a99', '#032a33', '#7dffe0'),
  magenta: p('#b0158a', '#2b0326', '#ffa6ec'),
  bronze: p('#9a5b0c', '#261102', '#ffd76a'),
  indigo: p('#4424b8', '#0d0636', '#ff5ec4'),
  midnight: p('#1a2238', '#05060c', '#22e6ff'),
  felt: p('#0e6b3c', '#021a10', '#f2c94c'),
  ocean: p('#1f5fe0', '#08235e', '#a7f3ff'),
  lagoon: p('#0aa0c4', '#053a5c', '#d4fcff'),
  burgundy: p('#8e1d42', '#220510', '#f5c26b'),
};
type PaletteName = keyof typeof PALETTES;

/** Palettes that suit each category: felt and wine for tables, water for fish, neon for originals. */
const CATEGORY_PALETTES: Record<string, readonly PaletteName[]> = {
  RNG: ['amethyst', 'crimson', 'emerald', 'royal', 'sunset', 'teal', 'magenta', 'bronze', 'indigo'],
  LIVE: ['crimson', 'felt', 'burgundy', 'bronze', 'amethyst'],
  FISH: ['ocean', 'lagoon', 'teal', 'royal'],
  PVP: ['felt', 'burgundy', 'amethyst', 'indigo', 'royal'],
  BGS: ['midnight', 'indigo', 'magenta'],
};
const ALL_PALETTES = Object.keys(PALETTES) as PaletteName[];

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function pickPalette(rng: Rng, category: string): Palette {
  return PALETTES[rng.pick(CATEGORY_PALETTES[category] ?? ALL_PALETTES)];
}

/** Greedy word wrap; a word longer than a line is cut so nothing ever spills off the card. */
function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const piece = word.length > maxChars ? `${word.slice(0, maxChars - 1)}…` : word;
    if (line === '') line = piece;
    else if (line.length + 1 + piece.length <= maxChars) line += ` ${piece}`;
    else {
      lines.push(line);
      line = piece;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

interface FitOptions {
  widthPx: number;
  sizesPx: readonly number[];
  maxLines: number;
  maxChars: number;
  glyphEm: number;
}

/**
 * The largest size at which the text wraps onto `maxLines`, preferring one without a widow (a
 * last line of one or two characters, like a lone "2"); cut with an ellipsis if none fits.
 */
function fitLines(name: string, options: FitOptions): { lines: string[]; sizePx: number } {
  const { widthPx, sizesPx, maxLines, maxChars, glyphEm } = options;
  const text = name.length > maxChars ? `${name.slice(0, maxChars - 1)}…` : name;
  const wrapAt = (sizePx: number): string[] =>
    wrapWords(text, Math.floor(widthPx / (sizePx * glyphEm)));
  let fallback: { lines: string[]; sizePx: number } | undefined;
  for (const sizePx of sizesPx) {
    const lines = wrapAt(sizePx);
    if (lines.length > maxLines) continue;
    if (lines.length === 1 || (lines[lines.length - 1] ?? '').length > 2) return { lines, sizePx };
    fallback ??= { lines, sizePx };
  }
  if (fallback) return fallback;
  const sizePx = sizesPx[sizesPx.length - 1] ?? 20;
  const lines = wrapAt(sizePx);
  const kept = lines.slice(0, maxLines);
  if (lines.length > maxLines) kept[maxLines - 1] = `${kept[maxLines - 1] ?? ''}…`;
  return { lines: kept, sizePx };
}

/** Lines of bold white text, bottom line's baseline at `bottomY`; squeezed if the estimate overflows. */
function textBlock(
  lines: readonly string[],
  sizePx: number,
  x: number,
  bottomY: number,
  widthPx: number,
  anchor: 'middle' | 'start',
): string {
  const lineHeight = Math.round(sizePx * 1.1);
  const rows = lines.map((line, i) => {
    const y = bottomY - (lines.length - 1 - i) * lineHeight;
    const squeeze =
      line.length * sizePx * GLYPH_EM > widthPx
        ? ` textLength="${widthPx}" lengthAdjust="spacingAndGlyphs"`
        : '';
    return `<text x="${x}" y="${y}"${squeeze}>${escapeXml(line)}</text>`;
  });
  return `<g font-weight="800" font-size="${sizePx}" fill="#fff" text-anchor="${anchor}" filter="url(#s)">${rows.join('')}</g>`;
}

const r1 = (n: number): number => Math.round(n * 10) / 10;

/**
 * Text shadow as blur + offset + merge: feDropShadow would be shorter, but librsvg and older
 * WebViews do not draw it and then drop the text with it.
 */
function shadowFilter(blur: number, dy: number): string {
  return `<filter id="s"><feGaussianBlur in="SourceAlpha" stdDeviation="${blur}"/><feOffset dy="${dy}"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;
}

/** The root element; the font is set once here and inherited by every text. */
function svgOpen(width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="${FONT}">`;
}

// ---------------------------------------------------------------------------------------------
// Ornaments. Each returns an SVG fragment; sizes are chosen to leave the lower third for text.

/** A sunburst from one circle: a dashed stroke as wide as the radius draws wedges from the centre. */
function rays(cx: number, cy: number, radius: number, count: number, opacity: number): string {
  const dash = r1((Math.PI * radius) / count);
  return `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="none" stroke="#fff" stroke-opacity="${String(opacity).replace(/^0\./, '.')}" stroke-width="${radius * 2}" stroke-dasharray="${dash}"/>`;
}

/** A four-point twinkle: four quarter curves bowed towards the centre. */
function sparkleD(x: number, y: number, s: number): string {
  return `M${x} ${y - s}q0 ${s} ${s} ${s}q${-s} 0 ${-s} ${s}q0 ${-s} ${-s} ${-s}q${s} 0 ${s} ${-s}`;
}

function sparkle(x: number, y: number, size: number, color: string): string {
  return `<path d="${sparkleD(x, y, size)}" fill="${color}"/>`;
}

/** Scattered twinkles, half white and half in the accent colour, one path per colour. */
function sparkles(rng: Rng, count: number, color: string): string {
  const d = ['', ''];
  for (let i = 0; i < count; i++)
    d[i % 2] += sparkleD(rng.int(20, 280), rng.int(50, 250), rng.int(5, 11));
  return `<path d="${d[0]}" fill="${color}"/>` + (d[1] ? `<path d="${d[1]}" fill="#fff"/>` : '');
}

/** Dots as zero-length round-capped segments: ten bytes a dot instead of a <circle> each. */
function dots(
  points: readonly (readonly [number, number])[],
  diameter: number,
  color: string,
): string {
  return `<path d="${points.map(([x, y]) => `M${x} ${y}h0`).join('')}" stroke="${color}" stroke-width="${diameter}" stroke-linecap="round"/>`;
}

function coin(x: number, y: number, r: number): string {
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="#f7c948" stroke="#a86b00" stroke-width="3"/><circle cx="${x}" cy="${y}" r="${r1(r * 0.62)}" fill="none" stroke="#fff4c2" stroke-width="2"/>`;
}

function gem(cx: number, cy: number, w: number, color: string): string {
  const h = w * 0.45;
  const crown = `${cx - w},${cy - h} ${cx - w * 0.55},${cy - w} ${cx + w * 0.55},${cy - w} ${cx + w},${cy - h}`;
  return (
    `<polygon points="${crown} ${cx},${cy + w}" fill="${color}" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>` +
    `<polygon points="${crown}" fill="#fff" fill-opacity=".35"/>` +
    `<polygon points="${cx - w * 0.55},${cy - h} ${cx},${cy + w} ${cx + w * 0.55},${cy - h}" fill="#fff" fill-opacity=".18"/>`
  );
}

function crown(cx: number, cy: number, color: string): string {
  return (
    `<path d="M${cx - 70} ${cy + 40}L${cx - 80} ${cy - 40}L${cx - 38} ${cy}L${cx} ${cy - 60}L${cx + 38} ${cy}L${cx + 80} ${cy - 40}L${cx + 70} ${cy + 40}Z" fill="${color}" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>` +
    `<rect x="${cx - 72}" y="${cy + 40}" width="144" height="18" rx="5" fill="${color}" stroke="#fff" stroke-width="4"/>` +
    `<circle cx="${cx}" cy="${cy + 14}" r="11" fill="#e0115f"/><circle cx="${cx - 44}" cy="${cy + 22}" r="7" fill="#1fc7ff"/><circle cx="${cx + 44}" cy="${cy + 22}" r="7" fill="#1fc7ff"/>`
  );
}

/** Suits drawn as paths (centred, ~100 units tall) so they never depend on a font's glyphs. */
const SUITS = {
  heart: 'M0 35C-50 0-55-35-27-45C-10-50 0-38 0-30C0-38 10-50 27-45C55-35 50 0 0 35Z',
  diamond: 'M0-45L32 0 0 45-32 0Z',
  spade:
    'M0-40C-50 0-55 30-27 38C-10 42 0 30 0 26C0 30 10 42 27 38C55 30 50 0 0-40ZM0 26L-12 50H12Z',
  club: 'M-17-20a17 17 0 1 0 34 0a17 17 0 1 0-34 0M-37 10a17 17 0 1 0 34 0a17 17 0 1 0-34 0M3 10a17 17 0 1 0 34 0a17 17 0 1 0-34 0M0 5L-12 48H12Z',
};
function star(cx: number, cy: number, outer: number, color: string): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? outer * 0.45 : outer;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    points.push(`${Math.round(cx + r * Math.cos(a))},${Math.round(cy + r * Math.sin(a))}`);
  }
  return `<polygon points="${points.join(' ')}" fill="${color}" stroke="#fff" stroke-width="5" stroke-linejoin="round"/>`;
}

type SlotEmblem =
  | 'gem'
  | 'crown'
  | 'coins'
  | 'seven'
  | 'cherries'
  | 'star'
  | 'flame'
  | 'moon'
  | 'clover'
  | 'bolt'
  | 'rocket';

const SLOT_EMBLEMS: Record<SlotEmblem, (accent: string) => string> = {
  gem: (accent) => gem(150, 150, 70, accent),
  crown: (accent) => crown(150, 150, accent),
  coins: () => coin(118, 170, 44) + coin(186, 150, 50) + coin(150, 112, 40),
  seven: (accent) =>
    `<text x="150" y="205" font-weight="900" font-size="170" text-anchor="middle" fill="${accent}" stroke="#fff" stroke-width="5">7</text>`,
  cherries: () =>
    `<path d="M156 70C140 100 118 130 112 160M156 70C166 105 182 135 190 165" fill="none" stroke="#3f8f2a" stroke-width="7" stroke-linecap="round"/><path d="M156 70C178 52 206 58 216 76C192 86 172 84 156 70Z" fill="#5cc24a"/>` +
    `<circle cx="110" cy="184" r="36" fill="#e0173d" stroke="#fff" stroke-width="4"/><circle cx="194" cy="190" r="36" fill="#e0173d" stroke="#fff" stroke-width="4"/><circle cx="98" cy="172" r="9" fill="#fff" fill-opacity=".6"/><circle cx="182" cy="178" r="9" fill="#fff" fill-opacity=".6"/>`,
  star: (accent) => star(150, 155, 92, accent),
  flame: (accent) =>
    `<path d="M150 50C196 100 222 150 200 200C188 226 170 240 150 240C118 240 96 214 100 184C104 158 124 146 128 112C142 134 146 146 150 154C162 126 164 92 150 50Z" fill="#ff5a1f" stroke="#fff" stroke-width="4"/>` +
    `<path d="M152 130C176 160 184 190 170 212C160 226 140 226 132 212C122 194 136 176 140 160C146 170 148 172 152 176C158 160 158 148 152 130Z" fill="${accent}"/>`,
  moon: (accent) =>
    `<path d="M178 62A92 92 0 1 0 232 200A74 74 0 1 1 178 62Z" fill="${accent}" stroke="#fff" stroke-width="4"/>${sparkle(206, 96, 14, '#fff')}${sparkle(226, 140, 9, '#fff')}`,
  clover: () =>
    `<path d="M150 158Q160 210 186 238" fill="none" stroke="#2f9e44" stroke-width="8" stroke-linecap="round"/><defs><path id="l" d="${SUITS.heart}" transform="translate(150 115) scale(.95)"/></defs><g fill="#3fbf5a" stroke="#fff" stroke-width="3">` +
    [0, 90, 180, 270]
      .map((angle) => `<use href="#l" transform="rotate(${angle} 150 150)"/>`)
      .join('') +
    `</g>`,
  bolt: (accent) =>
    `<path d="M168 48L94 168H146L128 252L212 124H160Z" fill="${accent}" stroke="#fff" stroke-width="5" stroke-linejoin="round"/>`,
  rocket: (accent) => crashCurve(accent),
};
const SLOT_EMBLEM_NAMES = Object.keys(SLOT_EMBLEMS) as SlotEmblem[];

/** Words in a name that suggest an emblem; a name matching none gets one by chance. */
const SLOT_EMBLEM_WORDS: readonly (readonly [RegExp, SlotEmblem])[] = [
  [/diamond|gem|jewel|crystal|ruby|emerald|jade|pearl/i, 'gem'],
  [/king|queen|royal|crown|emperor|empress|pharaoh|princess|imperial|kingdom|palace/i, 'crown'],
  [/gold|fortune|riches|money|wealth|treasure|\brich\b|jackpot|coin|piggy|bonanza/i, 'coins'],
  [/seven|\b7\b|\bbars\b/i, 'seven'],
  [/cherr|fruit|melon|lemon/i, 'cherries'],
  [/\bstars?\b|\bsun\b|cosmic|astro/i, 'star'],
  [/fire|blazing|burning|\bhot\b|sizzling|volcano|phoenix|dragon/i, 'flame'],
  [/moon|night|shadow|dark|witch/i, 'moon'],
  [/lucky|clover|horseshoe/i, 'clover'],
  [/thunder|storm|electric|zeus/i, 'bolt'],
  [
    /rocket|\bjet\b|plane|balloon|spaceship|comet|pilot|astronaut|ufo|helicopter|zeppelin|kite/i,
    'rocket',
  ],
];

function slotEmblem(rng: Rng, name: string, accent: string): string {
  const matches = SLOT_EMBLEM_WORDS.filter(([pattern]) => pattern.test(name)).map(
    ([, emblem]) => emblem,
  );
  return SLOT_EMBLEMS[rng.pick(matches.length > 0 ? matches : SLOT_EMBLEM_NAMES)](accent);
}

type Suit = keyof typeof SUITS;
const SUIT_NAMES = Object.keys(SUITS) as Suit[];

function suit(name: Suit, x: number, y: number, scale: number, color?: string): string {
  const fill = color ?? (name === 'heart' || name === 'diamond' ? '#d7193a' : '#16161d');
  return `<path d="${SUITS[name]}" transform="translate(${x} ${y}) scale(${scale})" fill="${fill}"/>`;
}

function playingCard(x: number, y: number, angleDeg: number, suitName: Suit): string {
  return `<g transform="rotate(${angleDeg} ${x} ${y + 60})"><use href="#k" x="${x}" y="${y}"/>${suit(suitName, x, y, 0.8)}</g>`;
}

/** Three fanned cards of different suits; the blank card face is drawn once and reused. */
function cardFan(rng: Rng): string {
  const first = rng.int(0, 3);
  const pickSuit = (offset: number): Suit => SUIT_NAMES[(first + offset) % 4] ?? 'spade';
  return (
    `<defs><rect id="k" x="-45" y="-65" width="90" height="128" rx="9" fill="#fff" stroke="#d9d9d9"/></defs>` +
    playingCard(112, 150, -16, pickSuit(0)) +
    playingCard(150, 140, 0, pickSuit(1)) +
    playingCard(188, 150, 16, pickSuit(2))
  );
}

/** One chip drawn once, placed many times; the face colour comes from each <use>'s fill. */
const CHIP_DEF = `<defs><g id="c"><circle r="10" stroke="#fff" stroke-opacity=".5" stroke-width=".4"/><circle r="8" fill="none" stroke="#fff" stroke-width="2.8" stroke-dasharray="3.1"/><circle r="4.8" stroke="#fff" stroke-width=".8"/></g></defs>`;

function chips(list: readonly (readonly [number, number, number, string])[]): string {
  return (
    CHIP_DEF +
    list
      .map(
        ([x, y, r, color]) =>
          `<use href="#c" transform="translate(${x} ${y}) scale(${r / 10})" fill="${color}"/>`,
      )
      .join('')
  );
}

function rouletteWheel(accent: string): string {
  // 37 pockets: a black ring under a red one dashed at one pocket's arc.
  const dash = r1((2 * Math.PI * 62) / 37);
  return (
    `<circle cx="150" cy="150" r="84" fill="#3b1d0c" stroke="${accent}" stroke-width="6"/>` +
    `<circle cx="150" cy="150" r="62" fill="none" stroke="#111" stroke-width="24"/>` +
    `<circle cx="150" cy="150" r="62" fill="none" stroke="#d7193a" stroke-width="24" stroke-dasharray="${dash}"/>` +
    `<circle cx="150" cy="150" r="48" fill="#0e7a3e" stroke="${accent}" stroke-width="3"/>` +
    `<path d="M150 108V192M108 150H192" stroke="${accent}" stroke-width="6" stroke-linecap="round"/><circle cx="150" cy="150" r="12" fill="${accent}"/><circle cx="193" cy="112" r="7" fill="#fff"/>`
  );
}

function liveOrnaments(rng: Rng, accent: string): string {
  const kind = rng.int(0, 2);
  if (kind === 0) return rouletteWheel(accent);
  if (kind === 1)
    return (
      cardFan(rng) +
      chips([
        [62, 236, 26, '#d7193a'],
        [238, 236, 26, '#1b4fd8'],
      ])
    );
  return chips([
    [150, 150, 62, '#d7193a'],
    [82, 208, 38, '#1b4fd8'],
    [220, 206, 40, '#111'],
    [222, 86, 28, '#0e7a3e'],
  ]);
}

const FISH_COLORS = ['#ffb347', '#ff6f91', '#ffd84a', '#7cf29c', '#ff8a3d', '#c39bff'];

/** One fish drawn once (facing left), placed three times; the body colour comes from each <use>'s fill. */
const FISH_DEF = `<defs><g id="h"><path d="M-8-18L10-36 16-15ZM30 0L58-22V22ZM-40 0C-20-26 22-26 36 0C22 26-20 26-40 0Z"/><path d="M-6-19Q2 0-6 19M8-18Q16 0 8 18" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="3"/><circle cx="-24" cy="-5" r="5" fill="#fff"/><circle cx="-25" cy="-5" r="2.5" fill="#111"/></g></defs>`;

function fish(x: number, y: number, scale: number, color: string, flip: boolean): string {
  return `<use href="#h" transform="translate(${x} ${y}) scale(${flip ? -scale : scale} ${scale})" fill="${color}"/>`;
}

function fishOrnaments(rng: Rng): string {
  let bubbles = '';
  for (let i = 0; i < 6; i++)
    bubbles += `<circle cx="${rng.int(20, 280)}" cy="${rng.int(40, 250)}" r="${rng.int(4, 12)}"/>`;
  const big = rng.int(0, FISH_COLORS.length - 1);
  const color = (offset: number): string =>
    FISH_COLORS[(big + offset) % FISH_COLORS.length] ?? '#ffb347';
  return (
    `<path d="M0 236Q37 218 75 236T150 236T225 236T300 236V400H0Z" fill="#fff" fill-opacity=".12"/>` +
    `<path d="M0 258Q37 244 75 258T150 258T225 258T300 258V400H0Z" fill="#fff" fill-opacity=".1"/>` +
    FISH_DEF +
    fish(150, 150, 2, color(0), rng.chance(0.5)) +
    fish(rng.int(50, 90), rng.int(60, 90), 0.7, color(2), true) +
    fish(rng.int(210, 250), rng.int(205, 225), 0.6, color(4), false) +
    `<g fill="#fff" fill-opacity=".12" stroke="#fff" stroke-opacity=".6" stroke-width="2">${bubbles}</g>`
  );
}

function pvpOrnaments(rng: Rng, accent: string): string {
  if (rng.chance(0.5))
    return (
      cardFan(rng) +
      chips([
        [70, 235, 22, '#d7193a'],
        [230, 235, 22, '#111'],
      ])
    );
  const start = rng.int(0, 3);
  const at = (i: number): Suit => SUIT_NAMES[(start + i) % 4] ?? 'heart';
  return (
    `<circle cx="150" cy="150" r="96" fill="none" stroke="${accent}" stroke-width="3" stroke-dasharray="2 10" stroke-linecap="round"/>` +
    suit(at(0), 150, 104, 0.9, accent) +
    suit(at(1), 104, 160, 0.75, '#fff') +
    suit(at(2), 196, 160, 0.75, '#fff') +
    suit(at(3), 150, 206, 0.6, accent)
  );
}

function die(
  x: number,
  y: number,
  angleDeg: number,
  pips: readonly (readonly [number, number])[],
  accent: string,
): string {
  const dots = pips
    .map(([dx, dy]) => `<circle cx="${x + dx}" cy="${y + dy}" r="8" fill="#16161d"/>`)
    .join('');
  return `<g transform="rotate(${angleDeg} ${x} ${y})"><rect x="${x - 44}" y="${y - 44}" width="88" height="88" rx="18" fill="#fff" stroke="${accent}" stroke-width="4"/>${dots}</g>`;
}

function glowLine(d: string, color: string, width: number): string {
  return `<path d="${d}" fill="none" stroke="${color}" stroke-opacity=".25" stroke-width="${width * 3}" stroke-linecap="round"/><path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round"/>`;
}

/** The crash graph: a multiplier curve climbing until the rocket (the dot) flies off. */
function crashCurve(accent: string): string {
  return `<path d="M30 250H270M30 250V60" stroke="#fff" stroke-opacity=".25" stroke-width="2"/>${glowLine('M30 250Q170 246 244 80', accent, 6)}<circle cx="244" cy="80" r="12" fill="#fff"/>`;
}

/** House games show their own mechanic, recognised from the (English or Portuguese) name. */
function houseOrnaments(name: string, accent: string): string {
  const n = name.toLowerCase();
  if (n.includes('crash') || n.includes('rocket')) return crashCurve(accent);
  if (n.includes('dice') || n.includes('dados')) {
    return (
      die(
        105,
        160,
        -12,
        [
          [-22, -22],
          [0, 0],
          [22, 22],
        ],
        accent,
      ) +
      die(
        200,
        130,
        14,
        [
          [-22, -22],
          [22, -22],
          [-22, 22],
          [22, 22],
          [0, 0],
        ],
        accent,
      )
    );
  }
  if (n.includes('mines') || n.includes('minas')) {
    let tiles = `<defs><rect id="t" width="44" height="44" rx="8" fill="#fff"/></defs>`;
    for (let i = 0; i < 9; i++)
      tiles += `<use href="#t" x="${78 + (i % 3) * 50}" y="${80 + Math.floor(i / 3) * 50}" opacity="${i % 4 === 0 ? 0.9 : 0.15}"/>`;
    return (
      tiles +
      gem(100, 100, 13, accent) +
      gem(200, 200, 13, accent) +
      `<circle cx="150" cy="150" r="14" fill="#16161d" stroke="#ff4d4d" stroke-width="3"/>`
    );
  }
  if (n.includes('plinko')) {
    const pegs: [number, number][] = [];
    for (let row = 0; row < 6; row++)
      for (let k = 0; k <= row + 2; k++) pegs.push([150 - (row + 2) * 16 + k * 32, 70 + row * 30]);
    return (
      dots(pegs, 8, '#fff') +
      `<circle cx="166" cy="115" r="11" fill="${accent}" stroke="#fff" stroke-width="2"/>`
    );
  }
  if (n.includes('double')) {
    const tiles = ['#d7193a', '#16161d', '#fff', '#d7193a', '#16161d'];
    return tiles
      .map(
        (color, i) =>
          `<rect x="${22 + i * 52}" y="${i === 2 ? 100 : 112}" width="${i === 2 ? 56 : 48}" height="${i === 2 ? 100 : 76}" rx="10" fill="${color}" stroke="${accent}" stroke-width="${i === 2 ? 5 : 2}"/>`,
      )
      .join('');
  }
  return (
    [96, 70, 44]
      .map(
        (r, i) =>
          `<circle cx="150" cy="150" r="${r}" fill="none" stroke="${i === 1 ? '#fff' : accent}" stroke-width="8"/>`,
      )
      .join('') + `<circle cx="150" cy="150" r="14" fill="${accent}"/>`
  );
}

function lotteryBalls(rng: Rng): string {
  const colors = ['#d7193a', '#f7c948', '#1b8cff', '#12b76a', '#ff7a1a'];
  return colors
    .map((color, i) => {
      const x = 50 + i * 50;
      const y = 150 + (i % 2 ? 28 : -12);
      return `<circle cx="${x}" cy="${y}" r="26" fill="${color}" stroke="#fff" stroke-width="3"/><circle cx="${x}" cy="${y}" r="14" fill="#fff"/><text x="${x}" y="${y + 6}" font-weight="800" font-size="16" text-anchor="middle" fill="#16161d">${rng.int(1, 60)}</text>`;
    })
    .join('');
}

function lobbyOrnaments(rng: Rng, category: string, accent: string): string {
  if (category === 'LOTT' || category === 'ELOTT') return lotteryBalls(rng);
  if (category === 'SPORTS') {
    return `<path d="M40 60H260V240H40ZM150 60V240" fill="none" stroke="#fff" stroke-opacity=".3" stroke-width="3"/><circle cx="150" cy="150" r="60" fill="#fff" stroke="#16161d" stroke-width="3"/><path d="M150 122L177 142 167 174H133L123 142Z" fill="#16161d"/><path d="M150 122V92M177 142L205 133M167 174L184 198M133 174L116 198M123 142L95 133" stroke="#16161d" stroke-width="3"/>`;
  }
  if (category === 'ESPORTS') {
    return `<path d="M150 62L226 106V194L150 238L74 194V106Z" fill="none" stroke="${accent}" stroke-width="6"/><path d="M162 92L118 160H148L136 210L184 136H154Z" fill="#fff"/>`;
  }
  // Cockfight: a rooster's head in profile inside the arena ring.
  return (
    `<circle cx="150" cy="150" r="104" fill="none" stroke="${accent}" stroke-width="8" stroke-dasharray="14 8"/>` +
    `<path d="M112 176C96 214 106 244 124 258C134 236 146 246 156 258C166 236 182 246 196 252C196 218 184 190 172 172Z" fill="${accent}" stroke="#fff" stroke-width="3"/>` +
    `<path d="M110 110C112 86 126 80 136 92C138 68 156 64 162 86C172 68 192 74 188 104Z" fill="#e0173d" stroke="#fff" stroke-width="3"/>` +
    `<circle cx="150" cy="140" r="44" fill="#fff"/><path d="M188 126L226 142 188 154Z" fill="#ffb020" stroke="#fff" stroke-width="2"/>` +
    `<path d="M180 162C194 182 188 204 172 200C162 190 166 172 174 160Z" fill="#e0173d"/><circle cx="164" cy="130" r="7" fill="#16161d"/>`
  );
}

function categoryOrnaments(rng: Rng, category: string, name: string, accent: string): string {
  switch (category) {
    case 'RNG':
      return slotEmblem(rng, name, accent) + sparkles(rng, 4, accent);
    case 'LIVE':
      return liveOrnaments(rng, accent) + sparkles(rng, 3, accent);
    case 'FISH':
      return fishOrnaments(rng);
    case 'PVP':
      return pvpOrnaments(rng, accent) + sparkles(rng, 3, accent);
    case 'BGS':
      return houseOrnaments(name, accent);
    default:
      return lobbyOrnaments(rng, category, accent);
  }
}

/** Four frame styles, one per card style variant (spec: nodeId % 4 + 1). */
function frame(style: number, accent: string): string {
  if (style === 0)
    return `<rect x="8" y="8" width="284" height="384" rx="16" fill="none" stroke="${accent}" stroke-opacity=".7" stroke-width="3"/>`;
  if (style === 1)
    return `<rect x="6" y="6" width="288" height="388" rx="18" fill="none" stroke="${accent}" stroke-width="2"/><rect x="13" y="13" width="274" height="374" rx="12" fill="none" stroke="#fff" stroke-opacity=".35"/>`;
  if (style === 2)
    return `<path d="${sparkleD(22, 22, 12)}${sparkleD(278, 22, 12)}${sparkleD(22, 378, 12)}${sparkleD(278, 378, 12)}" fill="${accent}"/>`;
  return `<path d="M0 0H300V120Q150 170 0 120Z" fill="#fff" fill-opacity=".08"/>`;
}

function vendorBadge(vendorCode: string): string {
  const code = escapeXml(vendorCode);
  const width = Math.round(vendorCode.length * 8.5 + 18);
  return `<rect x="16" y="16" width="${width}" height="22" rx="11" fill="#000" fill-opacity=".5"/><text x="${16 + width / 2}" y="31.5" font-weight="700" font-size="12" text-anchor="middle" fill="#fff">${code}</text>`;
}

const CARD_TEXT_FIT: FitOptions = {
  widthPx: CARD_TEXT_WIDTH_PX,
  sizesPx: CARD_FONT_SIZES_PX,
  maxLines: CARD_MAX_LINES,
  maxChars: MAX_ART_NAME_CHARS,
  glyphEm: GLYPH_EM,
};

export interface GameArtInput {
  nodeId: number;
  name: string;
  vendorCode: string;
  artSeed: number;
  category: string;
}

/** 3:4 card art: palette and ornaments from the seed, the name in the lower third. */
export function renderGameArtSvg(input: GameArtInput): string {
  const rng = createRng(input.artSeed);
  const palette = pickPalette(rng, input.category);
  const { lines, sizePx } = fitLines(input.name, CARD_TEXT_FIT);
  return (
    svgOpen(300, 400) +
    `<defs><linearGradient id="b" x2=".5" y2="1"><stop offset="0" stop-color="${palette.top}"/><stop offset="1" stop-color="${palette.bottom}"/></linearGradient>` +
    `<radialGradient id="g" cx=".5" cy=".37" r=".5"><stop offset="0" stop-color="${palette.accent}" stop-opacity=".55"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="f" x2="0" y2="1"><stop offset=".5" stop-opacity="0"/><stop offset="1" stop-opacity=".8"/></linearGradient>` +
    `${shadowFilter(2, 2)}</defs>` +
    `<rect width="300" height="400" fill="url(#b)"/>${rays(150, 150, 260, 14, 0.07)}<rect width="300" height="400" fill="url(#g)"/>` +
    categoryOrnaments(rng, input.category, input.name, palette.accent) +
    `<rect width="300" height="400" fill="url(#f)"/>` +
    frame(Math.abs(input.nodeId) % 4, palette.accent) +
    vendorBadge(input.vendorCode) +
    textBlock(lines, sizePx, 150, 368, CARD_TEXT_WIDTH_PX, 'middle') +
    `</svg>`
  );
}

/** A wide wordmark badge (footer, vendor dropdowns): emblem with the initial, code, full name. */
export function renderVendorLogoSvg(vendor: { code: string; name: string }): string {
  const rng = createRng(hashString(`vendor-logo/${vendor.code}`));
  const palette = PALETTES[rng.pick(ALL_PALETTES)];
  const codeWidth = vendor.code.length * 28 * GLYPH_EM;
  const nameText = vendor.name.toUpperCase();
  const nameWidth = nameText.length * 11 * 0.66;
  const fitCode = codeWidth > 148 ? ` textLength="148" lengthAdjust="spacingAndGlyphs"` : '';
  const fitName = nameWidth > 148 ? ` textLength="148" lengthAdjust="spacingAndGlyphs"` : '';
  return (
    svgOpen(240, 80) +
    `<defs><linearGradient id="v" x2="1" y2="1"><stop offset="0" stop-color="${palette.top}"/><stop offset="1" stop-color="${palette.bottom}"/></linearGradient></defs>` +
    `<rect width="240" height="80" rx="16" fill="url(#v)"/><rect x="3" y="3" width="234" height="74" rx="13" fill="none" stroke="${palette.accent}" stroke-opacity=".6" stroke-width="2"/>` +
    `<circle cx="42" cy="40" r="25" fill="${palette.accent}"/><circle cx="42" cy="40" r="19" fill="none" stroke="#000" stroke-opacity=".25" stroke-width="2"/>` +
    `<text x="42" y="48" font-weight="900" font-size="22" text-anchor="middle" fill="${palette.bottom}">${escapeXml(vendor.code.slice(0, 1))}</text>` +
    `<text x="80" y="43" font-weight="900" font-size="28" letter-spacing="1" fill="#fff"${fitCode}>${escapeXml(vendor.code)}</text>` +
    `<text x="80" y="61" font-weight="600" font-size="11" letter-spacing="1.2" fill="#fff" fill-opacity=".8"${fitName}>${escapeXml(nameText)}</text>` +
    `</svg>`
  );
}

const BANNER_TEXT_WIDTH_PX = 640;
const BANNER_TITLE_FIT: FitOptions = {
  widthPx: BANNER_TEXT_WIDTH_PX,
  sizesPx: [68, 60, 52, 44],
  maxLines: 2,
  maxChars: 48,
  glyphEm: GLYPH_EM,
};
const BANNER_SUBTITLE_FIT: FitOptions = {
  widthPx: BANNER_TEXT_WIDTH_PX,
  sizesPx: [28, 24],
  maxLines: 2,
  maxChars: 100,
  glyphEm: GLYPH_EM_REGULAR,
};
/** Coins around the banner's gem (x, y, radius): a pile that frames it instead of hiding it. */
const BANNER_COINS = [
  [795, 300, 34],
  [1075, 95, 40],
  [1095, 292, 30],
  [1030, 345, 22],
  [850, 70, 20],
] as const;

/** Banner headlines are about the site, not a game: a few words of their own, then the slot ones. */
const BANNER_EMBLEM_WORDS: readonly (readonly [RegExp, SlotEmblem])[] = [
  [/vip|club|clube/i, 'crown'],
  [/pix|instant|rápid|fast/i, 'bolt'],
  ...SLOT_EMBLEM_WORDS,
];

/** A slot emblem (drawn around 150,150) scaled up and centred on the banner's glow. */
function bannerEmblem(title: string, accent: string): string {
  const emblem = BANNER_EMBLEM_WORDS.find(([pattern]) => pattern.test(title))?.[1] ?? 'gem';
  return `<g transform="translate(757.5 17.5) scale(1.15)">${SLOT_EMBLEMS[emblem](accent)}</g>`;
}

/** 1200×400 home banner: headline and subtitle on the left, a burst of coins and a gem on the right. */
export function renderBannerSvg(banner: { title: string; subtitle: string; seed: number }): string {
  const rng = createRng(hashString(`banner/${banner.seed}`));
  const palette =
    PALETTES[rng.pick(['amethyst', 'crimson', 'emerald', 'royal', 'indigo', 'sunset'] as const)];
  const title = fitLines(banner.title, BANNER_TITLE_FIT);
  const subtitle = fitLines(banner.subtitle, BANNER_SUBTITLE_FIT);
  const titleBottom = 210 - (subtitle.lines.length - 1) * 15;
  const coins = BANNER_COINS.map(([x, y, r]) =>
    coin(x + rng.int(-12, 12), y + rng.int(-8, 8), r),
  ).join('');
  return (
    svgOpen(1200, 400) +
    `<defs><linearGradient id="b" x2="1" y2=".4"><stop offset="0" stop-color="${palette.bottom}"/><stop offset=".55" stop-color="${palette.top}"/><stop offset="1" stop-color="${palette.bottom}"/></linearGradient>` +
    `<radialGradient id="g" cx=".78" cy=".5" r=".4"><stop offset="0" stop-color="${palette.accent}" stop-opacity=".6"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></radialGradient>` +
    `${shadowFilter(3, 3)}</defs>` +
    `<rect width="1200" height="400" fill="url(#b)"/>${rays(930, 200, 520, 20, 0.07)}<rect width="1200" height="400" fill="url(#g)"/>` +
    coins +
    bannerEmblem(banner.title, palette.accent) +
    sparkle(780, 150, 16, '#fff') +
    sparkle(1000, 60, 18, palette.accent) +
    sparkle(1140, 190, 12, '#fff') +
    textBlock(title.lines, title.sizePx, 80, titleBottom, BANNER_TEXT_WIDTH_PX, 'start') +
    `<rect x="80" y="${titleBottom + 22}" width="96" height="6" rx="3" fill="${palette.accent}"/>` +
    `<g font-weight="500" font-size="${subtitle.sizePx}" fill="#fff" fill-opacity=".92">` +
    subtitle.lines
      .map(
        (line, i) =>
          `<text x="80" y="${titleBottom + 70 + i * subtitle.sizePx * 1.25}">${escapeXml(line)}</text>`,
      )
      .join('') +
    `</g></svg>`
  );
}

/** Avatar colours: one pair per avatar number (members get `id % 8`). */
const AVATAR_COLOURS: ReadonlyArray<readonly [string, string]> = [
  ['#f5b301', '#b45309'],
  ['#22d3ee', '#0e7490'],
  ['#a78bfa', '#6d28d9'],
  ['#f472b6', '#be185d'],
  ['#34d399', '#047857'],
  ['#fb7185', '#be123c'],
  ['#60a5fa', '#1d4ed8'],
  ['#fbbf24', '#c2410c'],
];

/** A round 96×96 avatar: a gradient disc with a player silhouette. */
export function renderAvatarSvg(index: number): string {
  const [light, dark] = AVATAR_COLOURS[index % AVATAR_COLOURS.length]!;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">` +
    `<defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient>` +
    `<clipPath id="c"><circle cx="48" cy="48" r="48"/></clipPath></defs>` +
    `<circle cx="48" cy="48" r="48" fill="url(#a)"/>` +
    `<g clip-path="url(#c)" fill="#fff" fill-opacity=".92"><circle cx="48" cy="38" r="17"/><ellipse cx="48" cy="92" rx="32" ry="28"/></g>` +
    `</svg>`
  );
}
