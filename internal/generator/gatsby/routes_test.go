package gatsby_test

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/gatsby"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// The blog starter's shape: gatsby-config.js's plugins and
// gatsby-node.js's slug and pages.
const (
	starterConfig = `module.exports = {
  siteMetadata: { siteUrl: 'https://example.com' },
  plugins: [
    { resolve: 'gatsby-source-filesystem', options: { path: ` + "`${__dirname}/content/blog`" + `, name: 'blog' } },
    { resolve: ` + "`gatsby-source-filesystem`" + `, options: { name: ` + "`images`" + `, path: ` + "`${__dirname}/src/images`" + ` } },
    'gatsby-transformer-remark',
    'gatsby-plugin-sitemap',
  ],
};
`
	starterNode = `const path = require('path');
const { createFilePath } = require('gatsby-source-filesystem');

exports.onCreateNode = ({ node, actions, getNode }) => {
  if (node.internal.type === 'MarkdownRemark') {
    const value = createFilePath({ node, getNode });
    actions.createNodeField({ name: 'slug', node, value });
  }
};

exports.createPages = async ({ graphql, actions }) => {
  const result = await graphql(` + "`{ allMarkdownRemark { nodes { id fields { slug } } } }`" + `);
  result.data.allMarkdownRemark.nodes.forEach((post) => {
    actions.createPage({
      path: post.fields.slug,
      component: path.resolve('./src/templates/blog-post.js'),
      context: { id: post.id },
    });
  });
};
`
)

// The shape of a project whose gatsby-node.js calls the functions of
// helper modules (testdata gatsby-modules).
const (
	helpersConfig = `module.exports = {
  plugins: [
    { resolve: 'gatsby-source-filesystem', options: { path: ` + "`${__dirname}/content/pages`" + ` } },
    { resolve: 'gatsby-source-filesystem', options: { path: ` + "`${__dirname}/content/posts`" + ` } },
    'gatsby-transformer-remark',
  ],
};
`
	helpersNode = `const { createFilePath } = require('gatsby-source-filesystem');
const { statusesToShow, createPostPages } = require('./gatsby/posts');
const { createSitePages } = require('./gatsby/site-pages.js');
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
};
`
	helpersPosts = `const path = require('path');
exports.statusesToShow = (list) => (list || 'published').split(',');
exports.createPostPages = async (statuses, graphql, reporter, createPage) => {
  const result = await graphql(
    ` + "`{ allMarkdownRemark(filter: { fileAbsolutePath: { regex: \"/content/posts/\" }, frontmatter: { status: { in: `" + ` + JSON.stringify(statuses) + ` + "` } } }) { nodes { id fields { slug } } } }`" + `
  );
  result.data.allMarkdownRemark.nodes.forEach((post) => {
    createPage({ path: '/log' + post.fields.slug, component: path.resolve('./src/templates/post.js') });
  });
};
`
	helpersPages = `const createSitePages = async (statuses, graphql, reporter, createPage) => {
  const result = await graphql(` + "`{ allMarkdownRemark(filter: { fileAbsolutePath: { regex: \"/content/pages/\" }, frontmatter: { status: { in: ${JSON.stringify(statuses)} } } }) { nodes { id fields { slug } } } }`" + `);
  for (const node of result.data.allMarkdownRemark.nodes) {
    createPage({ path: node.fields.slug, component: 'src/templates/page.js' });
  }
};
module.exports = { createSitePages };
`
)

// mdxConfig reads content/blog's MDX files.
const mdxConfig = `module.exports = { plugins: [{ resolve: 'gatsby-source-filesystem', options: { path: ` + "`${__dirname}/content/blog`" + ` } }, 'gatsby-plugin-mdx'] };
`

// post is a Markdown post.
const post = "---\ntitle: Post\ndate: 2024-01-01\n---\nText.\n"

// TestReadPosts is the table of gatsby-config and gatsby-node shapes:
// which folders' Markdown files are posts, and how they are routed; and
// the shapes that must not be joined.
func TestReadPosts(t *testing.T) {
	md := []string{".markdown", ".md"}
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  []gatsby.PostFolder
		mdx   bool
	}{
		{
			name:  "the blog starter",
			files: map[string]string{"gatsby-config.js": starterConfig, "gatsby-node.js": starterNode, "content/blog/a/index.md": post, "src/images/a.png": ""},
			want: []gatsby.PostFolder{
				{Dir: "content/blog", Exts: md, Slug: gatsby.Slug{BasePath: "src/pages"}},
			},
		},
		{
			name: "basePath, trailingSlash: false, a literal prefix, MDX, an ESM config",
			files: map[string]string{
				"gatsby-config.mjs": `import path from 'path';
export default {
  plugins: [
    { resolve: 'gatsby-source-filesystem', options: { path: './posts', name: 'posts' } },
    { resolve: 'gatsby-plugin-mdx', options: { extensions: ['.mdx', '.md'] } },
  ],
};
`,
				"posts/posts/tide.mdx": post,
				"gatsby-node.mjs": `import { createFilePath } from 'gatsby-source-filesystem';
export const onCreateNode = ({ node, actions, getNode }) => {
  if (node.internal.type === 'Mdx') {
    actions.createNodeField({ name: 'slug', node, value: createFilePath({ node, getNode, basePath: 'posts', trailingSlash: false }) });
  }
};
export const createPages = async ({ graphql, actions: { createPage } }) => {
  const { data } = await graphql('{ allMdx { nodes { fields { slug } } } }');
  for (const node of data.allMdx.nodes) {
    createPage({ path: ` + "`/blog${node.fields.slug}`" + `, component: 'src/templates/post.js' });
  }
};
`},
			want: []gatsby.PostFolder{{Dir: "posts", Exts: []string{".md", ".mdx"}, Slug: gatsby.Slug{BasePath: "posts", NoSlash: true, Prefix: "/blog"}}},
			mdx:  true,
		},
		{
			name: "a file-system route over the slug",
			files: map[string]string{
				"gatsby-config.js": `module.exports = { plugins: ['gatsby-transformer-remark', { resolve: 'gatsby-source-filesystem', options: { path: 'content' } }] }`,
				"gatsby-node.js": `const { createFilePath } = require('gatsby-source-filesystem')
exports.onCreateNode = ({ node, getNode, actions }) => {
  if (node.internal.type === 'MarkdownRemark') {
    const slug = createFilePath({ node, getNode })
    actions.createNodeField({ node, name: 'slug', value: slug })
  }
}
`,
				"src/pages/notes/{MarkdownRemark.fields__slug}.js": "export default function Note() { return null }",
				"content/lamp.md": post,
			},
			want: []gatsby.PostFolder{{Dir: "content", Exts: md, Slug: gatsby.Slug{BasePath: "src/pages", Prefix: "/notes", Slugify: true}}},
		},
		{
			name: "createPage in the helper modules gatsby-node.js requires, each over a query of one folder",
			files: map[string]string{
				"gatsby-config.js":           helpersConfig,
				"gatsby-node.js":             helpersNode,
				"gatsby/posts.js":            helpersPosts,
				"gatsby/site-pages.js":       helpersPages,
				"content/posts/a/index.md":   post,
				"content/pages/about.md":     post,
				"content/posts/b.markdown":   post,
				"content/pages/img/logo.png": "",
			},
			want: []gatsby.PostFolder{
				{Dir: "content/pages", Exts: md, Slug: gatsby.Slug{BasePath: "src/pages"}, Filter: "content/pages"},
				{Dir: "content/posts", Exts: md, Slug: gatsby.Slug{BasePath: "src/pages", Prefix: "/log"}, Filter: "content/posts"},
			},
		},
		{
			name: "a prefix joined by +, in gatsby-node.js itself",
			files: map[string]string{
				"gatsby-config.js":  starterConfig,
				"gatsby-node.js":    strings.Replace(starterNode, "path: post.fields.slug", "path: '/blog' + post.fields.slug", 1),
				"content/blog/a.md": post,
			},
			want: []gatsby.PostFolder{{Dir: "content/blog", Exts: md, Slug: gatsby.Slug{BasePath: "src/pages", Prefix: "/blog"}}},
		},
		{
			name: "a helper bound whole, whose export calls a function of its own",
			files: map[string]string{
				"gatsby-config.js": starterConfig,
				"gatsby-node.mjs": `import { createFilePath } from 'gatsby-source-filesystem';
import * as pages from './lib/pages.mjs';
export const onCreateNode = ({ node, actions, getNode }) => {
  if (node.internal.type === 'MarkdownRemark') actions.createNodeField({ node, name: 'slug', value: createFilePath({ node, getNode }) });
};
export const createPages = (api) => pages.make(api);
`,
				"lib/pages.mjs": `const one = (createPage, post) => createPage({ path: ` + "`/notes${post.fields.slug}`" + `, component: 'x' });
export async function make({ graphql, actions }) {
  const { data } = await graphql('{ allMarkdownRemark { nodes { fields { slug } } } }');
  data.allMarkdownRemark.nodes.forEach((post) => one(actions.createPage, post));
}
`,
				"content/blog/a.md": post,
			},
			want: []gatsby.PostFolder{{Dir: "content/blog", Exts: md, Slug: gatsby.Slug{BasePath: "src/pages", Prefix: "/notes"}}},
		},
		{
			name: "a query of all nodes beside one of a folder: its pages' files are both's (TestURLs)",
			files: map[string]string{
				"gatsby-config.js":       helpersConfig,
				"gatsby-node.js":         helpersNode,
				"gatsby/posts.js":        strings.ReplaceAll(helpersPosts, `fileAbsolutePath: { regex: "/content/posts/" }, `, ""),
				"gatsby/site-pages.js":   helpersPages,
				"content/posts/a.md":     post,
				"content/pages/about.md": post,
			},
			want: []gatsby.PostFolder{
				{Dir: "content/pages", Exts: md, Slug: gatsby.Slug{BasePath: "src/pages", Prefix: "/log"}},
				{Dir: "content/pages", Exts: md, Slug: gatsby.Slug{BasePath: "src/pages"}, Filter: "content/pages"},
				{Dir: "content/posts", Exts: md, Slug: gatsby.Slug{BasePath: "src/pages", Prefix: "/log"}},
			},
		},
		{
			name: "an API of gatsby-node.js that is a module, module.exports = a function",
			files: map[string]string{
				"gatsby-config.js": starterConfig,
				"gatsby-node.js": `const { createFilePath } = require('gatsby-source-filesystem');
exports.onCreateNode = ({ node, actions, getNode }) => {
  const value = createFilePath({ node, getNode });
  actions.createNodeField({ name: 'slug', node, value });
};
exports.createPages = require('./gatsby/create-pages');
`,
				"gatsby/create-pages.js": `module.exports = async ({ graphql, actions }) => {
  const { data } = await graphql('{ allMarkdownRemark { nodes { fields { slug } } } }');
  data.allMarkdownRemark.nodes.forEach((post) => actions.createPage({ path: '/notes' + post.fields.slug, component: 'x' }));
};
`,
				"content/blog/a.md": post,
			},
			want: []gatsby.PostFolder{{Dir: "content/blog", Exts: md, Slug: gatsby.Slug{BasePath: "src/pages", Prefix: "/notes"}}},
		},
		// Not joined.
		{
			name: "two prefixes, one query's filter not known",
			files: map[string]string{
				"gatsby-config.js":     helpersConfig,
				"gatsby-node.js":       helpersNode,
				"gatsby/posts.js":      strings.ReplaceAll(helpersPosts, `regex: "/content/posts/"`, `regex: "/content/${dir}/"`),
				"gatsby/site-pages.js": helpersPages,
				"content/posts/a.md":   post,
			},
		},
		{
			name: "two prefixes, createPage in functions that make no query",
			files: map[string]string{
				"gatsby-config.js": helpersConfig,
				"gatsby-node.js":   helpersNode,
				"gatsby/posts.js": `const page = (createPage, post) => createPage({ path: '/log' + post.fields.slug, component: 'x' });
exports.statusesToShow = (list) => [list];
exports.createPostPages = async (statuses, graphql, reporter, createPage) => {
  const result = await graphql('{ allMarkdownRemark(filter: { fileAbsolutePath: { regex: "/content/posts/" } }) { nodes { fields { slug } } } }');
  result.data.allMarkdownRemark.nodes.forEach((post) => page(createPage, post));
};
`,
				"gatsby/site-pages.js": helpersPages,
				"content/posts/a.md":   post,
			},
		},
		{
			name: "filters with groups and alternatives",
			files: map[string]string{
				"gatsby-config.js":       helpersConfig,
				"gatsby-node.js":         helpersNode,
				"gatsby/posts.js":        strings.ReplaceAll(helpersPosts, `"/content/posts/"`, `"/(posts|journal)/"`),
				"gatsby/site-pages.js":   strings.ReplaceAll(helpersPages, `"/content/pages/"`, `"/pages/.+/"`),
				"content/posts/a.md":     post,
				"content/pages/about.md": post,
			},
			want: []gatsby.PostFolder{
				{Dir: "content/pages", Exts: md, Slug: gatsby.Slug{BasePath: "src/pages"}, Filter: "pages/.+"},
				{Dir: "content/posts", Exts: md, Slug: gatsby.Slug{BasePath: "src/pages", Prefix: "/log"}, Filter: "(posts|journal)"},
			},
		},
		{
			name: "gatsby-plugin-mdx 5's contentFilePath",
			files: map[string]string{
				"gatsby-config.js": `module.exports = { plugins: ['gatsby-plugin-mdx', { resolve: 'gatsby-source-filesystem', options: { path: './content' } }] }`,
				"gatsby-node.js": `const { createFilePath } = require('gatsby-source-filesystem');
exports.onCreateNode = ({ node, actions, getNode }) => {
  if (node.internal.type === 'Mdx') actions.createNodeField({ node, name: 'slug', value: createFilePath({ node, getNode }) });
};
exports.createPages = async ({ graphql, actions }) => {
  const posts = await graphql('{ allMdx(filter: { internal: { contentFilePath: { regex: "/content/posts/" } } }) { nodes { fields { slug } } } }');
  posts.data.allMdx.nodes.forEach((n) => actions.createPage({ path: ` + "`/posts${n.fields.slug}`" + `, component: 'x' }));
  await pages(graphql, actions.createPage);
};
async function pages(graphql, createPage) {
  const r = await graphql('{ allMdx(filter: { internal: { contentFilePath: { regex: "/content/pages/" } } }) { nodes { fields { slug } } } }');
  r.data.allMdx.nodes.forEach((n) => createPage({ path: n.fields.slug, component: 'y' }));
}
`,
				"content/posts/a.mdx": post,
				"content/pages/b.mdx": post,
			},
			want: []gatsby.PostFolder{
				{Dir: "content", Exts: []string{".mdx"}, Slug: gatsby.Slug{BasePath: "src/pages", Prefix: "/posts"}, Filter: "content/posts"},
				{Dir: "content", Exts: []string{".mdx"}, Slug: gatsby.Slug{BasePath: "src/pages"}, Filter: "content/pages"},
			},
			mdx: true,
		},
		{
			name: "allFile's queries of two sources by name",
			files: map[string]string{
				"gatsby-config.js": `module.exports = { plugins: [
  'gatsby-transformer-remark',
  { resolve: 'gatsby-source-filesystem', options: { name: 'projects', path: ` + "`${__dirname}/projects`" + ` } },
  { resolve: 'gatsby-source-filesystem', options: { path: './notes', name: 'notes' } },
] }`,
				"gatsby-node.js": `const { createFilePath } = require('gatsby-source-filesystem');
exports.onCreateNode = ({ node, actions, getNode }) => {
  if (node.internal.type === 'MarkdownRemark') actions.createNodeField({ node, name: 'slug', value: createFilePath({ node, getNode }) });
};
exports.createPages = async ({ graphql, actions }) => {
  await projects(graphql, actions.createPage);
  await notes(graphql, actions.createPage);
};
async function projects(graphql, createPage) {
  const r = await graphql(` + "`{ allFile(filter: { sourceInstanceName: { eq: \"projects\" }, extension: { eq: \"md\" } }) { nodes { childMarkdownRemark { fields { slug } } } } }`" + `);
  r.data.allFile.nodes.forEach((n) => createPage({ path: ` + "`/work${n.childMarkdownRemark.fields.slug}`" + `, component: 'x' }));
}
async function notes(graphql, createPage) {
  const r = await graphql(` + "`{ allFile(filter: { sourceInstanceName: { eq: \"notes\" } }) { nodes { childMarkdownRemark { fields { slug } } } } }`" + `);
  r.data.allFile.nodes.forEach((n) => createPage({ path: n.childMarkdownRemark.fields.slug, component: 'y' }));
}
`,
				"projects/lamp.md": post,
				"notes/tide.md":    post,
			},
			want: []gatsby.PostFolder{
				{Dir: "projects", Exts: md, Slug: gatsby.Slug{BasePath: "src/pages", Prefix: "/work"}},
				{Dir: "notes", Exts: md, Slug: gatsby.Slug{BasePath: "src/pages"}},
			},
		},
		{
			name: "a filter of a form JavaScript and Go read differently",
			files: map[string]string{
				"gatsby-config.js":     helpersConfig,
				"gatsby-node.js":       helpersNode,
				"gatsby/posts.js":      strings.ReplaceAll(helpersPosts, `"/content/posts/"`, `"/(?=content)content/posts/"`),
				"gatsby/site-pages.js": helpersPages,
				"content/posts/a.md":   post,
			},
		},
		{
			name: "a folder's filter that is no literal path",
			files: map[string]string{
				"gatsby-config.js":     helpersConfig,
				"gatsby-node.js":       helpersNode,
				"gatsby/posts.js":      strings.ReplaceAll(helpersPosts, `"/content/posts/"`, `"/^content\\/posts/"`),
				"gatsby/site-pages.js": helpersPages,
				"content/posts/a.md":   post,
			},
		},
		{
			name: "a helper module that is not required",
			files: map[string]string{
				"gatsby-config.js":   helpersConfig,
				"gatsby-node.js":     strings.ReplaceAll(helpersNode, "await createPostPages(statuses, graphql, reporter, createPage);", ""),
				"gatsby/posts.js":    helpersPosts,
				"content/posts/a.md": post,
			},
		},
		{
			name: "a slug from front matter",
			files: map[string]string{
				"gatsby-config.js": starterConfig,
				"gatsby-node.js": `exports.onCreateNode = ({ node, actions }) => {
  if (node.internal.type === 'MarkdownRemark') {
    actions.createNodeField({ name: 'slug', node, value: node.frontmatter.slug });
  }
};
exports.createPages = async ({ graphql, actions }) => {
  (await graphql('{}')).data.allMarkdownRemark.nodes.forEach((post) => actions.createPage({ path: post.fields.slug, component: 'x' }));
};
`},
		},
		{
			name: "createFilePath's slug under a prefix it computes",
			files: map[string]string{
				"gatsby-config.js": starterConfig,
				"gatsby-node.js": `const { createFilePath } = require('gatsby-source-filesystem');
exports.onCreateNode = ({ node, actions, getNode }) => {
  const value = createFilePath({ node, getNode });
  actions.createNodeField({ name: 'slug', node, value });
};
exports.createPages = async ({ actions }) => {
  posts.forEach((post) => actions.createPage({ path: ` + "`/${post.frontmatter.lang}${post.fields.slug}`" + `, component: 'x' }));
};
`},
		},
		{
			name: "a path that ends in the slug field but is an expression",
			files: map[string]string{
				"gatsby-config.js":  starterConfig,
				"gatsby-node.js":    strings.Replace(starterNode, "path: post.fields.slug", "path: post.frontmatter.path || post.fields.slug", 1),
				"content/blog/a.md": post,
			},
		},
		{
			name: "a basePath that is no literal",
			files: map[string]string{
				"gatsby-config.js": starterConfig,
				"gatsby-node.js":   `const base = process.env.BASE; exports.onCreateNode = ({ node, actions, getNode }) => { const value = createFilePath({ node, getNode, basePath: base }); actions.createNodeField({ name: 'slug', node, value }) }; exports.createPages = ({ actions }) => actions.createPage({ path: post.fields.slug })`,
			},
		},
		{
			name: "a path from front matter, as Gatsby's MDX guide writes it",
			files: map[string]string{
				"gatsby-config.js":   mdxConfig,
				"content/blog/a.mdx": post,
				"gatsby-node.js": `const path = require('path');
exports.createPages = async ({ graphql, actions }) => {
  const result = await graphql(` + "`{ allMdx { nodes { id frontmatter { slug } internal { contentFilePath } } } }`" + `);
  const postTemplate = path.resolve('./src/templates/post.js');
  result.data.allMdx.nodes.forEach((node) => {
    actions.createPage({ path: node.frontmatter.slug, component: ` + "`${postTemplate}?__contentFilePath=${node.internal.contentFilePath}`" + `, context: { id: node.id } });
  });
  actions.createPage({ path: '/', component: path.resolve('./src/templates/home.js') });
};
`},
			want: []gatsby.PostFolder{{Dir: "content/blog", Exts: []string{".mdx"}, Slug: gatsby.Slug{Key: "slug"}}},
			mdx:  true,
		},
		{
			name: "a prefix and a name bound to front matter; a template of one node, another of a category's",
			files: map[string]string{
				"gatsby-config.js":   starterConfig,
				"content/blog/a.md":  post,
				"src/templates/n.js": "export const query = graphql`query ($slug: String!) { markdownRemark(frontmatter: { slug: { eq: $slug } }) { html } }`;\n",
				"src/templates/c.js": "export const query = graphql`query ($c: String!) { allMarkdownRemark(filter: { frontmatter: { category: { eq: $c } } }) { nodes { id } } }`;\n",
				"gatsby-node.js": `const path = require('path');
const noteTemplate = path.resolve('./src/templates/n.js');
exports.createPages = async ({ graphql, actions: { createPage } }) => {
  const { data } = await graphql(` + "`{ allMarkdownRemark { nodes { frontmatter { slug category } } } }`" + `);
  data.allMarkdownRemark.nodes.forEach((node) => {
    const { slug } = node.frontmatter;
    createPage({ path: ` + "`/notes/${slug}`" + `, component: noteTemplate, context: { slug } });
    createPage({ path: '/category/' + node.frontmatter.category, component: require.resolve('./src/templates/c.js'), context: { c: node.frontmatter.category } });
  });
};
`},
			want: []gatsby.PostFolder{{Dir: "content/blog", Exts: md, Slug: gatsby.Slug{Key: "slug", Prefix: "/notes/"}}},
		},
		{
			name: "a category's template that lists its posts and asks for one of them too",
			files: map[string]string{
				"gatsby-config.js":   starterConfig,
				"content/blog/a.md":  post,
				"src/templates/n.js": "export const query = graphql`query ($slug: String!) { markdownRemark(frontmatter: { slug: { eq: $slug } }) { html } }`;\n",
				"src/templates/c.js": "export const query = graphql`query ($c: String!) { allMarkdownRemark(filter: { frontmatter: { category: { eq: $c } } }) { nodes { id } }\n markdownRemark(frontmatter: { category: { eq: $c } }) { html } }`;\n",
				"gatsby-node.js": `exports.createPages = async ({ graphql, actions: { createPage } }) => {
  const { data } = await graphql(` + "`{ allMarkdownRemark { nodes { frontmatter { slug category } } } }`" + `);
  data.allMarkdownRemark.nodes.forEach((node) => {
    createPage({ path: ` + "`/article/${node.frontmatter.slug}`" + `, component: require.resolve(` + "`./src/templates/n.js`" + `), context: { slug: node.frontmatter.slug } });
    createPage({ path: ` + "`/category/${node.frontmatter.category}`" + `, component: require.resolve(` + "`./src/templates/c.js`" + `), context: { c: node.frontmatter.category } });
  });
};
`},
			want: []gatsby.PostFolder{{Dir: "content/blog", Exts: md, Slug: gatsby.Slug{Key: "slug", Prefix: "/article/"}}},
		},
		{
			name: "a page of front matter that is no node's page",
			files: map[string]string{
				"gatsby-config.js":  starterConfig,
				"content/blog/a.md": post,
				"gatsby-node.js": `exports.createPages = async ({ graphql, actions }) => {
  (await graphql('{ allMarkdownRemark { nodes { frontmatter { tag } } } }')).data.allMarkdownRemark.nodes.forEach((node) => actions.createPage({ path: ` + "`/tags/${node.frontmatter.tag}`" + `, component: 'src/templates/tag.js', context: { tag: node.frontmatter.tag } }));
};
`},
		},
		{
			name:  "no Markdown plugin",
			files: map[string]string{"gatsby-config.js": `module.exports = { plugins: [{ resolve: 'gatsby-source-filesystem', options: { path: './content' } }] }`, "gatsby-node.js": starterNode},
		},
		{
			name:  "a folder outside the project",
			files: map[string]string{"gatsby-config.js": "module.exports = { plugins: ['gatsby-transformer-remark', { resolve: 'gatsby-source-filesystem', options: { path: `${__dirname}/../common/posts` } }] }", "gatsby-node.js": starterNode},
		},
		{
			name:  "a folder named by a variable",
			files: map[string]string{"gatsby-config.js": "const dir = process.env.POSTS\nmodule.exports = { plugins: ['gatsby-transformer-remark', { resolve: 'gatsby-source-filesystem', options: { path: dir } }] }", "gatsby-node.js": starterNode},
		},
		{
			name:  "no gatsby-node.js",
			files: map[string]string{"gatsby-config.js": starterConfig},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			config := ""
			for name, data := range tc.files {
				fsys[name] = &fstest.MapFile{Data: []byte(data)}
				if strings.HasPrefix(name, "gatsby-config.") {
					config = name
				}
			}
			got, mdx, read := gatsby.ReadPosts(fsys, config, limits.Default)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("posts %+v, want %+v", got, tc.want)
			}
			if mdx != tc.mdx {
				t.Errorf("MDX %v, want %v", mdx, tc.mdx)
			}
			if !slices.Contains(read, config) {
				t.Errorf("read %q, not %s", read, config)
			}
		})
	}
}

// TestURLs: src/pages's files as folders, posts at their createFilePath
// slugs (the examples of testdata gatsby-md), with basePath, no trailing
// slash and a prefix, and a file-system route's slugified path.
func TestURLs(t *testing.T) {
	p := &gatsby.Preset{Posts: []gatsby.PostFolder{
		{Dir: "content/blog", Exts: []string{".md"}, Slug: gatsby.Slug{BasePath: "src/pages"}},
		{Dir: "posts", Exts: []string{".mdx"}, Slug: gatsby.Slug{BasePath: "posts", NoSlash: true, Prefix: "/blog"}},
		{Dir: "notes", Exts: []string{".md"}, Slug: gatsby.Slug{BasePath: "src/pages", Prefix: "/notes", Slugify: true}},
	}}
	gentest.CheckRoutes(t, p, []gentest.RouteCase{
		{Path: "content/blog/storm-log.md", Want: "/storm-log/"},
		{Path: "content/blog/first-watch/index.md", Want: "/first-watch/"},
		{Path: "content/blog/2023/old-lens/index.md", Want: "/2023/old-lens/"},
		{Path: "content/blog/Harbour Notes.md", Want: "/Harbour Notes/"},
		{Path: "content/blog/index.md", Want: "/"},
		{Path: "content/blog/photo.jpg", Want: ""},
		{Path: "posts/posts/tide.mdx", Want: "/blog/tide"},
		{Path: "posts/tide.mdx", Want: "/blog/tide"},
		{Path: "posts/tide.md", Want: ""},
		{Path: "notes/lamp.md", Want: "/notes/lamp/"},
		{Path: "notes/Lamp Room.md", Want: "/notes/lamp-room/"}, // as the real build slugified it
		{Path: "notes/fogHorn & Bell.md", Want: "/notes/fog-horn-and-bell/"},
		{Path: "notes/sub/index.md", Want: "/notes/sub/"},
		{Path: "notes/Phare à Brest.md", Want: ""}, // transliterated by slugify: not joined
		{Path: "src/pages/index.js", Want: "/"},
		{Path: "src/pages/about.tsx", Want: "/about/"},
		{Path: "src/pages/blog/index.jsx", Want: "/blog/"},
		{Path: "src/pages/404.js", Want: ""},
		{Path: "src/pages/_layout.js", Want: ""},
		{Path: "src/pages/template-post.js", Want: ""},
		{Path: "src/pages/about.test.js", Want: ""},
		{Path: "src/pages/__tests__/about.js", Want: ""},
		{Path: "src/pages/types.d.ts", Want: ""},
		{Path: "src/pages/app/[...].js", Want: ""},
		{Path: "src/pages/notes/{MarkdownRemark.fields__slug}.js", Want: ""},
		{Path: "src/pages/data.json", Want: ""},
		{Path: "src/pages/guide.mdx", Want: ""},
		{Path: "src/templates/blog-post.js", Want: ""},
	})
	if r := p.FileRules("content/blog/storm-log.md").Reading; !r.Read || !r.Dates || r.Drafts {
		t.Errorf("FrontMatter(content/blog/storm-log.md) = %+v, want its dates read, drafts left to the query", r)
	}
	if r := p.FileRules("src/pages/index.js").Reading; r.Read {
		t.Errorf("FrontMatter(src/pages/index.js) = %+v, want none: a page of code", r)
	}
	if got := p.Rules().Sources.Describe("", "Gatsby"); got != "src/pages, content/blog, posts, notes (Gatsby)" {
		t.Errorf("Folders() = %q", got)
	}
	mdx := &gatsby.Preset{MDX: true}
	if u, ok := mdx.URLPath(pageOf("src/pages/guide.mdx")); !ok || u != "/guide/" {
		t.Errorf("an MDX page with gatsby-plugin-mdx: %q %v, want /guide/", u, ok)
	}
}

// TestURLsFiltered: the posts of folders whose pages' queries filter
// them by fileAbsolutePath (testdata gatsby-modules): each file at the
// URL of the rule whose filter matches it; a file two rules give two
// URLs is not joined, nor one no rule matches.
func TestURLsFiltered(t *testing.T) {
	md := []string{".md"}
	p := &gatsby.Preset{Posts: []gatsby.PostFolder{
		{Dir: "notes", Exts: md, Slug: gatsby.Slug{BasePath: "src/pages", Prefix: "/n"}, Filter: "/(field|desk)/.*[.]?md$"},
		{Dir: "content", Exts: md, Slug: gatsby.Slug{BasePath: "src/pages", Prefix: "/log"}, Filter: "content/posts"},
		{Dir: "content", Exts: md, Slug: gatsby.Slug{BasePath: "src/pages"}, Filter: "content/pages"},
		{Dir: "content", Exts: md, Slug: gatsby.Slug{BasePath: "src/pages", Prefix: "/all"}, Filter: "content/both"},
		{Dir: "content", Exts: md, Slug: gatsby.Slug{BasePath: "src/pages"}, Filter: "both"},
	}}
	gentest.CheckRoutes(t, p, []gentest.RouteCase{
		{Path: "content/posts/storm-log/index.md", Want: "/log/posts/storm-log/"},
		{Path: "content/pages/about.md", Want: "/pages/about/"},
		{Path: "content/both/x.md", Want: ""},
		{Path: "content/other/x.md", Want: ""},
		{Path: "notes/field/a.md", Want: "/n/field/a/"},
		{Path: "notes/desk/b.md", Want: "/n/desk/b/"},
		{Path: "notes/shelf/c.md", Want: ""},
		{Path: "src/pages/about.js", Want: "/about/"},
	})
	if r := p.FileRules("content/other/x.md").Reading; r.Read {
		t.Errorf("FrontMatter(content/other/x.md) = %+v, want none: no query's file", r)
	}
	if got := p.Rules().Sources.Describe("", "Gatsby"); got != "src/pages, notes, content (Gatsby)" {
		t.Errorf("Folders() = %q", got)
	}
}

func pageOf(p string) generator.Page { return generator.Page{Path: p} }

// TestListPages: a page of src/pages whose page query asks for every
// post (a blog's home over allMarkdownRemark) is a list, when there are
// posts; one that asks for one node, or for none, is not.
func TestListPages(t *testing.T) {
	fsys := fstest.MapFS{
		"gatsby-config.js":      {Data: []byte(starterConfig)},
		"gatsby-node.js":        {Data: []byte(starterNode)},
		"content/blog/a.md":     {Data: []byte(post)},
		"src/pages/index.js":    {Data: []byte("export const query = graphql`{ allMarkdownRemark(sort: { frontmatter: { date: DESC } }) { nodes { id } } }`;\n")},
		"src/pages/about.js":    {Data: []byte("export const query = graphql`{ site { siteMetadata { title } } }`;\n")},
		"src/pages/one.js":      {Data: []byte("export const query = graphql`{ markdownRemark(id: { eq: \"x\" }) { html } }`;\n")},
		"src/pages/_partial.js": {Data: []byte("export const query = graphql`{ allMarkdownRemark { nodes { id } } }`;\n")},
		"src/pages/no-query.js": {Data: []byte("// allMarkdownRemark, but no query\n")},
	}
	p := &gatsby.Preset{Config: "gatsby-config.js"}
	p.ReadFolder(generator.Folder{Settings: fsys, Content: fsys, Limits: limits.Default})
	if !slices.Equal(p.Lists, []string{"src/pages/index.js"}) {
		t.Errorf("Lists = %q", p.Lists)
	}
	if sourced := p.Rules().Pages.Lists.Sourced; sourced == nil || !sourced("src/pages/index.js") || sourced("src/pages/about.js") {
		t.Error("the home that lists the posts is not a list, or another page is")
	}
}

// TestURLsFromFrontMatter: posts at the path their front matter's key
// gives (createPage({ path: node.frontmatter.slug })), after a prefix,
// as Gatsby writes them: "/" before a path without it, a folder's "/"
// after it. A post without the key, or a path with ".." or "//", has
// none.
func TestURLsFromFrontMatter(t *testing.T) {
	p := &gatsby.Preset{Posts: []gatsby.PostFolder{
		{Dir: "content/posts", Exts: []string{".mdx"}, Slug: gatsby.Slug{Key: "slug"}},
		{Dir: "content/notes", Exts: []string{".md"}, Slug: gatsby.Slug{Key: "slugNew", Prefix: "/notes/"}},
	}}
	for _, c := range []struct {
		path, key, value, want string
	}{
		{"content/posts/a.mdx", "slug", "/lamp-oil", "/lamp-oil/"},
		{"content/posts/a.mdx", "slug", "old-lens", "/old-lens/"},
		{"content/posts/a.mdx", "slug", "/care/wick/", "/care/wick/"},
		{"content/posts/a.mdx", "slug", "/a/../b", ""},
		{"content/posts/a.mdx", "slug", "/a//b", ""},
		{"content/posts/a.mdx", "title", "/x", ""},
		{"content/notes/tides.md", "slugnew", "tides", "/notes/tides/"},
		{"content/notes/tides.md", "slugnew", "", ""},
	} {
		got, ok := p.URLPath(generator.Page{Path: c.path, Terms: map[string][]string{c.key: {c.value}}})
		if !ok {
			got = ""
		}
		if got != c.want {
			t.Errorf("%s with %s: %q: %q, want %q", c.path, c.key, c.value, got, c.want)
		}
	}
	if terms := p.FileRules("content/notes/tides.md").Terms; !slices.Equal(terms, []string{"slug", "slugnew"}) {
		t.Errorf("the keys read of a post: %q", terms)
	}
}

// TestSlugify: the slugs of @sindresorhus/slugify 1.1.2, the version
// Gatsby 5.16's file-system routes call, for the same text (each
// printed by it under Node 20).
func TestSlugify(t *testing.T) {
	for in, want := range map[string]string{
		"Lamp Room": "lamp-room", "fogHorn & Bell": "fog-horn-and-bell", "HTMLParser2x": "html-parser2x",
		"ABC123 def": "abc-123-def", "a--b__c": "a-b-c", "  -x- ": "x", "iOS10Update": "i-os-10-update",
	} {
		p := &gatsby.Preset{Posts: []gatsby.PostFolder{{Dir: "c", Exts: []string{".md"}, Slug: gatsby.Slug{BasePath: "src/pages", Slugify: true}}}}
		if got, ok := p.URLPath(pageOf("c/" + in + ".md")); !ok || got != "/"+want+"/" {
			t.Errorf("%q: %q %v, want /%s/", in, got, ok, want)
		}
	}
}

// TestReadPostsHelpers: the helper modules gatsby-node.js requires are
// among the files read (watch mode starts again on them), followed
// through module.exports and exports.API = require(…); one past
// limits.js_tokens, not found, or required in a way not followed here,
// is not read, and no post is joined: what its code makes is not known.
// A module of data (.json) is no code.
func TestReadPostsHelpers(t *testing.T) {
	fsys := fstest.MapFS{
		"gatsby-config.js":     {Data: []byte(helpersConfig)},
		"gatsby-node.js":       {Data: []byte(helpersNode)},
		"gatsby/posts.js":      {Data: []byte(helpersPosts)},
		"gatsby/site-pages.js": {Data: []byte(helpersPages)},
		"content/posts/a.md":   {Data: []byte(post)},
		"content/pages/b.md":   {Data: []byte(post)},
	}
	posts, _, read := gatsby.ReadPosts(fsys, "gatsby-config.js", limits.Default)
	if len(posts) != 2 {
		t.Errorf("posts %+v, want content/pages and content/posts", posts)
	}
	for _, want := range []string{"gatsby-config.js", "gatsby-node.js", "gatsby/posts.js", "gatsby/site-pages.js"} {
		if !slices.Contains(read, want) {
			t.Errorf("read %q, not %s", read, want)
		}
	}

	// A module of data it requires is no code.
	fsys["gatsby-node.js"] = &fstest.MapFile{Data: []byte("const site = require('./site.json');\nconst base = site.base;\n" + helpersNode)}
	if posts, _, _ := gatsby.ReadPosts(fsys, "gatsby-config.js", limits.Default); len(posts) != 2 {
		t.Errorf("gatsby-node.js requiring ./site.json: posts %+v, want content/pages and content/posts", posts)
	}
	// A module it requires that is not there.
	fsys["gatsby-node.js"] = &fstest.MapFile{Data: []byte("const { more } = require('./gatsby/more');\nmore();\n" + helpersNode)}
	if posts, _, _ := gatsby.ReadPosts(fsys, "gatsby-config.js", limits.Default); len(posts) != 0 {
		t.Errorf("a helper not found: posts %+v, want none joined", posts)
	}
	// Helpers followed further: a module whose value is a function (it
	// makes no page here, so content/pages is no folder of posts), an API
	// that is a module (it makes none either). Helpers whose code is not
	// read here join nothing: an export that is a module required in
	// turn, a module required by a computed name.
	fsys["gatsby/index.js"] = &fstest.MapFile{Data: []byte("exports.createSitePages = require('./site-pages.js').createSitePages;\n")}
	fsys["gatsby/fn.js"] = &fstest.MapFile{Data: []byte("module.exports = async (statuses, graphql, reporter, createPage) => {};\n")}
	for _, tc := range []struct {
		name, node string
		want       int
	}{
		{"a module a function", strings.Replace(helpersNode, "const { createSitePages } = require('./gatsby/site-pages.js');", "const createSitePages = require('./gatsby/fn.js');", 1), 1},
		{"gatsby-node.js's export a module", helpersNode + "exports.createResolvers = require('./gatsby/fn.js');\n", 2},
		{"an export required", strings.Replace(helpersNode, "require('./gatsby/site-pages.js')", "require('./gatsby/index.js')", 1), 0},
		{"a module by a computed name", helpersNode + "exports.createResolvers = require(process.env.RESOLVERS);\n", 0},
	} {
		fsys["gatsby-node.js"] = &fstest.MapFile{Data: []byte(tc.node)}
		if posts, _, _ := gatsby.ReadPosts(fsys, "gatsby-config.js", limits.Default); len(posts) != tc.want {
			t.Errorf("%s: posts %+v, want %d folders", tc.name, posts, tc.want)
		}
	}
	fsys["gatsby-node.js"] = &fstest.MapFile{Data: []byte(helpersNode)}

	lim := limits.Default
	lim.JSTokens = 400
	fsys["gatsby/posts.js"] = &fstest.MapFile{Data: []byte(helpersPosts + "const pad = [" + strings.Repeat("0, ", 400) + "];\n")}
	if posts, _, _ := gatsby.ReadPosts(fsys, "gatsby-config.js", lim); len(posts) != 0 {
		t.Errorf("a helper past limits.js_tokens: posts %+v, want none joined", posts)
	}
}

// TestReadPostsBound: code followed to the bound of declarations is not
// taken as read whole: what the declarations past it require is not known,
// so nothing is joined; short of the bound, the same code is read whole.
func TestReadPostsBound(t *testing.T) {
	chain := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "function step%d() { return step%d(); }\n", i, i+1)
		}
		fmt.Fprintf(&b, "function step%d() { return 1; }\nexports.step0 = step0;\n", n)
		return b.String()
	}
	node := strings.Replace(helpersNode, "  await createSitePages(statuses, graphql, reporter, createPage);\n",
		"  await createSitePages(statuses, graphql, reporter, createPage);\n  step0();\n", 1)
	node = "const { step0 } = require('./gatsby/chain');\n" + node
	for _, tc := range []struct {
		steps, want int
	}{
		{10, 2},
		{300, 0},
	} {
		fsys := fstest.MapFS{
			"gatsby-config.js":     {Data: []byte(helpersConfig)},
			"gatsby-node.js":       {Data: []byte(node)},
			"gatsby/chain.js":      {Data: []byte(chain(tc.steps))},
			"gatsby/posts.js":      {Data: []byte(helpersPosts)},
			"gatsby/site-pages.js": {Data: []byte(helpersPages)},
			"content/posts/a.md":   {Data: []byte(post)},
			"content/pages/b.md":   {Data: []byte(post)},
		}
		if posts, _, _ := gatsby.ReadPosts(fsys, "gatsby-config.js", limits.Default); len(posts) != tc.want {
			t.Errorf("a chain of %d functions: %d folders of posts %+v, want %d", tc.steps, len(posts), posts, tc.want)
		}
	}
}
