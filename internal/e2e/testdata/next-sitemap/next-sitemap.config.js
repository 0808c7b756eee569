/** @type {import('next-sitemap').IConfig} */
module.exports = {
  siteUrl: 'https://example.com',
  output: 'export',
  changefreq: 'weekly',
  priority: 0.8,
  sitemapSize: 4,
  exclude: ['/private/*'],
  alternateRefs: [
    { href: 'https://example.com', hreflang: 'en' },
    { href: 'https://example.com/fr', hreflang: 'fr' },
  ],
  generateRobotsTxt: true,
  sitemapBaseFileName: 'site-map',
};
