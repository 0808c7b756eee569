package gatsby

// The routes of a Gatsby project: the pages of src/pages, and the
// Markdown posts of gatsby-source-filesystem's folders that
// gatsby-node.js publishes at their createFilePath slugs.

import (
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jscode"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsconf"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

var (
	_ generator.Router      = Generator{}
	_ generator.Preset      = (*Preset)(nil)
	_ generator.Sourced     = (*Preset)(nil)
	_ generator.RouteReader = (*Preset)(nil)
	_ generator.FolderNamer = (*Preset)(nil)
)

// Routes returns the preset of p's pages, in the project folder.
func (Generator) Routes(p *generator.Project) (generator.Preset, string) {
	return &Preset{Config: p.File}, "."
}

// Preset routes the pages of a Gatsby project, relative to the project
// folder: each file of src/pages is a page at its path as a folder
// (about.js /about/, blog/index.js /blog/), as gatsby-plugin-page-creator
// makes them, but for files and folders named with "_" or ".",
// template-*, tests, type declarations, 404 (the error page) and routes
// with a parameter. The Markdown files of gatsby-source-filesystem's
// folders are posts, at their createFilePath slugs, when gatsby-node.js
// publishes them so (see [Preset.ReadRoutes]): each is the source of
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
}

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
}

// The plugins that read Markdown files.
const (
	remark = "gatsby-transformer-remark"
	mdx    = "gatsby-plugin-mdx"
	source = "gatsby-source-filesystem"
)

// nodeFiles are the gatsby-node files Gatsby reads, in its order.
var nodeFiles = []string{"gatsby-node.js", "gatsby-node.mjs", "gatsby-node.ts", "gatsby-node.cjs", "gatsby-node.mts", "gatsby-node.cts"}

// ReadRoutes reads, in the project folder src, the gatsby-config file's
// plugins and gatsby-node.js (see [ReadPosts]); it returns the files it
// read.
func (g *Preset) ReadRoutes(src fs.FS, _ string, lim limits.Limits) []string {
	var read []string
	g.Posts, g.MDX, read = ReadPosts(src, g.Config, lim)
	return read
}

// ReadPosts reads the folders of Markdown posts of the Gatsby project
// in src, whose configuration is the file config. A folder is the path
// option of a gatsby-source-filesystem entry of plugins (`${__dirname}/X`,
// path.join(__dirname, 'X'), './X' or 'X'; not one outside the project)
// when gatsby-transformer-remark (.md, .markdown) or gatsby-plugin-mdx
// (.mdx) is a plugin too; its posts are routed when gatsby-node.js has
// the blog starter's shape: onCreateNode gives each node
// fields.slug = createFilePath({ node, getNode[, basePath][,
// trailingSlash] }) (createNodeField({ name: 'slug', node, value })),
// and createPages calls createPage({ path: X.fields.slug }) or
// `/PREFIX${X.fields.slug}`; or a page of src/pages is the file-system
// route {MarkdownRemark.fields__slug} ({Mdx.fields__slug}). Any other
// shape (a slug from front matter, a prefix computed) is not joined. A
// folder that holds no such file (src/images) is none. It returns
// whether gatsby-plugin-mdx is configured, and the files it read.
func ReadPosts(src fs.FS, config string, lim limits.Limits) ([]PostFolder, bool, []string) {
	if config == "" {
		return nil, false, nil
	}
	read := []string{config}
	data, err := fs.ReadFile(src, config)
	if err != nil {
		return nil, false, read
	}
	r := jsconfig.NewReader(config, data, lim)
	var dirs []string
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
			}
		}
	}
	if len(exts) == 0 {
		return nil, isMDX, read
	}
	var node *jscode.Module
	for _, name := range nodeFiles {
		data, err := fs.ReadFile(src, name)
		if err != nil {
			continue
		}
		read = append(read, name)
		node, _ = jscode.Parse(name, data, lim)
		break
	}
	slug, types, ok := nodeSlug(node)
	if !ok {
		slug, ok = collectionRoute(src, &types)
	}
	if !ok || len(dirs) == 0 {
		return nil, isMDX, read
	}
	var routed []string
	for typ, e := range exts {
		if types[typ] || !types["MarkdownRemark"] && !types["Mdx"] {
			routed = append(routed, e...)
		}
	}
	if len(routed) == 0 {
		return nil, isMDX, read
	}
	routed = slices.Compact(slices.Sorted(slices.Values(routed)))
	var out []PostFolder
	for _, d := range dirs {
		if holds(src, d, routed) { // not src/images
			out = append(out, PostFolder{Dir: d, Exts: routed, Slug: slug})
		}
	}
	return out, isMDX, read
}

// holds reports whether the folder dir of src holds a file of one of
// exts, at any depth; its walk stops at the first.
func holds(src fs.FS, dir string, exts []string) bool {
	found := false
	_ = fs.WalkDir(src, dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && srcpath.HasExt(p, exts...) {
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

// dirnamePath matches a path option under the project folder:
// `${__dirname}/content/blog`, path.join(__dirname, 'content/blog').
var dirnamePath = regexp.MustCompile("^(?:`\\$\\{__dirname\\}/([^`$]+)`|(?:path\\.)?(?:join|resolve)\\(\\s*__dirname\\s*,\\s*[`'\"]([^`'\"$]+)[`'\"]\\s*\\))$")

// sourcePath returns the folder a gatsby-source-filesystem path option
// names, relative to the project folder; ok is false for one it cannot
// read, or outside the project.
func sourcePath(v any) (string, bool) {
	var p string
	switch v := v.(type) {
	case string:
		if path.IsAbs(v) {
			return "", false
		}
		p = v
	case jsconfig.Expression:
		m := dirnamePath.FindStringSubmatch(v.Text)
		if m == nil {
			return "", false
		}
		p = m[1] + m[2]
	default:
		return "", false
	}
	p = path.Clean(strings.TrimPrefix(p, "./"))
	if p == "." || !fs.ValidPath(p) {
		return "", false
	}
	return p, true
}

// slugTemplate is createPage's path with a literal prefix:
// `/blog${post.fields.slug}`.
var slugTemplate = regexp.MustCompile("^`(/[A-Za-z0-9._~/-]*)?\\$\\{\\s*[A-Za-z_$][\\w$]*(?:\\??\\.[A-Za-z_$][\\w$]*)*\\??\\.fields\\??\\.slug\\s*\\}`$")

// nodeSlug reads gatsby-node's module m: createFilePath's options,
// createNodeField's slug, createPage's path. types are the node types
// it names.
func nodeSlug(m *jscode.Module) (Slug, map[string]bool, bool) {
	types := map[string]bool{}
	if m == nil {
		return Slug{}, types, false
	}
	t := m.Toks
	var slugs []Slug
	var value string // the name createFilePath's value is bound to
	slugField, prefixes := false, map[string]bool{}
	computed := false
	for i := 0; i < len(t); i++ {
		tk := t[i]
		if tk.Kind == jsconfig.String && (tk.Text == "MarkdownRemark" || tk.Text == "Mdx") {
			types[tk.Text] = true
		}
		if tk.Kind != jsconfig.Ident || i+1 >= len(t) || !t[i+1].Is("(") {
			continue
		}
		args := m.Args(i + 1)
		switch tk.Text {
		case "createFilePath":
			s, ok := filePathOptions(m, args)
			if !ok {
				return Slug{}, types, false
			}
			slugs = append(slugs, s)
			if i >= 2 && t[i-1].Is("=") && t[i-2].Kind == jsconfig.Ident {
				value = t[i-2].Text
			}
		case "createNodeField":
			props := objectArg(m, args)
			if name, ok := props["name"]; ok && name.Kind == jsconfig.String && name.Text == "slug" {
				v, ok := props["value"]
				switch {
				case ok && v.Kind == jsconfig.Ident && (v.Text == value || v.Text == "createFilePath"):
					slugField = true
				default:
					computed = true
				}
			}
		case "createPage":
			props := objectArg(m, args)
			v, ok := props["path"]
			if !ok {
				continue
			}
			switch {
			case v.Kind == jsconfig.Ident && v.Text == "fields.slug":
				prefixes[""] = true
			case v.Kind == jsconfig.Template:
				if s := slugTemplate.FindStringSubmatch(string(m.Src[v.Pos:v.End])); s != nil {
					prefixes[s[1]] = true
				}
			}
		}
	}
	if computed || !slugField || len(prefixes) != 1 || len(slugs) == 0 {
		return Slug{}, types, false
	}
	for _, s := range slugs[1:] {
		if s != slugs[0] {
			return Slug{}, types, false
		}
	}
	s := slugs[0]
	for p := range prefixes {
		s.Prefix = strings.TrimSuffix(p, "/")
	}
	return s, types, true
}

// filePathOptions reads createFilePath's options: basePath and
// trailingSlash, literals; ok is false for others.
func filePathOptions(m *jscode.Module, args [][2]int) (Slug, bool) {
	s := Slug{BasePath: "src/pages"}
	if len(args) != 1 || !m.Toks[args[0][0]].Is("{") {
		return s, false
	}
	for key, v := range objectArg(m, args) {
		switch key {
		case "basePath":
			if v.Kind != jsconfig.String {
				return s, false
			}
			s.BasePath = v.Text
		case "trailingSlash":
			if !v.IsIdent("true") && !v.IsIdent("false") {
				return s, false
			}
			s.NoSlash = v.IsIdent("false")
		case "node", "getNode":
		default:
			return s, false
		}
	}
	return s, true
}

// objectArg returns the properties of the object literal that is the
// only argument of a call: each key's value when it is one token (a
// shorthand key's is the key itself), an access ending in fields.slug
// as the identifier "fields.slug", or an unknown token.
func objectArg(m *jscode.Module, args [][2]int) map[string]jscode.Token {
	props := map[string]jscode.Token{}
	if len(args) != 1 || !m.Toks[args[0][0]].Is("{") || m.Match[args[0][0]] != args[0][1]-1 {
		return props
	}
	t := m.Toks
	for _, p := range m.Args(args[0][0]) {
		s, e := p[0], p[1]
		if e <= s || t[s].Kind != jsconfig.Ident && t[s].Kind != jsconfig.String {
			continue
		}
		key := t[s].Text
		switch {
		case e-s == 1:
			props[key] = t[s]
		case t[s+1].Is(":") && e-s == 3:
			props[key] = t[s+2]
		case t[s+1].Is(":") && t[s+2].IsIdent("createFilePath") && t[s+3].Is("("):
			props[key] = t[s+2]
		case t[s+1].Is(":") && e-s >= 6 && t[e-1].IsIdent("slug") && t[e-3].IsIdent("fields") && (t[e-2].Is(".") || t[e-2].Is("?.")):
			props[key] = jscode.Token{Kind: jsconfig.Ident, Text: "fields.slug"}
		case t[s+1].Is(":"):
			props[key] = jscode.Token{Kind: jsconfig.Unterminated}
		}
	}
	return props
}

// collectionPage matches a file-system route of src/pages whose path
// is a Markdown node's slug field: {MarkdownRemark.fields__slug}.js.
var collectionPage = regexp.MustCompile(`^\{(MarkdownRemark|Mdx)\.fields__slug\}\.(?:js|jsx|ts|tsx|mjs)$`)

// collectionRoute finds the one file-system route of src/pages over the
// slug field, whose folder prefixes the slug, slugified.
func collectionRoute(src fs.FS, types *map[string]bool) (Slug, bool) {
	var found []Slug
	_ = fs.WalkDir(src, "src/pages", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if m := collectionPage.FindStringSubmatch(d.Name()); m != nil {
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

// postURL returns the URL path of the post at rel in the folder f.
func (f PostFolder) postURL(rel string) (string, bool) {
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
	camel = []struct {
		re   *regexp.Regexp
		with string
	}{
		{regexp.MustCompile(`([A-Z]{2,})(\d+)`), "$1 $2"},
		{regexp.MustCompile(`([a-z\d]+)([A-Z]{2,})`), "$1 $2"},
		{regexp.MustCompile(`([a-z\d])([A-Z])`), "$1 $2"},
		{regexp.MustCompile(`([A-Z]+)([A-Z][a-z\d]+)`), "$1 $2"},
	}
	notSlug = regexp.MustCompile(`[^a-z\d]+`)
)

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
	for _, c := range camel {
		s = c.re.ReplaceAllString(s, c.with)
	}
	s = notSlug.ReplaceAllString(strings.ToLower(s), "-")
	return strings.Trim(s, "-"), true
}

// pageExts are the extensions of the pages of src/pages.
var pageExts = []string{".js", ".jsx", ".ts", ".tsx", ".mjs"}

// testFile matches a test of src/pages, which is no page.
var testFile = regexp.MustCompile(`(^|/)__tests__/|\.(spec|test)\.(js|ts|jsx|tsx)$|\.d\.tsx?$`)

// post returns the folder whose post the file at rel is, and its path
// in it.
func (g *Preset) post(rel string) (PostFolder, string, bool) {
	for _, f := range g.Posts {
		if r, ok := strings.CutPrefix(rel, f.Dir+"/"); ok && srcpath.HasExt(r, f.Exts...) {
			return f, r, true
		}
	}
	return PostFolder{}, "", false
}

// URLPath returns the URL path of p, a path relative to the project
// folder.
func (g *Preset) URLPath(p generator.Page) (string, bool) {
	if f, r, ok := g.post(p.Path); ok {
		return f.postURL(r)
	}
	r, ok := strings.CutPrefix(p.Path, "src/pages/")
	exts := pageExts
	if g.MDX {
		exts = append(slices.Clone(pageExts), ".mdx")
	}
	if !ok || !srcpath.HasExt(r, exts...) || testFile.MatchString(r) || srcpath.Dynamic.MatchString(r) || strings.ContainsAny(r, "{}") {
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

// SourceFiles returns src/pages and the folders of posts.
func (g *Preset) SourceFiles() (include, exclude []string) {
	include = []string{"src/pages/**"}
	for _, f := range g.Posts {
		for _, e := range f.Exts {
			include = append(include, f.Dir+"/**/*"+e)
		}
	}
	return include, []string{"node_modules", "public", ".cache"}
}

// FrontMatter reads the front matter of posts and of MDX pages, and
// their dates; draft: true is the query's to honour or not. A page of
// code has none.
func (g *Preset) FrontMatter(rel string) generator.Reading {
	if _, _, ok := g.post(rel); ok || g.MDX && srcpath.HasExt(rel, ".mdx") {
		return generator.Reading{Read: true, Dates: true}
	}
	return generator.Reading{}
}

// Name returns "gatsby".
func (g *Preset) Name() string { return "gatsby" }

// Folders names src/pages and the folders of posts, for the line of
// what was found.
func (g *Preset) Folders(_, title string) string {
	names := []string{"src/pages"}
	for _, f := range g.Posts {
		names = append(names, f.Dir)
	}
	return strings.Join(names, ", ") + " (" + title + ")"
}
