// Package buildtest holds what the generators' tests share for files:
// writing a project's files (every generator's tests), and, for the tests
// that build small sites with a real generator (Hugo's and Jekyll's
// end-to-end tests), reading a source as the join does and reading back
// the generator's sitemap and the listing a template of the site writes.
package buildtest

import (
	"encoding/xml"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"gopkg.in/yaml.v3"
)

// TempSite writes files (path → content, "/" separators) into a new
// temporary folder and returns it: a gentest.Fixture.
func TempSite(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	WriteSite(t, dir, files)
	return dir
}

// WriteSite writes files (path → content) under dir.
func WriteSite(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// ReadPage reads a source file as sitemapgen's content mode will: its
// path and its front matter (YAML between "---" lines, TOML between
// "+++" lines), its date read by frontmatter in the zone the preset z
// names for it, as the pipeline reads it (z nil: UTC).
func ReadPage(t *testing.T, root, rel string, z generator.Preset) generator.Page {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	p := generator.Page{Path: rel}
	s := strings.ReplaceAll(string(data), "\r\n", "\n")
	m := map[string]any{}
	switch {
	case strings.HasPrefix(s, "---\n"):
		end := strings.Index(s[3:], "\n---")
		if end < 0 {
			return p
		}
		if err := yaml.Unmarshal([]byte(s[4:3+end]), &m); err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
	case strings.HasPrefix(s, "+++\n"):
		end := strings.Index(s[3:], "\n+++")
		if end < 0 {
			return p
		}
		if _, err := toml.Decode(s[4:3+end], &m); err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
	default:
		return p
	}
	p.HasFrontMatter = true
	str := func(k string) string {
		if v, ok := m[k]; ok {
			return fmt.Sprint(v)
		}
		return ""
	}
	p.Title, p.Slug, p.URL, p.Permalink = str("title"), str("slug"), str("url"), str("permalink")
	p.Headless = m["headless"] == true
	switch d := m["date"].(type) {
	case time.Time:
		p.Date = d
	case string:
		for _, layout := range []string{"2006-01-02 15:04:05 -0700", "2006-01-02 15:04:05", time.RFC3339} {
			if tm, err := time.Parse(layout, d); err == nil {
				p.Date = tm
				break
			}
		}
	}
	if z != nil {
		f := z.FileRules(rel)
		src, err := frontmatter.ReadSourceOptions(strings.NewReader(s), frontmatter.Options{Location: f.Zone, LocationFrom: f.ZoneFrom, RubyTimestamps: f.RubyTimestamps})
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		p.Date = src.Date
	}
	switch c := m["categories"].(type) {
	case string:
		p.Categories = strings.Fields(c)
	case []any:
		for _, e := range c {
			p.Categories = append(p.Categories, fmt.Sprint(e))
		}
	}
	if c, ok := m["category"].(string); ok && p.Categories == nil {
		p.Categories = []string{c}
	}
	return p
}

// SourceFiles lists the files under root, relative, with "/".
func SourceFiles(t *testing.T, root string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			rel, _ := filepath.Rel(root, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

// SitemapPaths reads a sitemap's locs as decoded URL paths under base.
func SitemapPaths(t *testing.T, file, base string) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var set struct {
		XMLName xml.Name
		URLs    []struct {
			Loc string `xml:"loc"`
		} `xml:"url"`
		Sitemaps []struct {
			Loc string `xml:"loc"`
		} `xml:"sitemap"`
	}
	if err := xml.Unmarshal(data, &set); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	paths := map[string]bool{}
	for _, s := range set.Sitemaps { // an index: Hugo's multilingual sitemap
		p, ok := strings.CutPrefix(s.Loc, base)
		if !ok {
			t.Fatalf("%s: sitemap %q is not under %s", file, s.Loc, base)
		}
		for u := range SitemapPaths(t, filepath.Join(filepath.Dir(file), filepath.FromSlash(strings.TrimPrefix(p, "/"))), base) {
			paths[u] = true
		}
	}
	for _, u := range set.URLs {
		p, ok := strings.CutPrefix(u.Loc, base)
		if !ok {
			t.Fatalf("%s: loc %q is not under %s", file, u.Loc, base)
		}
		paths[Unescape(t, p)] = true
	}
	return paths
}

func Unescape(t *testing.T, p string) string {
	t.Helper()
	u, err := url.PathUnescape(p)
	if err != nil {
		t.Fatalf("Unescape %q: %v", p, err)
	}
	return u
}

// Listing reads the lines "kind<TAB>source<TAB>url" a test site's
// template writes: source (relative, "/") → decoded URL path, and the
// URLs of the pages without a source file.
func Listing(t *testing.T, file string) (bySource map[string]string, noSource map[string]bool) {
	return ListingIn(t, file, "")
}

// ListingIn is Listing for a Jekyll site with a collections_dir: the
// paths of documents ("doc" lines) are relative to it.
func ListingIn(t *testing.T, file, collectionsDir string) (bySource map[string]string, noSource map[string]bool) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	bySource, noSource = map[string]string{}, map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Split(strings.TrimSpace(line), "\t")
		if len(f) != 3 {
			continue
		}
		src := strings.TrimPrefix(filepath.ToSlash(f[1]), "/")
		if f[0] == "doc" && collectionsDir != "" {
			src = collectionsDir + "/" + src
		}
		u := Unescape(t, f[2])
		if src == "" {
			noSource[u] = true
		} else {
			bySource[src] = u
		}
	}
	if len(bySource) == 0 {
		t.Fatalf("%s lists no page:\n%s", file, data)
	}
	return bySource, noSource
}

func SortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
