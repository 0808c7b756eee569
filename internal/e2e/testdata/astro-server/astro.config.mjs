// An Astro 5 server build for astroserver_test.go: output 'server' with the
// Node adapter, base '/shop', trailingSlash 'always'; pages with
// `export const prerender = true` are files in dist/client/, the others
// rendered on demand by dist/server/. @astrojs/sitemap is its usual
// sitemap plugin, run on the same build for the comparison.
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import sitemap from '@astrojs/sitemap';

export default defineConfig({
  site: 'https://example.com',
  base: '/shop',
  trailingSlash: 'always',
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [sitemap()],
  redirects: { '/old': '/shop/about/' },
});
