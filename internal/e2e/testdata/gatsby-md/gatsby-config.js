// A Gatsby blog over Markdown for jsgens_test.go, in the shape of
// Gatsby's blog starter: gatsby-source-filesystem reads content/blog,
// gatsby-transformer-remark makes each Markdown file a node, and
// gatsby-node.js makes a page of each at its createFilePath slug.
module.exports = {
  siteMetadata: {
    title: 'Harbour log',
    siteUrl: 'https://example.com',
  },
  plugins: [
    {
      resolve: 'gatsby-source-filesystem',
      options: { path: `${__dirname}/content/blog`, name: 'blog' },
    },
    'gatsby-transformer-remark',
  ],
};
