package pipeline

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/robots"
	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// TestRobotsBadInput: a robots.txt of any size or bytes is read bounded,
// and one that is no regular file is a warning, never a wait: the build
// goes on, and judges by what it could read.
func TestRobotsBadInput(t *testing.T) {
	garbage := make([]byte, 256<<10)
	x := uint32(1)
	for i := range garbage {
		x = x*1664525 + 1013904223
		garbage[i] = byte(x >> 24)
	}
	huge := "User-agent: *\nDisallow: /a.html\n" + strings.Repeat("# padding\n", 100_000) + "Disallow: /b.html\n"
	longLine := "User-agent: *\nDisallow: /a" + strings.Repeat("x", 1<<20) + "\nDisallow: /b.html\n"
	for _, tc := range []struct {
		name   string
		make   func(path string) error
		limits limits.Limits
		want   []string // the URLs listed
		warn   string
	}{
		{name: "huge: the first 500 KiB are read",
			make: func(p string) error { return os.WriteFile(p, []byte(huge), 0o644) },
			want: []string{base, base + "b.html"}, warn: "larger than 512000 bytes (limits.robots_bytes)"},
		{name: "binary garbage",
			make: func(p string) error { return os.WriteFile(p, garbage, 0o644) },
			want: []string{base, base + "a.html", base + "b.html"}},
		{name: "a 1 MB line is cut, the next line read",
			make:   func(p string) error { return os.WriteFile(p, []byte(longLine), 0o644) },
			limits: limits.Limits{RobotsBytes: 4 << 20},
			want:   []string{base, base + "a.html"}},
		{name: "a FIFO",
			make: func(p string) error { return syscall.Mkfifo(p, 0o644) },
			want: []string{base, base + "a.html", base + "b.html"}, warn: "not a regular file (a FIFO)"},
		{name: "a folder",
			make: func(p string) error { return os.Mkdir(p, 0o755) },
			want: []string{base, base + "a.html", base + "b.html"}, warn: "not a regular file (a folder)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := site(t, "index.html", "a.html", "b.html")
			if err := tc.make(filepath.Join(root, "robots.txt")); err != nil {
				t.Fatal(err)
			}
			res, ev, err := run(t, Options{Root: root, Robots: Robots{Dir: root}, Limits: tc.limits})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(locs(res), tc.want) {
				t.Errorf("listed %q, want %q", locs(res), tc.want)
			}
			warned := slices.ContainsFunc(ev.warns, func(w string) bool { return tc.warn != "" && strings.Contains(w, tc.warn) })
			if tc.warn != "" && !warned || tc.warn == "" && len(ev.warns) > 0 {
				t.Errorf("warnings %q, want one with %q", ev.warns, tc.warn)
			}
		})
	}
}

// TestRobotsSkipped: the pages robots.txt disallows are counted under
// their reason; off, and a base URL with a path, read nothing.
func TestRobotsSkipped(t *testing.T) {
	root := site(t, "index.html", "private/a.html", "private/b.html", "blog/c.html")
	if err := os.WriteFile(filepath.Join(root, "robots.txt"), []byte("User-agent: *\nDisallow: /private/\nAllow: /private/b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, _, err := run(t, Options{Root: root, Robots: Robots{Dir: root}})
	if err != nil {
		t.Fatal(err)
	}
	if n := res.Skipped["robots.txt"]; n != 1 || res.URLs.Len() != 3 {
		t.Errorf("skipped %v, %d listed", res.Skipped, res.URLs.Len())
	}
	// The lastmod counts are of the URLs listed, not of the pages read.
	if n := res.LastMod[mapping.LastModMTime]; n != 3 || len(res.LastMod) != 1 {
		t.Errorf("lastmod counts %v, want 3 mtime", res.LastMod)
	}
	for _, opts := range []Options{
		{Root: root, Robots: Robots{Dir: root, Off: true}},
		{Root: root, Robots: Robots{Dir: root}, Map: mapping.Options{BaseURL: "https://example.com/sub/"}},
	} {
		res, _, err := run(t, opts)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Skipped) != 0 || res.URLs.Len() != 4 {
			t.Errorf("%+v: skipped %v, %d listed", opts.Robots, res.Skipped, res.URLs.Len())
		}
	}
}

// TestRobotsGeneratedSite: on a generated site with a robots.txt added
// that disallows three sections (one for Googlebot alone, one written in
// UTF-8 where the URLs are percent-encoded), exactly the manifest's
// listed URLs under them are left out, and counted.
func TestRobotsGeneratedSite(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "site")
	manifest := filepath.Join(dir, "manifest.tsv")
	if err := sitemaptest.GenSite(root, 2000, manifest); err != nil {
		t.Fatal(err)
	}
	entries, err := sitemaptest.ReadManifest(manifest)
	if err != nil {
		t.Fatal(err)
	}
	robots := "User-agent: *\nDisallow: /blog/\nDisallow: /café/\n\nUser-agent: Googlebot\nDisallow: /blog/\nDisallow: /caf%c3%a9/\nDisallow: /news/\n"
	if err := os.WriteFile(filepath.Join(root, "robots.txt"), []byte(robots), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	res, _, err := run(t, Options{Root: root, Heads: Heads{Read: true}, Robots: Robots{Dir: root}, Write: writer.Options{Dir: out}})
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := sitemaptest.Locs(out, base)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	blocked := 0
	for _, u := range sitemaptest.ExpectedURLs(entries, base) {
		path := strings.TrimPrefix(u, strings.TrimSuffix(base, "/"))
		if strings.HasPrefix(path, "/blog/") || strings.HasPrefix(path, "/caf%C3%A9/") || strings.HasPrefix(path, "/news/") {
			blocked++
			continue
		}
		want = append(want, u)
	}
	if blocked < 100 {
		t.Fatalf("only %d URLs under the sections: the generator changed", blocked)
	}
	if !slices.Equal(got, want) {
		t.Errorf("sitemap has %d URLs, want %d; first differences:\n%s", len(got), len(want), diff(got, want))
	}
	if n := res.Skipped[mapping.RobotsTxt]; n != blocked {
		t.Errorf("skipped %d for robots.txt, want %d (all: %v)", n, blocked, res.Skipped)
	}
}

// A record stays 32 bytes, and holds no pointer (its URL is in
// the record table's locs): the source of its lastmod takes the byte the mtime flag
// took.
func TestRecordSize(t *testing.T) {
	if n := unsafe.Sizeof(record{}); n != 32 {
		t.Errorf("a record is %d bytes, want 32", n)
	}
	for i := range reflect.TypeFor[record]().NumField() {
		if f := reflect.TypeFor[record]().Field(i); hasPointers(f.Type) {
			t.Errorf("record.%s (%s) holds a pointer: the collector reads every record", f.Name, f.Type)
		}
	}
	for _, src := range mapping.DefaultLastMod {
		if recSources[srcIndex(src)] != src {
			t.Errorf("lastmod source %q has no index in recSources", src)
		}
	}
}

// hasPointers reports whether a value of t holds a pointer.
func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.String, reflect.Slice, reflect.Map, reflect.Chan, reflect.Func, reflect.Interface, reflect.UnsafePointer:
		return true
	case reflect.Array:
		return t.Len() > 0 && hasPointers(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
	}
	return false
}

// TestRobotsReadOnce: a build reads the site's robots.txt once, and every
// part that needs it asks that one read: the rules (a.html is left out),
// the generator's sitemaps named there (Decide), and the check after the
// write (a Sitemap: line of sitemapgen's naming a file the folder lacks).
func TestRobotsReadOnce(t *testing.T) {
	root := site(t, "index.html", "a.html", "b.html")
	robotsTxt := "User-agent: *\nDisallow: /a.html\nSitemap: " + base + "sitemap-9.xml\nSitemap: " + base + "sitemap-3.xml\n"
	if err := os.WriteFile(filepath.Join(root, "robots.txt"), []byte(robotsTxt), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "sitemap-3.xml"), []byte(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>`+base+`a.html</loc></url></urlset>`), 0o644); err != nil {
		t.Fatal(err)
	}
	var loaded []string
	robots.Loaded = func(path string) { loaded = append(loaded, path) }
	defer func() { robots.Loaded = nil }()
	own := &OwnSitemaps{Title: "Gen", Names: func(name string) bool { return strings.HasPrefix(name, "sitemap") },
		Plugin: &generator.SitemapPlugin{Name: "gen-sitemap", Index: "sitemap-index.xml", Looked: []string{"package.json"}}}
	res, ev, err := run(t, Options{Root: root, Robots: Robots{Dir: root}, OwnSitemaps: own})
	if err != nil {
		t.Fatal(err)
	}
	if len(loaded) != 1 {
		t.Errorf("robots.txt read %d times (%v); want once", len(loaded), loaded)
	}
	if got := locs(res); !slices.Equal(got, []string{base, base + "b.html"}) {
		t.Errorf("listed %v; want a.html left out by robots.txt", got)
	}
	if !slices.ContainsFunc(ev.warns, func(w string) bool {
		return strings.Contains(w, "sitemap-9.xml names a sitemap file that is not there")
	}) {
		t.Errorf("no warning of the dead Sitemap: line in %q", ev.warns)
	}
	if !slices.ContainsFunc(ev.warns, func(w string) bool { return strings.Contains(w, "robots.txt names it") }) {
		t.Errorf("sitemap-3.xml, which robots.txt names, not kept as the project's: %q", ev.warns)
	}
}
