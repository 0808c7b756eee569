// A VitePress site with lastUpdated, for stamps_test.go: VitePress dates
// every page of its own sitemap by its source's last commit.
import { defineConfig } from 'vitepress'

export default defineConfig({
  title: 'sitemapgen VitePress fixture',
  lastUpdated: true,
  sitemap: { hostname: 'https://example.org/' },
})
