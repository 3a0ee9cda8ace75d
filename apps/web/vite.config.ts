import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

/** Where `npm start` (apps/server) listens in development. */
const GATEWAY_ORIGIN = 'http://127.0.0.1:8090';

/** Paths the gateway answers; the dev server and `vite preview` forward them unchanged. */
const proxy: Record<string, ProxyOptions> = {
  '/wps': { target: GATEWAY_ORIGIN },
  '/lgw': { target: GATEWAY_ORIGIN },
  '/docs': { target: GATEWAY_ORIGIN },
  // Realtime events arrive here once members can log in (docs/architecture.md).
  '/ws': { target: GATEWAY_ORIGIN, ws: true },
};

/** The libraries every page needs (the vendor chunk). */
const CORE_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store|zustand)[\\/]/;
/** Our own modules (this app and the contracts), as opposed to libraries. */
const APP_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]|[\\/]packages[\\/]contracts[\\/]src[\\/]/;
/**
 * A category lobby's page, the game cards and dialogs it shares with home, and its texts in
 * the default language (other languages' stay in chunks of their own).
 */
const LOBBY_PAGES =
  /[\\/]features[\\/]lobby[\\/]components[\\/](game-list|games|home[\\/](section-head|category-heading))[\\/.]|[\\/]i18n[\\/]lobby[\\/]pt-BR\.ts$/;
/** The module a category lobby route loads (app/routes.tsx), and its texts (i18n/index.ts). */
const LOBBY_PAGE_MODULE = /[\\/]game-list[\\/]game-list-center-page\.tsx$/;
const LOBBY_TEXTS_MODULE = /[\\/]i18n[\\/]lobby[\\/](pt-BR|en)\.ts$/;

/**
 * @banca/contracts is schemas and constants. The web app uses a few of its constants and
 * functions at run time; the zod schemas it does not use (all of them in production, see
 * the `schema` option in src/api/client.ts) must not drag zod (~28 KB gzipped) into the home route. Two facts
 * let the bundler drop them: the contracts modules have no side effects (declared here,
 * because Vite's resolver would otherwise mark the package as having some), and building a
 * schema with `z.…(…)` is pure (treeshake.manualPureFunctions below).
 */
const CONTRACTS_SOURCE = /[\\/]packages[\\/]contracts[\\/]src[\\/]/;
function contractsWithoutSideEffects(): Plugin {
  return {
    name: 'banca:contracts-without-side-effects',
    transform(code, id) {
      return CONTRACTS_SOURCE.test(id) ? { code, map: null, moduleSideEffects: false } : null;
    },
  };
}

export default defineConfig({
  plugins: [react(), contractsWithoutSideEffects(), lobbyCodeInIndexHtml(), precompressAssets()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The home route must stay under its size budget; warn early when one chunk grows.
    chunkSizeWarningLimit: 400,
    // Every browser the app supports preloads modules itself; the polyfill would only add code
    // (and, with the chunk groups below, a chunk of its own) ahead of the app.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // See contractsWithoutSideEffects above. No bundled library calls another function
        // named `z` (checked when this was added). `text` and `serverText` build the contracts'
        // string schemas (packages/contracts/src/text.ts); no bundled library calls a function
        // of either name (checked when they were added; rolldown ignored @__NO_SIDE_EFFECTS__ there).
        manualPureFunctions: ['z', 'text', 'serverText'],
      },
      output: {
        codeSplitting: {
          groups: [
            // The libraries every page needs change less often than our code: one long-cached
            // chunk. Libraries (or parts of them) only some areas use — QR codes, zod in forms,
            // the banner carousel's engine — stay in split chunks.
            { name: 'vendor', test: CORE_LIBRARIES, tags: ['$initial'] },
            // All of our code the first page runs, in one chunk. Left to itself the bundler
            // splits out every module a lazy area shares with it (icons, the API client…):
            // more requests before the first paint, each one a round trip on a slow network.
            { name: 'index', test: APP_SOURCE, tags: ['$initial'] },
            // A category lobby (/rng…) in one chunk rather than the five its modules would
            // otherwise be shared out into: every request is a round trip before its games show.
            { name: 'lobby', test: LOBBY_PAGES },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 5173, proxy },
});

/**
 * Writes .br and .gz beside every text asset of the build, so the server sends compressed bytes
 * without compressing on each request (@fastify/static's preCompressed). Part of every build,
 * however it is started.
 */
function precompressAssets(): Plugin {
  let outDir = '';
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.(js|css|html|svg|json|webmanifest)$/.test(entry)) {
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    }
  };
  return {
    name: 'banca-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      walk(outDir);
    },
  };
}

/**
 * index.html starts a category lobby's data before the app's scripts arrive, and its code too:
 * the build writes the lobby page's chunks, stylesheets and texts (per language) into the
 * inline script in place of its lobby-code marker (a null), the one way it can know their
 * hashed names. The development server leaves the null alone: the app loads them itself.
 */
function lobbyCodeInIndexHtml(): Plugin {
  const MARKER = '/* lobby-code */ null';
  return {
    name: 'banca:lobby-code-in-index-html',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter((file) => file.type === 'chunk');
        const holding = (module: RegExp) =>
          chunks.filter((chunk) => chunk.moduleIds.some((id) => module.test(id)));
        const entry = chunks.find((chunk) => chunk.isEntry);
        const page = holding(LOBBY_PAGE_MODULE)[0];
        if (!entry || !page || !html.includes(MARKER))
          throw new Error('lobby code: the entry, the lobby page chunk or the marker is missing');
        // What index.html loads anyway is left out.
        const initial = new Set<string>();
        const load = (fileName: string) => {
          if (initial.has(fileName)) return;
          initial.add(fileName);
          chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach(load);
        };
        load(entry.fileName);
        const scripts: string[] = [];
        const styles: string[] = [];
        const visit = (fileName: string) => {
          if (initial.has(fileName) || scripts.includes(`/${fileName}`)) return;
          const chunk = chunks.find((candidate) => candidate.fileName === fileName);
          if (!chunk) return;
          scripts.push(`/${fileName}`);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.push(`/${css}`);
          chunk.imports.forEach(visit);
        };
        visit(page.fileName);
        const texts = Object.fromEntries(
          holding(LOBBY_TEXTS_MODULE)
            .filter((chunk) => !scripts.includes(`/${chunk.fileName}`))
            .map((chunk) => [
              LOBBY_TEXTS_MODULE.exec(
                chunk.moduleIds.find((id) => LOBBY_TEXTS_MODULE.test(id))!,
              )![1],
              `/${chunk.fileName}`,
            ]),
        );
        return html.replace(MARKER, JSON.stringify({ scripts, styles, texts }));
      },
    },
  };
}
