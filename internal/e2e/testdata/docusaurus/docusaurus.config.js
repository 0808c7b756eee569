// @ts-check
// A small Docusaurus 3 classic site: the sitemapgen tests compare their
// sitemap of its build/ with the one Docusaurus writes there.

/** @type {import('@docusaurus/types').Config} */
const config = {
  title: 'Fixture Docs',
  tagline: 'A Docusaurus site for the sitemapgen tests',
  url: 'https://example.com',
  baseUrl: '/',
  // trailingSlash is left undefined on purpose: pages are written as
  // folder/index.html and linked without the trailing slash.
  onBrokenLinks: 'warn',

  i18n: {
    defaultLocale: 'en',
    locales: ['en', 'de'],
  },

  presets: [
    [
      'classic',
      /** @type {import('@docusaurus/preset-classic').Options} */
      ({
        docs: {
          showLastUpdateTime: true,
        },
        blog: {
          showLastUpdateTime: true,
          postsPerPage: 2,
        },
        sitemap: {
          lastmod: 'date',
        },
      }),
    ],
  ],

  themeConfig:
    /** @type {import('@docusaurus/preset-classic').ThemeConfig} */
    ({
      navbar: {
        title: 'Fixture Docs',
        items: [
          {type: 'doc', docId: 'intro', label: 'Docs', position: 'left'},
          {to: '/blog', label: 'Blog', position: 'left'},
          {type: 'localeDropdown', position: 'right'},
        ],
      },
    }),
};

module.exports = config;
