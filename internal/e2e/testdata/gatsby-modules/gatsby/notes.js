const path = require('path');

// Makes a page of each Markdown file of the source named notes, at /notes
// and its slug.
module.exports = async (graphql, createPage) => {
  const result = await graphql(`
    {
      allFile(filter: { sourceInstanceName: { eq: "notes" }, extension: { eq: "md" } }) {
        nodes {
          childMarkdownRemark {
            id
            fields {
              slug
            }
          }
        }
      }
    }
  `);
  for (const file of result.data.allFile.nodes) {
    createPage({
      path: `/notes${file.childMarkdownRemark.fields.slug}`,
      component: path.resolve('./src/templates/page.js'),
      context: { id: file.childMarkdownRemark.id },
    });
  }
};
