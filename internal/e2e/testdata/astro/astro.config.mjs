// An Astro site for generators_test.go: trailingSlash 'never', the
// @astrojs/sitemap integration, a noindex page, a redirect, a 404 page.
import { defineConfig } from 'astro/config';
import sitemap from '@astrojs/sitemap';

export default defineConfig({
  site: 'https://example.com',
  trailingSlash: 'never',
  integrations: [sitemap()],
  redirects: { '/old': '/about' },
});
