package eleventy

import (
	"encoding/json"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// The permalinks an Eleventy project sets in its data files rather than
// in front matter: a template data file (blog/post.11tydata.json beside
// blog/post.md) or a directory data file (blog/blog.11tydata.json, for
// every template under blog/), each as JSON or as JavaScript whose
// export is an object literal. Eleventy's data cascade ranks
// eleventyComputed first, then the template's front matter, then its
// template data file, then the directory data files from the closest
// folder up; of the files of one name, .11tydata.js, .cjs, .mjs, then
// .11tydata.json, then .json (Eleventy 3's TemplateData.getLocalDataPaths).

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
// eleventyComputed.permalink.
type dataFile struct {
	permalink, computed value
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
	return files
}

// readData reads the permalinks of the data file at rel; ok is
// false when it sets neither.
func readData(fsys fs.FS, rel string, lim limits.Limits) (dataFile, bool) {
	f, err := fsys.Open(rel)
	if err != nil {
		return dataFile{}, false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Size() > int64(lim.SettingsBytes) {
		return dataFile{}, false
	}
	data, err := io.ReadAll(io.LimitReader(f, int64(lim.SettingsBytes)))
	if err != nil {
		return dataFile{}, false
	}
	var d dataFile
	if strings.HasSuffix(rel, ".json") {
		var v map[string]any
		if json.Unmarshal(data, &v) != nil {
			return dataFile{}, false
		}
		d.permalink = jsonValue(v, "permalink")
		if c, ok := v["eleventyComputed"].(map[string]any); ok {
			d.computed = jsonValue(c, "permalink")
		}
	} else {
		r := jsconfig.NewReader(rel, data, lim)
		d.permalink = jsValue(r, "permalink")
		d.computed = jsValue(r, "eleventyComputed.permalink")
	}
	return d, d.permalink.set || d.computed.set
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

// dataPermalink returns the permalinks the data files give the template
// at rel: the first of its template data files, then of its folders'
// from the closest up, that sets each.
func (e *Preset) dataPermalink(rel string) (permalink, computed value) {
	if len(e.data) == 0 {
		return
	}
	dir, file := path.Split(rel)
	dir = strings.TrimSuffix(dir, "/")
	stem, _ := srcpath.SplitExt(file)
	bases := []string{path.Join(dir, stem)}
	for d := dir; d != "" && d != "."; d = path.Dir(d) {
		bases = append(bases, path.Join(d, path.Base(d)))
	}
	for _, base := range bases {
		for _, suffix := range dataSuffixes {
			d, ok := e.data[base+suffix]
			if !ok {
				continue
			}
			if !permalink.set {
				permalink = d.permalink
			}
			if !computed.set {
				computed = d.computed
			}
		}
	}
	return permalink, computed
}

// pageVar matches the two variables of a permalink template
// sitemapgen fills: {{ page.fileSlug }} and {{ page.filePathStem }}.
var pageVar = lazyre.MustCompile(`\{\{-?\s*page\.(fileSlug|filePathStem)\s*-?\}\}`)

// datePrefix is the date Eleventy takes off a file's name for
// its slug: 2024-01-02-title.
var datePrefix = lazyre.MustCompile(`^\d{4}-\d{2}-\d{2}-(.*)$`)

// expandPermalink fills a permalink's {{ page.fileSlug }} and {{
// page.filePathStem }} for the template at rel, as Eleventy's
// TemplateFileSlug gives them; ok is false for a permalink with any
// other template syntax, whose value Eleventy's data decides.
func expandPermalink(permalink, rel string) (string, bool) {
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
	out := pageVar().ReplaceAllStringFunc(permalink, func(m string) string {
		if strings.Contains(m, "fileSlug") {
			return slug
		}
		return "/" + path.Join(dir, raw)
	})
	if strings.Contains(out, "{{") || strings.Contains(out, "{%") {
		return "", false
	}
	return out, true
}
