const path = require('path');

// createSitePages makes a page of each file of content/pages whose
// status is one of statuses, at its slug.
const createSitePages = async (statuses, graphql, reporter, createPage) => {
  const template = path.resolve('./src/templates/page.js');
  const result = await graphql(`
    {
      allMarkdownRemark(
        filter: {
          fileAbsolutePath: { regex: "/content/pages/" }
          frontmatter: { status: { in: ${JSON.stringify(statuses)} } }
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
  `);
  if (result.errors) {
    reporter.panicOnBuild('the pages could not be read', result.errors);
    return;
  }
  for (const node of result.data.allMarkdownRemark.nodes) {
    createPage({ path: node.fields.slug, component: template, context: { id: node.id } });
  }
};

module.exports = { createSitePages };
