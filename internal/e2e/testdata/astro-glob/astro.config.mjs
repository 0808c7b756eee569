// An Astro blog for jsgens_test.go whose posts are a content
// collection with a glob() loader, routed by src/pages/posts/[...slug].astro
// through a helper module, as many blog themes do.
import { defineConfig } from 'astro/config';

export default defineConfig({
  site: 'https://example.com',
});
