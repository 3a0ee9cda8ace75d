import { createCanvas, loadImage } from '@napi-rs/canvas';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestDatabase, type TestDatabase } from '../../../test/harness';
import { createCaptchaService } from './captcha';
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_HEIGHT_PX,
  CAPTCHA_LENGTH,
  CAPTCHA_WIDTH_PX,
  captchaFonts,
  captchaText,
  renderCaptcha,
  type Rng,
} from './captcha-image';

/** Seeded, so a failure can be drawn again (mulberry32). */
function seededRng(seed: number): Rng {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Pixels = { width: number; height: number; rgba: Uint8ClampedArray };

async function decodePng(png: Buffer): Promise<Pixels> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return {
    width: image.width,
    height: image.height,
    rgba: ctx.getImageData(0, 0, image.width, image.height).data,
  };
}

describe('captcha image', () => {
  it('is a PNG of the advertised size with ink on it, the same for the same randomness', async () => {
    const png = renderCaptcha('AB3KW', seededRng(1));
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const pixels = await decodePng(png);
    expect([pixels.width, pixels.height]).toEqual([CAPTCHA_WIDTH_PX, CAPTCHA_HEIGHT_PX]);
    expect(binarise(pixels).ink.reduce((sum, v) => sum + v, 0)).toBeGreaterThan(500);
    expect(renderCaptcha('AB3KW', seededRng(1)).equals(png)).toBe(true);
    expect(renderCaptcha('AB3KW', seededRng(2)).equals(png)).toBe(false);
  });

  it('draws answers from an alphabet without look-alikes', () => {
    const rng = seededRng(3);
    for (let i = 0; i < 100; i++) {
      const text = captchaText(rng);
      expect(text).toHaveLength(CAPTCHA_LENGTH);
      for (const c of text) expect(CAPTCHA_ALPHABET).toContain(c);
    }
    for (const c of '0OQD1IJ2Z45678') expect(CAPTCHA_ALPHABET).not.toContain(c);
  });

  /**
   * Issue 10: the SVG captcha fell to matching its glyphs against its own font. This is that
   * attack on pixels, given every advantage but the distortion: templates of every character in
   * every font the generator uses, at the generator's size. It must read the undistorted
   * drawing (or it proves nothing) and fail on the real one.
   */
  it('defeats a template matcher that reads the same glyphs drawn undistorted', async () => {
    const matcher = templateMatcher();
    const solveRate = async (seed: number, count: number, distort: boolean) => {
      const rng = seededRng(seed);
      let solved = 0;
      let glyphs = 0;
      for (let i = 0; i < count; i++) {
        const text = captchaText(rng);
        const guess = matcher.read(await decodePng(renderCaptcha(text, rng, { distort })));
        if (guess === text) solved++;
        for (let k = 0; k < text.length; k++) if (guess[k] === text[k]) glyphs++;
      }
      return { answers: solved / count, glyphs: glyphs / (count * CAPTCHA_LENGTH) };
    };
    const clean = await solveRate(10, 60, false);
    const real = await solveRate(11, 200, true);
    console.info(
      `template matcher: undistorted ${pct(clean.answers)} of answers (${pct(clean.glyphs)} of glyphs), ` +
        `distorted ${pct(real.answers)} of answers (${pct(real.glyphs)} of glyphs)`,
    );
    expect(clean.answers).toBeGreaterThan(0.8);
    expect(real.answers).toBeLessThan(0.05);
  });
});

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** Ink where a pixel is darker than the light backgrounds the generator paints. */
type Bitmap = { width: number; height: number; ink: Uint8Array };
const INK_LUMINANCE_MAX = 150;

function binarise({ width, height, rgba }: Pixels): Bitmap {
  const ink = new Uint8Array(width * height);
  for (let i = 0; i < ink.length; i++) {
    const luminance = 0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!;
    ink[i] = luminance < INK_LUMINANCE_MAX ? 1 : 0;
  }
  return { width, height, ink: medianFilter({ width, height, ink }) };
}

/** 3×3 majority: removes specks and hairlines, as any OCR pipeline would first. */
function medianFilter({ width, height, ink }: Bitmap): Uint8Array {
  const out = new Uint8Array(ink.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy >= 0 && yy < height && xx >= 0 && xx < width) n += ink[yy * width + xx]!;
        }
      }
      out[y * width + x] = n >= 5 ? 1 : 0;
    }
  }
  return out;
}

const GRID_W = 16;
const GRID_H = 20;

/** The ink inside columns [x0, x1), cropped to its rows, averaged onto a fixed grid, zero-mean. */
function glyphVector(bitmap: Bitmap, x0: number, x1: number): Float64Array | null {
  let top = bitmap.height;
  let bottom = -1;
  for (let y = 0; y < bitmap.height; y++) {
    for (let x = x0; x < x1; x++) {
      if (bitmap.ink[y * bitmap.width + x]) {
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  }
  if (bottom < 0) return null;
  const h = bottom - top + 1;
  const w = x1 - x0;
  const grid = new Float64Array(GRID_W * GRID_H);
  const count = new Float64Array(GRID_W * GRID_H);
  for (let y = top; y <= bottom; y++) {
    for (let x = x0; x < x1; x++) {
      const cell =
        Math.min(GRID_H - 1, Math.floor(((y - top) * GRID_H) / h)) * GRID_W +
        Math.min(GRID_W - 1, Math.floor(((x - x0) * GRID_W) / w));
      grid[cell]! += bitmap.ink[y * bitmap.width + x]!;
      count[cell]! += 1;
    }
  }
  let mean = 0;
  for (let i = 0; i < grid.length; i++) {
    grid[i] = count[i]! ? grid[i]! / count[i]! : 0;
    mean += grid[i]!;
  }
  mean /= grid.length;
  let norm = 0;
  for (let i = 0; i < grid.length; i++) {
    grid[i]! -= mean;
    norm += grid[i]! ** 2;
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < grid.length; i++) grid[i]! /= norm;
  return grid;
}

/** Column runs that hold ink; merged or split until there is one per expected glyph. */
function segments(bitmap: Bitmap, count: number): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  for (let x = 0; x <= bitmap.width; x++) {
    let inked = false;
    for (let y = 0; x < bitmap.width && y < bitmap.height && !inked; y++) {
      inked = bitmap.ink[y * bitmap.width + x] === 1;
    }
    if (inked && start < 0) start = x;
    if (!inked && start >= 0) {
      if (x - start >= 3) runs.push([start, x]);
      start = -1;
    }
  }
  while (runs.length > count) {
    let best = 0;
    for (let i = 1; i < runs.length - 1; i++) {
      if (runs[i + 1]![0] - runs[i]![1] < runs[best + 1]![0] - runs[best]![1]) best = i;
    }
    runs.splice(best, 2, [runs[best]![0], runs[best + 1]![1]]);
  }
  while (runs.length > 0 && runs.length < count) {
    let widest = 0;
    for (let i = 1; i < runs.length; i++) {
      if (runs[i]![1] - runs[i]![0] > runs[widest]![1] - runs[widest]![0]) widest = i;
    }
    const [a, b] = runs[widest]!;
    const middle = Math.round((a + b) / 2);
    runs.splice(widest, 1, [a, middle], [middle, b]);
  }
  return runs;
}

/** Normalised cross-correlation, the segment shifted by up to one grid cell each way. */
function correlation(segment: Float64Array, template: Float64Array): number {
  let best = -Infinity;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      let sum = 0;
      for (let y = Math.max(0, -dy); y < GRID_H - Math.max(0, dy); y++) {
        for (let x = Math.max(0, -dx); x < GRID_W - Math.max(0, dx); x++) {
          sum += segment[(y + dy) * GRID_W + x + dx]! * template[y * GRID_W + x]!;
        }
      }
      best = Math.max(best, sum);
    }
  }
  return best;
}

/** Templates: every character of the alphabet in every captcha font, upright and clean. */
function templateMatcher() {
  const templates: { char: string; vector: Float64Array }[] = [];
  for (const family of captchaFonts()) {
    for (const char of CAPTCHA_ALPHABET) {
      const canvas = createCanvas(60, 60);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, 60, 60);
      ctx.fillStyle = '#000';
      ctx.font = `34px ${family}`;
      ctx.fillText(char, 10, 45);
      const pixels = { width: 60, height: 60, rgba: ctx.getImageData(0, 0, 60, 60).data };
      const bitmap = binarise(pixels);
      const [[x0, x1]] = segments(bitmap, 1) as [[number, number]];
      templates.push({ char, vector: glyphVector(bitmap, x0, x1)! });
    }
  }
  return {
    read(pixels: Pixels): string {
      const bitmap = binarise(pixels);
      return segments(bitmap, CAPTCHA_LENGTH)
        .map(([x0, x1]) => {
          const vector = glyphVector(bitmap, x0, x1);
          if (!vector) return '?';
          let best = { char: '?', score: -Infinity };
          for (const t of templates) {
            const score = correlation(vector, t.vector);
            if (score > best.score) best = { char: t.char, score };
          }
          return best.char;
        })
        .join('');
    },
  };
}

describe.each(ENGINES)('captcha service on %s', (engine) => {
  let database: TestDatabase;
  let clock = Date.UTC(2026, 0, 1);
  const browser = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (test)' };

  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(() => database.drop());

  const service = () => createCaptchaService(database.db, () => clock);

  /** Issues a captcha whose answer the test knows: the stored hash is replaced by abcde's. */
  async function issueKnown(client = browser): Promise<string> {
    const { id, imageDataUrl } = await service().issue(client);
    expect(imageDataUrl).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(imageDataUrl.slice(imageDataUrl.indexOf(',') + 1), 'base64');
    expect((await decodePng(png)).width).toBe(CAPTCHA_WIDTH_PX);
    await sql`UPDATE captchas SET answer_hash = encode(sha256('abcde'::bytea), 'hex') WHERE id = ${id}`.execute(
      database.db,
    );
    return id;
  }

  it('accepts the right answer once, in any case, from the client that fetched it', async () => {
    const id = await issueKnown();
    await service().verify(id, ' ABcde ', browser);
    await expect(service().verify(id, 'abcde', browser)).rejects.toMatchObject({
      code: 'captcha_invalid',
    });
  });

  it('refuses the right answer from another IP or another browser, and burns the captcha', async () => {
    const fromElsewhere = await issueKnown();
    await expect(
      service().verify(fromElsewhere, 'abcde', { ...browser, ip: '198.51.100.9' }),
    ).rejects.toMatchObject({ code: 'captcha_invalid' });
    await expect(service().verify(fromElsewhere, 'abcde', browser)).rejects.toMatchObject({
      code: 'captcha_invalid',
    });

    const otherBrowser = await issueKnown();
    await expect(
      service().verify(otherBrowser, 'abcde', { ...browser, userAgent: 'curl/8.0' }),
    ).rejects.toMatchObject({ code: 'captcha_invalid' });
  });

  it('spends the captcha on a wrong answer', async () => {
    const id = await issueKnown();
    await expect(service().verify(id, 'wrong', browser)).rejects.toMatchObject({
      code: 'captcha_invalid',
    });
    await expect(service().verify(id, 'abcde', browser)).rejects.toMatchObject({
      code: 'captcha_invalid',
    });
  });

  it('expires after 5 minutes', async () => {
    const late = await issueKnown();
    const inTime = await issueKnown();
    clock += 5 * 60 * 1000 - 1;
    await service().verify(inTime, 'abcde', browser);
    clock += 1;
    await expect(service().verify(late, 'abcde', browser)).rejects.toMatchObject({
      code: 'captcha_invalid',
    });
  });

  it('asks for the captcha when the id or the answer is missing', async () => {
    await expect(service().verify(undefined, 'abcde', browser)).rejects.toMatchObject({
      code: 'captcha_required',
      data: { captcha: true },
    });
    await expect(service().verify(await issueKnown(), '', browser)).rejects.toMatchObject({
      code: 'captcha_required',
    });
  });
});
