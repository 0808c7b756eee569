const path = require('path');

// The posts: each MDX file of content/posts at its front matter's slug,
// its body rendered by the template (?__contentFilePath).
exports.createPages = async ({ graphql, actions, reporter }) => {
  const { createPage } = actions;
  const result = await graphql(`
    {
      allMdx(
        filter: { internal: { contentFilePath: { regex: "/content/posts/" } } }
        sort: { frontmatter: { date: DESC } }
      ) {
        nodes {
          id
          frontmatter {
            slug
          }
          internal {
            contentFilePath
          }
        }
      }
    }
  `);
  if (result.errors) {
    reporter.panicOnBuild('the posts could not be read', result.errors);
    return;
  }
  const postTemplate = path.resolve('./src/templates/post.js');
  result.data.allMdx.nodes.forEach((node) => {
    createPage({
      path: node.frontmatter.slug,
      component: `${postTemplate}?__contentFilePath=${node.internal.contentFilePath}`,
      context: { id: node.id },
    });
  });
  // The home page: a template that lists the posts.
  createPage({ path: '/', component: path.resolve('./src/templates/home.js') });
  await createNotePages(graphql, createPage);
};

// The notes: each at /notes/ and its slug, its template querying the one
// note by it; and a page a category, whose template lists its notes and
// asks for one of them too (its title, above the list).
async function createNotePages(graphql, createPage) {
  const { data } = await graphql(`
    {
      allMdx(filter: { internal: { contentFilePath: { regex: "/content/notes/" } } }) {
        nodes {
          frontmatter {
            slug
            category
          }
        }
      }
    }
  `);
  const noteTemplate = path.resolve('./src/templates/note.js');
  const categoryTemplate = path.resolve('./src/templates/category.js');
  data.allMdx.nodes.forEach((node) => {
    const { slug } = node.frontmatter;
    createPage({
      path: `/notes/${slug}`,
      component: noteTemplate,
      context: { slug },
    });
    createPage({
      path: `/category/${node.frontmatter.category}`,
      component: categoryTemplate,
      context: { category: node.frontmatter.category },
    });
  });
}
