package gatsby

// The pages gatsby-node makes at a path that a post's front matter
// gives: createPage({ path: node.frontmatter.slug, … }), as Gatsby's MDX
// guide writes it, with a literal prefix or through a name bound to the
// field (const { slug } = node.frontmatter).

import (
	"io/fs"
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jscode"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// frontMatterPath reads the path of the createPage call whose arguments
// are args, in the code u: a key of the node's front matter
// (X.frontmatter.KEY, or a name the code binds to it), after a literal
// prefix (`/notes/${X.frontmatter.KEY}`, '/notes/' + X.frontmatter.KEY).
// It returns the prefix and the key; ok is false for any other path.
func frontMatterPath(m *jscode.Module, u stretch, args [][2]int) (prefix, key string, ok bool) {
	s, e, ok := property(m, args, "path")
	if !ok {
		return "", "", false
	}
	t := m.Toks
	switch {
	case e-s == 1 && t[s].Kind == jsconfig.Template:
		p := fmTemplate().FindStringSubmatch(string(m.Src[t[s].Pos:t[s].End]))
		if p == nil {
			return "", "", false
		}
		prefix = p[1]
		if p[3] != "" {
			key = p[3]
		} else if key, ok = boundKey(m, u, p[2]); !ok {
			return "", "", false
		}
		return prefix, key, true
	case e-s > 2 && t[s].Kind == jsconfig.String && t[s+1].Is("+") && fmPrefix().MatchString(t[s].Text):
		prefix, s = t[s].Text, s+2
	}
	if key, ok = fmField(t[s:e]); ok {
		return prefix, key, true
	}
	if e-s == 1 && t[s].Kind == jsconfig.Ident {
		key, ok = boundKey(m, u, t[s].Text)
		return prefix, key, ok
	}
	return "", "", false
}

var (
	// fmTemplate is createPage's path as a template with a literal
	// prefix and one substitution: a name, or X.frontmatter.KEY.
	fmTemplate = lazyre.MustCompile("^`([A-Za-z0-9._~/-]*)\\$\\{\\s*(?:([A-Za-z_$][\\w$]*)|[A-Za-z_$][\\w$]*(?:\\??\\.[A-Za-z_$][\\w$]*)*\\??\\.frontmatter\\??\\.([A-Za-z_$][\\w$]*))\\s*\\}`$")
	// fmPrefix is a literal prefix of a front matter path.
	fmPrefix = lazyre.MustCompile(`^[A-Za-z0-9._~/-]*$`)
)

// fmField returns KEY when toks are an access of a front matter key:
// NAME(.NAME)*.frontmatter.KEY, with ?. as well.
func fmField(toks []jscode.Token) (string, bool) {
	n := len(toks)
	if n < 5 || n%2 == 0 || toks[0].Kind != jsconfig.Ident || !toks[n-3].IsIdent("frontmatter") {
		return "", false
	}
	for i := 1; i < n; i += 2 {
		if !toks[i].Is(".") && !toks[i].Is("?.") || toks[i+1].Kind != jsconfig.Ident {
			return "", false
		}
	}
	return toks[n-1].Text, true
}

// boundKey returns the front matter key that the code u binds name to,
// once: const name = X.frontmatter.KEY, or const { KEY } =
// X.frontmatter (const { KEY: name } = …).
func boundKey(m *jscode.Module, u stretch, name string) (string, bool) {
	t := m.Toks
	key, found := "", 0
	for i := u.s; i+1 < u.e; i++ {
		if !t[i].IsIdent("const") && !t[i].IsIdent("let") && !t[i].IsIdent("var") {
			continue
		}
		j := i + 1
		switch {
		case t[j].IsIdent(name) && j+1 < u.e && t[j+1].Is("="):
			end := j + 2
			for end < u.e && !t[end].Is(";") && t[end].Line == t[j+2].Line {
				end++
			}
			if k, ok := fmField(t[j+2 : end]); ok {
				key, found = k, found+1
			}
		case t[j].Is("{") && m.Match[j] > j && m.Match[j]+1 < u.e && t[m.Match[j]+1].Is("="):
			rhs := m.Match[j] + 2
			end := rhs
			for end < u.e && !t[end].Is(";") && t[end].Line == t[rhs].Line {
				end++
			}
			if !frontmatterObject(t[rhs:end]) {
				continue
			}
			for _, b := range m.Args(j) {
				switch n := b[1] - b[0]; {
				case n == 1 && t[b[0]].IsIdent(name):
					key, found = name, found+1
				case n == 3 && t[b[0]+1].Is(":") && t[b[0]+2].IsIdent(name) && t[b[0]].Kind == jsconfig.Ident:
					key, found = t[b[0]].Text, found+1
				}
			}
		}
	}
	return key, found == 1
}

// frontmatterObject reports whether toks are an access of a node's
// front matter: NAME(.NAME)*.frontmatter.
func frontmatterObject(toks []jscode.Token) bool {
	n := len(toks)
	if n < 3 || n%2 == 0 || toks[0].Kind != jsconfig.Ident || !toks[n-1].IsIdent("frontmatter") {
		return false
	}
	for i := 1; i < n; i += 2 {
		if !toks[i].Is(".") && !toks[i].Is("?.") || toks[i+1].Kind != jsconfig.Ident {
			return false
		}
	}
	return true
}

// nodePage reports whether the createPage call whose arguments are args
// (in the code u of the module m) makes the page of the one node it is
// called for, not a page that groups nodes by the key (a category's):
// its component renders the node's own MDX (?__contentFilePath=), its
// context is the node's id (id: node.id), or its component is a
// template whose page query asks for one node (mdx(…),
// markdownRemark(…)) and for no list of them (allMdx, allMarkdownRemark:
// a category's template may ask for its first post too, for its title
// or image, and still list them all). read reads a template file of the
// project.
func nodePage(m *jscode.Module, u stretch, args [][2]int, read func(string) ([]byte, bool)) bool {
	t := m.Toks
	if s, e, ok := property(m, args, "component"); ok {
		for i := s; i < e; i++ {
			if t[i].Kind == jsconfig.Template && strings.Contains(string(m.Src[t[i].Pos:t[i].End]), "?__contentFilePath=") {
				return true
			}
		}
		if file, ok := templateFile(m, u, t[s:e]); ok {
			if data, ok := read(file); ok && oneNodeQuery().Match(data) && !allNodes().Match(data) {
				return true
			}
		}
	}
	if s, e, ok := property(m, args, "context"); ok && t[s].Is("{") && m.Match[s] == e-1 {
		for _, a := range m.Args(s) {
			p := t[a[0]:a[1]]
			if len(p) >= 5 && p[0].IsIdent("id") && p[1].Is(":") && p[len(p)-1].IsIdent("id") && p[len(p)-2].Is(".") {
				return true
			}
		}
	}
	return false
}

// oneNodeQuery is a page query's field that asks for one node of a
// Markdown or MDX file: mdx(id: { eq: $id }), markdownRemark(…).
var oneNodeQuery = lazyre.MustCompile(`(?:^|[^\w$])(?:mdx|markdownRemark)\s*\(`)

// templateFile returns the file, relative to the project folder, that a
// createPage component names: path.resolve('./src/templates/x.js'),
// require.resolve(…), or a name bound to one in the code u or at the top
// of the module.
func templateFile(m *jscode.Module, u stretch, toks []jscode.Token) (string, bool) {
	if f, ok := resolveCall(toks); ok {
		return f, true
	}
	if len(toks) != 1 || toks[0].Kind != jsconfig.Ident {
		return "", false
	}
	name := toks[0].Text
	t := m.Toks
	for _, st := range []stretch{u, {m: m, s: 0, e: len(t)}} {
		for i := st.s; i+2 < st.e; i++ {
			if !t[i].IsIdent(name) || !t[i+1].Is("=") || i > 0 && !(t[i-1].IsIdent("const") || t[i-1].IsIdent("let") || t[i-1].IsIdent("var")) {
				continue
			}
			end := i + 2
			for end < st.e && !t[end].Is(";") && t[end].Line == t[i+2].Line {
				end++
			}
			return resolveCall(t[i+2 : end])
		}
	}
	return "", false
}

// resolveCall returns the file of path.resolve('F'), resolve('F') or
// require.resolve('F'), F relative to the project folder ("./src/x.js",
// "src/x.js").
func resolveCall(toks []jscode.Token) (string, bool) {
	n := len(toks)
	if n < 4 || !toks[n-1].Is(")") || toks[n-2].Kind != jsconfig.String || !toks[n-3].Is("(") || !toks[n-4].IsIdent("resolve") {
		return "", false
	}
	if n > 4 && !(n == 6 && toks[1].Is(".") && (toks[0].IsIdent("path") || toks[0].IsIdent("require"))) {
		return "", false
	}
	f := path.Clean(toks[n-2].Text)
	if path.IsAbs(f) || f == "." || !fs.ValidPath(f) {
		return "", false
	}
	return f, true
}
