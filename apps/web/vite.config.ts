import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';

// Vite only reads a default export from its config file: the one exception to the named-exports rule.
export default defineConfig(({ mode }) => {
  // '' as prefix loads every variable, so API_TARGET can also come from the shell.
  const env = loadEnv(mode, '.', '');
  const apiTarget = env.API_TARGET ?? 'http://127.0.0.1:3000';
  // Same origin in dev as in production: the cookie session then needs no CORS.
  const proxy = { '/api': apiTarget, '/auth': apiTarget };

  return {
    plugins: [react()],
    server: { host: '127.0.0.1', proxy },
    preview: { host: '127.0.0.1', proxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: {
        output: {
          // Automatic chunks are named after one of their modules ('MailOutlined-…'); give the
          // lazy frame shared by the four role areas a name that says what it is.
          chunkFileNames: (chunk) =>
            chunk.moduleIds.some((id) => /[\\/]components[\\/]layout[\\/]app-shell\.tsx$/.test(id))
              ? 'assets/area-shell-[hash].js'
              : 'assets/[name]-[hash].js',
          codeSplitting: {
            // Vendor code changes less often than the app, so it gets its own long-cached chunks.
            // '$initial' keeps modules used only by lazy areas (icons, drawers, pickers) out of the
            // chunks the login page downloads.
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
                priority: 40,
              },
              {
                name: 'mui',
                test: /node_modules[\\/](@mui|@emotion|@babel[\\/]runtime|stylis|react-transition-group|react-is|prop-types|clsx|hoist-non-react-statics)[\\/]/,
                priority: 30,
                tags: ['$initial'],
              },
              {
                // The date pickers of the lazy screens (the provider alone is in 'mui'): a long-cached chunk of
                // their own rather than part of the first screen's app chunk that uses them.
                name: 'pickers',
                test: /node_modules[\\/]@mui[\\/]x-date-pickers[\\/]/,
                priority: 25,
              },
              {
                name: 'vendor',
                test: /node_modules[\\/]/,
                priority: 20,
                tags: ['$initial'],
              },
            ],
          },
        },
      },
    },
  };
});
