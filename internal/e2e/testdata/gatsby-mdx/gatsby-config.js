// A Gatsby 5 site over MDX for jsgens_test.go, in the shape of Gatsby's
// own MDX guide: gatsby-plugin-mdx makes each file of content/ a node,
// and gatsby-node.js makes a page of each at the path its front matter
// gives (slug), not at a createFilePath field.
module.exports = {
  siteMetadata: {
    title: 'Lamp room',
    siteUrl: 'https://example.com',
  },
  plugins: [
    {
      resolve: 'gatsby-source-filesystem',
      options: { path: `${__dirname}/content/posts`, name: 'posts' },
    },
    {
      resolve: 'gatsby-source-filesystem',
      options: { path: `${__dirname}/content/notes`, name: 'notes' },
    },
    'gatsby-plugin-mdx',
  ],
};
