package gatsby

// The routes of a Gatsby project: the pages of src/pages, and the
// Markdown posts of gatsby-source-filesystem's folders that
// gatsby-node.js publishes at their createFilePath slugs.

import (
	"bytes"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jscode"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsconf"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

var (
	_ generator.Router       = Generator{}
	_ generator.Preset       = (*Preset)(nil)
	_ generator.FolderReader = (*Preset)(nil)
)

// Routes returns the preset of p's pages, in the project folder.
func (Generator) Routes(p *generator.Detected) (generator.Preset, string) {
	return &Preset{Config: p.File}, "."
}

// Preset routes the pages of a Gatsby project, relative to the project
// folder: each file of src/pages is a page at its path as a folder
// (about.js /about/, blog/index.js /blog/), as gatsby-plugin-page-creator
// makes them, but for files and folders named with "_" or ".",
// template-*, tests, type declarations, 404 (the error page) and routes
// with a parameter. The Markdown files of gatsby-source-filesystem's
// folders are posts, at their createFilePath slugs or the path their
// front matter gives, when gatsby-node.js publishes them so (see
// [Preset.ReadFolder]): each is the source of
// its page, dated by its front matter, else its own history, never by
// gatsby-node.js's or the template's.
type Preset struct {
	// Config is the project's gatsby-config file, "" for none.
	Config string
	// Posts are the folders of Markdown posts and how their pages are
	// routed; none when gatsby-node.js does not route them as
	// createFilePath slugs.
	Posts []PostFolder
	// MDX says gatsby-plugin-mdx is configured: src/pages/*.mdx are
	// pages too.
	MDX bool
	// Lists are the pages of src/pages whose page query asks for every
	// post (allMarkdownRemark, allMdx): a blog's home that shows them, a
	// list page dated by the newest post it shows and its own date.
	Lists []string
}

// PostFolder is a folder of gatsby-source-filesystem whose Markdown
// files gatsby-node.js publishes each at its slug.
type PostFolder struct {
	// Dir is the folder, relative to the project folder.
	Dir string
	// Exts are the extensions of its posts: .md and .markdown
	// (gatsby-transformer-remark), .mdx (gatsby-plugin-mdx).
	Exts []string
	// Slug is how a post's page is routed.
	Slug Slug
	// Filter is the pattern of the fileAbsolutePath regex of the query
	// whose nodes the page's createPage makes pages of, "" for none: a
	// file is this folder's post when the pattern matches its path in the
	// project with "/" before it.
	Filter string
}

// matches reports whether the file at rel, a path relative to the
// project folder, passes f's filter.
func (f PostFolder) matches(rel string) bool {
	if f.Filter == "" {
		return true
	}
	v, ok := filters.Load(f.Filter)
	if !ok {
		re, err := regexp.Compile(f.Filter)
		if err != nil {
			return false
		}
		v, _ = filters.LoadOrStore(f.Filter, re)
	}
	return v.(*regexp.Regexp).MatchString("/" + rel)
}

// filters are the compiled filters of the folders of posts, by pattern.
var filters sync.Map

// Slug is createFilePath's rule, as gatsby-node.js calls it, and the
// prefix createPage puts before the slug.
type Slug struct {
	// BasePath is createFilePath's basePath ("src/pages" by default).
	BasePath string
	// NoSlash is its trailingSlash: false.
	NoSlash bool
	// Prefix is the literal before the slug in createPage's path
	// (`/blog${post.fields.slug}`), "" for none.
	Prefix string
	// Slugify says the page's path is a file-system route's
	// ({MarkdownRemark.fields__slug}.js), which slugifies the value.
	Slugify bool
	// Key, when set, says the page's path is not createFilePath's but
	// the value of this key of the post's front matter, after Prefix
	// (createPage({ path: node.frontmatter.slug })).
	Key string
}

// The plugins that read Markdown files.
const (
	remark = "gatsby-transformer-remark"
	mdx    = "gatsby-plugin-mdx"
	source = "gatsby-source-filesystem"
)

// nodeFiles are the gatsby-node files Gatsby reads, in its order.
var nodeFiles = []string{"gatsby-node.js", "gatsby-node.mjs", "gatsby-node.ts", "gatsby-node.cjs", "gatsby-node.mts", "gatsby-node.cts"}

// ReadFolder reads, in the project folder, the gatsby-config file's
// plugins and gatsby-node.js (see [ReadPosts]); it returns the files it
// read.
func (g *Preset) ReadFolder(f generator.Folder) []string {
	var read []string
	var over error
	g.Posts, g.MDX, read, over = readPosts(f.Settings, g.Config, f.Limits)
	f.Warning(over)
	g.Lists = nil
	if len(g.Posts) > 0 {
		g.Lists = listPages(f.Settings, g.MDX)
		read = append(read, g.Lists...)
	}
	return read
}

// allNodes is a page query's field that asks for every Markdown or MDX
// node: allMarkdownRemark(…), allMdx { … }.
var allNodes = lazyre.MustCompile(`\ball(?:MarkdownRemark|Mdx)\b`)

// listPages returns the pages of src/pages (see [Preset.URLPath]) whose
// code makes a page query (graphql`…`) that asks for every post, each
// file within the limits of src (limits.settings_bytes).
func listPages(src fs.FS, mdx bool) []string {
	g := &Preset{MDX: mdx}
	var out []string
	_ = fs.WalkDir(src, "src/pages", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if _, ok := g.URLPath(generator.Page{Path: p}); !ok || srcpath.HasExt(p, ".mdx") {
			return nil
		}
		data, err := fs.ReadFile(src, p)
		if err != nil {
			return nil
		}
		if q := bytes.Index(data, []byte("graphql`")); q >= 0 && allNodes().Match(data[q:]) {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// ReadPosts reads the folders of Markdown posts of the Gatsby project
// in src, whose configuration is the file config. A folder is the path
// option of a gatsby-source-filesystem entry of plugins (`${__dirname}/X`,
// path.join(__dirname, 'X') or import.meta.dirname's alike, './X' or 'X';
// not one outside the project) when gatsby-transformer-remark (.md,
// .markdown) or gatsby-plugin-mdx (.mdx) is a plugin too; its posts are
// routed when gatsby-node.js, or the code it runs in the modules it
// requires by a relative path
// (require or import: the functions it names, and theirs; an API bound
// to a module, exports.createPages = require('./x'), whose value is a
// function, module.exports = …; each file within limits.settings_bytes
// and limits.js_tokens), has the blog
// starter's shape: onCreateNode gives each node fields.slug =
// createFilePath({ node, getNode[, basePath][, trailingSlash] })
// (createNodeField({ name: 'slug', node, value })), and createPage({
// path: X.fields.slug }), `/PREFIX${X.fields.slug}` or '/PREFIX' +
// X.fields.slug makes the pages; or a page of src/pages is the
// file-system route {MarkdownRemark.fields__slug} ({Mdx.fields__slug});
// or createPage's path is a key of the node's front matter, after a
// literal prefix (path: node.frontmatter.slug, `/notes/${slug}` with
// const { slug } = node.frontmatter), for the page of that one node (see
// nodePage), which needs no slug field.
// Calls with different prefixes each route the files of the query their
// function makes, when it filters them by a literal path
// (fileAbsolutePath: { regex: "/content/blog/" }), or by the name of
// their source (allFile's sourceInstanceName: { eq: "blog" }, the name
// option of the folder's gatsby-source-filesystem); its other filters
// (a status, a draft flag) decide which pages are built, which the built
// site says. Any other shape (a slug field from front matter, a prefix
// computed, two prefixes over one query's files, a module it requires
// and names that cannot be read: not found, past a limit, required in a
// function or by a computed name) is not
// joined. A folder that holds no such file (src/images) is none. It
// returns whether gatsby-plugin-mdx is configured, and the files it
// read. The modules it reads, all together, are within
// limits.settings_bytes.
func ReadPosts(src fs.FS, config string, lim limits.Limits) ([]PostFolder, bool, []string) {
	posts, mdx, read, _ := readPosts(src, config, lim)
	return posts, mdx, read
}

// readPosts is ReadPosts, with the module not read because it would
// pass the bound across modules, a *diag.Diagnostic naming it (nil for
// none).
func readPosts(src fs.FS, config string, lim limits.Limits) ([]PostFolder, bool, []string, error) {
	if config == "" {
		return nil, false, nil, nil
	}
	read := []string{config}
	data, err := fs.ReadFile(src, config)
	if err != nil {
		return nil, false, read, nil
	}
	r := jsconfig.NewReader(config, data, lim)
	var dirs []string
	names := map[string]string{}  // a folder's source name (options.name)
	exts := map[string][]string{} // by the node type of the plugin that reads them
	isMDX := false
	for _, e := range jsconf.Elements(r, "plugins") {
		name, _, _ := r.Any(e)
		if res, _, ok := r.Any(e + ".resolve"); ok {
			name = res
		}
		switch name {
		case remark:
			exts["MarkdownRemark"] = []string{".md", ".markdown"}
		case mdx:
			isMDX = true
			exts["Mdx"] = []string{".mdx"}
			if v, _, ok := r.Any(e + ".options.extensions"); ok {
				if list, ok := v.([]any); ok {
					for _, x := range list {
						if s, ok := x.(string); ok && (s == ".md" || s == ".markdown") {
							exts["Mdx"] = append(exts["Mdx"], s)
						}
					}
				}
			}
		case source:
			v, _, _ := r.Any(e + ".options.path")
			if dir, ok := sourcePath(v); ok {
				dirs = append(dirs, dir)
				if n, _, ok := r.Any(e + ".options.name"); ok {
					names[dir], _ = n.(string)
				}
			}
		}
	}
	if len(exts) == 0 {
		return nil, isMDX, read, nil
	}
	nr := newNodeReader(src, lim)
	var node *jscode.Module
	for _, name := range nodeFiles {
		if _, err := fs.Stat(src, name); err != nil {
			continue
		}
		node = nr.module(name)
		break
	}
	slug, rules, types, ok := nr.nodeSlug(node)
	read = append(read, nr.Read...)
	over := nr.Over("what gatsby-node's code makes of the Markdown posts is not known")
	if !ok {
		slug, ok = collectionRoute(src, &types)
		rules = []pageRule{{prefix: slug.Prefix, known: true}}
	}
	if !ok || len(dirs) == 0 {
		return nil, isMDX, read, over
	}
	var routed []string
	for typ, e := range exts {
		if types[typ] || !types["MarkdownRemark"] && !types["Mdx"] {
			routed = append(routed, e...)
		}
	}
	if len(routed) == 0 {
		return nil, isMDX, read, over
	}
	routed = slices.Compact(slices.Sorted(slices.Values(routed)))
	var out []PostFolder
	for _, d := range dirs {
		for _, r := range rules {
			if r.source != "" && r.source != names[d] {
				continue // a query of another source's files
			}
			f := PostFolder{Dir: d, Exts: routed, Slug: slug, Filter: r.re}
			if r.key != "" {
				f.Slug = Slug{Key: r.key}
			}
			f.Slug.Prefix = r.prefix
			if holds(src, f) { // not src/images
				out = append(out, f)
			}
		}
	}
	return out, isMDX, read, over
}

// holds reports whether the folder f holds a post, at any depth; its
// walk stops at the first.
func holds(src fs.FS, f PostFolder) bool {
	found := false
	_ = fs.WalkDir(src, f.Dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && srcpath.HasExt(p, f.Exts...) && f.matches(p) {
			found = true
			return fs.SkipAll
		}
		if err == nil && d.IsDir() && d.Name() == "node_modules" {
			return fs.SkipDir
		}
		return nil
	})
	return found
}

// sourcePath returns the folder a gatsby-source-filesystem path option
// names, relative to the project folder (jsconf.ProjectPath); ok is
// false for one it cannot read, outside the project, or the project
// folder itself.
func sourcePath(v any) (string, bool) {
	p, ok := jsconf.ProjectPath(v)
	return p, ok && p != "."
}

// collectionPage matches a file-system route of src/pages whose path
// is a Markdown node's slug field: {MarkdownRemark.fields__slug}.js.
var collectionPage = lazyre.MustCompile(`^\{(MarkdownRemark|Mdx)\.fields__slug\}\.(?:js|jsx|ts|tsx|mjs)$`)

// collectionRoute finds the one file-system route of src/pages over the
// slug field, whose folder prefixes the slug, slugified.
func collectionRoute(src fs.FS, types *map[string]bool) (Slug, bool) {
	var found []Slug
	_ = fs.WalkDir(src, "src/pages", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if m := collectionPage().FindStringSubmatch(d.Name()); m != nil {
			(*types)[m[1]] = true
			dir := strings.TrimPrefix(path.Dir(p), "src/pages")
			found = append(found, Slug{BasePath: "src/pages", Prefix: dir, Slugify: true})
		}
		return nil
	})
	if len(found) != 1 {
		return Slug{}, false
	}
	return found[0], true
}

// FilePath returns createFilePath's slug of the file at rel in its
// source folder: its path relative to basePath (the ".." above the root
// lost), without its extension, index its folder's.
func (s Slug) FilePath(rel string) string {
	r := relative(s.BasePath, rel)
	dir, file := path.Split(r)
	name, _ := srcpath.SplitExt(file)
	if name == "index" {
		name = ""
	}
	p := path.Join("/", dir, name)
	if !s.NoSlash && p != "/" {
		p += "/"
	}
	return p
}

// relative is Node's path.posix.relative of two relative paths.
func relative(from, to string) string {
	f := strings.Split(path.Clean(from), "/")
	t := strings.Split(path.Clean(to), "/")
	if f[0] == "." {
		f = nil
	}
	i := 0
	for i < len(f) && i < len(t) && f[i] == t[i] {
		i++
	}
	var out []string
	for range f[i:] {
		out = append(out, "..")
	}
	return strings.Join(append(out, t[i:]...), "/")
}

// postURL returns the URL path of the post at rel in the folder f,
// whose page is p.
func (f PostFolder) postURL(rel string, p generator.Page) (string, bool) {
	if f.Slug.Key != "" {
		return f.Slug.keyPath(p)
	}
	slug := f.Slug.FilePath(rel)
	if !f.Slug.Slugify {
		return f.Slug.Prefix + slug, true
	}
	// A file-system route: each element of the value slugified, as
	// gatsby-plugin-page-creator's derivePath does.
	els := strings.Split(slug, "/")
	for i, el := range els {
		var ok bool
		if els[i], ok = slugify(el); !ok {
			return "", false
		}
	}
	u := path.Join("/", f.Slug.Prefix, strings.Join(els, "/"))
	if u != "/" {
		u += "/"
	}
	return u, true
}

var (
	// camel are decamelize's steps, in its order.
	camel = sync.OnceValue(func() []camelStep {
		return []camelStep{
			{regexp.MustCompile(`([A-Z]{2,})(\d+)`), "$1 $2"},
			{regexp.MustCompile(`([a-z\d]+)([A-Z]{2,})`), "$1 $2"},
			{regexp.MustCompile(`([a-z\d])([A-Z])`), "$1 $2"},
			{regexp.MustCompile(`([A-Z]+)([A-Z][a-z\d]+)`), "$1 $2"},
		}
	})
	notSlug = lazyre.MustCompile(`[^a-z\d]+`)
)

// A camelStep replaces each match of re by with.
type camelStep struct {
	re   *regexp.Regexp
	with string
}

// slugify is @sindresorhus/slugify 1.1's, with its default options, as
// Gatsby 5's file-system routes call it, for ASCII text: & is "and",
// camelCase words are split, letters lower case, and every run of other
// characters one "-", none at either end. ok is false for other text,
// which its transliteration would change in ways not known here.
func slugify(s string) (string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return "", false
		}
	}
	s = strings.ReplaceAll(s, "&", " and ")
	for _, c := range camel() {
		s = c.re.ReplaceAllString(s, c.with)
	}
	s = notSlug().ReplaceAllString(strings.ToLower(s), "-")
	return strings.Trim(s, "-"), true
}

// pageExts are the extensions of the pages of src/pages.
var pageExts = []string{".js", ".jsx", ".ts", ".tsx", ".mjs"}

// testFile matches a test of src/pages, which is no page.
var testFile = lazyre.MustCompile(`(^|/)__tests__/|\.(spec|test)\.(js|ts|jsx|tsx)$|\.d\.tsx?$`)

// keyPath returns the path createPage gives the post p: Prefix and the
// value of Key in its front matter, a page of Gatsby's at that path
// ("/" before it when it has none; trailingSlash's "/" after it, as the
// URL style decides, but after a path that ends like a file, x.html,
// which Gatsby leaves as it is). ok is false for a post without the
// key, a list, or a path that is no page's (".." or "//" in it).
func (s Slug) keyPath(p generator.Page) (string, bool) {
	vals := p.Terms[strings.ToLower(s.Key)]
	if len(vals) != 1 || vals[0] == "" {
		return "", false
	}
	u := s.Prefix + vals[0]
	if !strings.HasPrefix(u, "/") {
		u = "/" + u
	}
	if strings.Contains(u, "//") || strings.Contains(u, "?") || strings.Contains(u, "#") || path.Clean(u) != strings.TrimSuffix(u, "/") && u != "/" {
		return "", false
	}
	if !strings.HasSuffix(u, "/") && !slices.Contains(fileSuffixes, path.Ext(u)) {
		u += "/"
	}
	return u, true
}

// fileSuffixes are the endings after which Gatsby's trailingSlash
// option adds no "/" (gatsby-page-utils' applyTrailingSlashOption).
var fileSuffixes = []string{".html", ".json", ".js", ".map", ".txt", ".xml", ".pdf"}

// post reports whether the file at p is a post of one of the folders of
// posts; when it is, u is its URL path, and ok false when the folders'
// rules give it none or more than one.
func (g *Preset) post(p generator.Page) (u string, isPost, ok bool) {
	rel := p.Path
	for _, f := range g.Posts {
		r, in := strings.CutPrefix(rel, f.Dir+"/")
		if !in || !srcpath.HasExt(r, f.Exts...) || !f.matches(rel) {
			continue
		}
		v, vok := f.postURL(r, p)
		if !vok || isPost && v != u {
			return "", true, false
		}
		u, isPost, ok = v, true, true
	}
	return u, isPost, ok
}

// URLPath returns the URL path of p, a path relative to the project
// folder.
func (g *Preset) URLPath(p generator.Page) (string, bool) {
	if u, isPost, ok := g.post(p); isPost {
		return u, ok
	}
	r, ok := strings.CutPrefix(p.Path, "src/pages/")
	exts := pageExts
	if g.MDX {
		exts = append(slices.Clone(pageExts), ".mdx")
	}
	if !ok || !srcpath.HasExt(r, exts...) || testFile().MatchString(r) || srcpath.Dynamic().MatchString(r) || strings.ContainsAny(r, "{}") {
		return "", false
	}
	dir, file := path.Split(r)
	name, _ := srcpath.SplitExt(file)
	if srcpath.AnyElement(r, "_", ".") || strings.HasPrefix(name, "template-") || dir == "" && name == "404" {
		return "", false
	}
	if name == "index" {
		name = ""
	}
	u := path.Join("/", dir, name)
	if u != "/" {
		u += "/"
	}
	return u, true
}

// Rules say where src/pages and the folders of posts are.
func (g *Preset) Rules() generator.Rules {
	r := generator.Rules{Name: "gatsby", Sources: generator.SourceRules{Describe: g.folders}}
	r.Sources.Include, r.Sources.Exclude = g.sourceFiles()
	if len(g.Lists) > 0 {
		r.Pages.Lists.Sourced = func(rel string) bool { return slices.Contains(g.Lists, rel) }
	}
	return r
}

// sourceFiles returns src/pages and the folders of posts.
func (g *Preset) sourceFiles() (include, exclude []string) {
	include = []string{"src/pages/**"}
	for _, f := range g.Posts {
		for _, e := range f.Exts {
			if p := f.Dir + "/**/*" + e; !slices.Contains(include, p) {
				include = append(include, p)
			}
		}
	}
	return include, []string{"node_modules", "public", ".cache"}
}

// FileRules reads the front matter of posts and of MDX pages, and their
// dates; draft: true is the query's to honour or not. A page of code has
// none.
func (g *Preset) FileRules(rel string) generator.FileRules {
	if _, isPost, _ := g.post(generator.Page{Path: rel}); isPost || g.MDX && srcpath.HasExt(rel, ".mdx") {
		return generator.FileRules{Reading: generator.Reading{Read: true, Dates: true}, Terms: g.keys()}
	}
	return generator.FileRules{}
}

// keys returns the front matter keys the folders of posts route their
// posts by, lower-cased (Slug.Key); nil for none.
func (g *Preset) keys() []string {
	var out []string
	for _, f := range g.Posts {
		if k := strings.ToLower(f.Slug.Key); k != "" && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// folders names src/pages and the folders of posts, for the line of
// what was found.
func (g *Preset) folders(_, title string) string {
	names := []string{"src/pages"}
	for _, f := range g.Posts {
		if !slices.Contains(names, f.Dir) {
			names = append(names, f.Dir)
		}
	}
	return strings.Join(names, ", ") + " (" + title + ")"
}
