// An Astro site for astroi18n_test.go, routed by language as many i18n
// sites are: every page under src/pages/[...lang]/, whose getStaticPaths
// make each language's pages, and the language of a guide in its file
// name (lamp-oil.en.md). Its build uses the packages of ../astro
// (Astro 5.18.2, @astrojs/sitemap 3.7.4), whose folder the other tests'
// builds share: cacheDir keeps this build's content store out of it.
import { defineConfig } from 'astro/config';
import sitemap from '@astrojs/sitemap';

export default defineConfig({
  site: 'https://example.com',
  cacheDir: './.astro/cache',
  integrations: [sitemap()],
  i18n: {
    locales: ['es', 'en'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false },
  },
});
