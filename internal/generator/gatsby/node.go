package gatsby

// The reading of gatsby-node.js and of the helper modules it requires:
// how the slug field of Markdown nodes is made, and the pages its
// createPage calls make over it.

import (
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jscode"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// pageRule is what a createPage call over the slug field, or over a key
// of the node's front matter, makes: the literal before the slug in its
// path, and the filter of the query whose nodes it pages (none for a
// query of all nodes).
type pageRule struct {
	prefix string
	// key is the front matter key whose value is the page's path after
	// prefix; "" for the slug field.
	key string
	query
	// known says the filter is known: the call's function makes one
	// query, or several with the same filter.
	known bool
}

// nodeReader reads gatsby-node's module and the modules it requires,
// each once, holding a module's tokens only while code of it is still to
// be read (see [nodeReader.reach]).
type nodeReader struct {
	*jscode.Modules
	// unread says the code runs code not read here: a module it
	// requires and names that could not be read (no such file, past a
	// limit, a link out of the project), an export that is no
	// declaration, a module required inside a function or by a computed
	// name, declarations past maxStretches. What that code makes is not
	// known.
	unread bool
	// got are the modules read, by path; held those whose tokens are
	// held; pending counts each module's stretches still to be read.
	got     map[string]*jscode.Module
	held    map[*jscode.Module]bool
	pending map[*jscode.Module]int
}

// newNodeReader returns a reader of the modules of src within lim.
func newNodeReader(src fs.FS, lim limits.Limits) *nodeReader {
	return &nodeReader{Modules: jscode.NewModules(src, lim), got: map[string]*jscode.Module{}, held: map[*jscode.Module]bool{}, pending: map[*jscode.Module]int{}}
}

// module returns the module at name, read once; nil when it cannot be
// (no such file, past a limit, a link out of the project). Its tokens
// may have been let go: hold gives them back.
func (r *nodeReader) module(name string) *jscode.Module {
	m, ok := r.got[name]
	if !ok {
		m = r.Get(name)
		r.got[name] = m
		if m != nil {
			r.held[m] = true
		}
	}
	return m
}

// hold gives m its tokens back, when they were let go; false when they
// cannot be (past the bound across modules).
func (r *nodeReader) hold(m *jscode.Module) bool {
	if !r.held[m] {
		if r.Get(m.File) == nil {
			return false
		}
		r.held[m] = true
	}
	return true
}

// letGo lets go of the tokens of each module held none of whose
// stretches is still to be read.
func (r *nodeReader) letGo() {
	for m := range r.held {
		if r.pending[m] == 0 {
			r.LetGo(m)
			delete(r.held, m)
		}
	}
}

// stretch is code of a module that gatsby-node runs: the whole of
// gatsby-node's module, or a declaration of a helper module it calls.
type stretch struct {
	m      *jscode.Module
	s, e   int
	helper bool
}

// maxStretches bounds the declarations gatsby-node's code is followed
// into.
const maxStretches = 256

// reach calls read with each stretch of code that the gatsby-node module
// m runs, in turn, until read returns false. The stretches are these,
// each read once:
//   - all of m;
//   - the declarations that m's code names in the modules it requires
//     by a relative path (with require or import): a function it
//     imports, or ns.fn of a module it binds whole;
//   - in those modules, the declarations they name, and those of the
//     modules they require in the same way.
//
// reach lets go of a module's tokens once it has read the last stretch
// found so far in that module. It gets them back when it finds another.
func (r *nodeReader) reach(m *jscode.Module, read func(stretch) bool) {
	f := &follower{r: r, out: []stretch{{m: m, s: 0, e: len(m.Toks)}}, seen: map[declKey]bool{}, read: read}
	r.pending[m]++
	for _, id := range used(m) {
		f.imported(m, id, 0, len(m.Toks))
	}
	for id := range m.Imports {
		if strings.HasPrefix(id, "exports.") { // exports.createPages = require('./gatsby/pages')
			f.imported(m, id, 0, 0)
		}
	}
	r.inlineRequires(f.out[0], true)
	if !f.done(0) {
		return
	}
	i := 1
	for ; i < len(f.out) && len(f.out) < maxStretches; i++ {
		st := f.out[i]
		if !r.hold(st.m) {
			r.unread = true
			continue
		}
		f.follow(st)
		if !f.done(i) {
			return
		}
	}
	if i < len(f.out) {
		// reach stopped at the bound, so what the rest requires is not
		// known.
		r.unread = true
	}
	// The rest is read, but not followed.
	for ; i < len(f.out); i++ {
		if !r.hold(f.out[i].m) {
			continue
		}
		if !f.done(i) {
			return
		}
	}
}

// A declKey names the declaration name in the module m.
type declKey struct {
	m    *jscode.Module
	name string
}

// A follower holds the state of one call of nodeReader.reach.
type follower struct {
	r    *nodeReader
	out  []stretch        // the stretches found so far, in the order they are read
	seen map[declKey]bool // the declarations found so far
	read func(stretch) bool
}

// follow finds the declarations that the code of st names: those of its
// own module, and those of the modules it imports.
func (f *follower) follow(st stretch) {
	f.r.inlineRequires(st, false)
	for _, id := range st.m.Idents(st.s, st.e) {
		if d, ok := st.m.Decls[id]; ok && d.Start != st.s {
			f.add(st.m, id)
			continue
		}
		f.imported(st.m, id, st.s, st.e)
	}
}

// add adds the declaration name of the module in to the stretches to
// read. It reports false when in declares no such name. Past
// maxStretches, it adds nothing and notes that code is left unread.
func (f *follower) add(in *jscode.Module, name string) bool {
	d, ok := in.Decls[name]
	switch {
	case !ok:
		return false
	case f.seen[declKey{in, name}]:
		return true
	case len(f.out) >= maxStretches:
		f.r.unread = true
		return true
	}
	f.seen[declKey{in, name}] = true
	f.out = append(f.out, stretch{m: in, s: d.Start, e: d.End, helper: true})
	f.r.pending[in]++
	return true
}

// imported follows the import of id by the module in, which the code
// from s to e names. Only a relative import of code is followed. An
// import that cannot be followed is code left unread.
func (f *follower) imported(in *jscode.Module, id string, s, e int) {
	imp, ok := in.Imports[id]
	if !ok || !strings.HasPrefix(imp.Spec, "./") && !strings.HasPrefix(imp.Spec, "../") {
		return
	}
	if e := path.Ext(imp.Spec); e == ".json" || e == ".yaml" || e == ".yml" {
		return // The module is data, not code.
	}
	name, ok := jscode.Resolve(f.r.FS, in.File, imp.Spec, jscode.Aliases{})
	if !ok {
		f.r.unread = true
		return
	}
	h := f.r.module(name)
	if h == nil {
		f.r.unread = true
		return
	}
	// An export that is not a declaration read here is code that is not
	// known: exports.x = require(…), or a value that a call returns.
	if imp.Name != "*" {
		if !f.add(h, h.Exports[imp.Name]) {
			f.r.unread = true
		}
		return
	}
	// The module is bound whole. Its value (module.exports = …) is
	// followed, and so is what the code reads of it (ns.fn).
	fns := members(in, id, s, e)
	if _, ok := h.Exports[jscode.ModuleExports]; ok {
		fns = append(fns, jscode.ModuleExports)
	} else if len(fns) == 0 {
		f.r.unread = true
	}
	for _, fn := range fns {
		if !f.add(h, h.Exports[fn]) {
			f.r.unread = true
		}
	}
}

// done reads the stretch i, and then lets go of the tokens that are no
// longer needed. It returns what read returned.
func (f *follower) done(i int) bool {
	more := f.read(f.out[i])
	f.r.pending[f.out[i].m]--
	f.r.letGo()
	return more
}

// inlineRequires marks the code unread when the stretch st requires a
// module of the project, or one it computes, in its code: require(…) or
// import(…) that is no binding of the module's (whole, a module whose
// own bindings count).
func (r *nodeReader) inlineRequires(st stretch, whole bool) {
	bound := map[string]bool{}
	if whole {
		for _, imp := range st.m.Imports {
			bound[imp.Spec] = true
		}
	}
	t := st.m.Toks
	for j := st.s; j+1 < st.e; j++ {
		if !(t[j].IsIdent("require") || t[j].IsIdent("import")) || !t[j+1].Is("(") || j > 0 && t[j-1].Is(".") {
			continue
		}
		if j+2 >= st.e || t[j+2].Kind != jsconfig.String {
			r.unread = true // a module it computes
			continue
		}
		if spec := t[j+2].Text; (strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../")) && !bound[spec] {
			r.unread = true // a module of the project, not followed
		}
	}
}

// used returns the names of m's imports that its code names beyond the
// statement that binds them.
func used(m *jscode.Module) []string {
	count := map[string]int{}
	for i, t := range m.Toks {
		if t.Kind == jsconfig.Ident && (i == 0 || !m.Toks[i-1].Is(".") && !m.Toks[i-1].Is("?.")) {
			count[t.Text]++
		}
	}
	var out []string
	for id := range m.Imports {
		if count[id] > 1 {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out
}

// members returns the names the code s to e of m reads of ns: ns.NAME.
func members(m *jscode.Module, ns string, s, e int) []string {
	var out []string
	t := m.Toks
	for i := s; i+2 < e; i++ {
		if t[i].IsIdent(ns) && (i == 0 || !t[i-1].Is(".")) && t[i+1].Is(".") && t[i+2].Kind == jsconfig.Ident {
			out = append(out, t[i+2].Text)
		}
	}
	return out
}

// nodeSlug reads gatsby-node's module m and the code it runs in the
// modules it requires (see [nodeReader.reach]): createFilePath's
// options, createNodeField's slug, createPage's paths over the slug and
// the queries they page. types are the node types it names.
func (r *nodeReader) nodeSlug(m *jscode.Module) (Slug, []pageRule, map[string]bool, bool) {
	types := map[string]bool{}
	if m == nil {
		return Slug{}, nil, types, false
	}
	var slugs []Slug
	var value string // the name createFilePath's value is bound to
	slugField, computed, known := false, false, true
	var rules []pageRule
	r.reach(m, func(st stretch) bool {
		t := st.m.Toks
		for i := st.s; i < st.e; i++ {
			tk := t[i]
			if tk.Kind == jsconfig.String && (tk.Text == "MarkdownRemark" || tk.Text == "Mdx") {
				types[tk.Text] = true
			}
			if tk.Kind != jsconfig.Ident || i+1 >= st.e || !t[i+1].Is("(") || i > 0 && t[i-1].IsIdent("function") {
				continue
			}
			args := st.m.Args(i + 1)
			switch tk.Text {
			case "createFilePath":
				s, ok := filePathOptions(st.m, args)
				if !ok {
					known = false
					return false
				}
				slugs = append(slugs, s)
				if i >= 2 && t[i-1].Is("=") && t[i-2].Kind == jsconfig.Ident {
					value = t[i-2].Text
				}
			case "createNodeField":
				props := objectArg(st.m, args)
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
				u := unit(st, i)
				rule := pageRule{}
				if prefix, ok := slugPath(st.m, args); ok {
					rule.prefix = prefix
				} else if prefix, key, ok := frontMatterPath(st.m, u, args); ok && nodePage(st.m, u, args, r.template) {
					rule.prefix, rule.key = prefix, key
				} else {
					continue
				}
				rule.query, rule.known = queryFilter(st.m, u)
				rules = append(rules, rule)
			}
		}
		return true
	})
	if r.unread {
		return Slug{}, nil, types, false
	}
	// The calls over the slug field count when the field is known: made
	// by createFilePath, with one set of options. Those over the front
	// matter need nothing more.
	slug, fieldKnown := Slug{}, known && !computed && slugField && len(slugs) > 0
	for _, s := range slugs {
		fieldKnown = fieldKnown && s == slugs[0]
	}
	if fieldKnown {
		slug = slugs[0]
	} else {
		rules = slices.DeleteFunc(rules, func(r pageRule) bool { return r.key == "" })
	}
	if len(rules) == 0 {
		return Slug{}, nil, types, false
	}
	rules, ok := pageRules(rules)
	return slug, rules, types, ok
}

// template returns the file name of the project, a page's template,
// read once for the reading of gatsby-node's code; ok is false when it
// cannot be read.
func (r *nodeReader) template(name string) ([]byte, bool) {
	data, err := fs.ReadFile(r.FS, name)
	if err != nil {
		return nil, false
	}
	if !slices.Contains(r.Read, name) {
		r.Read = append(r.Read, name)
	}
	return data, true
}

// pageRules returns the rules of the createPage calls: each with its
// query's filter when every call's is known; else one unfiltered rule
// when all give one path (prefix and key); else none (ok false).
func pageRules(rules []pageRule) ([]pageRule, bool) {
	var out []pageRule
	allKnown, paths := true, map[[2]string]bool{}
	for _, r := range rules {
		allKnown = allKnown && r.known
		paths[[2]string{r.prefix, r.key}] = true
	}
	if !allKnown {
		if len(paths) != 1 {
			return nil, false
		}
		return []pageRule{{prefix: rules[0].prefix, key: rules[0].key, known: true}}, true
	}
	seen := map[pageRule]bool{}
	for _, r := range rules {
		if !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	return out, true
}

// unit returns the stretch of code whose queries the createPage call at
// i pages: the helper's declaration, or in gatsby-node's module the
// top-level declaration that holds it.
func unit(st stretch, i int) stretch {
	if st.helper {
		return st
	}
	for _, d := range st.m.Decls {
		if d.Start <= i && i < d.End {
			return stretch{m: st.m, s: d.Start, e: d.End}
		}
	}
	return st
}

// absolutePathRegex finds a query's filter on the file's path:
// fileAbsolutePath: { regex: "/content/blog/" } (MarkdownRemark, the Mdx
// of gatsby-plugin-mdx before 4), internal: { contentFilePath: { regex:
// … } } (gatsby-plugin-mdx 4 and later), each the file's absolute path.
var absolutePathRegex = lazyre.MustCompile(`(?:fileAbsolutePath|contentFilePath)\s*:\s*\{\s*regex\s*:\s*"([^"]*)"\s*\}`)

// literalRegex is a regex filter whose pattern reads the same in
// JavaScript and in Go: Gatsby's "/PATTERN/" with no flags, PATTERN of
// letters, digits, "_", "-", "/", "." (any character, as in both),
// groups and alternatives ("(", ")", "|"; no "(?", whose forms the two
// read differently), the quantifiers "?", "*", "+", and a final "$"; no
// anchor at the start, which would be the build machine's folder above
// the project, no backslash, brace or class.
var literalRegex = lazyre.MustCompile(`^/([A-Za-z0-9_./()|?*+-]+\$?)/$`)

// query is what a graphql query's filter says of its files: the pattern
// of its fileAbsolutePath regex, the name of the gatsby-source-filesystem
// entry whose files it reads (allFile's sourceInstanceName: { eq: "blog"
// }); "" for none.
type query struct{ re, source string }

// sourceName finds allFile's filter on the name of the files' source.
var sourceName = lazyre.MustCompile(`sourceInstanceName\s*:\s*\{\s*eq\s*:\s*"([^"\\$]*)"\s*\}`)

// queryFilter returns the filter of the graphql queries the code u makes
// (see [query]); known is false when it makes none, when they differ, or
// when one is not a filter read here (a regex with a backslash, a flag,
// an anchor, a class).
func queryFilter(m *jscode.Module, u stretch) (query, bool) {
	t := m.Toks
	queries := map[query]bool{}
	for i := u.s; i+1 < u.e; i++ {
		if !t[i].IsIdent("graphql") || !t[i+1].Is("(") || i > 0 && t[i-1].Is(".") {
			continue
		}
		args := m.Args(i + 1)
		if len(args) == 0 {
			continue
		}
		var q query
		foundRe, foundSrc := false, false
		for j := args[0][0]; j < args[0][1]; j++ {
			if t[j].Kind != jsconfig.String && t[j].Kind != jsconfig.Template {
				continue
			}
			text := string(m.Src[t[j].Pos:t[j].End])
			for _, f := range absolutePathRegex().FindAllStringSubmatch(text, -1) {
				p := literalRegex().FindStringSubmatch(f[1])
				if p == nil || strings.Contains(p[1], "(?") || foundRe && p[1] != q.re {
					return query{}, false
				}
				if _, err := regexp.Compile(p[1]); err != nil {
					return query{}, false
				}
				q.re, foundRe = p[1], true
			}
			for _, f := range sourceName().FindAllStringSubmatch(text, -1) {
				if f[1] == "" || foundSrc && f[1] != q.source {
					return query{}, false
				}
				q.source, foundSrc = f[1], true
			}
		}
		queries[q] = true
	}
	if len(queries) != 1 {
		return query{}, false // none: the nodes come from code not read here
	}
	for q := range queries {
		return q, true
	}
	return query{}, false
}

// slugPath reads the path of the createPage call whose arguments are
// args: the slug field (post.fields.slug), after a literal prefix
// (`/blog${post.fields.slug}`, '/blog' + post.fields.slug); ok is false
// for any other path.
func slugPath(m *jscode.Module, args [][2]int) (string, bool) {
	s, e, ok := property(m, args, "path")
	if !ok {
		return "", false
	}
	t := m.Toks
	switch {
	case slugField(t[s:e]):
		return "", true
	case e-s == 1 && t[s].Kind == jsconfig.Template:
		if p := slugTemplate().FindStringSubmatch(string(m.Src[t[s].Pos:t[s].End])); p != nil {
			return strings.TrimSuffix(p[1], "/"), true
		}
	case e-s > 2 && t[s].Kind == jsconfig.String && t[s+1].Is("+") && slugField(t[s+2:e]) && slugPrefix().MatchString(t[s].Text):
		return strings.TrimSuffix(t[s].Text, "/"), true
	}
	return "", false
}

// slugPrefix is a literal prefix of a slug's path.
var slugPrefix = lazyre.MustCompile(`^/[A-Za-z0-9._~/-]*$`)

// slugField reports whether toks are an access of the slug field:
// NAME(.NAME)*.fields.slug, with ?. as well.
func slugField(toks []jscode.Token) bool {
	n := len(toks)
	if n < 5 || n%2 == 0 || toks[0].Kind != jsconfig.Ident || !toks[n-1].IsIdent("slug") || !toks[n-3].IsIdent("fields") {
		return false
	}
	for i := 1; i < n; i += 2 {
		if !toks[i].Is(".") && !toks[i].Is("?.") || toks[i+1].Kind != jsconfig.Ident {
			return false
		}
	}
	return true
}

// property returns the stretch of the value of key in the object
// literal that is the only argument of a call.
func property(m *jscode.Module, args [][2]int, key string) (int, int, bool) {
	if len(args) != 1 || !m.Toks[args[0][0]].Is("{") || m.Match[args[0][0]] != args[0][1]-1 {
		return 0, 0, false
	}
	t := m.Toks
	for _, p := range m.Args(args[0][0]) {
		s, e := p[0], p[1]
		if e-s < 3 || t[s].Kind != jsconfig.Ident && t[s].Kind != jsconfig.String || t[s].Text != key || !t[s+1].Is(":") {
			continue
		}
		return s + 2, e, true
	}
	return 0, 0, false
}

// slugTemplate is createPage's path with a literal prefix:
// `/blog${post.fields.slug}`.
var slugTemplate = lazyre.MustCompile("^`(/[A-Za-z0-9._~/-]*)?\\$\\{\\s*[A-Za-z_$][\\w$]*(?:\\??\\.[A-Za-z_$][\\w$]*)*\\??\\.fields\\??\\.slug\\s*\\}`$")

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
// shorthand key's is the key itself), a call of createFilePath as the
// identifier createFilePath, or an unknown token.
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
		case t[s+1].Is(":"):
			props[key] = jscode.Token{Kind: jsconfig.Unterminated}
		}
	}
	return props
}
