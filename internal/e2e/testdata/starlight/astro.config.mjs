// A Starlight site for jsgens_test.go: three locales (English at the
// root, German, French), a page only English has (the others publish it
// from the English file), per-locale 404 pages, lastUpdated from git and
// edit links that name each page's source.
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';

export default defineConfig({
  site: 'https://docs.example.com',
  integrations: [
    starlight({
      title: 'Lantern Manual',
      defaultLocale: 'root',
      locales: {
        root: { label: 'English', lang: 'en' },
        de: { label: 'Deutsch', lang: 'de' },
        fr: { label: 'Français', lang: 'fr' },
      },
      lastUpdated: true,
      editLink: { baseUrl: 'https://example.com/lantern/edit/main/' },
      pagefind: false,
    }),
  ],
});
