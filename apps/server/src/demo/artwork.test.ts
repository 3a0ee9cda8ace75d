import { GAME_CATEGORIES } from '@banca/contracts';
import { describe, expect, it } from 'vitest';
import { renderBannerSvg, renderGameArtSvg, renderVendorLogoSvg } from './artwork';
import { buildDemoCatalogue } from './catalogue';
import { DEMO_BANNERS } from './content';

/** Every generated SVG stays under ~3 KB so a lobby page of 18 cards costs ~50 KB. */
const MAX_SVG_BYTES = 3 * 1024;
/** A pathological name (long, all escapes) may go a little over, never far. */
const MAX_PATHOLOGICAL_SVG_BYTES = 4 * 1024;

/**
 * A small XML check (no DOMParser in Node): tags nest and close in order, attribute values are
 * quoted, and text holds no bare `&` or `<`. Returns the decoded text content.
 */
function parseSvg(svg: string): { text: string[] } {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  const open: string[] = [];
  const text: string[] = [];
  const tokens = svg.split(/(<[^<>]*>)/).filter(Boolean);
  for (const token of tokens) {
    if (token.startsWith('<')) {
      const match = /^<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<>]*")*)\s*(\/?)>$/.exec(token);
      expect(match, `malformed tag ${token}`).not.toBeNull();
      const [, closing, name, , selfClosing] = match ?? [];
      if (closing) expect(open.pop(), `closing ${name}`).toBe(name);
      else if (!selfClosing) open.push(name ?? '');
    } else {
      expect(token, 'text must escape & and <').not.toMatch(
        /&(?!#\d+;|amp;|lt;|gt;|quot;|apos;)|</,
      );
      expect(open.length, 'text outside the root').toBeGreaterThan(0);
      text.push(token.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))));
    }
  }
  expect(open).toEqual([]);
  return { text };
}

const bytes = (svg: string): number => Buffer.byteLength(svg, 'utf8');

describe('renderGameArtSvg', () => {
  const base = {
    nodeId: 7,
    name: 'Fortune Tiger Deluxe',
    vendorCode: 'PG',
    artSeed: 123_456,
    category: 'RNG',
  };

  it('draws a 3:4 card that names the game and its vendor', () => {
    const svg = renderGameArtSvg(base);
    expect(svg).toContain('viewBox="0 0 300 400"');
    const { text } = parseSvg(svg);
    expect(text.join(' ')).toContain('Fortune Tiger Deluxe');
    expect(text).toContain('PG');
  });

  it('escapes XML special characters in names and vendor codes', () => {
    const svg = renderGameArtSvg({ ...base, name: 'Tom & Jerry <3 "quoted"', vendorCode: 'A&B' });
    expect(svg).not.toContain('<3');
    const { text } = parseSvg(svg);
    expect(text.join(' ')).toContain('Tom & Jerry <3 "quoted"');
    expect(text).toContain('A&B');
  });

  it('wraps a long name onto at most three lines and shrinks the type', () => {
    const long = renderGameArtSvg({
      ...base,
      name: 'Legend of the Hummingbird Megaways Mega Jackpot Deluxe Edition',
    });
    const lines = [...long.matchAll(/<text x="150" y="\d+"[^>]*>/g)];
    expect(lines.length).toBeLessThanOrEqual(3);
    expect(long).not.toContain('font-size="36"');
    expect(parseSvg(long).text.join(' ')).toContain('…');
    expect(bytes(long)).toBeLessThanOrEqual(MAX_PATHOLOGICAL_SVG_BYTES);
  });

  it('survives a name made only of characters that need escaping', () => {
    const svg = renderGameArtSvg({ ...base, name: '&<>"\''.repeat(20) });
    parseSvg(svg);
    expect(bytes(svg)).toBeLessThanOrEqual(MAX_PATHOLOGICAL_SVG_BYTES);
  });

  it('is a pure function of its input, and the seed changes the picture', () => {
    expect(renderGameArtSvg(base)).toBe(renderGameArtSvg({ ...base }));
    const pictures = new Set(
      Array.from({ length: 20 }, (_, seed) => renderGameArtSvg({ ...base, artSeed: seed })),
    );
    expect(pictures.size).toBeGreaterThan(15);
  });

  it('renders every category, and an unknown one, as well-formed SVG', () => {
    for (const category of [...GAME_CATEGORIES, 'SOMETHING_NEW'])
      parseSvg(renderGameArtSvg({ ...base, category }));
  });

  it('keeps every card of the demo catalogue well-formed and under the size budget', () => {
    const { games } = buildDemoCatalogue();
    const oversized: string[] = [];
    games.forEach((game, i) => {
      const svg = renderGameArtSvg({
        nodeId: i + 1,
        name: game.nameEn,
        vendorCode: game.vendorCode,
        artSeed: game.artSeed,
        category: game.gameCategory,
      });
      // Parsing all 10,000 adds seconds and finds nothing a sample misses: the shapes repeat.
      if (i % 50 === 0) parseSvg(svg);
      if (bytes(svg) > MAX_SVG_BYTES) oversized.push(`${game.nameEn}: ${bytes(svg)}`);
    });
    expect(oversized).toEqual([]);
  });
});

describe('renderVendorLogoSvg', () => {
  it('draws a 240×80 wordmark with the code and the escaped name', () => {
    const svg = renderVendorLogoSvg({ code: 'PG', name: 'Tom & Jerry <Games>' });
    expect(svg).toContain('viewBox="0 0 240 80"');
    const { text } = parseSvg(svg);
    expect(text).toContain('PG');
    expect(text).toContain('TOM & JERRY <GAMES>');
    expect(bytes(svg)).toBeLessThanOrEqual(MAX_SVG_BYTES);
  });

  it('draws every demo vendor under the size budget', () => {
    for (const vendor of buildDemoCatalogue().vendors)
      expect(bytes(parseSvgAndReturn(renderVendorLogoSvg(vendor)))).toBeLessThanOrEqual(
        MAX_SVG_BYTES,
      );
  });
});

describe('renderBannerSvg', () => {
  it('draws a 1200×400 banner with the escaped headline and subtitle', () => {
    const svg = renderBannerSvg({ title: 'Tom & Jerry <3', subtitle: 'Bônus & giros', seed: 1 });
    expect(svg).toContain('viewBox="0 0 1200 400"');
    const { text } = parseSvg(svg);
    expect(text.join(' ')).toContain('Tom & Jerry <3');
    expect(text.join(' ')).toContain('Bônus & giros');
  });

  it('draws every demo banner in both languages, whole and under the size budget', () => {
    for (const banner of DEMO_BANNERS) {
      for (const language of ['pt-BR', 'en'] as const) {
        const svg = renderBannerSvg({
          title: banner.title[language],
          subtitle: banner.subtitle[language],
          seed: banner.id,
        });
        const text = parseSvg(svg).text.join(' ');
        expect(text).not.toContain('…');
        expect(bytes(svg)).toBeLessThanOrEqual(MAX_SVG_BYTES);
      }
    }
  });
});

function parseSvgAndReturn(svg: string): string {
  parseSvg(svg);
  return svg;
}
