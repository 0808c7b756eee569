// A Gatsby blog over Markdown for jsgens_test.go whose gatsby-node.js
// makes its pages through functions of other modules, as many real
// projects split it: gatsby/posts.js publishes content/posts at
// /log/SLUG, gatsby/site-pages.js publishes content/pages at SLUG, each
// over a query filtered by the file's folder and by a status the build's
// environment lists (POST_STATUSES, "published" by default);
// gatsby/notes.js, a module that is one function, publishes the files of
// the source named notes at /notes/SLUG.
module.exports = {
  siteMetadata: {
    title: 'Harbour log',
    siteUrl: 'https://example.com',
  },
  plugins: [
    {
      resolve: 'gatsby-source-filesystem',
      options: { path: `${__dirname}/content/pages`, name: 'pages' },
    },
    {
      resolve: 'gatsby-source-filesystem',
      options: { path: `${__dirname}/content/posts`, name: 'posts' },
    },
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'notes', path: `${__dirname}/notes` },
    },
    'gatsby-transformer-remark',
  ],
};
