const path = require('path');

// statusesToShow reads a comma-separated list of statuses.
exports.statusesToShow = (list) => (list || 'published').split(',');

// createPostPages makes a page of each post of content/posts whose
// status is one of statuses, at /log and its slug.
exports.createPostPages = async (statuses, graphql, reporter, createPage) => {
  const template = path.resolve('./src/templates/post.js');
  const result = await graphql(
    `
      {
        allMarkdownRemark(
          sort: { frontmatter: { date: ASC } }
          filter: {
            fileAbsolutePath: { regex: "/content/posts/" }
            frontmatter: { status: { in: ` +
      JSON.stringify(statuses) +
      ` } }
          }
        ) {
          nodes {
            id
            fields {
              slug
            }
          }
        }
      }
    `
  );
  if (result.errors) {
    reporter.panicOnBuild('the posts could not be read', result.errors);
    return;
  }
  result.data.allMarkdownRemark.nodes.forEach((post) => {
    createPage({
      path: '/log' + post.fields.slug,
      component: template,
      context: { id: post.id },
    });
  });
};
