// A SvelteKit blog for sveltekit_static_test.go, built as files by
// @sveltejs/adapter-static with its defaults (build/), its posts Markdown
// files that mdsvex makes components of.
import adapter from '@sveltejs/adapter-static';
import { mdsvex } from 'mdsvex';

export default {
  extensions: ['.svelte', '.md'],
  preprocess: [mdsvex({ extensions: ['.md'] })],
  kit: {
    adapter: adapter(),
  },
};
