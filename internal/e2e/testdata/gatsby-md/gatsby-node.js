const path = require('path');
const { createFilePath } = require('gatsby-source-filesystem');

exports.onCreateNode = ({ node, actions, getNode }) => {
  if (node.internal.type === 'MarkdownRemark') {
    const value = createFilePath({ node, getNode });
    actions.createNodeField({ name: 'slug', node, value });
  }
};

exports.createPages = async ({ graphql, actions, reporter }) => {
  const result = await graphql(`
    {
      allMarkdownRemark(sort: { frontmatter: { date: ASC } }) {
        nodes {
          id
          fields {
            slug
          }
        }
      }
    }
  `);
  if (result.errors) {
    reporter.panicOnBuild('the posts could not be read', result.errors);
    return;
  }
  for (const post of result.data.allMarkdownRemark.nodes) {
    actions.createPage({
      path: post.fields.slug,
      component: path.resolve('./src/templates/blog-post.js'),
      context: { id: post.id },
    });
  }
};
