// A SvelteKit app for sveltekit_server_test.go, built for a Node server
// (@sveltejs/adapter-node): the routes that say prerender = true are
// files in build/prerendered/, the others rendered on demand.
import adapter from '@sveltejs/adapter-node';

export default {
  kit: {
    adapter: adapter(),
    paths: { base: '/shop' },
  },
};
