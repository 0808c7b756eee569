/** @type {import('next-sitemap').IConfig} */
module.exports = {
  siteUrl: 'https://example.com',
  // Two URLs a file: an index of three parts, sitemap-0.xml to -2.xml.
  sitemapSize: 2,
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
