package writer

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// bySection puts URL i in the section of[i] (0: none).
func bySection(of []int) func(i int) int { return func(i int) int { return of[i] } }

// locs returns the locs of the entries of the sitemap file at path.
func locs(t *testing.T, path string) []string {
	t.Helper()
	var out []string
	for _, e := range entries(t, path) {
		out = append(out, e.Loc)
	}
	return out
}

// entries returns the entries of the sitemap file at path.
func entries(t *testing.T, path string) []sitemaptest.Entry {
	t.Helper()
	f, err := sitemaptest.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return f.Entries
}

// plainLocs is plainName of the file name of each of an index's locs.
func plainLocs(locs []string) []string {
	var p []string
	for _, l := range locs {
		dir, name := l[:strings.LastIndexByte(l, '/')+1], l[strings.LastIndexByte(l, '/')+1:]
		p = append(p, dir+plainName(name))
	}
	return p
}

// sectionOf gives 25 URLs their sections: 10 in blog (1), 3 in docs
// (2), none in empty (3), the others in none; blog's and the others'
// are not consecutive in the sorted order.
func sectionOf() []int {
	of := make([]int, 25)
	for i := range of {
		switch {
		case i%2 == 0 && i < 20:
			of[i] = 1
		case i == 3 || i == 7 || i == 11:
			of[i] = 2
		}
	}
	return of
}

// Each section has shards of its own, sitemap-NAME-N-HASH.xml, split at
// the limits; the index lists them in the order of the sections, then the
// other shards, then the other applications' sitemaps; an empty section
// has no file.
func TestSections(t *testing.T) {
	urls := numbered(25)
	of := sectionOf()
	extra := []string{base + "shop/sitemap.xml", base + "app/sitemap-app.xml.gz"}
	var dirs []string
	for _, gz := range []bool{false, true} {
		dir := t.TempDir()
		dirs = append(dirs, dir)
		ext := ".xml"
		if gz {
			ext = ".xml.gz"
		}
		opts := Options{Dir: dir, BaseURL: base, MaxURLs: 4, Gzip: gz,
			Sections: []string{"blog", "docs", "empty"}, Section: bySection(of), Extra: extra}
		res, err := Write(sitemap.Slice(urls), opts)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string][]string{} // plain shard name → its locs
		var order []string            // the index's entries, plain
		add := func(prefix string, section int) {
			n := 0
			for i, u := range urls {
				if of[i] != section {
					continue
				}
				name := fmt.Sprintf("%s%d%s", prefix, n/4+1, ext)
				if n%4 == 0 {
					order = append(order, base+name)
				}
				want[name] = append(want[name], u.Loc)
				n++
			}
		}
		add("sitemap-blog-", 1)
		add("sitemap-docs-", 2)
		add("sitemap-", 0)
		order = append(order, extra...)
		got := files(t, dir)
		if w := append(slices.Sorted(func(yield func(string) bool) {
			for k := range want {
				if !yield(k) {
					return
				}
			}
		}), "sitemap"+ext); !slices.Equal(names(got), slices.Sorted(slices.Values(w))) {
			t.Fatalf("gzip %v: files %v, want %v", gz, names(got), slices.Sorted(slices.Values(w)))
		}
		for name, w := range want {
			if g := locs(t, shardPath(t, dir, name)); !slices.Equal(g, w) {
				t.Errorf("gzip %v: %s lists %v, want %v", gz, name, g, w)
			}
		}
		if g := plainLocs(locs(t, filepath.Join(dir, "sitemap"+ext))); !slices.Equal(g, order) {
			t.Errorf("gzip %v: the index lists\n%v\nwant\n%v", gz, g, order)
		}
		if res.Shards != 7 { // blog 3, docs 1, none 3
			t.Errorf("gzip %v: %d shards, want 7", gz, res.Shards)
		}
		// Every shard is named after its bytes.
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			m := shardDigest.FindStringSubmatch(e.Name())
			if m == nil {
				continue
			}
			data, err := sitemaptest.ReadBytes(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			sum := sha256.Sum256(data)
			if w := m[1] + "-" + hex.EncodeToString(sum[:5]) + m[2]; e.Name() != w {
				t.Errorf("shard %s, want the name %s", e.Name(), w)
			}
		}
	}
	sitemaptest.MustValidate(t, dirs...) // one call: one xmllint a root element for all
}

// With sections or other sitemaps, the entry file is an index even when
// every URL fits in one file.
func TestSectionsAlwaysIndex(t *testing.T) {
	for _, tt := range []struct {
		name  string
		opts  Options
		files []string
		index []string
	}{
		{"section", Options{Sections: []string{"blog"}, Section: bySection([]int{1, 0})},
			[]string{"sitemap-1.xml", "sitemap-blog-1.xml", "sitemap.xml"},
			[]string{base + "sitemap-blog-1.xml", base + "sitemap-1.xml"}},
		{"every URL in a section", Options{Sections: []string{"blog", "docs"}, Section: bySection([]int{2, 2})},
			[]string{"sitemap-docs-1.xml", "sitemap.xml"},
			[]string{base + "sitemap-docs-1.xml"}},
		{"no URL in a section", Options{Sections: []string{"blog"}, Section: bySection([]int{0, 0})},
			[]string{"sitemap-1.xml", "sitemap.xml"},
			[]string{base + "sitemap-1.xml"}},
		{"extra", Options{Extra: []string{base + "shop/sitemap.xml"}},
			[]string{"sitemap-1.xml", "sitemap.xml"},
			[]string{base + "sitemap-1.xml", base + "shop/sitemap.xml"}},
	} {
		dir := t.TempDir()
		o := tt.opts
		o.Dir, o.BaseURL = dir, base
		if _, err := Write(sitemap.Slice(numbered(2)), o); err != nil {
			t.Fatal(err)
		}
		if got := names(files(t, dir)); !slices.Equal(got, tt.files) {
			t.Errorf("%s: files %v, want %v", tt.name, got, tt.files)
		}
		if got := plainLocs(locs(t, filepath.Join(dir, "sitemap.xml"))); !slices.Equal(got, tt.index) {
			t.Errorf("%s: index %v, want %v", tt.name, got, tt.index)
		}
	}
}

// A section's shards removed from the set (the section emptied, or
// renamed) are stale files of this writer: the next Write removes them.
func TestSectionsStale(t *testing.T) {
	dir := t.TempDir()
	urls := numbered(6)
	opts := Options{Dir: dir, BaseURL: base, Sections: []string{"blog"}, Section: bySection([]int{1, 1, 1, 0, 0, 0})}
	if _, err := Write(sitemap.Slice(urls), opts); err != nil {
		t.Fatal(err)
	}
	opts.Sections = []string{"news"}
	res, err := Write(sitemap.Slice(urls), opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := plain(res.Removed); !slices.Equal(got, []string{"sitemap-blog-1.xml"}) {
		t.Errorf("removed %v, want the blog shard", got)
	}
	if got := names(files(t, dir)); !slices.Equal(got, []string{"sitemap-1.xml", "sitemap-news-1.xml", "sitemap.xml"}) {
		t.Errorf("files %v", got)
	}
	recorded, err := Recorded(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := plain(recorded); !slices.Equal(got, []string{"sitemap-1.xml", "sitemap-news-1.xml", "sitemap.xml"}) {
		t.Errorf("recorded %v", got)
	}
}

// A check of an unchanged set with sections finds nothing to write; a
// page moved to another section is a difference.
func TestSectionsCheck(t *testing.T) {
	dir := t.TempDir()
	urls := numbered(6)
	of := []int{1, 1, 1, 0, 0, 0}
	opts := Options{Dir: dir, BaseURL: base, Sections: []string{"blog"}, Section: bySection(of), Extra: []string{base + "shop/sitemap.xml"}}
	if _, err := Write(sitemap.Slice(urls), opts); err != nil {
		t.Fatal(err)
	}
	opts.Check = true
	res, err := Write(sitemap.Slice(urls), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Differ) != 0 {
		t.Errorf("unchanged: differ %v", res.Differ)
	}
	of[3] = 1
	if res, err = Write(sitemap.Slice(urls), opts); err != nil {
		t.Fatal(err)
	}
	if len(res.Differ) == 0 {
		t.Error("a page moved between sections: no difference found")
	}
}

func TestCheckSectionName(t *testing.T) {
	for name, ok := range map[string]bool{
		"blog": true, "my-docs_2": true, "a": true, strings.Repeat("a", 64): true,
		"": false, "Blog": false, "2024": false, "-blog": false, "blog.xml": false, "bl og": false,
		"caf\u00e9": false, strings.Repeat("a", 65): false, "index": false, "index-2": false, "indexes": true,
	} {
		if err := CheckSectionName(name); (err == nil) != ok {
			t.Errorf("CheckSectionName(%q) = %v, want ok %v", name, err, ok)
		}
	}
}
