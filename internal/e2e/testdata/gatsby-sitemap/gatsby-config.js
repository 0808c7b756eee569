module.exports = {
  siteMetadata: { siteUrl: 'https://example.com' },
  plugins: [
    {
      resolve: 'gatsby-plugin-sitemap',
      options: {
        excludes: ['/drafts/*'],
        entryLimit: 3,
      },
    },
  ],
};
