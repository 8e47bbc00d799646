import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type PluginOption, type Rolldown } from 'vite';
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
        'icons/*.{png,svg}',
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

/**
 * The form kit's core (fields, banner, submit button, the schema-form hook) in one file, whoever
 * uses it: its split then no longer moves with each new form, and a product page's list of files
 * its dialogs may load stays short (the first-load budget, decision 0015).
 */
const FORM_KIT =
  /[\\/]app[\\/]components[\\/]forms[\\/](form-banner|form-errors|form-field|submit-button|use-schema-form)\./;

/**
 * The contract's small shared schemas (paths, common, forms, reviews) in one file for the same
 * reason: the back office uses them too, and split apart they were four files on that list.
 */
const CONTRACT_CORE = /[\\/]packages[\\/]contract[\\/]src[\\/](paths|common|forms|reviews)\.ts$/;

// React, React DOM and React Router: one chunk of their own, cached across releases of the shop.
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;
/**
 * What every page loads: the root route, and the (lazy) error boundary and SEO helpers of every
 * route; and the money and date formatters, the star rating, the product labels and the prose
 * block: small modules most pages use, which as files of their own cost more than they weigh.
 */
const SHELL_ENTRIES = [
  'app/root.tsx',
  'app/features/content/route-error-boundary.tsx',
  'app/features/content/prose.tsx',
  'app/features/seo/seo.ts',
  '../../packages/contract/src/money.ts',
  'app/features/content/content-data.ts',
  'app/components/ui/star-rating.tsx',
  'app/features/catalog/product-summary.ts',
].map((file) => fileURLToPath(new URL(file, import.meta.url)));

/**
 * The shell's modules go into one chunk instead of a dozen small ones shared between routes:
 * fewer requests, and gzip does better on one file (issue 6: the first-load budget).
 */
function shellChunk(): Rolldown.CodeSplittingGroup['name'] {
  let shell: Set<string> | undefined;
  return (moduleId, context) => {
    if (!shell) {
      shell = new Set();
      const pending = [...SHELL_ENTRIES];
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (shell.has(id) || FRAMEWORK.test(id)) continue;
        shell.add(id);
        pending.push(...(context.getModuleInfo(id)?.importedIds ?? []));
      }
    }
    return shell.has(moduleId) ? 'shell' : null;
  };
}

/**
 * React Router's package resolves to its development build everywhere (remix-run/react-router#14102),
 * which keeps its development warnings in the browser bundle. The browser build takes the production
 * build the package also ships; the server keeps the package's default.
 */
function reactRouterProductionBuild(): PluginOption {
  return {
    name: 'react-router-production-build',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && source !== 'react-router/dom') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved) return null;
      return {
        ...resolved,
        id: resolved.id.replace(/([\\/]dist[\\/])development([\\/])/, '$1production$2'),
      };
    },
  };
}

export default defineConfig({
  plugins: [reactRouterProductionBuild(), reactRouter(), pwa()],
  environments: {
    client: {
      build: {
        // No preload lists for lazily loaded parts (menus, dialogs): each chunk names its files
        // itself when it loads. The lists cost every page ~360 B gzip of first load (decision 0030).
        modulePreload: false,
        rolldownOptions: {
          // Building a zod schema has no side effects, so a schema no browser code uses is dropped
          // (the contract's response schemas are the server's business).
          treeshake: { manualPureFunctions: ['z'] },
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK },
                { name: shellChunk(), debugName: 'shell' },
                { name: 'forms', test: FORM_KIT },
                { name: 'contract', test: CONTRACT_CORE },
              ],
            },
          },
        },
      },
    },
  },
});
