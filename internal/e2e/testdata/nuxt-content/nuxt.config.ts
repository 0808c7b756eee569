// A Nuxt 4 site for nuxtcontent_test.go, its pages Markdown files that
// @nuxt/content 3 (content.config.ts) serves through one catch-all
// page, generated as files by `nuxi generate`.
export default defineNuxtConfig({
  compatibilityDate: '2025-07-15',
  telemetry: false,
  // Nuxt 4.1's payload extraction fails to prerender the home page (an
  // unstorage key "/"): off, the pages carry their payload inline.
  experimental: { payloadExtraction: false },
  modules: ['@nuxt/content'],
  runtimeConfig: { public: { siteUrl: 'https://example.com' } },
});
