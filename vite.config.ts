import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { API_PREFIXES } from './src/core/api-paths'

const apiTarget = process.env.OWE_DEV_API ?? 'http://localhost:8080'

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'firebase-messaging-sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,woff2,svg,png,webmanifest}'],
        // Only the subsets most pages need are precached; other font files load (and are cached) on use.
        globIgnores: ['**/*-cyrillic*', '**/*-greek*', '**/*-devanagari*'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      includeAssets: ['favicon.svg', 'robots.txt', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Òwe — African proverbs',
        short_name: 'Òwe',
        description:
          'Traditional proverbs of the Yoruba, Igbo, Hausa, Akan, Swahili, Zulu, Amhara and Oromo peoples, in their own languages, with meanings, weekly quizzes and a leaderboard.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#1f2a5a',
        theme_color: '#1f2a5a',
        categories: ['education', 'books', 'lifestyle'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: { alias: { '@': '/src' } },
  build: { target: 'es2022', sourcemap: false, reportCompressedSize: false },
  server: {
    port: 5173,
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
})
