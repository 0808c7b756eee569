package writer

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/robots"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

func TestMergeRobots(t *testing.T) {
	entries := []string{base + "sitemap.xml"}
	tests := []struct {
		name, old, want string
	}{
		{"new file", "", "Sitemap: https://example.com/sitemap.xml\n"},
		{"appended after a blank line",
			"User-agent: *\nDisallow: /private/\n",
			"User-agent: *\nDisallow: /private/\n\nSitemap: https://example.com/sitemap.xml\n"},
		{"no final newline",
			"User-agent: *\nDisallow:",
			"User-agent: *\nDisallow:\n\nSitemap: https://example.com/sitemap.xml\n"},
		{"already ends in a blank line",
			"User-agent: *\n\n",
			"User-agent: *\n\nSitemap: https://example.com/sitemap.xml\n"},
		{"own line replaced in place",
			"User-agent: *\nSitemap: https://example.com/sitemap.xml.gz\nDisallow: /x\n",
			"User-agent: *\nSitemap: https://example.com/sitemap.xml\nDisallow: /x\n"},
		{"several own lines become one block",
			"sitemap: https://example.com/sitemap.xml\n# keep me\n  SITEMAP:https://example.com/sitemap-index-2.xml  \n",
			"Sitemap: https://example.com/sitemap.xml\n# keep me\n"},
		{"foreign lines kept",
			"Sitemap: https://example.com/news-sitemap.xml\nSitemap: https://other.example/sitemap.xml\nSitemap: https://example.com/blog/sitemap.xml\n",
			"Sitemap: https://example.com/news-sitemap.xml\nSitemap: https://other.example/sitemap.xml\nSitemap: https://example.com/blog/sitemap.xml\n\nSitemap: https://example.com/sitemap.xml\n"},
		{"CRLF kept",
			"User-agent: *\r\nDisallow: /a\r\n",
			"User-agent: *\r\nDisallow: /a\r\n\r\nSitemap: https://example.com/sitemap.xml\r\n"},
		{"CRLF own line replaced",
			"User-agent: *\r\nSitemap: https://example.com/sitemap.xml\r\nAllow: /\r\n",
			"User-agent: *\r\nSitemap: https://example.com/sitemap.xml\r\nAllow: /\r\n"},
		{"byte-order mark before own line",
			"\uFEFFSitemap: https://example.com/sitemap.xml\nUser-agent: *\n",
			"\uFEFFSitemap: https://example.com/sitemap.xml\nUser-agent: *\n"},
		{"host and scheme in another case",
			"User-agent: *\nSitemap: HTTPS://Example.COM/sitemap.xml.gz\n",
			"User-agent: *\nSitemap: https://example.com/sitemap.xml\n"},
		{"path in another case is another file",
			"Sitemap: https://example.com/SITEMAP.xml\n",
			"Sitemap: https://example.com/SITEMAP.xml\n\nSitemap: https://example.com/sitemap.xml\n"},
		{"comment after own URL",
			"Sitemap: https://example.com/sitemap-1.xml # old shard\n",
			"Sitemap: https://example.com/sitemap.xml\n"},
		{"the site's news sitemap kept: sitemapgen's is the index's",
			"Sitemap: https://example.com/sitemap-news.xml\nSitemap: https://example.com/sitemap-news-2.xml.gz\nSitemap: https://example.com/sitemap.xml.gz\n",
			"Sitemap: https://example.com/sitemap-news.xml\nSitemap: https://example.com/sitemap-news-2.xml.gz\nSitemap: https://example.com/sitemap.xml\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(MergeRobots([]byte(tt.old), base, entries)); got != tt.want {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

func TestUpdateRobots(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "robots.txt")
	orig := "User-agent: *\nDisallow: /tmp/\n"
	if err := os.WriteFile(path, []byte(orig), 0o640); err != nil {
		t.Fatal(err)
	}
	entries := []string{base + "sitemap.xml"}
	root, err := fsx.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	content, changed, err := updateRobots(root, base, base, entries, nil, robots.MaxBytes, nil)
	if err != nil || !changed {
		t.Fatalf("first update: changed=%v err=%v", changed, err)
	}
	if disk, _ := os.ReadFile(path); string(disk) != string(content) {
		t.Errorf("updateRobots returned\n%s\nand wrote\n%s", content, disk)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want the file's own 0640", st.Mode().Perm())
	}
	old := time.Now().Add(-time.Hour)
	os.Chtimes(path, old, old)
	_, changed, err = updateRobots(root, base, base, entries, nil, robots.MaxBytes, nil)
	if err != nil || changed {
		t.Fatalf("second update: changed=%v err=%v", changed, err)
	}
	if st, _ := os.Stat(path); !st.ModTime().Equal(old) {
		t.Error("unchanged robots.txt was rewritten")
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, _, err := updateRobots(root, base, base, entries, nil, robots.MaxBytes, nil); err == nil {
		t.Error("robots.txt is a folder: no error")
	}
}

// A robots.txt that links outside the output folder is not read: its
// target's content would be published. One that links inside is read,
// and replaced by a file.
func TestRobotsLink(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	secret := filepath.Join(dir, "secret.txt")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(secret, []byte("root:x:0:0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(out, "robots.txt")); err != nil {
		t.Fatal(err)
	}
	_, err := Write(sitemap.Slice(sample), Options{Dir: out, BaseURL: base, Robots: true})
	if err == nil || !strings.Contains(err.Error(), "outside the output folder") {
		t.Fatalf("err = %v, want one about the link", err)
	}
	if data, _ := os.ReadFile(secret); string(data) != "root:x:0:0\n" {
		t.Errorf("the link's target changed: %q", data)
	}
	if _, err := os.Stat(filepath.Join(out, "sitemap.xml")); err == nil {
		t.Error("sitemap.xml written despite the error")
	}

	inside := filepath.Join(out, "static-robots.txt")
	if err := os.WriteFile(inside, []byte("User-agent: *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(out, "robots.txt"))
	if err := os.Symlink("static-robots.txt", filepath.Join(out, "robots.txt")); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(sitemap.Slice(sample), Options{Dir: out, BaseURL: base, Robots: true}); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(out, "robots.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "User-agent: *\n\nSitemap: " + base + "sitemap.xml\n"; string(got) != want {
		t.Errorf("robots.txt = %q, want %q", got, want)
	}
}

// TestRobotsHook: Options.RobotsHook is given the robots.txt a Write
// would write and what it returns is written; a check compares it, a
// dry run does not run it, and a hook that fails fails the Write with
// nothing written.
func TestRobotsHook(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "robots.txt")
	if err := os.WriteFile(path, []byte("User-agent: *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var given []string
	hook := func(b []byte) ([]byte, error) {
		given = append(given, string(b))
		if strings.HasPrefix(string(b), "# hooked\n") {
			return b, nil
		}
		return append([]byte("# hooked\n"), b...), nil
	}
	urls := sitemap.Slice([]sitemap.URL{{Loc: base + "a/"}})
	opts := Options{Dir: dir, BaseURL: base, Robots: true, RobotsHook: hook}
	if _, err := Write(urls, opts); err != nil {
		t.Fatal(err)
	}
	want := "# hooked\nUser-agent: *\n\nSitemap: https://example.com/sitemap.xml\n"
	if got, _ := os.ReadFile(path); string(got) != want {
		t.Errorf("robots.txt %q, want %q", got, want)
	}
	if len(given) != 1 || given[0] != "User-agent: *\n\nSitemap: https://example.com/sitemap.xml\n" {
		t.Errorf("the hook was given %q", given)
	}

	given = nil
	check := opts
	check.Check = true
	res, err := Write(urls, check)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(res.Differ, "robots.txt") || len(given) != 1 {
		t.Errorf("check: differ %q, the hook ran %d times; want robots.txt the same", res.Differ, len(given))
	}

	given = nil
	dry := opts
	dry.DryRun = true
	if _, err := Write(urls, dry); err != nil || len(given) != 0 {
		t.Errorf("dry run: %v, the hook ran %d times", err, len(given))
	}

	failing := opts
	failing.RobotsHook = func([]byte) ([]byte, error) { return nil, errors.New("hook failed") }
	before, _ := os.ReadFile(path)
	if _, err := Write(sitemap.Slice([]sitemap.URL{{Loc: base + "b/"}}), failing); err == nil || !strings.Contains(err.Error(), "hook failed") {
		t.Errorf("a failing hook: %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != string(before) {
		t.Errorf("a failing hook: robots.txt became %q", got)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "sitemap.xml")); strings.Contains(string(data), "/b/") {
		t.Error("a failing hook: the sitemap was written")
	}
}

// TestSitemapsURL: with Options.SitemapsURL the index names the shards
// there, Result.Entries and robots.txt's Sitemap: line too, the pages
// keeping the base URL; a line of ours under the base URL, from before
// the setting, is replaced by it.
func TestSitemapsURL(t *testing.T) {
	dir := t.TempDir()
	const cdn = "https://cdn.example.net/maps/"
	path := filepath.Join(dir, "robots.txt")
	if err := os.WriteFile(path, []byte("User-agent: *\nSitemap: "+base+"sitemap.xml\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Write(sitemap.Slice([]sitemap.URL{{Loc: base + "a/"}, {Loc: base + "b/"}}), Options{Dir: dir, BaseURL: base, SitemapsURL: cdn, MaxURLs: 1, Robots: true})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{cdn + "sitemap.xml"}; !slices.Equal(res.Entries, want) {
		t.Errorf("entries %q, want %q", res.Entries, want)
	}
	index, _ := os.ReadFile(filepath.Join(dir, "sitemap.xml"))
	if n := strings.Count(string(index), "<loc>"+cdn+"sitemap-"); n != 2 {
		t.Errorf("the index names %d shards at %s:\n%s", n, cdn, index)
	}
	if got, _ := os.ReadFile(path); string(got) != "User-agent: *\nSitemap: "+cdn+"sitemap.xml\n" {
		t.Errorf("robots.txt %q, want its line at %s", got, cdn)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, res.Written[0])); !strings.Contains(string(data), "<loc>"+base) {
		t.Errorf("%s lists no page at the base URL:\n%s", res.Written[0], data)
	}
}
