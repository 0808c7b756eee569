// @ts-check
// A Docusaurus 3 blog with tags for jsgens_test.go: its tag pages show
// each of their posts whole (no truncate marker), and a post's own text
// links to other posts. Its packages are those of ../docusaurus.

/** @type {import('@docusaurus/types').Config} */
const config = {
  title: 'Lamp room',
  url: 'https://example.com',
  baseUrl: '/',
  onBrokenLinks: 'warn',

  presets: [
    [
      'classic',
      /** @type {import('@docusaurus/preset-classic').Options} */
      ({
        docs: false,
        blog: {
          onUntruncatedBlogPosts: 'ignore',
        },
      }),
    ],
  ],
};

module.exports = config;
