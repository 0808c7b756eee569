package pipeline

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/walker"
	"github.com/sitemapgen/sitemapgen/writer"
)

// fmCacheSite writes a Hugo project of n pages in dir, each source with
// a date written without a zone (read in the config's timeZone) and tags,
// and returns the folders of its content and built pages.
func fmCacheSite(t *testing.T, dir string, n int) (content, public string) {
	t.Helper()
	content, public = filepath.Join(dir, "content"), filepath.Join(dir, "public")
	cc := &siteChanger{t: t, root: content}
	pc := &siteChanger{t: t, root: public}
	old := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	writeConfig(t, dir, "")
	for i := range n {
		cc.write(fmt.Sprintf("posts/p%02d.md", i), fmt.Sprintf("---\ntitle: P%d\ndate: 2024-05-%02dT10:00:00\ntags: [a, b]\nseries: [s%d]\nsitemap:\n  priority: 0.%d\n---\nbody\n", i, 1+i, i%3, 1+i%9), old)
		pc.write(fmt.Sprintf("posts/p%02d/index.html", i), fmt.Sprintf("<title>P%d</title>", i), old)
	}
	pc.write("index.html", "<title>home</title>", old)
	return content, public
}

// fmCacheOpts returns the options of a build of the project fmCacheSite
// wrote in dir, its config loaded now, with the cache folder cache.
func fmCacheOpts(t *testing.T, dir, cache string) Options {
	t.Helper()
	h, err := loadHugo(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	return Options{
		Root:     filepath.Join(dir, "public"),
		Map:      mapping.Options{BaseURL: "https://example.com/", LastMod: []mapping.LastModSource{mapping.LastModFrontMatter}},
		Join:     &Sources{Dir: filepath.Join(dir, "content"), Preset: h},
		Write:    writer.Options{Dir: t.TempDir()},
		CacheDir: cache,
	}
}

func writeConfig(t testing.TB, dir, more string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "hugo.toml"), []byte("baseURL = \"https://example.com/\"\n"+more), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestFMCache builds a Hugo project with and without a cache of front
// matter: the sitemaps are the same bytes each time, the second build
// with the cache reads no source, and a build reads again each source
// that changed (even keeping its size and modification time), every
// source when the options they are read with change, and every source
// when the cache file is corrupt.
func TestFMCache(t *testing.T) {
	if _, err := time.LoadLocation("Asia/Tokyo"); err != nil {
		t.Skip("no zone database:", err)
	}
	defer func(m time.Duration) { racyMargin = m }(racyMargin)
	racyMargin = 0 // the files are new: the racy rule has its own test
	dir := t.TempDir()
	const n = 12
	content, _ := fmCacheSite(t, dir, n)
	cacheDir := filepath.Join(dir, ".cache")
	build := func(cache string) ([]byte, *Result) {
		t.Helper()
		opts := fmCacheOpts(t, dir, cache)
		res, err := Run(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(opts.Write.Dir, "sitemap.xml"))
		if err != nil {
			t.Fatal(err)
		}
		return b, res
	}
	check := func(step string, read, kept int) []byte {
		t.Helper()
		want, res := build("")
		if res.FrontMatterRead != 0 || res.FrontMatterKept != 0 {
			t.Fatalf("%s: without a cache, %d read, %d kept", step, res.FrontMatterRead, res.FrontMatterKept)
		}
		got, res := build(cacheDir)
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: with the cache:\n%s\nwithout:\n%s", step, got, want)
		}
		if res.FrontMatterRead != read || res.FrontMatterKept != kept {
			t.Fatalf("%s: %d sources read, %d kept; want %d, %d", step, res.FrontMatterRead, res.FrontMatterKept, read, kept)
		}
		return got
	}
	first := check("first", n, 0)
	if !bytes.Contains(first, []byte("<priority>0.3</priority>")) || !bytes.Contains(first, []byte("2024-05-01T10:00:00Z")) {
		t.Fatalf("the sitemap lacks the front matter's priority or date:\n%s", first)
	}
	check("second", 0, n)

	// The same size and modification time: its change time tells.
	p := filepath.Join(content, "posts/p03.md")
	st, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(p)
	edited := bytes.Replace(data, []byte("2024-05-04"), []byte("2024-08-04"), 1)
	if err := os.WriteFile(p, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, st.ModTime(), st.ModTime()); err != nil {
		t.Fatal(err)
	}
	if got := check("edited, its size and time kept", 1, n-1); !bytes.Contains(got, []byte("2024-08-04")) {
		t.Fatalf("the edit is not in the sitemap:\n%s", got)
	}
	// A plain edit.
	(&siteChanger{t: t, root: content}).write("posts/p04.md", "---\ntitle: P4\nlastmod: 2024-09-09\n---\n", time.Date(2024, 2, 1, 0, 0, 0, 0, time.UTC))
	check("edited", 1, n-1)
	check("again", 0, n)

	// The options: a taxonomy, a zone.
	writeConfig(t, dir, "[taxonomies]\nseries = \"series\"\ntag = \"tags\"\n")
	check("a taxonomy", n, 0)
	check("a taxonomy, again", 0, n)
	writeConfig(t, dir, "timeZone = \"Asia/Tokyo\"\n")
	if got := check("a zone", n, 0); !bytes.Contains(got, []byte("2024-05-01T01:00:00Z")) {
		t.Fatalf("the zone is not in the sitemap:\n%s", got)
	}
	check("a zone, again", 0, n)

	// A corrupt file, and one of something else: read as none, and
	// written again.
	matches, _ := filepath.Glob(filepath.Join(cacheDir, "frontmatter", "*"))
	if len(matches) != 1 {
		t.Fatalf("cache files %q, want one", matches)
	}
	data, err = os.ReadFile(matches[0])
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-3] ^= 1
	os.WriteFile(matches[0], data, 0o644)
	check("corrupt", n, 0)
	check("corrupt, again", 0, n)
	os.WriteFile(matches[0], []byte("<?xml version=\"1.0\"?>\n"), 0o644)
	check("foreign", n, 0)
	os.Remove(filepath.Join(content, "posts/p05.md"))
	check("a source gone", 0, n-1)
	check("a source gone, again", 0, n-1)
}

// TestFMCacheContent builds a project's sources in content mode with the
// cache: the second build takes them all, and lists the same bytes.
func TestFMCacheContent(t *testing.T) {
	defer func(m time.Duration) { racyMargin = m }(racyMargin)
	racyMargin = 0
	dir := t.TempDir()
	const n = 5
	fmCacheSite(t, dir, n)
	var first []byte
	for i, want := range []int{0, n} {
		opts := fmCacheOpts(t, dir, filepath.Join(dir, ".cache"))
		opts.Root, opts.Content, opts.Join = "", opts.Join, nil
		res, err := Run(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		if res.FrontMatterKept != want || res.FrontMatterRead != n-want {
			t.Fatalf("build %d: %d read, %d kept; want %d kept", i, res.FrontMatterRead, res.FrontMatterKept, want)
		}
		got, err := os.ReadFile(filepath.Join(opts.Write.Dir, "sitemap.xml"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(got, []byte("<priority>0.3</priority>")) {
			t.Fatalf("build %d: the front matter's priority not listed:\n%s", i, got)
		}
		if i == 1 && !bytes.Equal(got, first) {
			t.Fatalf("kept:\n%s\nread:\n%s", got, first)
		}
		first = got
	}
}

// TestFMCacheRacy keeps the racy rule: a source changed within
// racyMargin of the build that kept it, its size, modification time,
// inode and (as a coarse clock may leave it) change time the same, is
// read again; the same source older than that is taken.
func TestFMCacheRacy(t *testing.T) {
	fp := frontmatter.Options{}.Fingerprint()
	start := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	src := &frontmatter.Source{Title: "kept"}
	old := keptStat{size: 10, mtime: start.Add(-time.Hour).UnixNano(), ctime: start.Add(-time.Hour).UnixNano(), ino: 7}
	racy := keptStat{size: 10, mtime: start.Add(-time.Second).UnixNano(), ctime: start.Add(-time.Hour).UnixNano(), ino: 8}
	racyC := keptStat{size: 10, mtime: start.Add(-time.Hour).UnixNano(), ctime: start.Add(-time.Second).UnixNano(), ino: 9}
	data := frontmatter.AppendSource(nil, src, nil)
	file := encodeFMCache("id", start.UnixNano(), []keptEntry{
		{rel: "a.md", st: old, fp: fp, data: data},
		{rel: "b.md", st: racy, fp: fp, data: data},
		{rel: "c.md", st: racyC, fp: fp, data: data},
	})
	entries, at, err := decodeFMCache(file, "id")
	if err != nil {
		t.Fatal(err)
	}
	c := &fmCache{old: entries, trust: at - racyMargin.Nanoseconds()}
	for _, tt := range []struct {
		rel  string
		st   keptStat
		fp   [32]byte
		want bool
	}{
		{"a.md", old, fp, true},
		{"b.md", racy, fp, false},
		{"c.md", racyC, fp, false},
		{"a.md", keptStat{size: 11, mtime: old.mtime, ctime: old.ctime, ino: 7}, fp, false},
		{"a.md", keptStat{size: 10, mtime: old.mtime, ctime: old.ctime, ino: 70}, fp, false},
		{"a.md", keptStat{size: 10, mtime: old.mtime + 1, ctime: old.ctime, ino: 7}, fp, false},
		{"a.md", keptStat{size: 10, mtime: old.mtime, ctime: old.ctime + 1, ino: 7}, fp, false},
		{"a.md", old, frontmatter.Options{ID: true}.Fingerprint(), false},
		{"d.md", old, fp, false},
	} {
		got := c.take(tt.rel, tt.st, tt.fp, nil)
		if (got != nil) != tt.want || got != nil && got.Title != "kept" {
			t.Errorf("%s %+v: taken %v, want %v", tt.rel, tt.st, got != nil, tt.want)
		}
	}
	if _, _, err := decodeFMCache(file, "another program"); err == nil {
		t.Error("another program's file read")
	}
}

// TestFMCacheRacyBuild builds twice with the real margin, the sources
// just written: the second build trusts none of them.
func TestFMCacheRacyBuild(t *testing.T) {
	dir := t.TempDir()
	fmCacheSite(t, dir, 3)
	opts := fmCacheOpts(t, dir, filepath.Join(dir, ".cache"))
	for range 2 {
		res, err := Run(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		if res.FrontMatterRead != 3 || res.FrontMatterKept != 0 {
			t.Fatalf("%d read, %d kept; want every source read: changed just now", res.FrontMatterRead, res.FrontMatterKept)
		}
	}
}

// FuzzFMCache reads arbitrary bytes as a cache file: decodeFMCache must
// not panic, nor DecodeSource on what it accepts; what it accepts,
// written again, reads back the same.
func FuzzFMCache(f *testing.F) {
	fp := frontmatter.Options{ID: true}.Fingerprint()
	src := &frontmatter.Source{Title: "t", Lastmod: time.Date(2024, 5, 1, 0, 0, 0, 0, time.FixedZone("", 3600)), Tags: []string{"a"}, Problems: []frontmatter.Problem{{Line: 2, Msg: "m"}}}
	good := encodeFMCache("id", 1e18, []keptEntry{
		{rel: "a.md", st: keptStat{size: 1, mtime: 2, ctime: 3, ino: 4}, fp: fp, data: frontmatter.AppendSource(nil, src, nil)},
		{rel: "b/c.md", st: keptStat{size: 5}, fp: [32]byte{1}, data: frontmatter.AppendSource(nil, &frontmatter.Source{}, nil)},
	})
	f.Add(good)
	f.Add(encodeFMCache("id", 0, nil))
	f.Add([]byte(fmCacheMagic))
	f.Add(good[:len(good)-1])
	f.Fuzz(func(t *testing.T, data []byte) {
		defer fuzzbound.Check(t)()
		if len(data) >= len(fmCacheMagic)+32 && bytes.HasPrefix(data, []byte(fmCacheMagic)) {
			// Past the checksum, to reach the body's reader: the sum
			// of what the fuzzer wrote.
			data = encodeBody(data[len(fmCacheMagic)+32:])
		}
		entries, start, err := decodeFMCache(data, "id")
		if err != nil {
			return
		}
		list := entries.all()
		for _, e := range list {
			frontmatter.DecodeSource(e.data, time.UTC)
			if got, ok := entries.lookup(e.rel); !ok || got.rel != e.rel {
				t.Fatalf("%q: not found by its path", e.rel)
			}
		}
		again, start2, err := decodeFMCache(encodeFMCache("id", start, sortEntries(slices.Clone(list))), "id")
		if err != nil {
			t.Fatalf("written again, not read: %v", err)
		}
		if start2 != start || again.len() != entries.len() {
			t.Fatalf("written again: start %d, %d entries; want %d, %d", start2, again.len(), start, entries.len())
		}
		for _, e := range list {
			if a, ok := again.lookup(e.rel); !ok || a.st != e.st || a.fp != e.fp || !bytes.Equal(a.data, e.data) {
				t.Fatalf("%q written again: %+v, want %+v", e.rel, a, e)
			}
		}
	})
}

// encodeBody returns a cache file of body, its checksum right.
func encodeBody(body []byte) []byte {
	b := encodeFMCache("", 0, nil)[:len(fmCacheMagic)+32]
	b = append(b, body...)
	sum := sha256.Sum256(body)
	copy(b[len(fmCacheMagic):], sum[:])
	return b
}

// BenchmarkFrontMatter reads the front matter of 20,000 sources shaped
// as bench/hugo.sh writes them (a title, a date, a lastmod in one of
// three, a draft in one of a hundred, tags and a category; four
// paragraphs of body), in 20 sections, as a build walks and reads them:
// without a cache (read), and with one that holds them all (cached:
// its file loaded, each source statted and its kept Source decoded).
//
//	go test ./internal/pipeline -run '^$' -bench FrontMatter -count 10
func BenchmarkFrontMatter(b *testing.B) {
	defer func(m time.Duration) { racyMargin = m }(racyMargin)
	racyMargin = 0 // the sources are written just before
	dir := b.TempDir()
	content := filepath.Join(dir, "content")
	const n = 20000
	for i := range n {
		p := filepath.Join(content, fmt.Sprintf("s%02d/page-%06d.md", i%20, i))
		fm := fmt.Sprintf("title: Page %d\ndate: 20%02d-%02d-%02dT%02d:%02d:00Z\n", i, 15+i%5, 1+i%12, 1+i%28, i%24, i%60)
		if i%3 == 0 {
			fm += fmt.Sprintf("lastmod: 2020-%02d-%02d\n", 1+i%12, 1+i%28)
		}
		if i%100 == 99 {
			fm += "draft: true\n"
		}
		fm += fmt.Sprintf("tags: [\"tag %d\", \"tag %d\"]\ncategories: [\"c%d\"]\n", i%1000, (i*7)%1000, i%7)
		body := bytes.Repeat([]byte(fmt.Sprintf("Paragraph of page %d: word1 word2 word3 word4 word5 word6 word7 word8.\n\n", i)), 4)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, append([]byte("---\n"+fm+"---\n"), body...), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	writeConfig(b, dir, "")
	h, err := loadHugo(dir, nil)
	if err != nil {
		b.Fatal(err)
	}
	cacheDir := filepath.Join(dir, ".cache")
	read := func(c *fmCache) {
		var mu sync.Mutex
		count := 0
		err := walker.Walk(context.Background(), content, walker.Options{Include: ContentInclude}, func(f walker.File) error {
			if _, err := readFrontMatter(content, f.Dir, f.Path, h.FileRules(f.Path), nil, limits.Default, c); err != nil {
				return err
			}
			mu.Lock()
			count++
			mu.Unlock()
			return nil
		})
		if err != nil || count != n {
			b.Fatalf("%d sources read: %v", count, err)
		}
	}
	b.Run("read", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			read(nil)
		}
	})
	c := loadFMCache(cacheDir, content, limits.Default)
	read(c)
	c.save(&Result{})
	b.Run("cached", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			c := loadFMCache(cacheDir, content, limits.Default)
			read(c)
			if c.kept.Load() != n {
				b.Fatalf("%d of %d kept", c.kept.Load(), n)
			}
			c.save(&Result{})
		}
	})
}

// TestFMCacheSession starts a Session with the cache twice: the second
// takes every source kept, and lists what a Run lists; an update reads
// the source it is told of.
func TestFMCacheSession(t *testing.T) {
	defer func(m time.Duration) { racyMargin = m }(racyMargin)
	racyMargin = 0
	dir := t.TempDir()
	const n = 4
	content, _ := fmCacheSite(t, dir, n)
	cache := filepath.Join(dir, ".cache")
	for i, want := range []int{0, n} {
		opts := fmCacheOpts(t, dir, cache)
		s, res, err := Start(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		if res.FrontMatterKept != want || res.FrontMatterRead != n-want {
			t.Fatalf("start %d: %d read, %d kept; want %d kept", i, res.FrontMatterRead, res.FrontMatterKept, want)
		}
		sameAsRun(t, fmt.Sprint("start ", i), opts, opts.Write.Dir)
		if i == 1 {
			(&siteChanger{t: t, root: content}).write("posts/p01.md", "---\nlastmod: 2024-09-09\n---\n", time.Date(2024, 2, 1, 0, 0, 0, 0, time.UTC))
			if _, err := s.Update(context.Background(), []string{filepath.Join(content, "posts/p01.md")}, nil); err != nil {
				t.Fatal(err)
			}
			sameAsRun(t, "update", opts, opts.Write.Dir)
		}
	}
}

// TestFMCacheNotSaved: a cache folder that cannot be written (a file in
// its place) is said in a note, not a warning, and the build writes its
// sitemap; a second build takes nothing and says why again.
func TestFMCacheNotSaved(t *testing.T) {
	dir := t.TempDir()
	fmCacheSite(t, dir, 3)
	cache := filepath.Join(dir, "cache")
	if err := os.WriteFile(cache, []byte("a file"), 0o644); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		opts := fmCacheOpts(t, dir, cache)
		var notes, warnings []string
		opts.Report.Note = func(_, note string) { notes = append(notes, note) }
		opts.Report.Warn = func(path string, err error) { warnings = append(warnings, path+": "+err.Error()) }
		res, err := Run(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		if len(warnings) > 0 {
			t.Errorf("warnings %q", warnings)
		}
		if !slices.ContainsFunc(notes, func(n string) bool { return strings.HasPrefix(n, "front matter cache not saved: ") }) {
			t.Errorf("no note of the cache not saved in %q", notes)
		}
		if res.FrontMatterKept != 0 || res.FrontMatterRead != 3 {
			t.Errorf("%d sources kept, %d read; want 0, 3", res.FrontMatterKept, res.FrontMatterRead)
		}
	}
}

// TestFMCacheFileTooLarge: a cache file larger than limits.state_bytes
// (a sparse one of 4 GiB) is passed over at once, its size told by its
// stat: nothing of it is read, and no buffer of its size made.
func TestFMCacheFileTooLarge(t *testing.T) {
	dir := t.TempDir()
	src, cache := filepath.Join(dir, "content"), filepath.Join(dir, "cache")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	c := loadFMCache(cache, src, limits.Default)
	if err := c.write(encodeFMCache(programID(), 0, nil)); err != nil {
		t.Fatal(err)
	}
	fuzzbound.Sparse(t, filepath.Join(cache, c.rel), 4<<30)
	lim := limits.Default
	lim.StateBytes = 1 << 20
	n := fuzzbound.Allocated(func() { c = loadFMCache(cache, src, lim) })
	if c == nil || c.old != nil {
		t.Fatalf("a file past its bound loaded: %+v", c)
	}
	if n > 1<<20 {
		t.Errorf("loading a file past its bound of 1 MiB allocated %d MiB", n>>20)
	}
}

// TestFMCacheSessionLetsGo: a watch Session's whole build saves the
// cache and then holds none of it (neither the entries it read, nor
// those of its updates): a session of thousands of edits holds no more
// than one of a few, and its updates read the sources they are told of,
// in join mode as in content mode.
func TestFMCacheSessionLetsGo(t *testing.T) {
	defer func(m time.Duration) { racyMargin = m }(racyMargin)
	racyMargin = 0
	for _, mode := range []string{"join", "content"} {
		t.Run(mode, func(t *testing.T) {
			dir := t.TempDir()
			content, _ := fmCacheSite(t, dir, 3)
			opts := fmCacheOpts(t, dir, filepath.Join(dir, ".cache"))
			if mode == "content" {
				opts.Root, opts.Content, opts.Join = "", opts.Join, nil
			}
			for i := range 2 { // the second takes them kept
				s, _, err := Start(context.Background(), opts)
				if err != nil {
					t.Fatal(err)
				}
				// The second start takes every source but the one the
				// first's updates changed (since the first saved).
				sameAsRun(t, fmt.Sprint("start ", i), opts, opts.Write.Dir)
				cc := &siteChanger{t: t, root: content}
				for j := range 5 {
					cc.write("posts/p01.md", fmt.Sprintf("---\nlastmod: 2024-09-%02d\n---\n", 1+j), time.Date(2024, 2, 1, 0, 0, j, 0, time.UTC))
					if _, err := s.Update(context.Background(), []string{filepath.Join(content, "posts/p01.md")}, nil); err != nil {
						t.Fatal(err)
					}
				}
				if c := s.b.in.fmc; c != nil {
					t.Fatalf("start %d: after 5 updates, the Session holds the cache: %d entries read, %d to keep", i, c.old.len(), len(c.next))
				}
				sameAsRun(t, fmt.Sprint("updates ", i), opts, opts.Write.Dir)
			}
		})
	}
}

// TestProgramIDNamesUser: the cache's program is also its user's, so
// that root's kept entries are no other user's (and the other way).
func TestProgramIDNamesUser(t *testing.T) {
	id := programID()
	if id == "" {
		t.Skip("the executable cannot be told")
	}
	if want := "\x00" + strconv.Itoa(os.Geteuid()) + " " + strconv.Itoa(os.Getegid()) + "\x00"; !strings.Contains(id, want) {
		t.Errorf("programID %q does not name the user and group %q", id, want)
	}
}

// TestFMCacheForgedBounded: a cache file of the most entries its bytes
// can hold (empty Sources, short paths, its checksum right) is read
// holding little more than its bytes: where each entry is, not each
// entry decoded (a map of them took 17 times the file).
func TestFMCacheForgedBounded(t *testing.T) {
	const n = 100_000
	var body []byte
	body = binary.AppendUvarint(body, 2)
	body = append(body, "id"...)
	body = binary.AppendVarint(body, 0)
	body = binary.AppendUvarint(body, 1)
	body = append(body, make([]byte, 32)...)
	body = binary.AppendUvarint(body, n)
	for i := range n {
		body = binary.AppendUvarint(body, 3)
		body = append(body, byte(i>>16), byte(i>>8), byte(i))
		body = append(body, 0, 0, 0, 0, 0, 0) // size, mtime, ctime, inode, fingerprint 0, no Source
	}
	file := encodeBody(body)
	var table *keptTable
	alloc := fuzzbound.Allocated(func() {
		var err error
		if table, _, err = decodeFMCache(file, "id"); err != nil {
			t.Error(err)
		}
	})
	if table.len() != n {
		t.Fatalf("%d entries read, want %d", table.len(), n)
	}
	if limit := uint64(2 * len(file)); alloc > limit {
		t.Errorf("reading a file of %d bytes allocated %d (at most %d)", len(file), alloc, limit)
	}
	if e, ok := table.lookup("\x01\x00\x00"); !ok || e.rel != "\x01\x00\x00" {
		t.Errorf("lookup of an entry: %+v, %v", e, ok)
	}
}
