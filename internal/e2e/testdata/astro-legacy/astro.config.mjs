// An Astro blog for jsgens_test.go whose posts are a collection of the
// older kind (src/content/config.ts, no loader: Astro 5 loads it with a
// glob() loader of its own), routed by src/pages/posts/[...slug].astro
// by each entry's slug, through a helper module whose function calls
// another of its module's, as the fuwari theme does.
import { defineConfig } from 'astro/config';

export default defineConfig({
  site: 'https://example.com',
});
