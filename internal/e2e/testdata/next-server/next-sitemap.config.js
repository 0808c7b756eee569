/** @type {import('next-sitemap').IConfig} */
module.exports = {
  siteUrl: 'https://example.com/shop',
};
