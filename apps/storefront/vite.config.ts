import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type PluginOption } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

/** The shop's web app manifest; colours from the brand tokens (ink and cream). */
const manifest = {
  name: 'Larder & Oat',
  short_name: 'Larder & Oat',
  description: 'Small-batch granola baked in Durham, NC.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: '#1f3a2e',
  background_color: '#fffaf1',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
} satisfies Partial<ManifestOptions>;

/** vite-plugin-pwa writes the worker and manifest for the browser build only, into build/client. */
function pwa(): PluginOption[] {
  const plugins = VitePWA({
    strategies: 'injectManifest',
    srcDir: 'app/features/pwa',
    filename: 'sw.ts',
    outDir: 'build/client',
    injectRegister: false,
    manifest,
    manifestFilename: 'manifest.webmanifest',
    injectManifest: {
      globPatterns: [
        'assets/**/*.{js,css}',
        'assets/**/*latin-wght-normal*.woff2',
        'icons/*.png',
        'favicon.svg',
        'offline.html',
      ],
      // Hashed file names change with their content: no revision needed.
      dontCacheBustURLsMatching: /^assets\//,
    },
  });
  return plugins.map((plugin) => ({
    ...plugin,
    applyToEnvironment: (environment: { name: string }) => environment.name === 'client',
  }));
}

export default defineConfig({
  plugins: [reactRouter(), pwa()],
});
