import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { brand } from './src/app/brand.ts';
import { offlinePrecache } from '../../scripts/offline-precache.ts';
import { shellModules } from '../../scripts/area-shell-chunk.ts';

// Vite only reads a default export from its config file: the one exception to the named-exports rule.
export default defineConfig(({ mode }) => {
  // '' as prefix loads every variable, so API_TARGET can also come from the shell.
  const env = loadEnv(mode, '.', '');
  const apiTarget = env.API_TARGET ?? 'http://127.0.0.1:3000';
  // Same origin in dev as in production: the cookie session then needs no CORS.
  const proxy = { '/api': apiTarget, '/auth': apiTarget };
  const isShellModule = shellModules();

  return {
    plugins: [
      react(),
      // A brotli (.br) and a gzip (.gz) copy beside every text file, at the strongest settings: the server sends
      // them as they are (apps/server/src/plugins/static-spa.ts), so compressing costs nothing per request.
      compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.vite[\\/]/], logLevel: 'silent' }),
      // The installable app: its manifest and a service worker that keeps the installer's coupon wallet working
      // offline, and nothing else (docs/decisions/0030-installable-app-and-offline-wallet.md).
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src/service-worker',
        filename: 'sw.ts',
        // Registered by the role areas once they show (lib/service-worker.ts), never by the login page.
        injectRegister: false,
        manifestFilename: 'manifest.webmanifest',
        includeManifestIcons: false,
        manifest: {
          id: '/',
          name: 'Portale Posatori',
          short_name: 'Posatori',
          description: 'Il portale della rete di posatori, capi area e rivenditori: i tuoi coupon anche offline',
          lang: 'it',
          dir: 'ltr',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          orientation: 'any',
          theme_color: brand.slate,
          background_color: brand.page,
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
          shortcuts: [
            {
              name: 'I miei coupon',
              short_name: 'Coupon',
              url: '/posatore/coupons',
              icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
            },
          ],
        },
        injectManifest: {
          // A classic worker: no module imports left after bundling, and every browser registers it.
          rollupFormat: 'iife',
          globPatterns: ['**/*.{html,js,css,woff2,svg,png,webmanifest}'],
          // Only what the offline wallet needs: the rest of the app comes from the network, as without a worker.
          manifestTransforms: [offlinePrecache],
        },
      }),
    ],
    server: { host: '127.0.0.1', proxy },
    preview: { host: '127.0.0.1', proxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // dist/.vite/manifest.json: which chunks each entry loads, read by the JavaScript budget check.
      manifest: true,
      // The password rule's dictionaries are one lazy chunk of 1.1 MB (450 kB brotli), fetched only by the screen
      // that sets a password (docs/decisions/0021); every other chunk stays well under this.
      chunkSizeWarningLimit: 1200,
      rolldownOptions: {
        output: {
          // Automatic chunks are named after one of their modules ('MailOutlined-…'); give the lazy frame shared
          // by the four role areas, and the date pickers that come with the first date field, names that say
          // what they are.
          chunkFileNames: (chunk) =>
            chunk.moduleIds.some((id) => /[\\/]layout[\\/]app-shell\.tsx$/.test(id))
              ? 'assets/area-shell-[hash].js'
              : chunk.moduleIds.some((id) => /[\\/]@mui[\\/]x-date-pickers[\\/]/.test(id))
                ? 'assets/date-pickers-[hash].js'
                : 'assets/[name]-[hash].js',
          codeSplitting: {
            // Vendor code changes less often than the app, so it gets its own long-cached chunks.
            // '$initial' keeps modules used only by lazy areas (icons, drawers, pickers) out of the
            // chunks the login page downloads. The date pickers are imported only by the two lazy picker
            // modules, so automatic chunking gives them a chunk of their own.
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                priority: 40,
              },
              {
                // The role areas' router: the public screens of the login page go without it.
                name: 'router',
                test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/,
                priority: 35,
              },
              {
                name: 'mui',
                test: /node_modules[\\/](@mui|@emotion|@babel[\\/]runtime|stylis|react-transition-group|react-is|prop-types|clsx|hoist-non-react-statics)[\\/]/,
                priority: 30,
                tags: ['$initial'],
              },
              {
                // The app's own modules of the login page stay out of the areas' shared chunk below.
                name: 'public',
                test: /apps[\\/]web[\\/]src[\\/]|packages[\\/]shared[\\/]/,
                priority: 26,
                tags: ['$initial'],
              },
              {
                name: 'vendor',
                test: /node_modules[\\/]/,
                priority: 20,
                tags: ['$initial'],
              },
              {
                // What most screens of the role areas share (MUI, the query library, the list and form
                // components) in one chunk: left to automatic chunking it made 60 files of 1-10 kB for the
                // installer list alone, each a request of its own (about 1 kB of headers, and a round trip on a
                // slow phone). What a few screens use stays in chunks of their own, and so does the form
                // library, which the lists do not use.
                // MUI's overlays and the controls that open one (TextField's select, Autocomplete) stay out: they
                // come with their first opening (components/lazy-overlays.tsx, combo-select.tsx,
                // province-typeahead.tsx), in chunks of their own. Tooltip, which the list's rows use, stays in.
                name: 'area-common',
                test: /node_modules[\\/](@mui[\\/](?!x-date-pickers|material[\\/](?:(?:Autocomplete|Backdrop|ClickAwayListener|Dialog|Drawer|Fade|FilledInput|Input|Menu|MenuList|Modal|NativeSelect|Popover|Slide|Snackbar|SnackbarContent|TextField|Unstable_TrapFocus|useAutocomplete)[\\/]|Select[\\/]Select))|@emotion|@babel[\\/]runtime|react-transition-group|@tanstack)|apps[\\/]web[\\/]src[\\/](components|lib)[\\/](?!form-|profile-|money-field|combo-select-field|province-typeahead-field)/,
                minShareCount: 10,
                priority: 15,
              },
              {
                // The frame every page of the role areas shows and what only it and the areas use, in one file
                // (scripts/area-shell-chunk.ts): 2 to 4 files of 1-2 kB each otherwise, each a request of a phone.
                // After area-small: taken first, the small shared modules the frame uses would move here, area-small
                // would import this chunk, and the offline wallet, which loads area-small, would load it too.
                name: (id, ctx) => (isShellModule(id, ctx) ? 'area-shell' : null),
                includeDependenciesRecursively: false,
                priority: 9,
              },
              {
                // The installer list of the three areas (admin, area manager, reseller), its table, thumbnails
                // and row actions, in one file instead of nine of 1-3 kB (docs/performance/front-end-weight.md).
                // The installer's profile screens, which share the row actions' panels, load it too.
                name: 'posatori-list',
                test: /apps[\\/]web[\\/]src[\\/](features[\\/]posatori[\\/]components[\\/](posatori-(list-screen|table|thumbnails|filters)|posatore-cells|states-legend|installer-decisions)|features[\\/]auth[\\/]components[\\/](account-panel|account-reset)|components[\\/](profile-aside|view-switch))\.tsx$|@mui[\\/]material[\\/]ToggleButton(Group)?[\\/]|@mui[\\/]utils[\\/]getValidReactChildren[\\/]/,
                includeDependenciesRecursively: false,
                priority: 13,
              },
              {
                // The small modules that three or more screens share and that area-common leaves out (a
                // feature's requests and query keys, the shared schemas, icons), in one chunk instead of a file
                // of 0.3-1 kB each: the admin installer list fetched 42 files, 25 with this (12 kB brotli), and on
                // a phone's network each file is a round trip (docs/performance/front-end-weight.md). Size and
                // share count keep it from growing into a second areas chunk: with every small module of the app
                // it was 69 kB, most of it other screens'.
                name: 'area-small',
                test: /apps[\\/]web[\\/]src[\\/]features[\\/][^\\/]+[\\/]api[\\/]|packages[\\/]shared[\\/]|@mui[\\/]icons-material[\\/]/,
                maxModuleSize: 2500,
                minShareCount: 3,
                priority: 10,
              },
            ],
          },
        },
      },
    },
  };
});
