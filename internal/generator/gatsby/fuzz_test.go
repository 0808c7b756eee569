package gatsby

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsfuzz"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// FuzzProject checks Gatsby's reader of gatsby-config.js (see package
// jsfuzz).
func FuzzProject(f *testing.F) {
	jsfuzz.Fuzz(f, func(data []byte) []jsfuzz.Read {
		p := project("a.js", data, true, limits.Default)
		return []jsfuzz.Read{{BaseURL: p.BaseURL, Notes: p.Notes}}
	})
}

// FuzzReadPosts checks the reader of gatsby-config's plugins, of
// gatsby-node.js and of a helper module it requires: any code reads
// without a panic, and a folder of posts it finds is in the project,
// with a Markdown extension, a slug rule whose prefix is a path and a
// filter that compiles.
func FuzzReadPosts(f *testing.F) {
	config := []byte("module.exports = { plugins: ['gatsby-transformer-remark', { resolve: 'gatsby-source-filesystem', options: { path: `${__dirname}/content/blog` } }] }")
	f.Add(config, []byte("const value = createFilePath({ node, getNode, basePath: 'pages' }); createNodeField({ name: 'slug', node, value }); createPage({ path: `/blog${post.fields.slug}` })"), []byte(""))
	f.Add(config, []byte("const { make } = require('./gatsby/helper'); const value = createFilePath({ node, getNode }); createNodeField({ name: 'slug', node, value }); exports.createPages = (a) => make(a)"),
		[]byte("exports.make = async ({ graphql, actions }) => { const r = await graphql(`{ allMarkdownRemark(filter: { fileAbsolutePath: { regex: \"/content/blog/\" } }) { nodes { fields { slug } } } }`); r.nodes.forEach((p) => actions.createPage({ path: '/blog' + p.fields.slug })) }"))
	f.Add([]byte("module.exports = { plugins: ['gatsby-plugin-mdx', { resolve: 'gatsby-source-filesystem', options: { name: 'blog', path: './content/blog' } }] }"),
		[]byte("const value = createFilePath({ node, getNode }); createNodeField({ name: 'slug', node, value }); exports.createPages = require('./gatsby/helper')"),
		[]byte("module.exports = async ({ graphql, actions }) => { const a = await graphql(`{ allFile(filter: { sourceInstanceName: { eq: \"blog\" } }) { nodes { childMdx { fields { slug } } } } }`); a.forEach((n) => actions.createPage({ path: `/b${n.childMdx.fields.slug}` })); await more(graphql, actions.createPage) }\nasync function more(graphql, createPage) { const b = await graphql('{ allMdx(filter: { internal: { contentFilePath: { regex: \"/(blog|x)/\" } } }) { nodes { fields { slug } } } }'); b.forEach((n) => createPage({ path: n.fields.slug })) }"))
	f.Add(config, []byte("const t = path.resolve('./src/templates/post.js'); exports.createPages = async ({ graphql, actions }) => { const r = await graphql(`{ allMarkdownRemark { nodes { id frontmatter { slug } } } }`); r.nodes.forEach((node) => { const { slug } = node.frontmatter; actions.createPage({ path: `blog/${slug}`, component: t, context: { id: node.id } }) }) }"), []byte(""))
	f.Fuzz(func(t *testing.T, config, node, helper []byte) {
		defer fuzzbound.Check(t)()
		fsys := fstest.MapFS{"gatsby-config.js": {Data: config}, "gatsby-node.js": {Data: node}, "gatsby/helper.js": {Data: helper}, "content/blog/a.md": {Data: []byte("---\n---\n")}}
		posts, _, _ := ReadPosts(fsys, "gatsby-config.js", limits.Default)
		for _, p := range posts {
			if !fs.ValidPath(p.Dir) || p.Dir == "." || len(p.Exts) == 0 || p.Slug.Key == "" && p.Slug.Prefix != "" && !strings.HasPrefix(p.Slug.Prefix, "/") {
				t.Fatalf("posts %+v", p)
			}
			if _, err := regexp.Compile(p.Filter); err != nil {
				t.Fatalf("%+v: filter %v", p, err)
			}
			if u, ok := p.postURL("a/b.md", generator.Page{Path: "content/blog/a/b.md", Terms: map[string][]string{strings.ToLower(p.Slug.Key): {"x/y"}}}); ok && !strings.HasPrefix(u, "/") {
				t.Fatalf("%+v: URL %q", p, u)
			}
		}
	})
}
