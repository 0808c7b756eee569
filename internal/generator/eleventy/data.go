package eleventy

import (
	"encoding/json"
	"io"
	"io/fs"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/uniq"
)

// The permalinks an Eleventy project sets in its data files rather than
// in front matter: a template data file (blog/post.11tydata.json beside
// blog/post.md) or a directory data file (blog/blog.11tydata.json, for
// every template under blog/; src/src.json for every template of the
// input folder src), each as JSON or as JavaScript whose export is an
// object literal. Eleventy's data cascade ranks eleventyComputed first,
// then the template's front matter, then its template data file, then
// the directory data files from the closest folder up to the input
// folder's own, then its layouts' front matter, then the global data
// (_data/NAME.json is NAME); of the files of one name, .11tydata.js,
// .cjs, .mjs, then .11tydata.json, then .json (Eleventy 3's
// Template.getData and TemplateData.getLocalDataPaths).
//
// A permalink is a template: its variables ({{ lang }}, {{ site.blog
// }}) are looked up in the same cascade, {{ page.fileSlug }} and {{
// page.filePathStem }} are the template's, and the filter slugify is
// applied as Eleventy's is. Of the front matter, the keys the data
// files' permalinks use as variables of one name are read (FileRules
// asks for them): a template's own category: fills {{ category }}
// before a data file's. A permalink that is a function of the data
// is read when all it does is return a template literal of them
// (data => `/${data.lang}/${data.page.fileSlug}/`). Anything else
// (another filter, code, a variable set by code or by a layout) is
// decided by Eleventy's data, which sitemapgen does not evaluate: such
// a template is not joined.

// dataSuffixes are the endings of one base's data files, in the
// order of their rank.
var dataSuffixes = []string{".11tydata.js", ".11tydata.cjs", ".11tydata.mjs", ".11tydata.json", ".json"}

// value is what one data file says of a key: set to a string, to
// false, or to something sitemapgen does not evaluate (a function).
type value struct {
	set, off, unknown bool
	str               string
}

// dataFile is what one data file says of permalink, and of
// eleventyComputed.permalink, and the values of its object (JSON's; a
// module's literals, a function as a jsconfig.Function), for the
// variables of a permalink.
type dataFile struct {
	permalink, computed value
	vars                map[string]any
}

// ReadData reads the permalinks of the data files in the input folder
// fsys and returns the paths of the data files that may give one (for
// watch mode, which starts again when one changes). A data file is read
// when its name is a template's beside it or its folder's; folders
// Exclude names, node_modules and hidden ones are not entered. A file
// that cannot be read or parsed says nothing: Eleventy stops at it.
func (e *Preset) ReadData(fsys fs.FS, lim limits.Limits) []string {
	e.data = map[string]dataFile{}
	var files []string
	var walk func(dir string, depth int)
	walk = func(dir string, depth int) {
		if depth > lim.Nesting {
			return
		}
		entries, err := fs.ReadDir(fsys, dir)
		if err != nil {
			return
		}
		stems := map[string]bool{} // the templates' names without extension
		for _, d := range entries {
			if !d.IsDir() && e.isTemplate(d.Name()) {
				name, _ := srcpath.SplitExt(d.Name())
				stems[name] = true
			}
		}
		folder := path.Base(dir)
		if dir == "." {
			folder = e.Input // the input folder's own data file
		}
		for _, d := range entries {
			name, rel := d.Name(), path.Join(dir, d.Name())
			if d.IsDir() {
				if !strings.HasPrefix(name, ".") && name != "node_modules" && !slices.Contains(e.Exclude, rel) {
					walk(rel, depth+1)
				}
				continue
			}
			for _, suffix := range dataSuffixes {
				base, ok := strings.CutSuffix(name, suffix)
				if !ok || base != folder && !stems[base] {
					continue
				}
				files = append(files, rel)
				if d, ok := readData(fsys, rel, lim); ok {
					e.data[rel] = d
				}
				break
			}
		}
	}
	walk(".", 0)
	e.vars = permalinkVars(e.data)
	return append(files, e.readGlobal(fsys, lim)...)
}

// permalinkVars returns the variables of one name, no dot, that the
// permalinks of data use, sorted, but title and lang, which front matter
// gives already (generator.Page), and page, which is Eleventy's own.
func permalinkVars(data map[string]dataFile) []string {
	var vars uniq.List // a permalink may name thousands
	for _, d := range data {
		for _, v := range []value{d.permalink, d.computed} {
			for _, m := range templateVar().FindAllStringSubmatch(v.str, -1) {
				if name := m[1]; !strings.Contains(name, ".") && name != "title" && name != "lang" {
					vars.Add(name)
				}
			}
		}
	}
	names := vars.Items()
	slices.Sort(names)
	return names
}

// globalDir is the folder of the global data in the input folder.
const globalDir = "_data"

// maxGlobal is the most global data files readGlobal reads.
const maxGlobal = 200

// readGlobal reads the global data files of fsys (_data/NAME.json,
// .js, .cjs, .mjs: the value NAME) into e.global, and returns their
// paths. A name two files give is not known.
func (e *Preset) readGlobal(fsys fs.FS, lim limits.Limits) []string {
	e.global = map[string]any{}
	entries, err := fs.ReadDir(fsys, globalDir)
	if err != nil {
		return nil
	}
	var files []string
	for _, d := range entries {
		name, ext := srcpath.SplitExt(d.Name())
		if d.IsDir() || len(files) >= maxGlobal || !slices.Contains([]string{".json", ".js", ".cjs", ".mjs"}, ext) {
			continue
		}
		rel := path.Join(globalDir, d.Name())
		files = append(files, rel)
		data, ok := readFile(fsys, rel, lim)
		if !ok {
			continue
		}
		var v any = jsconfig.Expression{Text: rel}
		if ext == ".json" {
			if json.Unmarshal(data, &v) != nil {
				v = jsconfig.Expression{Text: rel}
			}
		} else if m, ok := anyObject(jsconfig.NewReader(rel, data, lim)); ok {
			v = m
		}
		if _, twice := e.global[name]; twice {
			v = jsconfig.Expression{Text: rel}
		}
		e.global[name] = v
	}
	return files
}

// readFile reads the regular file rel of fsys, within lim.SettingsBytes.
func readFile(fsys fs.FS, rel string, lim limits.Limits) ([]byte, bool) {
	f, err := fsys.Open(rel)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Size() > int64(lim.SettingsBytes) {
		return nil, false
	}
	data, err := io.ReadAll(io.LimitReader(f, int64(lim.SettingsBytes)))
	return data, err == nil
}

// readData reads the data file at rel: its permalinks and its values;
// ok is false when it cannot be read or parsed.
func readData(fsys fs.FS, rel string, lim limits.Limits) (dataFile, bool) {
	data, ok := readFile(fsys, rel, lim)
	if !ok {
		return dataFile{}, false
	}
	var d dataFile
	if strings.HasSuffix(rel, ".json") {
		var v map[string]any
		if json.Unmarshal(data, &v) != nil {
			return dataFile{}, false
		}
		d.vars = v
		d.permalink = jsonValue(v, "permalink")
		if c, ok := v["eleventyComputed"].(map[string]any); ok {
			d.computed = jsonValue(c, "permalink")
		}
		return d, true
	}
	r := jsconfig.NewReader(rel, data, lim)
	if m, ok := anyObject(r); ok {
		d.vars = m
	}
	d.permalink = jsValue(r, "permalink")
	d.computed = jsValue(r, "eleventyComputed.permalink")
	for _, v := range []*value{&d.permalink, &d.computed} {
		if v.unknown {
			if t, ok := funcPermalink(data, v == &d.computed, lim); ok {
				*v = value{set: true, str: t}
			}
		}
	}
	return d, true
}

// anyObject returns the exported object of a module as plain values;
// ok is false when it sets no key.
func anyObject(r *jsconfig.Reader) (map[string]any, bool) {
	m := map[string]any{}
	for _, k := range r.Keys("") {
		if v, _, ok := r.Any(k.Name); ok {
			m[k.Name] = v
		}
	}
	return m, len(m) > 0
}

// jsonValue is what the JSON object m says of key.
func jsonValue(m map[string]any, key string) value {
	v, ok := m[key]
	switch {
	case !ok || v == nil:
		return value{}
	case v == false:
		return value{set: true, off: true}
	}
	if s, ok := v.(string); ok {
		return value{set: true, str: s}
	}
	return value{set: true, unknown: true}
}

// jsValue is what the exported object of a JavaScript data file says of
// the key at path.
func jsValue(r *jsconfig.Reader, path string) value {
	v, st := r.Str(path, "")
	switch st {
	case jsconfig.OK:
		return value{set: true, str: v.Value}
	case jsconfig.Absent:
		return value{}
	}
	if b, st := r.Bool(path); st == jsconfig.OK && !b {
		return value{set: true, off: true}
	}
	return value{set: true, unknown: true}
}

// dataFiles returns the data files of the template at rel in the
// order of their rank: its template data files, then its folders' from
// the closest up, then the input folder's own.
func (e *Preset) dataFiles(rel string) []dataFile {
	if len(e.data) == 0 {
		return nil
	}
	dir, file := path.Split(rel)
	dir = strings.TrimSuffix(dir, "/")
	stem, _ := srcpath.SplitExt(file)
	bases := []string{path.Join(dir, stem)}
	for d := dir; d != "" && d != "."; d = path.Dir(d) {
		bases = append(bases, path.Join(d, path.Base(d)))
	}
	if e.Input != "" {
		bases = append(bases, e.Input)
	}
	var out []dataFile
	for _, base := range bases {
		for _, suffix := range dataSuffixes {
			if d, ok := e.data[base+suffix]; ok {
				out = append(out, d)
			}
		}
	}
	return out
}

// dataPermalink returns the permalinks the data files give the template
// at rel: the first of its data files (dataFiles) that sets each.
func (e *Preset) dataPermalink(rel string) (permalink, computed value) {
	for _, d := range e.dataFiles(rel) {
		if !permalink.set {
			permalink = d.permalink
		}
		if !computed.set {
			computed = d.computed
		}
	}
	return permalink, computed
}

// variable returns the value of the variable at the dotted path name
// for the page p (at rel) as Eleventy's data cascade gives it: a data
// file's eleventyComputed, then the front matter's, then its data
// files' (dataFiles), then the global data. Of the front matter,
// sitemapgen keeps title, lang and the keys the data files' permalinks
// use as variables of one name (p.Terms). ok is false when none sets
// it, or the first that does sets it to what sitemapgen does not
// evaluate (code, an object, a list of more than one value).
func (e *Preset) variable(name string, rel string, p generator.Page) (string, bool) {
	files := e.dataFiles(rel)
	// eleventyComputed, at any level, is first.
	for _, vars := range append(varsOf(files), e.global) {
		if v, found := lookup(vars, "eleventyComputed."+name); found {
			if s, ok := scalar(v); ok && !strings.Contains(s, "{{") && !strings.Contains(s, "{%") {
				return s, true
			}
			return "", false
		}
	}
	switch {
	case name == "title" && p.Title != "":
		return p.Title, true
	case name == "lang" && p.Lang != "":
		return p.Lang, true
	}
	root, _, dotted := strings.Cut(name, ".")
	if list, set := p.Terms[strings.ToLower(root)]; set {
		// The front matter sets it, above the data files. Its keys are
		// read whatever their case, and a list of one value is written
		// as that value.
		if dotted || root != strings.ToLower(root) || len(list) != 1 {
			return "", false
		}
		return list[0], true
	}
	for _, vars := range varsOf(files) {
		if v, found := lookup(vars, name); found {
			return scalar(v)
		}
	}
	if v, found := lookup(e.global, name); found {
		return scalar(v)
	}
	return "", false
}

// varsOf returns the values of each data file of files.
func varsOf(files []dataFile) []map[string]any {
	out := make([]map[string]any, len(files))
	for i, d := range files {
		out[i] = d.vars
	}
	return out
}

// lookup returns the value at the dotted path name in m; found is false
// when m does not set it. A name below a value that holds no key (a
// text, a function) is found, with the value nil, which no permalink
// writes: Eleventy's value of it is not known.
func lookup(m map[string]any, name string) (v any, found bool) {
	v = m
	for _, k := range strings.Split(name, ".") {
		obj, ok := v.(map[string]any)
		if !ok {
			return nil, true
		}
		if v, ok = obj[k]; !ok {
			return nil, false
		}
	}
	return v, true
}

// scalar returns a data value as a permalink's text: a string, or a
// whole number.
func scalar(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e15 {
			return strconv.FormatInt(int64(x), 10), true
		}
	}
	return "", false
}

// templateVar matches a variable of a permalink template, with its
// filters: {{ page.fileSlug }}, {{- lang -}}, {{ title | slugify }},
// Vento's {{ title |> slugify }}.
var templateVar = lazyre.MustCompile(`\{\{-?\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)((?:\s*\|>?\s*[A-Za-z_]\w*)*)\s*-?\}\}`)

// datePrefix is the date Eleventy takes off a file's name for
// its slug: 2024-01-02-title.
var datePrefix = lazyre.MustCompile(`^\d{4}-\d{2}-\d{2}-(.*)$`)

// expandPermalink fills a permalink's variables for the template at
// rel: {{ page.fileSlug }} and {{ page.filePathStem }} as Eleventy's
// TemplateFileSlug gives them, the others by vars, each through its
// filters (slugify alone is known); ok is false for a permalink with
// any other template syntax, or a variable vars does not know, whose
// value Eleventy's data decides, and for an expansion past
// generator.MaxURLBytes, which stops there with the error saying so.
func expandPermalink(permalink, rel string, vars func(name string) (string, bool)) (string, bool, error) {
	dir, file := path.Split(rel)
	dir = strings.TrimSuffix(dir, "/")
	stem, _ := srcpath.SplitExt(file)
	raw := stem
	if m := datePrefix().FindStringSubmatch(raw); m != nil {
		raw = m[1]
	}
	slug := raw
	if raw == "index" {
		slug = ""
		if dir != "" {
			slug = path.Base(dir)
			if m := datePrefix().FindStringSubmatch(slug); m != nil {
				slug = m[1]
			}
		}
	}
	known := true
	// size is the length of the expansion so far, the rest of the
	// permalink as written; past the bound by more than the permalink's
	// length, no replacement can bring it back under.
	size := len(permalink)
	out := templateVar().ReplaceAllStringFunc(permalink, func(m string) string {
		if !known || size > generator.MaxURLBytes+len(permalink) {
			return "" // the page has no URL: nothing more is filled
		}
		sub := templateVar().FindStringSubmatch(m)
		var v string
		switch sub[1] {
		case "page.fileSlug":
			v = slug
		case "page.filePathStem":
			v = "/" + path.Join(dir, raw)
		default:
			var ok bool
			if v, ok = vars(sub[1]); !ok {
				known = false
				return ""
			}
		}
		for _, f := range strings.FieldsFunc(sub[2], func(r rune) bool { return r == '|' || r == '>' || r == ' ' || r == '\t' || r == '\n' }) {
			var ok bool
			if v, ok = filter(f, v); !ok {
				known = false
			}
		}
		size += len(v) - len(m)
		return v
	})
	switch {
	case known && size > generator.MaxURLBytes:
		return "", false, &generator.LongURL{Rule: permalink}
	case !known || strings.Contains(out, "{{") || strings.Contains(out, "{%"):
		return "", false, nil
	}
	return out, true, nil
}

// filter applies the filter name of a permalink template to s: slugify
// as Eleventy 3's (@sindresorhus/slugify, decamelize off) does to text
// in ASCII; ok is false for another filter or other text.
func filter(name, s string) (string, bool) {
	if name != "slugify" {
		return "", false
	}
	for _, r := range s {
		if r >= utf8.RuneSelf || r < ' ' {
			return "", false // transliterated by a table sitemapgen does not carry
		}
	}
	s = strings.ToLower(strings.ReplaceAll(s, "&", " and "))
	s = contraction().ReplaceAllString(s, "$1$2$3")
	s = notSlug().ReplaceAllString(s, "-")
	s = strings.ReplaceAll(s, "\\", "")
	return strings.Trim(s, "-"), true
}

var (
	// contraction is a word's 't or 's, whose quote slugify drops.
	contraction = lazyre.MustCompile(`([a-zA-Z\d]+)'([ts])(\s|$)`)
	// notSlug is a run of what a slug holds no character of.
	notSlug = lazyre.MustCompile(`[^a-z\d]+`)
)
