package generator

// Pelican and Sphinx, whose configurations are Python files: read as
// text for literal assignments, never run.

import (
	"bytes"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// pyAssign matches a top-level assignment of a string literal: NAME =
// 'value' or "value", with an optional comment after it.
var pyAssign = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(?:'([^'\\]*)'|"([^"\\]*)")\s*(?:#.*)?$`)

// pyAny matches any top-level assignment: NAME = …
var pyAny = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)\s*=`)

// pyValue is a top-level assignment of a Python file: its value when it
// is a string literal, the literal it is when it is one the peers' options
// take (val: a string, true or false, None as nil, a number as float64, a
// list or tuple of those as []any; else a peer.Expr of its text), and its
// line.
type pyValue struct {
	value   string
	literal bool
	val     any
	line    int
}

// maxPyLines bounds the lines a value written over several lines (a list
// of extensions, one a line) is read from.
const maxPyLines = 200

// pyAssignments returns the last top-level assignment of each name in a
// Python file (a later one wins, as when it runs). A value whose brackets
// open on its line and close on a later one is read from those lines,
// which are no assignments of their own.
func pyAssignments(data []byte) map[string]pyValue {
	out := map[string]pyValue{}
	lines := bytes.Split(data, []byte("\n"))
	for i := 0; i < len(lines); i++ {
		s := strings.TrimRight(string(lines[i]), " \t\r")
		m := pyAny.FindStringSubmatchIndex(s)
		if m == nil {
			continue
		}
		name, line := s[m[2]:m[3]], i+1
		text := s[m[1]:]
		for depth := pyDepth(text); depth > 0 && i+1 < len(lines) && i+1-line < maxPyLines; depth = pyDepth(text) {
			i++
			text += "\n" + strings.TrimRight(string(lines[i]), " \t\r")
		}
		v := pyValue{line: line, val: pyLiteral(text)}
		if a := pyAssign.FindStringSubmatch(s); a != nil {
			v.value, v.literal = a[2]+a[3], true
		}
		out[name] = v
	}
	return out
}

// pyDepth is how many brackets text leaves open, outside its strings and
// comments.
func pyDepth(text string) int {
	depth := 0
	var quote byte
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote || c == '\n' {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '#':
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case c == '[' || c == '(' || c == '{':
			depth++
		case c == ']' || c == ')' || c == '}':
			depth--
		}
	}
	return depth
}

// pyLiteral returns the literal text is, as pyValue.val says: a
// peer.Expr of its first line when it is none.
func pyLiteral(text string) any {
	r := &pyReader{s: text}
	if v, ok := r.value(); ok {
		if r.space(); r.i == len(r.s) {
			return v
		}
	}
	first, _, _ := strings.Cut(strings.TrimSpace(text), "\n")
	return peer.Expr{Text: first}
}

// pyReader reads a Python literal: strings (with their escapes; r'…' as
// written), numbers, True, False, None, and lists and tuples of them.
type pyReader struct {
	s string
	i int
}

// space skips spaces, line ends and comments.
func (r *pyReader) space() {
	for r.i < len(r.s) {
		switch c := r.s[r.i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			r.i++
		case c == '\\' && r.i+1 < len(r.s) && r.s[r.i+1] == '\n':
			r.i += 2
		case c == '#':
			for r.i < len(r.s) && r.s[r.i] != '\n' {
				r.i++
			}
		default:
			return
		}
	}
}

func (r *pyReader) value() (any, bool) {
	r.space()
	if r.i == len(r.s) {
		return nil, false
	}
	switch c := r.s[r.i]; {
	case c == '[' || c == '(':
		return r.list(map[byte]byte{'[': ']', '(': ')'}[c])
	case c == '\'' || c == '"':
		return r.str(false)
	case (c == 'r' || c == 'R') && r.i+1 < len(r.s) && (r.s[r.i+1] == '\'' || r.s[r.i+1] == '"'):
		r.i++
		return r.str(true)
	case (c == 'u' || c == 'U') && r.i+1 < len(r.s) && (r.s[r.i+1] == '\'' || r.s[r.i+1] == '"'):
		r.i++
		return r.str(false)
	}
	j := r.i
	for j < len(r.s) && (isWordByte(r.s[j]) || r.s[j] == '.' || r.s[j] == '-' || r.s[j] == '+') {
		j++
	}
	word := r.s[r.i:j]
	switch word {
	case "True":
		r.i = j
		return true, true
	case "False":
		r.i = j
		return false, true
	case "None":
		r.i = j
		return nil, true
	}
	if f, err := strconv.ParseFloat(strings.ReplaceAll(word, "_", ""), 64); err == nil && word != "" {
		r.i = j
		return f, true
	}
	return nil, false
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// str reads a string literal of one line, its quote at r.i; raw keeps
// its backslashes as written. Triple-quoted strings are not read.
func (r *pyReader) str(raw bool) (any, bool) {
	q := r.s[r.i]
	if strings.HasPrefix(r.s[r.i:], strings.Repeat(string(q), 3)) {
		return nil, false
	}
	var b strings.Builder
	for j := r.i + 1; j < len(r.s); j++ {
		c := r.s[j]
		switch {
		case c == '\n':
			return nil, false
		case c == q:
			r.i = j + 1
			return b.String(), true
		case c == '\\' && j+1 < len(r.s):
			j++
			if raw {
				b.WriteByte('\\')
				b.WriteByte(r.s[j])
				continue
			}
			switch e := r.s[j]; e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case '\\', '\'', '"':
				b.WriteByte(e)
			default:
				b.WriteByte('\\')
				b.WriteByte(e)
			}
		default:
			b.WriteByte(c)
		}
	}
	return nil, false
}

// list reads a list or a tuple up to its closing bracket end.
func (r *pyReader) list(end byte) (any, bool) {
	r.i++
	out := []any{}
	for {
		r.space()
		if r.i < len(r.s) && r.s[r.i] == end {
			r.i++
			return out, true
		}
		v, ok := r.value()
		if !ok {
			return nil, false
		}
		out = append(out, v)
		r.space()
		switch {
		case r.i < len(r.s) && r.s[r.i] == ',':
			r.i++
		case r.i < len(r.s) && r.s[r.i] == end:
		default:
			return nil, false
		}
	}
}

// pelican is Detect's check for a Pelican project: pelicanconf.py, and
// publishconf.py, which Pelican's quickstart writes for the production
// build (pelican -s publishconf.py) and which imports pelicanconf's
// settings. OUTPUT_PATH (default "output") is the publish folder; SITEURL
// of publishconf.py, else of pelicanconf.py, the base URL.
func (d *Dir) pelican() (*Project, error) {
	name, data, err := d.firstFile("pelicanconf.py")
	if err != nil || name == "" {
		return nil, err
	}
	p := &Project{Generator: "pelican", Title: "Pelican", File: name, PublishDir: "output"}
	type pyFile struct {
		name string
		vals map[string]pyValue
	}
	files := []pyFile{{name, pyAssignments(data)}}
	pub, pdata, err := d.firstFile("publishconf.py")
	if err != nil {
		return nil, err
	}
	if pub != "" {
		files = append([]pyFile{{pub, pyAssignments(pdata)}}, files...) // its settings win
	}
	for _, f := range files {
		if v, ok := f.vals["OUTPUT_PATH"]; ok {
			if v.literal && cleanDir(v.value) != "" {
				p.PublishDir = cleanDir(v.value)
			} else if !v.literal {
				p.PublishDir = ""
				p.Notes = append(p.Notes, noteAt(f.name, v.line, "OUTPUT_PATH is not a literal string%s", dirHint))
			}
			break
		}
	}
	for _, f := range files {
		v, ok := f.vals["SITEURL"]
		if !ok || v.literal && v.value == "" {
			continue // the development setting: relative URLs
		}
		switch {
		case v.literal && absHTTP(v.value):
			p.BaseURL, p.BaseURLFrom = withSlash(v.value), f.name+" SITEURL"
		case v.literal:
			p.Notes = append(p.Notes, noteAt(f.name, v.line, "SITEURL %q is not an absolute http(s) URL%s", v.value, baseURLHint))
		default:
			p.Notes = append(p.Notes, noteAt(f.name, v.line, "SITEURL is not a literal string%s", baseURLHint))
		}
		break
	}
	return p, nil
}

// sphinxConfs are where a Sphinx project's conf.py is, with the folder
// make html builds into: sphinx-quickstart's layouts (one folder, or
// source/ and build/ apart), at the top or under docs/.
var sphinxConfs = []struct{ conf, out string }{
	{"conf.py", "_build/html"},
	{"source/conf.py", "build/html"},
	{"docs/conf.py", "docs/_build/html"},
	{"docs/source/conf.py", "docs/build/html"},
}

// sphinxBuildDir returns the folder "make html" writes to when the
// Makefile sphinx-quickstart wrote beside the source folder sets
// BUILDDIR as a plain relative path ("BUILDDIR = _build": its html/
// folder), or "" to take the layout's default. A project may change the
// Makefile's BUILDDIR, and Read the Docs-style layouts often do.
func (d *Dir) sphinxBuildDir(c struct{ conf, out string }) (string, error) {
	dir := path.Dir(path.Dir(c.conf)) // the folder above the source folder
	if path.Base(path.Dir(c.conf)) != "source" {
		dir = path.Dir(c.conf) // one folder: the Makefile is beside conf.py
	}
	name, data, err := d.firstFile(path.Join(dir, "Makefile"))
	if err != nil || name == "" {
		return "", err
	}
	for _, line := range strings.Split(string(data), "\n") {
		m := makeBuildDir.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		v := path.Clean(m[1])
		if path.IsAbs(v) || v == ".." || strings.HasPrefix(v, "../") || strings.ContainsAny(v, "$()`\\") {
			return "", nil // not a plain folder of the project: the default
		}
		return path.Join(dir, v, "html"), nil
	}
	return "", nil
}

// makeBuildDir matches a Makefile's assignment of BUILDDIR.
var makeBuildDir = regexp.MustCompile(`^\s*BUILDDIR\s*[:?]?=\s*(\S+)\s*$`)

// sphinx is Detect's check for a Sphinx project: a conf.py that sets
// project or extensions, where sphinx-quickstart puts it. The publish
// folder is where "make html" writes; html_baseurl is the base URL.
func (d *Dir) sphinx() (*Project, error) {
	for _, c := range sphinxConfs {
		name, data, err := d.firstFile(c.conf)
		if err != nil {
			return nil, err
		}
		if name == "" {
			continue
		}
		vals := pyAssignments(data)
		_, project := vals["project"]
		_, exts := vals["extensions"]
		if !project && !exts {
			continue // some other conf.py
		}
		p := &Project{Generator: "sphinx", Title: "Sphinx", File: name, PublishDir: c.out}
		if out, err := d.sphinxBuildDir(c); err != nil {
			return nil, err
		} else if out != "" {
			p.PublishDir = out
		}
		// html_baseurl, which Sphinx writes each page's canonical link
		// from; else sphinx-sitemap's own site_url, which it takes first.
		for _, key := range []string{"html_baseurl", "site_url"} {
			v, ok := vals[key]
			if !ok {
				continue
			}
			switch {
			case v.literal && absHTTP(v.value):
				p.BaseURL, p.BaseURLFrom = withSlash(v.value), name+" "+key
			case v.literal && v.value == "", v.val == nil:
				continue
			case v.literal:
				p.Notes = append(p.Notes, noteAt(name, v.line, "%s %q is not an absolute http(s) URL%s", key, v.value, baseURLHint))
			default:
				p.Notes = append(p.Notes, noteAt(name, v.line, "%s is not a literal string%s", key, baseURLHint))
			}
			break
		}
		sphinxSitemap(p, name, vals)
		if v, ok := vals["html_file_suffix"]; ok && v.literal && v.value != ".html" {
			p.Notes = append(p.Notes, noteAt(name, v.line, "html_file_suffix %q: pages are found by include:", v.value))
		}
		return p, nil
	}
	return nil, nil
}

// sphinxSitemap reads what sphinx-sitemap's settings say of the files it
// writes (or wrote, before it left extensions: the settings that stay in
// conf.py keep naming them, as Hugo's [sitemap] does) into the Sphinx
// project p, whose conf.py (name) assigns vals:
// sitemap_filename names them (p.SitemapFile); a sitemap_url_scheme with
// {lang} (its default, {lang}{version}{link}) and sitemap_locales put
// each language's build in a folder of its own, LANG/, each with its
// sitemap, whose alternates are the other languages' pages
// (p.Languages: the locales with language, when there are two or
// more). With html_baseurl, which the pages' canonical links are made
// from, a scheme that puts the pages under another folder (Sphinx 5's
// language is "en" when none is given) is a warning: sitemapgen lists
// the URLs the pages give.
func sphinxSitemap(p *Project, name string, vals map[string]pyValue) {
	exts, _ := vals["extensions"].val.([]any)
	on := slices.Contains(exts, any("sphinx_sitemap"))
	if v, ok := vals["sitemap_filename"]; ok && v.literal && v.value != "" {
		p.SitemapFile, p.SitemapFileKey = v.value, "sitemap_filename"
	}
	scheme := "{lang}{version}{link}"
	if v, ok := vals["sitemap_url_scheme"]; ok {
		if !v.literal {
			return // what it makes of the URLs is not known
		}
		scheme = v.value
	}
	lang := "en" // Sphinx 5's default
	if v, ok := vals["language"]; ok {
		switch {
		case v.literal:
			lang = v.value
		case v.val == nil:
			lang = "" // None, Sphinx 4's default: no folder
		default:
			return
		}
	}
	version := ""
	if v, ok := vals["version"]; ok && v.literal {
		version = v.value
	} else if ok {
		return
	}
	if strings.Contains(scheme, "{lang}") {
		var langs []string
		if lang != "" {
			langs = append(langs, lang)
		}
		locales, _ := vals["sitemap_locales"].val.([]any)
		for _, l := range locales {
			if s, ok := l.(string); ok && s != "" && !slices.Contains(langs, s) && !strings.ContainsAny(s, "/\\") {
				langs = append(langs, s)
			}
		}
		if len(langs) > 1 {
			p.Languages = langs
			// The same page in each language's folder, in the code
			// sphinx-sitemap gives it (pt_BR as pt-BR).
			l := &FolderLocales{Langs: map[string]string{}, From: "sphinx-sitemap's sitemap_locales"}
			for _, lang := range langs {
				l.Langs[lang] = strings.ReplaceAll(lang, "_", "-")
			}
			p.Pages = l
		}
	}
	if !on || !strings.HasSuffix(p.BaseURLFrom, " html_baseurl") {
		return
	}
	part := func(s string) string { // as sphinx-sitemap adds it
		if s == "" {
			return ""
		}
		return s + "/"
	}
	before, ok := strings.CutSuffix(scheme, "{link}")
	if !ok {
		return // not a folder of the pages: not known
	}
	prefix := strings.NewReplacer("{lang}", part(lang), "{version}", part(version)).Replace(before)
	if prefix = strings.TrimPrefix(prefix, "/"); prefix != "" {
		line := vals["extensions"].line
		if v, ok := vals["sitemap_url_scheme"]; ok {
			line = v.line
		}
		p.Warnings = append(p.Warnings, diag.Pos{File: name, Line: line}.Errorf("sphinx-sitemap's sitemap_url_scheme %s listed the pages under %s%s, where their canonical links (html_baseurl) do not put them: sitemapgen lists them at the URLs they give, under %s; give --base-url %s%s if the site is served there",
			scheme, p.BaseURL, prefix, p.BaseURL, p.BaseURL, prefix))
	}
}
