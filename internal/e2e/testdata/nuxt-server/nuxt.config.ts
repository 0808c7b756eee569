// A Nuxt 4 app for nuxtserver_test.go, built by `nuxi build` for a Node
// server (Nitro's node-server preset): the routes routeRules or
// nitro.prerender.routes prerender are files in .output/public/, the
// others rendered on demand by .output/server/.
export default defineNuxtConfig({
  compatibilityDate: '2025-07-15',
  telemetry: false,
  // Nuxt 4.1's payload extraction fails to prerender the home page (an
  // unstorage key ""): off, the pages carry their payload inline.
  experimental: { payloadExtraction: false },
  runtimeConfig: { public: { siteUrl: 'https://example.com' } },
  routeRules: {
    '/': { prerender: true },
    '/about': { prerender: true },
    '/private': { prerender: true },
    '/old': { redirect: '/about' },
  },
  nitro: {
    prerender: { routes: ['/blog/hello-world', '/blog/second-post'] },
  },
});
