package hugo

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"path"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/bmatcuk/doublestar/v4"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/conffile"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
)

// A cascade is one entry of Hugo's cascade: front matter values that a
// list page (its _index file) or the configuration passes down to the
// pages its target matches. Hugo 0.111 applies them to the _index
// file's own page and every page below it, and a page's own front matter
// wins over them, key by key.
type cascade struct {
	// Values are the values sitemapgen reads (cascadeKeys), lower-cased.
	Values map[string]any
	// Path, Kind, Lang and Environment are the _target's globs (target,
	// newer Hugo's name, without _target), "" for any. Path is matched
	// against the file's path in the content folder, with a leading "/"
	// ("/docs/a.md"), as Hugo 0.111 does, and the page's logical path
	// ("/docs/a"), as newer Hugo does.
	Path, Kind, Lang, Environment string
}

// cascadeKeys are the keys of a cascade sitemapgen applies: those that
// leave a page out of Hugo's sitemap (sitemap: {disable: true}, Hugo
// 0.125; build or _build: {list: never}; draft) or give its entry's
// changefreq and priority (sitemap). Hugo passes down every key; the
// others change nothing sitemapgen reads from a cascade.
var cascadeKeys = []string{"sitemap", "_build", "build", "draft"}

// maxCascadeEntries is the most entries of one cascade (the
// configuration's, or one _index file's) that are read: each page tries
// each entry whose path may match it, so their number bounds the work a
// page costs. Past it, a warning names the file.
const maxCascadeEntries = 1000

// cascadeOf reads a cascade value v (a table, or a list of tables), set
// in file (the line of the key, for warnings, is line). What cannot be
// read is one warning; what can is kept.
func cascadeOf(v any, file string, line int, extra []string) ([]cascade, *diag.Diagnostic) {
	var entries []any
	switch v := v.(type) {
	case nil:
		return nil, nil
	case map[string]any:
		entries = []any{v}
	case []any:
		entries = v
	case []map[string]any:
		for _, e := range v {
			entries = append(entries, e)
		}
	default:
		return nil, cascadeWarning(file, line, "cascade: want a table or a list of tables, got a %s", conffile.KindOf(v))
	}
	var out []cascade
	for i, e := range entries {
		if i == maxCascadeEntries {
			return out, &diag.Diagnostic{File: file, Line: line, Msg: fmt.Sprintf("cascade: %d entries, of which the first %d are read: the pages the others would leave out of Hugo's sitemap are listed", len(entries), maxCascadeEntries)}
		}
		m, ok := lowerKeys(conffile.Normalize(e)).(map[string]any)
		if !ok {
			return out, cascadeWarning(file, line, "cascade[%d]: want a table, got a %s", i, conffile.KindOf(e))
		}
		c := cascade{Values: map[string]any{}}
		for _, k := range append(cascadeKeys, extra...) {
			if val, ok := m[k]; ok {
				if k == "build" {
					k = "_build" // one key: a page's own build or _build wins
				}
				c.Values[k] = val
			}
		}
		t, ok := m["_target"]
		if !ok {
			t = m["target"] // newer Hugo's name
		}
		if t != nil {
			tm, ok := t.(map[string]any)
			if !ok {
				return out, cascadeWarning(file, line, "cascade[%d]._target: want a table, got a %s", i, conffile.KindOf(t))
			}
			for k, dst := range map[string]*string{"path": &c.Path, "kind": &c.Kind, "lang": &c.Lang, "environment": &c.Environment} {
				g, ok := tm[k]
				if !ok {
					continue
				}
				s, ok := g.(string)
				if !ok {
					return out, cascadeWarning(file, line, "cascade[%d]._target.%s: want a string, got a %s", i, k, conffile.KindOf(g))
				}
				s = strings.ToLower(s)
				if !doublestar.ValidatePattern(s) {
					return out, cascadeWarning(file, line, "cascade[%d]._target.%s: %q is not a glob", i, k, diag.Excerpt(s))
				}
				*dst = s
			}
		}
		if len(c.Values) > 0 {
			out = append(out, c)
		}
	}
	return out, nil
}

// cascadeWarning is the warning of a cascade that is not read: its
// pages are listed as if it were not there.
func cascadeWarning(file string, line int, format string, args ...any) *diag.Diagnostic {
	return &diag.Diagnostic{File: file, Line: line, Msg: fmt.Sprintf(format, args...) + "; this cascade is not read: the pages it would leave out of Hugo's sitemap are listed"}
}

// matches reports whether c's target matches the page of the source at
// rel (relative to the content folder; its logical path is logical), of
// kind, in lang, built in env. The path glob matches the file's path, as
// Hugo 0.111 does ("/docs/a.md"), or the page's logical one, as newer
// Hugo does ("/docs/a", "/docs" of "docs/_index.md").
func (c cascade) matches(rel, logical, kind, lang, env string) bool {
	if c.Path != "" {
		file, _ := doublestar.Match(c.Path, "/"+strings.ToLower(rel))
		page, _ := doublestar.Match(c.Path, strings.ToLower(logical))
		if !file && !page {
			return false
		}
	}
	for _, t := range [...]struct{ glob, s string }{{c.Kind, kind}, {c.Lang, lang}, {c.Environment, strings.ToLower(env)}} {
		if t.glob == "" {
			continue
		}
		if ok, _ := doublestar.Match(t.glob, t.s); !ok {
			return false
		}
	}
	return true
}

// cascadeLine is the line of data that sets the key cascade: "cascade:"
// or "cascade =", a [cascade] or [[cascade]] table; 0 if none does.
func cascadeLine(data []byte) int {
	if n := conffile.KeyLine(data, "cascade"); n > 0 {
		return n
	}
	for i, ln := range bytes.Split(data, []byte("\n")) {
		s := strings.ToLower(strings.TrimSpace(string(ln)))
		if strings.HasPrefix(strings.TrimLeft(s, "["), "cascade") && strings.HasPrefix(s, "[") {
			return i + 1
		}
	}
	return 0
}

// A cascadeIndex finds the entries of a cascade that may match a page,
// so that a page tries those alone, in their order: the entries whose
// path glob begins with no literal text, and those whose literal
// beginning begins the page's path. A list of a few entries is tried
// whole.
type cascadeIndex struct {
	list []cascade
	// all is set for a short list: every entry is tried.
	all bool
	// anyPath are the entries tried for every page.
	anyPath []int32
	// byStart are the other entries by the literal beginning of their
	// path glob; lens are the lengths of its keys, ascending.
	byStart map[string][]int32
	lens    []int
}

// indexAll is the length of a list that is tried whole.
const indexAll = 16

// newCascadeIndex indexes list.
func newCascadeIndex(list []cascade) *cascadeIndex {
	x := &cascadeIndex{list: list, all: len(list) <= indexAll}
	if x.all {
		return x
	}
	x.byStart = map[string][]int32{}
	for i, c := range list {
		start := literalStart(c.Path)
		if start == "" {
			x.anyPath = append(x.anyPath, int32(i))
			continue
		}
		if _, ok := x.byStart[start]; !ok {
			x.lens = append(x.lens, len(start))
		}
		x.byStart[start] = append(x.byStart[start], int32(i))
	}
	slices.Sort(x.lens)
	x.lens = slices.Compact(x.lens)
	return x
}

// literalStart is the text every path the glob g matches begins with:
// its part before the first of the glob's special characters, without
// a final "/" (doublestar matches "/blog/**" with "/blog").
func literalStart(g string) string {
	if i := strings.IndexAny(g, `*?[{\`); i >= 0 {
		g = g[:i]
	}
	return strings.TrimSuffix(g, "/")
}

// candidates returns, in the list's order, the entries that may match
// a page whose paths are file and logical (as matches takes them,
// lower-cased).
func (x *cascadeIndex) candidates(file, logical string) iter.Seq[cascade] {
	return func(yield func(cascade) bool) {
		if x.all {
			for _, c := range x.list {
				if !yield(c) {
					return
				}
			}
			return
		}
		picked := slices.Clone(x.anyPath)
		for _, p := range [...]string{file, logical} {
			for _, n := range x.lens {
				if n > len(p) {
					break
				}
				picked = append(picked, x.byStart[p[:n]]...)
			}
		}
		slices.Sort(picked)
		for _, i := range slices.Compact(picked) {
			if !yield(x.list[i]) {
				return
			}
		}
	}
}

// configCascades is the index of the configuration's cascade, made once.
func (h *Preset) configCascades() *cascadeIndex {
	if x := h.configIndex.Load(); x != nil && sameList(x.list, h.ConfigCascade) {
		return x
	}
	x := newCascadeIndex(h.ConfigCascade)
	h.configIndex.Store(x)
	return x
}

// sameList reports whether a and b are one list.
func sameList(a, b []cascade) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// sectionCascade is what an _index file's front matter cascades.
type sectionCascade struct {
	list *cascadeIndex
	warn *diag.Diagnostic
}

// sectionCascades returns the cascades of the _index file of the folder
// dir (relative to the content folder) of the language lang: each file
// read once.
func (h *Preset) sectionCascades(dir, lang string) *cascadeIndex {
	key := dir + "\x00" + lang
	if v, ok := h.cascades.Load(key); ok {
		return v.(sectionCascade).list
	}
	sc := sectionCascade{list: newCascadeIndex(nil)}
	for name := range strings.SplitSeq(strings.TrimSuffix(h.dir(dir).indexes, "/"), "/") {
		base, _ := srcpath.SplitExt(name)
		if _, l := h.splitLang(base); name != "" && l == lang {
			sc = h.readCascade(path.Join(dir, name))
			break
		}
	}
	h.cascades.Store(key, sc)
	if sc.warn != nil {
		h.cascadeWarned.Store(sc.warn.File, sc.warn)
	}
	return sc.list
}

// readCascade reads the cascade of the front matter of the file at rel.
func (h *Preset) readCascade(rel string) sectionCascade {
	f, err := h.Content.Open(rel)
	if err != nil {
		return sectionCascade{list: newCascadeIndex(nil)} // a file that cannot be read says so where its page is read
	}
	defer f.Close()
	// The front matter is at the start: no more is read than its bound
	// (the body may be longer).
	data, err := io.ReadAll(io.LimitReader(f, int64(h.limits.Or().FrontMatterBytes)))
	if err != nil {
		return sectionCascade{list: newCascadeIndex(nil)}
	}
	show := path.Join(h.ContentDir, rel)
	m, ok := frontMatterTable(data)
	if !ok {
		return sectionCascade{list: newCascadeIndex(nil)}
	}
	v, ok := lowerKeys(m).(map[string]any)["cascade"]
	if !ok {
		return sectionCascade{list: newCascadeIndex(nil)}
	}
	list, warn := cascadeOf(v, show, cascadeLine(data), h.sitemapExclude())
	return sectionCascade{list: newCascadeIndex(list), warn: warn}
}

// frontMatterTable decodes the front matter at the start of data (YAML
// between "---", TOML between "+++", a JSON object) as a table; ok is
// false when there is none, or it does not decode (the front matter's
// reader says what is wrong, where the page is read). A key given twice
// takes its last value, as Hugo 0.111 reads it.
func frontMatterTable(data []byte) (map[string]any, bool) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	m := map[string]any{}
	block := func(delim string) ([]byte, bool) {
		first, rest, ok := bytes.Cut(data, []byte("\n"))
		if !ok || string(bytes.TrimSpace(first)) != delim {
			return nil, false
		}
		for off := 0; off < len(rest); {
			ln, _, _ := bytes.Cut(rest[off:], []byte("\n"))
			if string(bytes.TrimSpace(ln)) == delim {
				return rest[:off], true
			}
			off += len(ln) + 1
		}
		return nil, false
	}
	var err error
	if b, ok := block("---"); ok {
		err = conffile.UnmarshalYAML(b, &m)
	} else if b, ok := block("+++"); ok {
		err = toml.Unmarshal(b, &m)
	} else if bytes.HasPrefix(bytes.TrimSpace(data), []byte("{")) {
		err = json.NewDecoder(bytes.NewReader(data)).Decode(&m)
	} else {
		return nil, false
	}
	return m, err == nil
}

// pageKind is Hugo's kind of the page of the source at rel: "home" for
// the content root's _index file, "section" for another's ("taxonomy" or
// "term" in a taxonomy's folder), "page" for any other.
func (h *Preset) pageKind(rel string) string {
	dir, file := path.Split(rel)
	base, _ := srcpath.SplitExt(file)
	if base, _ = h.splitLang(base); base != "_index" {
		return "page"
	}
	els := splitPath(strings.Trim(dir, "/"))
	switch {
	case len(els) == 0:
		return "home"
	case len(els) <= 2 && slices.Contains(h.Taxonomies, strings.ToLower(els[0])):
		return [...]string{"taxonomy", "term"}[len(els)-1]
	}
	return "section"
}

// cascadeDefaults are the values the cascades above the source at rel
// (relative to the content folder) give its page, nearest first and key
// by key: the file's own (an _index file's), its folders' _index files'
// up to the content root's, then the configuration's. nil when none
// does; the page's own front matter is read over them.
func (h *Preset) cascadeDefaults(rel string) map[string]any {
	if h.Content == nil && len(h.ConfigCascade) == 0 {
		return nil
	}
	dir, file := path.Split(rel)
	dir = strings.Trim(dir, "/")
	base, _ := srcpath.SplitExt(file)
	base, lang := h.splitLang(base)
	kind := h.pageKind(rel)
	logical := "/" + path.Join(dir, base)
	if base == "_index" || base == "index" {
		logical = "/" + dir
	}
	env := hugoEnv(h.environment)
	var out map[string]any
	file, page := "/"+strings.ToLower(rel), strings.ToLower(logical)
	apply := func(x *cascadeIndex) {
		for c := range x.candidates(file, page) {
			if !c.matches(rel, logical, kind, lang, env) {
				continue
			}
			for k, v := range c.Values {
				if _, set := out[k]; !set {
					if out == nil {
						out = map[string]any{}
					}
					out[k] = v
				}
			}
		}
	}
	if h.Content != nil {
		for d := dir; ; d = parent(d) {
			apply(h.sectionCascades(d, lang))
			if d == "" {
				break
			}
		}
	}
	apply(h.configCascades())
	return out
}

// hugoEnv is the environment `hugo` builds in: env (as
// hugoEnvironment found it when the configuration was read), else
// production.
func hugoEnv(env string) string {
	if env == "" {
		return "production"
	}
	return env
}

// cascadeWarnings are the warnings of the cascades that could not be
// read: the configuration's, and those of the _index files read so far,
// one a file.
func (h *Preset) cascadeWarnings() []*diag.Diagnostic {
	var out []*diag.Diagnostic
	if h.configCascadeWarning != nil {
		out = append(out, h.configCascadeWarning)
	}
	var files []*diag.Diagnostic
	h.cascadeWarned.Range(func(_, v any) bool {
		files = append(files, v.(*diag.Diagnostic))
		return true
	})
	slices.SortFunc(files, func(a, b *diag.Diagnostic) int { return strings.Compare(a.File, b.File) })
	return append(out, files...)
}

// readCascades reads the cascades of every _index file of the content
// folder, and returns the warnings of those that cannot be read and of
// the configuration's. Each folder is listed once, and what it holds is
// kept for the pages' URLs (Preset.dir): a folder that cannot be read
// holds no page, and a link to a folder is not followed (as fs.WalkDir).
func (h *Preset) readCascades() []*diag.Diagnostic {
	if h.Content != nil {
		var walk func(dir string)
		walk = func(dir string) {
			d, subdirs := h.listDir(dir)
			for name := range strings.SplitSeq(strings.TrimSuffix(d.indexes, "/"), "/") {
				if name != "" {
					base, _ := srcpath.SplitExt(name)
					_, lang := h.splitLang(base)
					h.sectionCascades(dir, lang)
				}
			}
			for _, sub := range subdirs {
				walk(path.Join(dir, sub))
			}
		}
		walk("")
	}
	return h.cascadeWarnings()
}
