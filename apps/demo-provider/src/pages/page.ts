import { buildSync } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The game page: a server-rendered shell (no inline script or style, so the strict CSP of
 * server.ts holds) that loads /assets/game.css and /assets/game.js. The script is client.ts,
 * bundled by esbuild on first request (≈ 20 ms) and kept.
 */

/** Running from the sources (tsx, vitest) or from the bundle in apps/demo-provider/dist. */
function pagesDir(): string {
  const here = import.meta.dirname;
  return existsSync(path.join(here, 'client.ts')) ? here : path.resolve(here, '../src/pages');
}

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function languageOf(lang: string | undefined): 'pt-BR' | 'en' {
  return lang && /^en/i.test(lang) ? 'en' : 'pt-BR';
}

export function renderPlayPage(query: Record<string, string | undefined>): string {
  const lang = languageOf(query.lang);
  const title = lang === 'en' ? 'Loading game…' : 'Carregando jogo…';
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/assets/game.css">
<script type="module" src="/assets/game.js"></script>
</head>
<body>
<main id="app" class="app loading"><div class="loader" role="status">${escapeHtml(title)}</div></main>
</body>
</html>`;
}

let clientBundle: string | null = null;
let stylesheet: string | null = null;

export function pageAssets(): Record<string, { type: string; body: () => string }> {
  return {
    'game.js': {
      type: 'text/javascript; charset=utf-8',
      body: () => {
        clientBundle ??= buildSync({
          entryPoints: [path.join(pagesDir(), 'client.ts')],
          bundle: true,
          write: false,
          format: 'esm',
          target: 'es2020',
          minify: true,
          logLevel: 'warning',
        }).outputFiles[0]!.text;
        return clientBundle;
      },
    },
    'game.css': {
      type: 'text/css; charset=utf-8',
      body: () => (stylesheet ??= readFileSync(path.join(pagesDir(), 'game.css'), 'utf8')),
    },
  };
}
