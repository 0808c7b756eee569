const { createFilePath } = require('gatsby-source-filesystem');

const { statusesToShow, createPostPages } = require('./gatsby/posts');
const { createSitePages } = require('./gatsby/site-pages.js');
const createNotePages = require('./gatsby/notes');

// The statuses of the Markdown files that are published.
const statuses = statusesToShow(process.env.POST_STATUSES);

exports.onCreateNode = ({ node, actions, getNode }) => {
  if (node.internal.type === 'MarkdownRemark') {
    const value = createFilePath({ node, getNode });
    actions.createNodeField({ name: 'slug', node, value });
  }
};

exports.createPages = async ({ graphql, actions, reporter }) => {
  const { createPage } = actions;
  await createSitePages(statuses, graphql, reporter, createPage);
  await createPostPages(statuses, graphql, reporter, createPage);
  await createNotePages(graphql, createPage);
};
