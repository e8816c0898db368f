import type { ManifestOptions } from 'vite-plugin-pwa'
import { SHARE_TARGET_PARAMS, SHARE_TARGET_PATH } from './share-target'

/**
 * The web app manifest (vite.config.ts hands it to vite-plugin-pwa, which writes manifest.webmanifest). Beside the
 * install fields: the shortcuts an installed app offers from its icon (a long press on Android, the Dock and the shelf
 * on desktops), and the share target that puts Òwe in the system's share sheet (docs/decisions/023-every-phone.md).
 */

const SHORTCUT_ICONS = [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }]

export const WEB_MANIFEST: Partial<ManifestOptions> = {
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
  shortcuts: [
    {
      name: 'Today’s proverb',
      short_name: 'Today',
      description: 'Today’s proverbs, one from each people',
      url: '/#today-title',
      icons: SHORTCUT_ICONS,
    },
    { name: 'Review your deck', short_name: 'Review', description: 'The cards due in your deck', url: '/learn', icons: SHORTCUT_ICONS },
    {
      name: 'This week’s quiz',
      short_name: 'Quiz',
      description: 'This week’s quizzes on your peoples',
      url: '/quiz',
      icons: SHORTCUT_ICONS,
    },
    {
      name: 'Search',
      short_name: 'Search',
      description: 'Search the proverbs, with or without tone marks',
      url: '/search_result',
      icons: SHORTCUT_ICONS,
    },
  ],
  share_target: {
    action: SHARE_TARGET_PATH,
    method: 'POST',
    enctype: 'application/x-www-form-urlencoded',
    params: { ...SHARE_TARGET_PARAMS },
  },
}
