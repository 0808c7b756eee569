/** @type {import('next-sitemap').IConfig} */
module.exports = {
  siteUrl: 'https://example.com',
  alternateRefs: [
    { href: 'https://example.com', hreflang: 'en' },
    { href: 'https://example.com/fr', hreflang: 'fr' },
  ],
  // Pages the build does not show: served by a rewrite to another app.
  additionalPaths: async (config) => [
    await config.transform(config, '/shop'),
    await config.transform(config, '/shop/cart'),
  ],
  transform: async (config, path) => ({
    loc: path,
    changefreq: path === '/' ? 'daily' : config.changefreq,
    priority: config.priority,
    lastmod: config.autoLastmod ? new Date().toISOString() : undefined,
    alternateRefs: config.alternateRefs ?? [],
  }),
};
