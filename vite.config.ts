import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/web/routes',
      generatedRouteTree: './src/web/routeTree.gen.ts',
    }),
    react(),
    tailwindcss(),
  ],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // The app, and the landing page's light entry (served for `/`; decision 042).
      input: { index: 'index.html', landing: 'landing.html' },
      output: {
        // React and react-query in chunks both entries share; the router in one only the app loads (so lazy
        // routes list fewer preload dependencies).
        advancedChunks: {
          groups: [
            // The entry stylesheet alone in a chunk that only the two HTML pages name. The server inlines it
            // into every page (decision 016); were it attached to a shared chunk, every lazy route would list
            // it as a dependency, and Vite's preload helper would fetch it again, hold the route's code until
            // it arrived, then apply it a second time (a second parse and a whole-page style recalculation).
            { name: 'styles', test: /[\\/]src[\\/]web[\\/]styles\.css$/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
            { name: 'core', test: /node_modules[\\/]@tanstack[\\/]/ },
            // The page frame both entries render first (top bar, demo banner, session, API client, the
            // buttons and skeletons it uses) in one chunk instead of seven of ~1 KB: every page's first
            // requests are five scripts, not twelve (decision 049).
            {
              name: 'shell',
              test: /[\\/]src[\\/]web[\\/](lib[\\/](api|boot|query-client|title|navigation|session|toast)\.tsx?|components[\\/]layout[\\/](PageChrome|TopBar|DemoBanner)\.tsx|components[\\/]ui[\\/](cn|Spinner|Button|Skeleton)\.tsx?|features[\\/]access[\\/]queries\.ts|features[\\/]reviews[\\/]queue-query\.ts)$|vite[\\/](preload-helper|modulepreload-polyfill)/,
            },
            // The icons of the application page (and of the forms' other pages) in one chunk of ~1.5 KB instead
            // of a request of ~200 bytes each (it asked for nine; decision 062). Only these: a chunk of every
            // icon would add ~4 KB to pages that show one or two.
            {
              name: 'form-icons',
              test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](circle-check|rotate-ccw|chevron-down|external-link|lock|circle-exclamation-point|cloud-off|plus|trash)\.m?js$/,
            },
            // The form's rules both the applicant's and the admins' form pages use (question types, tables,
            // letters, uploads, limits, deadlines, change requests, profile completeness): one chunk of ~10 KB
            // instead of a request of 0.3–5 KB each (the application page asked for ten; decision 062).
            {
              name: 'rules',
              test: /[\\/]src[\\/]shared[\\/]domain[\\/](letters|tables|uploads|upload-labels|limits|applications|change-requests|deadlines|messages)\.ts$/,
            },
            // The small UI parts most pages use (badges, cards, fields, empty and error states, page
            // headers, the signed-in quick-access bar, date formatting): one chunk of ~4 KB instead of a
            // request each when a page's code loads (decision 049).
            {
              name: 'ui',
              test: /[\\/]src[\\/]web[\\/](components[\\/]ui[\\/](Badge|Card|BackLink|PageHeader|EmptyState|ErrorState|LinkButton|Field|Input|Select|Textarea|QueryStates|Notice|DecisionBadge|Stepper|LazyConfirmDialog)\.tsx|components[\\/]layout[\\/]QuickAccessBar\.tsx|features[\\/]dashboard[\\/]DashboardShell\.tsx|lib[\\/]format\.ts)$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
