// An Astro site for integrations_test.go: sitemapgen/astro, the one line
// a user adds. The site, base and URL form come from the environment the
// test sets, so that sitemapgen cannot read them from this file: they
// reach it from Astro's resolved configuration only.
import { defineConfig } from 'astro/config';
import sitemapgen from 'sitemapgen/astro';

export default defineConfig({
  site: process.env.FIXTURE_SITE || undefined,
  base: process.env.FIXTURE_BASE || undefined,
  trailingSlash: process.env.FIXTURE_TRAILING_SLASH || 'ignore',
  build: { format: process.env.FIXTURE_FORMAT || 'directory' },
  integrations: [sitemapgen()],
});
