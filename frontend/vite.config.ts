import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { visualizer } from 'rollup-plugin-visualizer';
import { firstPageFiles } from './build/first-page';
import { routePreloads } from './build/route-preloads';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const outDir = fromHere('./dist');
/** The server render's module (`src/entry-server.tsx`), loaded by the gateway; not served. */
const serverOutDir = fromHere('./dist-ssr');

/** Where `/api` goes in `vite` / `vite preview`: the gateway (or the all-in-one runner). */
const apiTarget = process.env.DINEBUDS_API_URL ?? 'http://localhost:3000';

const THEME_COLOUR = '#e8572a';
const BACKGROUND_COLOUR = '#fff8f1';

/** The sign-in screen's module: a signed-out visitor's first screen, so part of the app shell. */
const SIGN_IN_SCREEN = 'src/features/auth/components/auth-screen.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** A chunk of Vite's build manifest with every chunk it imports statically, and their styles. */
function chunkWithImports(manifest: Record<string, ManifestChunk>, key: string, into = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) chunkWithImports(manifest, imported, into);
  return into;
}

/**
 * The service worker precaches only the app shell (index.html, what it loads, the sign-in screen's
 * chunks, icons), so a repeat visit paints without the network, up to the sign-in screen, and a
 * first visit downloads little extra; other screens' chunks are cached as they are used. `/api`
 * is never cached: one user's answers must not outlive sign-out.
 */
function isAppShell(url: string): boolean {
  if (url === 'index.html' || url === 'registerSW.js') return true;
  const { scripts, styles } = firstPageFiles(readFileSync(`${outDir}/index.html`, 'utf8'));
  const manifest = JSON.parse(readFileSync(`${outDir}/.vite/manifest.json`, 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const shell = new Set([...scripts, ...styles].map((path) => path.replace(/^\//, '')));
  for (const file of chunkWithImports(manifest, SIGN_IN_SCREEN)) shell.add(file);
  return shell.has(url);
}

/**
 * Brotli and gzip copies of what vite-plugin-pwa writes itself: sw.js and workbox-*.js are
 * generated in its closeBundle and manifest.webmanifest outside the bundle, so both come after
 * vite-plugin-compression2's pass (which covers the bundle and the public folder only). This runs
 * last, with the same levels as that plugin, and keeps a copy only when it is smaller.
 */
function compressServiceWorkerFiles(): Plugin {
  const PWA_FILE = /^(sw\.js|workbox-[\w-]+\.js|manifest\.webmanifest)$/;
  return {
    name: 'dinebuds:compress-service-worker-files',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const name of readdirSync(outDir).filter((file) => PWA_FILE.test(file))) {
          const source = readFileSync(`${outDir}/${name}`);
          const copies: [string, Buffer][] = [
            [`${name}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })],
            [`${name}.gz`, gzipSync(source, { level: 9 })],
          ];
          for (const [file, bytes] of copies)
            if (bytes.length < source.length) writeFileSync(`${outDir}/${file}`, bytes);
        }
      },
    },
  };
}

/** dist/route-preloads.json: each route's chunks beyond the first page, for the gateway. */
function writeRoutePreloads(): Plugin {
  return {
    name: 'dinebuds:route-preloads',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const manifest = JSON.parse(readFileSync(`${outDir}/.vite/manifest.json`, 'utf8'));
        const firstPage = firstPageFiles(readFileSync(`${outDir}/index.html`, 'utf8'));
        const routes = routePreloads(manifest, firstPage);
        writeFileSync(`${outDir}/route-preloads.json`, `${JSON.stringify({ routes }, null, 2)}\n`);
      },
    },
  };
}

// The contracts library is consumed from source, so the browser bundle and the services share
// one copy of the spec's constants without a build step in between.
const resolveAliases = {
  '@dinebuds/contracts': fromHere('../libs/contracts/src/index.ts'),
  '@': fromHere('./src'),
};

/**
 * `vite build --ssr src/entry-server.tsx`: the app as one Node module for the gateway's server
 * render, with its packages inside it (the gateway's image needs no frontend dependencies). CSS
 * is the browser build's; the service worker, compression and reports are the browser build's.
 */
const serverBuild = defineConfig({
  plugins: [react()],
  resolve: { alias: resolveAliases },
  ssr: { noExternal: true, target: 'node' },
  // React's production build whatever NODE_ENV the gateway runs with (unset under `npm start`):
  // the development build is several times slower and warns on every render.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: serverOutDir,
    emptyOutDir: true,
    sourcemap: true,
    target: 'node20',
    rollupOptions: { output: { entryFileNames: 'entry-server.js' } },
  },
});

const browserBuild = defineConfig({
  plugins: [
    react(),
    VitePWA({
      // A new service worker takes over at once; the next visit runs the new version.
      registerType: 'autoUpdate',
      // A deferred /registerSW.js, not an inline script: the gateway's CSP (script-src 'self')
      // blocks inline scripts, which left the worker never registered.
      injectRegister: 'script-defer',
      // With the manifest's icons (added by the plugin) these make the shell besides the code.
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'DineBuds',
        short_name: 'DineBuds',
        description: 'Share restaurant reviews with your food buds.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOUR,
        background_color: BACKGROUND_COLOUR,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html}'],
        // Hashed names are their own revision: the install may reuse the copies just downloaded.
        dontCacheBustURLsMatching: /^assets\//,
        manifestTransforms: [
          (entries) => ({ manifest: entries.filter((entry) => isAppShell(entry.url)), warnings: [] }),
        ],
        // vite-plugin-pwa's default is the shell for every page: pages come from the network here.
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            // Pages from the network: the gateway renders each with its content (and a signed-in
            // diner's data, which no cache may keep). Offline, the precached shell, and the app
            // fills it in. (A `navigateFallback` would answer every page from the shell instead.)
            urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'index.html' } },
          },
          {
            // Hashed file names never change content, so a cached copy is always right.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'dinebuds-assets',
              expiration: { maxEntries: 200, maxAgeSeconds: 365 * 24 * 60 * 60 },
            },
          },
        ],
      },
    }),
    // Brotli and gzip copies next to every text asset; the gateway serves them (preCompressed).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      exclude: [/\.map$/],
    }),
    compressServiceWorkerFiles(),
    writeRoutePreloads(),
    // What each chunk holds, for finding what to split next; kept out of dist so it is not served.
    visualizer({
      filename: fromHere('./bundle-report/stats.html'),
      gzipSize: true,
      brotliSize: true,
    }),
  ],
  resolve: { alias: resolveAliases },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which files make each screen (the service worker's app shell reads it).
    manifest: true,
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverBuild : browserBuild));
