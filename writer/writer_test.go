package writer

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

const base = "https://example.com/"

func mustPriority(f float64) sitemap.Priority {
	p, err := sitemap.PriorityOf(f)
	if err != nil {
		panic(err)
	}
	return p
}

func day(d int) time.Time { return time.Date(2024, 5, d, 10, 30, 0, 0, time.UTC) }

// sample has every field, the protocol default priority (left out), and
// characters that need XML escaping.
var sample = []sitemap.URL{
	{Loc: base, LastMod: day(3), ChangeFreq: sitemap.Daily, Priority: mustPriority(1)},
	{Loc: base + "a%20b/", LastMod: day(1), Priority: sitemap.DefaultPriority},
	{Loc: base + "caf%C3%A9/", ChangeFreq: sitemap.Never, Priority: mustPriority(0)},
	{Loc: base + "o'reilly/q&a.html", LastMod: time.Date(2024, 5, 2, 23, 0, 0, 0, time.FixedZone("", -5*3600))},
	{Loc: base + "x.html", Priority: mustPriority(0.25)},
}

// hreflang has alternates, x-default among them, on this and another host.
var hreflang = []sitemap.URL{
	{Loc: base + "de/", LastMod: day(1), Alternates: []sitemap.Alternate{
		{Lang: "de", Href: base + "de/"}, {Lang: "en-US", Href: base + "en/"}, {Lang: "ja", Href: "https://example.jp/?a=1&b=2"}, {Lang: "x-default", Href: base + "en/"},
	}},
	{Loc: base + "en/", LastMod: day(2), Alternates: []sitemap.Alternate{
		{Lang: "de", Href: base + "de/"}, {Lang: "en-US", Href: base + "en/"}, {Lang: "x-default", Href: base + "en/"},
	}},
	{Loc: base + "impressum/"},
}

// images has image entries, one URL of them with characters that need
// escaping, on this host and a CDN's, and a URL without.
var images = []sitemap.URL{
	{Loc: base + "a/", LastMod: day(1), Images: []sitemap.Image{{Loc: base + "a/photo.jpg"}, {Loc: "https://cdn.example.net/i.png?w=1&h=2"}}},
	{Loc: base + "b/"},
	{Loc: base + "c/", Images: []sitemap.Image{{Loc: base + "o'reilly%20%3C1%3E.png"}}},
}

// numbered returns n sorted URLs with increasing dates.
func numbered(n int) []sitemap.URL {
	urls := make([]sitemap.URL, n)
	for i := range urls {
		urls[i] = sitemap.URL{Loc: fmt.Sprintf("%spage-%04d.html", base, i), LastMod: day(1).Add(time.Duration(i) * time.Hour)}
	}
	return urls
}

// files returns the names in dir, but the record, and their (uncompressed)
// content.
func files(t *testing.T, dir string) map[string]string {
	t.Helper()
	return dirMap(t, dir, func(e os.DirEntry, path string) (string, bool, error) {
		if e.Name() == RecordName {
			return "", false, nil // checked by TestRecord
		}
		data, err := sitemaptest.ReadBytes(path)
		return string(data), true, err
	})
}

// dirMap maps each name in dir, shards' without their digest (plainName), to
// what value says of it, leaving out the names it does not keep.
func dirMap(t *testing.T, dir string, value func(e os.DirEntry, path string) (v string, keep bool, err error)) map[string]string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, e := range ents {
		v, keep, err := value(e, filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if keep {
			m[plainName(e.Name())] = v
		}
	}
	return m
}

var shardDigest = regexp.MustCompile(`^(sitemap-(?:[a-z][a-z0-9_-]*-)?[1-9][0-9]*)-[0-9a-f]{10}(\.xml(?:\.gz)?)$`)

// plainName drops the digest from a shard's name: sitemap-1-0123456789.xml
// is sitemap-1.xml (and sitemap-blog-1-0123456789.xml sitemap-blog-1.xml), so that tests can name the shards they expect.
// TestShardNames checks the digests.
func plainName(name string) string { return shardDigest.ReplaceAllString(name, "$1$2") }

// shardPath returns the path of the shard in dir whose plain name
// (plainName) is name.
func shardPath(t *testing.T, dir, name string) string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if plainName(e.Name()) == name {
			return filepath.Join(dir, e.Name())
		}
	}
	t.Fatalf("no shard %s in %s", name, dir)
	return ""
}

// plain is plainName of each of names.
func plain(names []string) []string {
	var p []string
	for _, n := range names {
		p = append(p, plainName(n))
	}
	return p
}

func names(m map[string]string) []string {
	var n []string
	for k := range m {
		n = append(n, k)
	}
	slices.Sort(n)
	return n
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (go test -update rewrites it):\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

func TestGolden(t *testing.T) {
	tests := []struct {
		name   string
		urls   []sitemap.URL
		opts   Options
		golden []string // files compared, in the order of the golden name's suffixes
	}{
		{"urlset", sample, Options{}, []string{"sitemap.xml"}},
		{"date", sample, Options{LastModFormat: sitemap.Date}, []string{"sitemap.xml"}},
		{"split", numbered(5), Options{MaxURLs: 2, Text: true}, []string{"sitemap.xml", "sitemap-1.xml", "sitemap-3.xml", "sitemap-1.txt", "sitemap-3.txt"}},
		{"gzip", sample, Options{Gzip: true, Text: true}, []string{"sitemap.xml.gz", "sitemap.txt"}},
		{"base path", numbered(3), Options{BaseURL: "https://example.org/docs/", MaxURLs: 2}, []string{"sitemap.xml"}},
		{"hreflang", hreflang, Options{}, []string{"sitemap.xml"}},
		{"images", images, Options{}, []string{"sitemap.xml"}},
		{"hreflang images", append(slices.Clone(hreflang[:2]), images...), Options{MaxURLs: 3}, []string{"sitemap-1.xml", "sitemap-2.xml"}},
		{"videos", videos, Options{}, []string{"sitemap.xml"}},
		{"videos split", videos, Options{MaxURLs: 2, Gzip: true}, []string{"sitemap-1.xml.gz", "sitemap-2.xml.gz"}},
		{"news", articles, Options{}, []string{"sitemap.xml", "sitemap-news.xml", "sitemap-1.xml"}},
		{"news gzip", articles, Options{Gzip: true, LastModFormat: sitemap.Date}, []string{"sitemap.xml.gz", "sitemap-news.xml.gz"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			tt.opts.Dir = dir
			if tt.opts.BaseURL == "" {
				tt.opts.BaseURL = base
			}
			if _, err := Write(sitemap.Slice(tt.urls), tt.opts); err != nil {
				t.Fatal(err)
			}
			got := files(t, dir)
			for _, f := range tt.golden {
				content, ok := got[f]
				if !ok {
					t.Fatalf("%s not written; files: %q", f, names(got))
				}
				golden(t, strings.ReplaceAll(tt.name, " ", "-")+"."+f+".golden", content)
			}
			sitemaptest.MustValidate(t, dir)
		})
	}
}

func TestSplitByCount(t *testing.T) {
	dir := t.TempDir()
	urls := numbered(7)
	res, err := Write(sitemap.Slice(urls), Options{Dir: dir, BaseURL: base, MaxURLs: 3})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml", "sitemap.xml"}
	if !slices.Equal(plain(res.Written), want) || res.Shards != 3 {
		t.Errorf("written %q (%d shards), want %q", res.Written, res.Shards, want)
	}
	if !slices.Equal(names(files(t, dir)), want) {
		t.Errorf("files %q", names(files(t, dir)))
	}
	locs, _, err := sitemaptest.Locs(dir, base)
	if err != nil {
		t.Fatal(err)
	}
	if len(locs) != len(urls) {
		t.Fatalf("%d locs, want %d", len(locs), len(urls))
	}
	for i := range urls {
		if locs[i] != urls[i].Loc {
			t.Errorf("loc %d = %s, want %s", i, locs[i], urls[i].Loc)
		}
	}
	// Each index entry carries the newest lastmod of its shard.
	idx, err := sitemaptest.ReadFile(filepath.Join(dir, "sitemap.xml"))
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range idx.Entries {
		last := min(3*i+2, len(urls)-1)
		if want := urls[last].LastMod.Format(time.RFC3339); e.LastMod != want {
			t.Errorf("index entry %d lastmod %s, want %s", i, e.LastMod, want)
		}
	}
	sitemaptest.MustValidate(t, dir)
}

func TestSplitByBytes(t *testing.T) {
	for _, gz := range []bool{false, true} {
		t.Run(fmt.Sprintf("gzip=%v", gz), func(t *testing.T) {
			dir := t.TempDir()
			urls := numbered(100)
			const max = 2000
			res, err := Write(sitemap.Slice(urls), Options{Dir: dir, BaseURL: base, MaxBytes: max, Gzip: gz, Text: true})
			if err != nil {
				t.Fatal(err)
			}
			if res.Shards < 5 {
				t.Errorf("%d shards; want a split", res.Shards)
			}
			got := files(t, dir)
			for name, content := range got {
				if len(content) >= max {
					t.Errorf("%s has %d bytes, over %d", name, len(content), max)
				}
			}
			var text []string
			for _, name := range names(got) {
				if strings.HasSuffix(name, ".txt") {
					text = append(text, name)
				}
			}
			if len(text) < 2 {
				t.Errorf("text sitemap not split: %q", text)
			}
			locs, _, err := sitemaptest.Locs(dir, base)
			if err != nil {
				t.Fatal(err)
			}
			if len(locs) != len(urls) {
				t.Errorf("%d locs, want %d", len(locs), len(urls))
			}
			sitemaptest.MustValidate(t, dir)
		})
	}
}

// Files stay under the byte limit, filled up to one byte short of it.
func TestSplitByBytesExact(t *testing.T) {
	urls := numbered(4)
	one := len(appendURL(nil, &urls[0], sitemap.DateTime))
	size := len(urlsetOpen) + 2*one + len(urlsetClose)
	for _, tt := range []struct {
		max, shards int
	}{
		{size + 1, 2}, // two entries fit, one byte under the limit
		{size, 4},     // a file of exactly the limit is not under it
	} {
		dir := t.TempDir()
		res, err := Write(sitemap.Slice(urls), Options{Dir: dir, BaseURL: base, MaxBytes: tt.max})
		if err != nil {
			t.Fatal(err)
		}
		if res.Shards != tt.shards {
			t.Errorf("max %d: %d shards, want %d", tt.max, res.Shards, tt.shards)
		}
		for name, c := range files(t, dir) {
			if len(c) >= tt.max {
				t.Errorf("max %d: %s has %d bytes", tt.max, name, len(c))
			}
		}
	}
}

func TestSeveralIndexFiles(t *testing.T) {
	dir := t.TempDir()
	urls := numbered(9)
	// A byte limit that fits two <url>, and two <sitemap>, entries per file.
	one := len(appendURL(nil, &urls[0], sitemap.DateTime))
	entry := len(appendIndexEntry(nil, base+"sitemap-1-0123456789.xml", urls[0].LastMod, sitemap.DateTime))
	max := 1 + max(len(urlsetOpen)+2*one+len(urlsetClose), len(indexOpen)+2*entry+len(indexClose))
	if max >= len(urlsetOpen)+3*one+len(urlsetClose) || max >= len(indexOpen)+3*entry+len(indexClose) {
		t.Fatalf("no byte limit fits exactly two entries of %d and %d bytes", one, entry)
	}
	res, err := Write(sitemap.Slice(urls), Options{Dir: dir, BaseURL: base, MaxBytes: max, Robots: true})
	if err != nil {
		t.Fatal(err)
	}
	// 9 URLs: 5 shards of 2, listed by 3 index files of 2.
	want := []string{
		"sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml", "sitemap-4.xml", "sitemap-5.xml",
		"sitemap-index-2.xml", "sitemap-index-3.xml", "sitemap.xml", "robots.txt",
	}
	if !slices.Equal(plain(res.Written), want) {
		t.Errorf("written %q\nwant %q", res.Written, want)
	}
	wantEntries := []string{base + "sitemap.xml", base + "sitemap-index-2.xml", base + "sitemap-index-3.xml"}
	if !slices.Equal(res.Entries, wantEntries) || len(res.Unlinked) != 0 {
		t.Errorf("entries %q, unlinked %q", res.Entries, res.Unlinked)
	}
	got := files(t, dir)
	wantRobots := "Sitemap: " + strings.Join(wantEntries, "\nSitemap: ") + "\n"
	if got["robots.txt"] != wantRobots {
		t.Errorf("robots.txt = %q, want %q", got["robots.txt"], wantRobots)
	}
	// Every shard is listed by exactly one index.
	listed := map[string]int{}
	for _, idx := range []string{"sitemap.xml", "sitemap-index-2.xml", "sitemap-index-3.xml"} {
		f, err := sitemaptest.ReadFile(filepath.Join(dir, idx))
		if err != nil {
			t.Fatal(err)
		}
		if f.Root != "sitemapindex" || f.Size >= max {
			t.Errorf("%s: root %s, %d bytes", idx, f.Root, f.Size)
		}
		for _, e := range f.Entries {
			listed[plainName(e.Loc[len(base):])]++
		}
	}
	for i := 1; i <= 5; i++ {
		if n := listed[fmt.Sprintf("sitemap-%d.xml", i)]; n != 1 {
			t.Errorf("sitemap-%d.xml listed %d times", i, n)
		}
	}
	sitemaptest.MustValidate(t, dir)

	// Without robots.txt nothing names the further index files.
	res, err = Write(sitemap.Slice(urls), Options{Dir: t.TempDir(), BaseURL: base, MaxBytes: max})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"sitemap-index-2.xml", "sitemap-index-3.xml"}; !slices.Equal(res.Unlinked, want) {
		t.Errorf("unlinked %q, want %q", res.Unlinked, want)
	}
}

// max_urls limits URLs per sitemap, not entries per index.
func TestMaxURLsLeavesIndexWhole(t *testing.T) {
	dir := t.TempDir()
	res, err := Write(sitemap.Slice(numbered(9)), Options{Dir: dir, BaseURL: base, MaxURLs: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Shards != 9 || !slices.Equal(res.Entries, []string{base + "sitemap.xml"}) {
		t.Errorf("%d shards, entries %q", res.Shards, res.Entries)
	}
	idx, err := sitemaptest.ReadFile(filepath.Join(dir, "sitemap.xml"))
	if err != nil || len(idx.Entries) != 9 {
		t.Fatalf("index: %v, %+v", err, idx)
	}
}

func TestDeterministic(t *testing.T) {
	for _, gz := range []bool{false, true} {
		a, b := t.TempDir(), t.TempDir()
		opts := Options{BaseURL: base, MaxURLs: 3, Gzip: gz, Text: true, Robots: true}
		for _, dir := range []string{a, b} {
			opts.Dir = dir
			if _, err := Write(sitemap.Slice(numbered(10)), opts); err != nil {
				t.Fatal(err)
			}
		}
		for _, name := range names(files(t, a)) {
			x, _ := os.ReadFile(filepath.Join(a, name))
			y, _ := os.ReadFile(filepath.Join(b, name))
			if !bytes.Equal(x, y) {
				t.Errorf("gzip=%v: %s differs between runs", gz, name)
			}
		}
	}
}

func TestGzipHeader(t *testing.T) {
	dir := t.TempDir()
	if _, err := Write(sitemap.Slice(sample), Options{Dir: dir, BaseURL: base, Gzip: true}); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(dir, "sitemap.xml.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	if !zr.ModTime.IsZero() || zr.Name != "" || zr.Comment != "" {
		t.Errorf("gzip header has time %v, name %q, comment %q", zr.ModTime, zr.Name, zr.Comment)
	}
	if _, err := io.Copy(io.Discard, zr); err != nil {
		t.Fatal(err)
	}
}

func TestStaleFilesRemoved(t *testing.T) {
	dir := t.TempDir()
	// Files sitemapgen did not write stay, even with its names and its
	// very header: only the record says what is sitemapgen's.
	foreign := map[string]string{
		"sitemap-9.xml":    xmlDecl + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n</urlset>\n",
		"sitemap-news.xml": "<urlset/>",
		"notes.txt":        "https://example.com/ is not ours",
		"sitemap.xsl":      "<xsl/>",
		"index.html":       "<html>",
	}
	for name, content := range foreign {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Write(sitemap.Slice(numbered(10)), Options{Dir: dir, BaseURL: base, MaxURLs: 2, Text: true}); err != nil {
		t.Fatal(err)
	}
	res, err := Write(sitemap.Slice(numbered(3)), Options{Dir: dir, BaseURL: base, MaxURLs: 2, Gzip: true})
	if err != nil {
		t.Fatal(err)
	}
	wantRemoved := []string{
		"sitemap-1.txt", "sitemap-1.xml", "sitemap-2.txt", "sitemap-2.xml", "sitemap-3.txt", "sitemap-3.xml",
		"sitemap-4.txt", "sitemap-4.xml", "sitemap-5.txt", "sitemap-5.xml", "sitemap.xml",
	}
	if !slices.Equal(slices.Sorted(slices.Values(plain(res.Removed))), wantRemoved) {
		t.Errorf("removed %q\nwant %q", res.Removed, wantRemoved)
	}
	got := files(t, dir)
	want := []string{"index.html", "notes.txt", "sitemap-1.xml.gz", "sitemap-2.xml.gz", "sitemap-9.xml", "sitemap-news.xml", "sitemap.xml.gz", "sitemap.xsl"}
	if !slices.Equal(names(got), want) {
		t.Errorf("files %q\nwant %q", names(got), want)
	}
	for name, content := range foreign {
		if got[name] != content {
			t.Errorf("%s changed", name)
		}
	}
}

// A sitemap.txt the user wrote stays when sitemapgen writes no text.
func TestHandWrittenTextSitemapKept(t *testing.T) {
	dir := t.TempDir()
	mine := base + "\n" + base + "about/\n"
	if err := os.WriteFile(filepath.Join(dir, "sitemap.txt"), []byte(mine), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Write(sitemap.Slice(sample), Options{Dir: dir, BaseURL: base})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Removed) != 0 || files(t, dir)["sitemap.txt"] != mine {
		t.Errorf("removed %q; sitemap.txt = %q", res.Removed, files(t, dir)["sitemap.txt"])
	}
}

func TestRecord(t *testing.T) {
	dir := t.TempDir()
	first, err := Write(sitemap.Slice(numbered(3)), Options{Dir: dir, BaseURL: base, MaxURLs: 2, Text: true, Robots: true})
	if err != nil {
		t.Fatal(err)
	}
	// The Result says what the record lists, and what robots.txt holds,
	// as the checks after a write read them.
	if recorded, err := Recorded(dir); err != nil || !slices.Equal(slices.Sorted(slices.Values(first.Recorded)), slices.Sorted(slices.Values(recorded))) {
		t.Errorf("Result.Recorded = %q; the record lists %q (%v)", first.Recorded, recorded, err)
	}
	if robots, _ := os.ReadFile(filepath.Join(dir, "robots.txt")); string(first.Robots) != string(robots) {
		t.Errorf("Result.Robots = %q; robots.txt holds %q", first.Robots, robots)
	}
	rec, err := os.ReadFile(filepath.Join(dir, RecordName))
	if err != nil {
		t.Fatal(err)
	}
	// Sorted (sitemap-1-HASH.xml before sitemap-1.txt), and without
	// robots.txt, which is never removed; the Sitemap: line written there
	// is listed as ours, a line of kind robots that names no file.
	want := recordHeader + base + "sitemap.xml\trobots\nsitemap-1.xml\nsitemap-1.txt\nsitemap-2.xml\nsitemap-2.txt\nsitemap.xml\n"
	lines := strings.SplitAfter(string(rec), "\n")
	for i, l := range lines {
		lines[i] = plainName(strings.TrimSuffix(l, "\n")) + l[len(strings.TrimSuffix(l, "\n")):]
	}
	if strings.Join(lines, "") != want {
		t.Errorf("record:\n%s\nwant:\n%s", rec, want)
	}

	// A damaged or edited record never makes Write remove another file;
	// names of files left by a run killed after writing its record, and
	// before its cleanup, are removed.
	for _, name := range []string{"index.html", "sitemap-7.xml"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	damaged := string(rec) + "index.html\n../outside.xml\n/etc/passwd\n  sitemap-7.xml  \n"
	if err := os.WriteFile(filepath.Join(dir, RecordName), []byte(damaged), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Write(sitemap.Slice(numbered(1)), Options{Dir: dir, BaseURL: base})
	if err != nil {
		t.Fatal(err)
	}
	wantRemoved := []string{"sitemap-1.txt", "sitemap-1.xml", "sitemap-2.txt", "sitemap-2.xml", "sitemap-7.xml"}
	if !slices.Equal(slices.Sorted(slices.Values(plain(res.Removed))), wantRemoved) {
		t.Errorf("removed %q, want %q", res.Removed, wantRemoved)
	}
	if want := []string{"index.html", "robots.txt", "sitemap.xml"}; !slices.Equal(names(files(t, dir)), want) {
		t.Errorf("files %q, want %q", names(files(t, dir)), want)
	}
}

// A failure before the new set is complete leaves the old set untouched
// and no temporary file behind.
func TestFailureKeepsPreviousSet(t *testing.T) {
	dir := t.TempDir()
	if _, err := Write(sitemap.Slice(numbered(6)), Options{Dir: dir, BaseURL: base, MaxURLs: 2, Text: true, Robots: true}); err != nil {
		t.Fatal(err)
	}
	before := files(t, dir)
	urls := numbered(6)
	urls[4].Loc = base + strings.Repeat("x", 3000) // too big for the byte limit below
	_, err := Write(sitemap.Slice(urls), Options{Dir: dir, BaseURL: base, MaxURLs: 2, MaxBytes: 2000, Text: true, Robots: true})
	var big *RecordTooBigError
	if !errors.As(err, &big) || big.Loc != urls[4].Loc {
		t.Fatalf("err = %v, want a RecordTooBigError for the long URL", err)
	}
	after := files(t, dir)
	if !slices.Equal(names(after), names(before)) {
		t.Errorf("files changed: %q, were %q", names(after), names(before))
	}
	for name := range before {
		if after[name] != before[name] {
			t.Errorf("%s changed", name)
		}
	}
}

func TestNothingToWrite(t *testing.T) {
	dir := t.TempDir()
	if _, err := Write(sitemap.Slice(nil), Options{Dir: dir, BaseURL: base}); !errors.Is(err, ErrNoURLs) {
		t.Errorf("err = %v, want ErrNoURLs", err)
	}
	if len(files(t, dir)) != 0 {
		t.Error("files written for no URLs")
	}
}

func TestOutputFolderProblems(t *testing.T) {
	dir := t.TempDir()
	notDir := filepath.Join(dir, "file")
	if err := os.WriteFile(notDir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(sitemap.Slice(sample), Options{Dir: notDir, BaseURL: base}); err == nil {
		t.Error("output folder is a file: no error")
	}
	created := filepath.Join(dir, "new", "out")
	if _, err := Write(sitemap.Slice(sample), Options{Dir: created, BaseURL: base}); err != nil {
		t.Errorf("missing output folder not created: %v", err)
	}
	if _, err := Write(sitemap.Slice(sample), Options{Dir: dir, BaseURL: "https://example.com"}); err == nil {
		t.Error("base URL without final slash: no error")
	}
}

func TestDryRun(t *testing.T) {
	dir := t.TempDir()
	res, err := Write(sitemap.Slice(numbered(5)), Options{Dir: dir, BaseURL: base, MaxURLs: 2, DryRun: true, Text: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"sitemap-1.txt", "sitemap-2.txt", "sitemap-3.txt", "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml", "sitemap.xml"}
	if !slices.Equal(plain(res.Written), want) {
		t.Errorf("would write %q, want %q", res.Written, want)
	}
	if len(files(t, dir)) != 0 {
		t.Error("dry run wrote files")
	}
	if _, err := Write(sitemap.Slice(numbered(5)), Options{Dir: dir, BaseURL: base, MaxURLs: 2}); err != nil {
		t.Fatal(err)
	}
	before := files(t, dir)
	res, err = Write(sitemap.Slice(numbered(1)), Options{Dir: dir, BaseURL: base, DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml"}; !slices.Equal(plain(res.Removed), want) {
		t.Errorf("would remove %q, want %q", res.Removed, want)
	}
	if after := files(t, dir); !slices.Equal(names(after), names(before)) || after["sitemap.xml"] != before["sitemap.xml"] {
		t.Error("dry run changed files")
	}
}

func TestStrayTempsRemoved(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	stray := func(name string, mtime time.Time) string {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte("partial"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, mtime, mtime); err != nil {
			t.Fatal(err)
		}
		return path
	}
	dead := stray(".sitemapgen-999999999-1.tmp", time.Now())                 // no such process
	mineOld := stray(fmt.Sprintf(".sitemapgen-%d-2.tmp", os.Getpid()), old)  // this PID, before this run
	running := stray(fmt.Sprintf(".sitemapgen-%d-3.tmp", os.Getppid()), old) // a live process's
	other := stray(".sitemapgen-notes.tmp", old)                             // not our naming
	if _, err := Write(sitemap.Slice(sample), Options{Dir: dir, BaseURL: base}); err != nil {
		t.Fatal(err)
	}
	for _, gone := range []string{dead, mineOld} {
		if _, err := os.Stat(gone); !os.IsNotExist(err) {
			t.Errorf("stray %s left: %v", filepath.Base(gone), err)
		}
	}
	for _, kept := range []string{running, other} {
		if _, err := os.Stat(kept); err != nil {
			t.Errorf("%s removed: %v", filepath.Base(kept), err)
		}
	}
}

// A folder where a file of the set goes fails the write before anything
// is written: the folder is left as it was, without a record or a
// temporary file.
func TestFolderInTheWay(t *testing.T) {
	for _, name := range []string{"sitemap.xml", "sitemap-1.txt"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.MkdirAll(filepath.Join(dir, name, "x"), 0o755); err != nil {
				t.Fatal(err)
			}
			_, err := Write(sitemap.Slice(numbered(4)), Options{Dir: dir, BaseURL: base, MaxURLs: 2, Text: true})
			want := filepath.Join(dir, name) + ": a folder is where this sitemap file goes; nothing written"
			if err == nil || err.Error() != want {
				t.Fatalf("err %v, want %s", err, want)
			}
			entries, _ := os.ReadDir(dir)
			if len(entries) != 1 || entries[0].Name() != name {
				t.Errorf("the folder holds %v, want %s alone", entries, name)
			}
		})
	}
}

// A rename that fails part way is an error, and leaves no temporary file.
func TestRenameFails(t *testing.T) {
	dir := t.TempDir()
	rename = func(r *fsx.Root, from, to string) error {
		if filepath.Base(to) == "sitemap.xml" { // after the shards
			return &os.LinkError{Op: "rename", Old: r.Path(from), New: r.Path(to), Err: syscall.EIO}
		}
		return r.Rename(from, to)
	}
	_, err := Write(sitemap.Slice(numbered(4)), Options{Dir: dir, BaseURL: base, MaxURLs: 2})
	rename = (*fsx.Root).Rename
	if err == nil {
		t.Fatal("no error")
	}
	noTempFiles(t, dir)
}

func TestPermissions(t *testing.T) {
	dir := t.TempDir()
	if _, err := Write(sitemap.Slice(sample), Options{Dir: dir, BaseURL: base, Text: true}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"sitemap.xml", "sitemap.txt"} {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v, want 0644", name, st.Mode().Perm())
		}
	}
}

func TestIsOwnName(t *testing.T) {
	for name, want := range map[string]bool{
		"sitemap.xml": true, "sitemap.xml.gz": true, "sitemap.txt": true,
		"sitemap-1.xml": true, "sitemap-12.xml.gz": true, "sitemap-3.txt": true,
		"sitemap-index-2.xml": true, "sitemap-index-2.xml.gz": true,
		"sitemap-blog-1-0123456789.xml": true, "sitemap-my_docs-2-0123456789.xml.gz": true,
		"sitemap-blog.xml": false, "sitemap-blog-1.xml": false, "sitemap-Blog-1-0123456789.xml": false,
		"sitemap-blog-1-0123456789.txt": false, "sitemap-1blog-1-0123456789.xml": false,
		"sitemap-news.xml": true, "sitemap-news-2.xml": true, "sitemap-news-12.xml.gz": true, "sitemap-news-1-0123456789.xml": true,
		"sitemap-news.txt": false, "sitemap-news-0.xml": false, "sitemap-news.xml.gz.tmp": false, "sitemap-news-index.xml": false,
		"sitemap-0.xml": false, "sitemap-index.xml": false,
		"sitemap.xsl": false, "sitemap-01.xml": false, "robots.txt": false, "sitemap.txt.gz": false,
	} {
		if got := IsOwnName(name); got != want {
			t.Errorf("IsOwnName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestAppendEscaped(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{`a&b<c>d'e"f`, "a&amp;b&lt;c&gt;d&apos;e&quot;f"},
		{"caf\u00e9 \u65e5", "caf\u00e9 \u65e5"},
		{"tab\tnl\ncr\r", "tab\tnl\ncr&#13;"},
		{"nul\x00bell\x07", "nul\uFFFDbell\uFFFD"},
		{"bad\xffutf8", "bad\uFFFDutf8"},
		{"\uFFFE\uFFFF", "\uFFFD\uFFFD"},
	}
	for _, tt := range tests {
		if got := string(appendEscaped(nil, tt.in)); got != tt.want {
			t.Errorf("appendEscaped(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// Shards are named after their content: sitemap-N-HASH.xml, HASH the first
// ten hex digits of the SHA-256 of the uncompressed bytes. A shard of
// another set gets the same name only for the same bytes, so a new set's
// shards never replace the files the old index lists.
func TestShardNames(t *testing.T) {
	sets := map[string][]sitemap.URL{"25": numbered(25), "26": numbered(26)}
	edited := numbered(25)
	edited[12].LastMod = day(20)
	sets["edited"] = edited
	seen := map[string]string{} // name → content, over every set
	for _, gz := range []bool{false, true} {
		for name, urls := range sets {
			dir := t.TempDir()
			res, err := Write(sitemap.Slice(urls), Options{Dir: dir, BaseURL: base, MaxURLs: 10, Gzip: gz})
			if err != nil {
				t.Fatal(err)
			}
			ents, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			shards := 0
			for _, e := range ents {
				m := shardDigest.FindStringSubmatch(e.Name())
				if m == nil {
					continue
				}
				shards++
				data, err := sitemaptest.ReadBytes(filepath.Join(dir, e.Name()))
				if err != nil {
					t.Fatal(err)
				}
				sum := sha256.Sum256(data)
				if want := m[1] + "-" + hex.EncodeToString(sum[:5]) + m[2]; e.Name() != want {
					t.Errorf("%s: shard %s, want the name %s", name, e.Name(), want)
				}
				key := strings.TrimSuffix(e.Name(), ".gz")
				if prev, ok := seen[key]; ok && prev != string(data) {
					t.Errorf("%s: %s names two different contents", name, e.Name())
				}
				seen[key] = string(data)
			}
			if shards != 3 || res.Shards != 3 {
				t.Errorf("%s: %d shards on disk, %d written; want 3", name, shards, res.Shards)
			}
		}
	}
	// 25 and 26 URLs share their first two shards and differ in the
	// third; the edit of 25 changes only its second.
	if len(seen) != 5 {
		t.Errorf("%d distinct shard names over the sets, want 5: %v", len(seen), names(seen))
	}
}

// Stale files go index first: a run killed while removing them never
// leaves an index naming a removed shard.
func TestStaleIndexesFirst(t *testing.T) {
	got := indexesFirst([]string{"sitemap-1-0123456789.xml", "sitemap-1.txt", "sitemap-index-2.xml", "sitemap-2-0123456789.xml", "sitemap.xml", "sitemap-index-3.xml.gz"})
	want := []string{"sitemap-index-2.xml", "sitemap.xml", "sitemap-index-3.xml.gz", "sitemap-1-0123456789.xml", "sitemap-1.txt", "sitemap-2-0123456789.xml"}
	if !slices.Equal(got, want) {
		t.Errorf("indexesFirst = %q\nwant %q", got, want)
	}
}

// TestRecordDir: with Options.RecordDir the record is kept there, made
// when missing, never in Dir, and read there: the next Write removes the
// files it no longer writes, a check compares with it, and Withdraw
// removes what it lists, then the record.
func TestRecordDir(t *testing.T) {
	dir, rec := t.TempDir(), filepath.Join(t.TempDir(), "cache", "sitemapgen")
	opts := Options{Dir: dir, RecordDir: rec, BaseURL: base, MaxURLs: 2}
	if _, err := Write(sitemap.Slice(numbered(5)), opts); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(filepath.Join(dir, RecordName)); err == nil {
		t.Errorf("a record in Dir")
	}
	if recorded, err := Recorded(rec); err != nil || len(recorded) != 4 {
		t.Errorf("the record in RecordDir lists %q, %v; want the index and 3 files", recorded, err)
	}
	opts.MaxURLs = 0
	res, err := Write(sitemap.Slice(numbered(1)), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Removed) != 3 || !slices.Equal(names(files(t, dir)), []string{"sitemap.xml"}) {
		t.Errorf("removed %q, the folder holds %q; want 3 removed and sitemap.xml left", res.Removed, names(files(t, dir)))
	}
	check := opts
	check.Check = true
	if res, err := Write(sitemap.Slice(numbered(1)), check); err != nil || len(res.Differ) != 0 {
		t.Errorf("a check of the same set: differ %q, %v", res.Differ, err)
	}
	res, err = Withdraw(opts)
	if err != nil || !slices.Equal(res.Removed, []string{"sitemap.xml"}) {
		t.Errorf("withdraw: removed %q, %v; want sitemap.xml", res.Removed, err)
	}
	if _, err := os.Lstat(filepath.Join(rec, RecordName)); err == nil {
		t.Errorf("the record outlives the set")
	}
}

// TestRecordDirMovedIn: a Dir whose record an earlier Write kept in it,
// before RecordDir took it (a Next.js public/ written by an earlier
// version), is the set's too: the first Write with RecordDir removes the
// files that record lists and it no longer writes, and the record in
// Dir, which the server would serve, goes; a record in Dir of the same
// files as the new set goes too, RecordDir's written (review, issue 70).
func TestRecordDirMovedIn(t *testing.T) {
	for _, same := range []bool{false, true} {
		dir, rec := t.TempDir(), filepath.Join(t.TempDir(), "cache", "sitemapgen")
		if _, err := Write(sitemap.Slice(numbered(5)), Options{Dir: dir, BaseURL: base, MaxURLs: 2}); err != nil {
			t.Fatal(err)
		}
		n, max := 1, 0
		if same {
			n, max = 5, 2
		}
		res, err := Write(sitemap.Slice(numbered(n)), Options{Dir: dir, RecordDir: rec, BaseURL: base, MaxURLs: max})
		if err != nil {
			t.Fatal(err)
		}
		if want := 4; same && len(names(files(t, dir))) != want || !same && (len(res.Removed) != 3 || !slices.Equal(names(files(t, dir)), []string{"sitemap.xml"})) {
			t.Errorf("same set %v: removed %q, the folder holds %q", same, res.Removed, names(files(t, dir)))
		}
		if _, err := os.Lstat(filepath.Join(dir, RecordName)); err == nil {
			t.Errorf("same set %v: the record in Dir is left", same)
		}
		if recorded, err := Recorded(rec); err != nil || len(recorded) != len(names(files(t, dir))) {
			t.Errorf("same set %v: the record in RecordDir lists %q, %v", same, recorded, err)
		}
	}
	// Withdraw, before any Write with RecordDir: what Dir's record lists
	// goes, then the record.
	dir := t.TempDir()
	if _, err := Write(sitemap.Slice(numbered(5)), Options{Dir: dir, BaseURL: base, MaxURLs: 2}); err != nil {
		t.Fatal(err)
	}
	res, err := Withdraw(Options{Dir: dir, RecordDir: filepath.Join(t.TempDir(), "cache"), BaseURL: base})
	if err != nil || len(res.Removed) != 4 {
		t.Errorf("withdraw: removed %q, %v; want the 4 files", res.Removed, err)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("withdraw left %v", left)
	}
}

// TestRecordedBase: the base URL a Write was told the generator's own
// sitemap gave (Options.KeepBase) is kept in the record, through later
// Writes that give none, until another replaces it (issue 97: a second
// run on a Nuxt site found no base URL once ours replaced that sitemap).
// It names no file of the set, and a line of another form is no base.
func TestRecordedBase(t *testing.T) {
	dir := t.TempDir()
	for i, tc := range []struct{ keep, want string }{
		{"https://site.example.com/docs/", "https://site.example.com/docs/"},
		{"", "https://site.example.com/docs/"},
		{"https://www.example.com/", "https://www.example.com/"},
	} {
		if _, err := Write(sitemap.Slice(numbered(2)), Options{Dir: dir, BaseURL: base, KeepBase: tc.keep}); err != nil {
			t.Fatal(err)
		}
		got, err := RecordedBase(dir, 0)
		if err != nil || got != tc.want {
			t.Errorf("write %d: RecordedBase = %q, %v; want %q", i, got, err, tc.want)
		}
		if names, _ := Recorded(dir); !slices.Equal(names, []string{"sitemap.xml"}) {
			t.Errorf("write %d: Recorded = %q", i, names)
		}
	}
	for _, line := range []string{"https://a.example/x\tbase", "ftp://a.example/\tbase", "https://a.example/ b/\tbase"} {
		if err := os.WriteFile(filepath.Join(dir, RecordName), []byte("sitemap.xml\n"+line+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if got, err := RecordedBase(dir, 0); err != nil || got != "" {
			t.Errorf("%q: RecordedBase = %q, %v; want none", line, got, err)
		}
	}
}

// TestRecordedRobots: the Sitemap: lines a Write with Robots put in
// robots.txt are the record's, as URLs that name no file to remove, and
// stay listed by a later Write without Robots, since the lines stay.
func TestRecordedRobots(t *testing.T) {
	dir := t.TempDir()
	if _, err := Write(sitemap.Slice(numbered(2)), Options{Dir: dir, BaseURL: "https://staging.example.com/", Robots: true}); err != nil {
		t.Fatal(err)
	}
	for i, opts := range []Options{{Dir: dir, BaseURL: base}, {Dir: dir, BaseURL: base, Text: true}} {
		if i > 0 {
			if _, err := Write(sitemap.Slice(numbered(2)), opts); err != nil {
				t.Fatal(err)
			}
		}
		got, err := RecordedRobots(dir, 0)
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"https://staging.example.com/sitemap.xml"}; !slices.Equal(got, want) {
			t.Errorf("write %d: RecordedRobots = %q, want %q", i, got, want)
		}
		names, err := Recorded(dir)
		if err != nil {
			t.Fatal(err)
		}
		if slices.ContainsFunc(names, func(n string) bool { return strings.Contains(n, "://") }) {
			t.Errorf("write %d: Recorded = %q, a URL among the files", i, names)
		}
	}
}
