package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/docusaurus"
	"github.com/sitemapgen/sitemapgen/internal/generator/hugo"
	"github.com/sitemapgen/sitemapgen/internal/generator/jekyll"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/walker"
	"github.com/sitemapgen/sitemapgen/writer"
)

// readOutputs returns the files in dir by name.
func readOutputs(t *testing.T, dir string) map[string]string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, e := range ents {
		if writer.IsOwnName(e.Name()) {
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			m[e.Name()] = string(data)
		}
	}
	return m
}

// reloads are the presets the tests loaded, each with the function that
// loads it again: the fresh Run of sameAsRun reads the sources with a
// preset of its own, not the one the Session has used (and cached what
// it read of the folders in).
var reloads sync.Map // generator.Preset → func() generator.Preset

// loadHugo loads the Hugo preset of the project folder dir, as
// hugo.Load does, and keeps how to load it again for sameAsRun;
// content, when not nil, is its content folder (which the presets of a
// project are given to tell bundles by).
func loadHugo(dir string, content fs.FS) (*hugo.Preset, error) {
	h, err := hugo.Load(dir, limits.Default)
	if err != nil {
		return nil, err
	}
	h.Content = content
	reloads.Store(h, func() generator.Preset {
		again, err := loadHugo(dir, content)
		if err != nil {
			panic(err) // it loaded once
		}
		return again
	})
	return h, nil
}

// reloaded returns a preset loaded afresh in place of p, when a test
// loaded p by loadHugo; p itself otherwise.
func reloaded(p generator.Preset) generator.Preset {
	if f, ok := reloads.Load(p); ok {
		return f.(func() generator.Preset)()
	}
	return p
}

// propertySeeds is how many seeds the properties that a Session writes
// what a fresh Run writes (TestSessionMatchesRun,
// TestSessionHreflangMatchesRun) try, of 40 random steps each: 4; 2
// under the race detector, which watches the same goroutines in each
// (the session's reads and writes) at three times the cost, and with
// -short: 640 random steps over the eight variants still.
func propertySeeds() uint64 {
	if raceEnabled || testing.Short() {
		return 2
	}
	return 4
}

// sameAsRun checks that what the Session wrote into its folder is what a
// fresh Run of the same options writes into another.
func sameAsRun(t *testing.T, step string, opts Options, sessDir string) {
	t.Helper()
	runWarnings(t, step, opts, sessDir)
}

// runWarnings is sameAsRun, and returns the warnings of the Run.
func runWarnings(t *testing.T, step string, opts Options, sessDir string) []error {
	t.Helper()
	fresh := t.TempDir()
	opts.Write.Dir = fresh
	for _, src := range []**Sources{&opts.Content, &opts.Join} {
		if *src != nil {
			again := **src
			again.Preset = reloaded(again.Preset)
			*src = &again
		}
	}
	opts.Write.State = nil
	var warnings []error
	opts.Report = Report{Warn: func(_ string, err error) { warnings = append(warnings, err) }}
	_, err := Run(context.Background(), opts)
	got := readOutputs(t, sessDir)
	if err != nil {
		// Run writes nothing: the Session must have failed too, leaving
		// the files as they were.
		return nil
	}
	want := readOutputs(t, fresh)
	if len(got) != len(want) {
		t.Fatalf("%s: session has files %v, Run writes %v", step, keys(got), keys(want))
	}
	for name, w := range want {
		if got[name] != w {
			t.Fatalf("%s: %s differs:\nsession:\n%s\nRun:\n%s", step, name, got[name], w)
		}
	}
	return warnings
}

func keys(m map[string]string) []string {
	var k []string
	for n := range m {
		k = append(k, n)
	}
	slices.Sort(k)
	return k
}

// siteChanger makes random changes to a site: pages added, edited,
// removed, folders made, renamed and removed, noindex and canonical and
// alternates set, duplicates made.
type siteChanger struct {
	t    *testing.T
	root string
	rng  *rand.Rand
	n    int
	// days is how many days the modification times are spread over; 0
	// means 300.
	days int
}

func (c *siteChanger) write(rel, body string, mtime time.Time) {
	p := filepath.Join(c.root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		c.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		c.t.Fatal(err)
	}
	if err := os.Chtimes(p, mtime, mtime); err != nil {
		c.t.Fatal(err)
	}
}

// files returns every file and folder under the root, relative.
func (c *siteChanger) files() (files, dirs []string) {
	filepath.WalkDir(c.root, func(p string, d os.DirEntry, err error) error {
		if err != nil || p == c.root {
			return nil
		}
		rel, _ := filepath.Rel(c.root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			dirs = append(dirs, rel)
		} else if d.Type()&os.ModeSymlink == 0 && !writer.IsOwnName(d.Name()) && !strings.HasPrefix(d.Name(), ".") {
			files = append(files, rel)
		}
		return nil
	})
	return files, dirs
}

var folders = []string{"", "a/", "a/b/", "c/", "blog/", "blog/2024/"}

func (c *siteChanger) body() string {
	c.n++
	var head string
	switch c.rng.IntN(10) {
	case 0:
		head = `<meta name="robots" content="noindex">`
	case 1:
		head = `<link rel="canonical" href="https://example.com/a/">`
	case 2:
		head = `<link rel="alternate" hreflang="de" href="https://example.com/c/">`
	case 3:
		head = `<meta http-equiv="refresh" content="0; url=/">`
	}
	var body string
	switch c.rng.IntN(4) {
	case 0: // images, which change with the page
		body = fmt.Sprintf(`<img src="/i/%d.png" srcset="/i/%d-2x.png 2x"><img src="/shared.png">`, c.n, c.n)
	case 1:
		body = `<main><img src="/shared.png"></main>`
	}
	return fmt.Sprintf("<html><head>%s<title>%d</title></head><body>%s</body></html>", head, c.n, body)
}

// change makes one random change and returns the paths it touched,
// absolute, as a watcher would report them.
func (c *siteChanger) change() []string {
	files, dirs := c.files()
	abs := func(rel string) string { return filepath.Join(c.root, filepath.FromSlash(rel)) }
	days := c.days
	if days == 0 {
		days = 300
	}
	mtime := time.Date(2024, 1, 1+c.rng.IntN(days), 0, 0, 0, 0, time.UTC)
	switch op := c.rng.IntN(8); {
	case op <= 1 || len(files) == 0: // a new page
		rel := folders[c.rng.IntN(len(folders))] + fmt.Sprintf("p%d", c.rng.IntN(20))
		if c.rng.IntN(3) == 0 {
			rel += "/index.html"
		} else {
			rel += ".html"
		}
		c.write(rel, c.body(), mtime)
		return []string{abs(rel)}
	case op <= 3: // an edit
		rel := files[c.rng.IntN(len(files))]
		c.write(rel, c.body(), mtime)
		return []string{abs(rel)}
	case op == 4: // a removal
		rel := files[c.rng.IntN(len(files))]
		os.Remove(abs(rel))
		return []string{abs(rel)}
	case op == 5 && len(dirs) > 0: // a folder renamed
		from := dirs[c.rng.IntN(len(dirs))]
		to := fmt.Sprintf("r%d", c.rng.IntN(5))
		if _, err := os.Stat(abs(to)); err == nil {
			return nil
		}
		if err := os.Rename(abs(from), abs(to)); err != nil {
			c.t.Fatal(err)
		}
		return []string{abs(from), abs(to)}
	case op == 6 && len(dirs) > 0: // a folder removed
		rel := dirs[c.rng.IntN(len(dirs))]
		os.RemoveAll(abs(rel))
		return []string{abs(rel)}
	default: // several pages in a new folder, reported as the folder
		dir := fmt.Sprintf("n%d", c.rng.IntN(5))
		for i := range 3 {
			c.write(fmt.Sprintf("%s/x%d/index.html", dir, i), c.body(), mtime)
		}
		return []string{abs(dir)}
	}
}

func TestSessionMatchesRun(t *testing.T) {
	for _, variant := range []struct {
		name string
		opts func(o *Options)
		days int
	}{
		{"default", func(o *Options) {}, 0},
		{"split and text", func(o *Options) { o.Write.MaxURLs, o.Write.Text = 4, true }, 0},
		{"gzip, clean URLs", func(o *Options) { o.Write.Gzip, o.Map.CleanURLs = true, true }, 0},
		{"no heads", func(o *Options) { o.Heads.Read = false }, 0},
		{"images, split", func(o *Options) { o.Map.Images, o.Write.MaxURLs = true, 4 }, 0},
		// Pages come and go in sections, and move between them as their
		// folders are renamed (a/ to r1/) or made.
		{"sections", func(o *Options) {
			o.Sections = []Section{{"blog", []string{"blog/**"}}, {"deep", []string{"a/b/**", "r[0-2]/**"}}, {"top", []string{"*/index.html", "n*/**"}}}
			o.Write.MaxURLs, o.Write.Extra = 3, []string{"https://example.com/shop/sitemap.xml"}
		}, 0},
		// A robots.txt that disallows two folders: the pages made in
		// them, and moved in and out with their folders, are left out.
		{"robots.txt", func(o *Options) {
			o.Robots.Dir = o.Root
			if err := os.WriteFile(filepath.Join(o.Root, "robots.txt"), []byte("User-agent: *\nDisallow: /a/b/\nDisallow: /r1/\n"), 0o644); err != nil {
				panic(err)
			}
		}, 0},
		// Modification times on two days: as the site grows past 20 URLs
		// and one day takes most, they are left out, and back when not.
		{"mtime guarded", func(o *Options) { o.GuardMTime = true }, 2},
	} {
		t.Run(variant.name, func(t *testing.T) {
			for seed := range propertySeeds() {
				root, out := t.TempDir(), t.TempDir()
				c := &siteChanger{t: t, root: root, rng: rand.New(rand.NewPCG(seed, 1)), days: variant.days}
				halves := 0
				if variant.days == 2 {
					halves = 24
				}
				s, opts := startSite(c, halves, out, variant.opts)
				sameAsRun(t, "start", opts, out)
				for step := range 40 {
					var paths []string
					for range 1 + c.rng.IntN(3) {
						paths = append(paths, c.change()...)
					}
					if _, err := s.Update(context.Background(), paths, nil); err != nil && !isEmptySite(err) {
						t.Fatalf("seed %d step %d: %v", seed, step, err)
					}
					sameAsRun(t, fmt.Sprintf("seed %d step %d (%q)", seed, step, paths), opts, out)
				}
			}
		})
	}
}

// startSite writes a home page and halves pages dated on two days, half
// on each (so that changes tip the mtime guard one way or the other), and
// starts a Session of them, with options set by variant, writing into out.
func startSite(c *siteChanger, halves int, out string, variant func(*Options)) (*Session, Options) {
	c.t.Helper()
	c.write("index.html", "<title>home</title>", time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	for i := range halves {
		c.write(fmt.Sprintf("half/%d.html", i), "<title>half</title>", time.Date(2024, 1, 1+i%2, 0, 0, 0, 0, time.UTC))
	}
	opts := Options{
		Root:  c.root,
		Heads: Heads{Read: true},
		Map:   mapping.Options{BaseURL: "https://example.com/"},
		Write: writer.Options{Dir: out},
	}
	variant(&opts)
	s, _, err := Start(context.Background(), opts)
	if err != nil {
		c.t.Fatal(err)
	}
	return s, opts
}

func isEmptySite(err error) bool {
	return errors.Is(err, ErrNoPages) || errors.Is(err, ErrAllSkipped)
}

func TestSessionUpdateCounts(t *testing.T) {
	root := t.TempDir()
	c := &siteChanger{t: t, root: root, rng: rand.New(rand.NewPCG(1, 2))}
	day := func(d int) time.Time { return time.Date(2024, 3, d, 0, 0, 0, 0, time.UTC) }
	c.write("index.html", "<title>home</title>", day(1))
	c.write("a.html", "<title>a</title>", day(1))
	opts := Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: "https://example.com/"}}
	s, res, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Write.URLChanges != nil || len(res.Write.Written) != 1 {
		t.Fatalf("start: %+v", res.Write)
	}
	update := func(paths ...string) *Result {
		t.Helper()
		for i, p := range paths {
			paths[i] = filepath.Join(root, p)
		}
		res, err := s.Update(context.Background(), paths, nil)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	c.write("b.html", "<title>b</title>", day(2))
	c.write("a.html", "<title>a2</title>", day(3))
	res = update("b.html", "a.html")
	if got := *res.Write.URLChanges; got != (writer.URLChanges{Added: 1, Changed: 1}) {
		t.Errorf("add and edit: %+v", got)
	}
	if res.Pages != 2 {
		t.Errorf("pages read again: %d, want 2", res.Pages)
	}
	// A file that is no page (a stylesheet) changes nothing and writes
	// nothing.
	c.write("style.css", "p{}", day(4))
	if res = update("style.css"); res.Write != nil {
		t.Errorf("a stylesheet: %+v", res.Write)
	}
	// The same bytes again: nothing written.
	c.write("a.html", "<title>a2</title>", day(3))
	res = update("a.html")
	if len(res.Write.Written) != 0 || *res.Write.URLChanges != (writer.URLChanges{}) {
		t.Errorf("no change: written %v, %+v", res.Write.Written, res.Write.URLChanges)
	}
	os.Remove(filepath.Join(root, "b.html"))
	if got := *update("b.html").Write.URLChanges; got != (writer.URLChanges{Removed: 1}) {
		t.Errorf("removal: %+v", got)
	}
	// Every page gone: an error, and the sitemap stays.
	os.Remove(filepath.Join(root, "a.html"))
	os.Remove(filepath.Join(root, "index.html"))
	if _, err := s.Update(context.Background(), []string{filepath.Join(root, "a.html"), filepath.Join(root, "index.html")}, nil); !isEmptySite(err) {
		t.Errorf("no page left: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "sitemap.xml")); err != nil {
		t.Errorf("the sitemap is gone: %v", err)
	}
	c.write("index.html", "<title>back</title>", day(5))
	if got := *update("index.html").Write.URLChanges; got != (writer.URLChanges{Removed: 1, Changed: 1}) {
		t.Errorf("back: %+v", got)
	}
}

// TestSessionJoin changes source files and built pages of a join.
func TestSessionJoin(t *testing.T) {
	dir := t.TempDir()
	public, content := filepath.Join(dir, "public"), filepath.Join(dir, "content")
	pc := &siteChanger{t: t, root: public}
	cc := &siteChanger{t: t, root: content}
	day := func(d int) time.Time { return time.Date(2024, 3, d, 0, 0, 0, 0, time.UTC) }
	pc.write("index.html", "<title>home</title>"+linksTo("/posts/a/ /posts/b/"), day(1))
	pc.write("posts/a/index.html", "<title>a</title>", day(1))
	pc.write("posts/b/index.html", "<title>b</title>", day(1))
	cc.write("posts/a.md", "---\nlastmod: 2024-05-01\n---\n", day(1))
	cc.write("posts/b.md", "---\ndraft: false\n---\n", day(1))
	hugo, err := loadHugo(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{
		Root: public, Heads: Heads{Read: true},
		Map:  mapping.Options{BaseURL: "https://example.com/", LastMod: []mapping.LastModSource{mapping.LastModFrontMatter, mapping.LastModMTime}},
		Join: &Sources{Dir: content, Preset: hugo},
	}
	s, _, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	sameAsRun(t, "start", opts, public)
	steps := []sessionStep{
		{"draft", func() []string {
			cc.write("posts/b.md", "---\ndraft: true\n---\n", day(2))
			return []string{filepath.Join(content, "posts/b.md")}
		}, writer.URLChanges{Removed: 1}},
		{"lastmod", func() []string {
			cc.write("posts/a.md", "---\nlastmod: 2024-06-01\n---\n", day(2))
			return []string{filepath.Join(content, "posts/a.md")}
		}, writer.URLChanges{Changed: 2}}, // the post, and the home page that lists it
		{"source removed", func() []string {
			os.Remove(filepath.Join(content, "posts/b.md"))
			return []string{filepath.Join(content, "posts/b.md")}
		}, writer.URLChanges{Added: 1}},
		{"second source of one URL", func() []string {
			cc.write("posts/a/index.md", "---\nlastmod: 2020-01-01\n---\n", day(3))
			return []string{filepath.Join(content, "posts/a")}
		}, writer.URLChanges{Changed: 2}}, // two sources of one page: dated by neither; and the home page
		{"the other source removed", func() []string {
			os.Remove(filepath.Join(content, "posts/a.md"))
			return []string{filepath.Join(content, "posts/a.md")}
		}, writer.URLChanges{Changed: 1}}, // dated by the one left
		{"a draft first in path order, and a page", func() []string {
			// posts/a/index.md is a draft now, posts/a.md a page: Hugo
			// builds the page from posts/a.md, which dates it.
			cc.write("posts/a/index.md", "---\ndraft: true\nlastmod: 2020-01-01\n---\n", day(4))
			cc.write("posts/a.md", "---\nlastmod: 2024-07-01\n---\n", day(4))
			return []string{filepath.Join(content, "posts/a/index.md"), filepath.Join(content, "posts/a.md")}
		}, writer.URLChanges{Changed: 2}}, // the post, and the home page that lists it
		{"sources folder removed", func() []string {
			os.RemoveAll(filepath.Join(content, "posts"))
			return []string{filepath.Join(content, "posts")}
		}, writer.URLChanges{Changed: 2}}, // the post undated, and the home page that lists it
	}
	runSteps(t, s, opts, public, steps)
}

// sessionStep is a change made while a Session runs: what do changes
// (the paths it returns), and the URL changes the update must report.
type sessionStep struct {
	name   string
	do     func() []string
	change writer.URLChanges
}

// runSteps makes each change, updates the session, and checks the URL
// changes it reports and that it wrote what a fresh build of opts writes.
func runSteps(t *testing.T, s *Session, opts Options, dir string, steps []sessionStep) {
	t.Helper()
	for _, st := range steps {
		res, err := s.Update(context.Background(), st.do(), nil)
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if res.Write == nil || *res.Write.URLChanges != st.change {
			var got any = res.Write
			if res.Write != nil {
				got = *res.Write.URLChanges
			}
			t.Errorf("%s: changes %+v, want %+v", st.name, got, st.change)
		}
		sameAsRun(t, st.name, opts, dir)
	}
}

// TestSessionJoinFallback: a Docusaurus page of another locale is joined
// to its translation, else to the default locale's source (here a draft
// source leaves its pages out, which shows which source a page has);
// adding, changing and removing either keeps the session's sitemap a
// fresh build's.
func TestSessionJoinFallback(t *testing.T) {
	dir := t.TempDir()
	build := filepath.Join(dir, "build")
	bc := &siteChanger{t: t, root: build}
	sc := &siteChanger{t: t, root: dir}
	day := func(d int) time.Time { return time.Date(2024, 3, d, 0, 0, 0, 0, time.UTC) }
	bc.write("docs/intro/index.html", "<title>intro</title>", day(1))
	bc.write("de/docs/intro/index.html", "<title>Einführung</title>", day(1))
	bc.write("index.html", "<title>home</title>", day(1)) // no source; always listed
	sc.write("docs/intro.md", "---\ntitle: Intro\n---\n", day(2))
	opts := Options{
		Root: build, Heads: Heads{Read: true},
		Map: mapping.Options{BaseURL: "https://example.com/", TrailingSlash: mapping.SlashNever},
		Join: &Sources{Dir: dir, Preset: &docusaurus.Preset{Locales: []string{"de"}},
			Walk: walker.Options{Include: []string{"docs/**", "i18n/**"}}},
	}
	s, res, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Unjoined != 1 {
		t.Errorf("start: %d pages unjoined, want the home page alone; /de/docs/intro takes docs/intro.md", res.Unjoined)
	}
	sameAsRun(t, "start", opts, build)
	translation := filepath.Join(dir, "i18n/de/docusaurus-plugin-content-docs/current/intro.md")
	runSteps(t, s, opts, build, []sessionStep{
		{"the English source a draft: both pages out", func() []string {
			sc.write("docs/intro.md", "---\ndraft: true\n---\n", day(4))
			return []string{filepath.Join(dir, "docs/intro.md")}
		}, writer.URLChanges{Removed: 2}},
		{"a translation added: the German page back", func() []string {
			sc.write("i18n/de/docusaurus-plugin-content-docs/current/intro.md", "---\ntitle: Einführung\n---\n", day(6))
			return []string{translation}
		}, writer.URLChanges{Added: 1}},
		{"the English source no draft: the English page back", func() []string {
			sc.write("docs/intro.md", "---\ntitle: Intro\n---\n", day(8))
			return []string{filepath.Join(dir, "docs/intro.md")}
		}, writer.URLChanges{Added: 1}},
		{"the English source a draft again: the German page stays", func() []string {
			sc.write("docs/intro.md", "---\ndraft: true\n---\n", day(9))
			return []string{filepath.Join(dir, "docs/intro.md")}
		}, writer.URLChanges{Removed: 1}},
		{"the translation removed: the German page out", func() []string {
			os.Remove(translation)
			return []string{translation}
		}, writer.URLChanges{Removed: 1}},
	})
}

// TestSessionContent runs a Session in content mode.
func TestSessionContent(t *testing.T) {
	dir := t.TempDir()
	content, public := filepath.Join(dir, "content"), filepath.Join(dir, "public")
	os.MkdirAll(public, 0o755)
	cc := &siteChanger{t: t, root: content, rng: rand.New(rand.NewPCG(3, 4))}
	cc.write("_index.md", "---\ntitle: home\n---\n", time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	hugo, err := loadHugo(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{
		Map:     mapping.Options{BaseURL: "https://example.com/", LastMod: []mapping.LastModSource{mapping.LastModFrontMatter, mapping.LastModMTime}},
		Content: &Sources{Dir: content, Preset: hugo},
		Write:   writer.Options{Dir: public},
	}
	s, _, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	for step := range 30 {
		rel := fmt.Sprintf("%s/p%d.md", []string{"posts", "docs", "posts/x"}[cc.rng.IntN(3)], cc.rng.IntN(8))
		var body bytes.Buffer
		fmt.Fprintf(&body, "---\nlastmod: 2024-02-%02d\n", 1+cc.rng.IntN(28))
		if cc.rng.IntN(4) == 0 {
			body.WriteString("draft: true\n")
		}
		body.WriteString("---\n")
		if cc.rng.IntN(5) == 0 {
			os.Remove(filepath.Join(content, rel))
		} else {
			cc.write(rel, body.String(), time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
		}
		if _, err := s.Update(context.Background(), []string{filepath.Join(content, filepath.FromSlash(rel))}, nil); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		sameAsRun(t, fmt.Sprintf("step %d", step), opts, public)
	}
}

// TestListPageDates: in a Hugo join, the home page, a section and a
// taxonomy's pages without a date of their own take the newest of the
// pages they list, in a Session as in a fresh build, after every change.
func TestListPageDates(t *testing.T) {
	dir := t.TempDir()
	public, content := filepath.Join(dir, "public"), filepath.Join(dir, "content")
	pc := &siteChanger{t: t, root: public}
	cc := &siteChanger{t: t, root: content}
	day := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
	// Each list page shows what it lists: its links (issue 55).
	shows := map[string]string{"index.html": "/posts/ /about/", "posts/index.html": "/posts/a/ /posts/b/", "tags/index.html": "/tags/x/", "tags/x/index.html": "/posts/a/"}
	for _, p := range []string{"index.html", "posts/index.html", "posts/a/index.html", "posts/b/index.html", "tags/index.html", "tags/x/index.html", "about/index.html"} {
		pc.write(p, "<title>"+p+"</title>"+linksTo(shows[p]), day)
	}
	cc.write("posts/a.md", "---\nlastmod: 2024-05-01\ntags: [X]\n---\n", day)
	cc.write("posts/b.md", "---\nlastmod: 2024-04-01\n---\n", day)
	cc.write("about.md", "---\ntitle: About\n---\n", day) // no date: lists nothing
	hugo, err := loadHugo(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{
		Root: public, Heads: Heads{Read: true},
		Map:  mapping.Options{BaseURL: "https://example.com/", LastMod: []mapping.LastModSource{mapping.LastModFrontMatter}},
		Join: &Sources{Dir: content, Preset: hugo},
	}
	dates := func(t *testing.T, res *Result) map[string]string {
		t.Helper()
		got := map[string]string{}
		for i := range res.URLs.Len() {
			u := res.URLs.At(i)
			got[strings.TrimPrefix(u.Loc, "https://example.com")] = ""
			if !u.LastMod.IsZero() {
				got[strings.TrimPrefix(u.Loc, "https://example.com")] = u.LastMod.Format(time.DateOnly)
			}
		}
		return got
	}
	res, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"/": "2024-05-01", "/posts/": "2024-05-01", "/posts/a/": "2024-05-01", "/posts/b/": "2024-04-01",
		"/tags/": "2024-05-01", "/tags/x/": "2024-05-01", "/about/": ""}
	if got := dates(t, res); !maps.Equal(got, want) {
		t.Errorf("dates %v\nwant %v", got, want)
	}
	if res.LastMod[LastModListed] != 4 || res.LastMod[""] != 1 {
		t.Errorf("lastmod counts %v: want 4 newest listed, 1 none", res.LastMod)
	}

	s, _, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	sameAsRun(t, "start", opts, public)
	for _, st := range []struct {
		name   string
		change func() string
	}{
		{"a newer page", func() string { cc.write("posts/b.md", "---\nlastmod: 2024-07-01\n---\n", day); return "posts/b.md" }},
		{"the term dropped", func() string { cc.write("posts/a.md", "---\nlastmod: 2024-05-01\n---\n", day); return "posts/a.md" }},
		{"the newest page gone", func() string { os.Remove(filepath.Join(content, "posts/b.md")); return "posts/b.md" }},
	} {
		if _, err := s.Update(context.Background(), []string{filepath.Join(content, st.change())}, nil); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		sameAsRun(t, st.name, opts, public)
	}
	res, err = Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	// The term page of the term no page gives now is an old file
	// (Hugo's builds keep those), as it shows /posts/a/: no source
	// gives it, and it is dated by the page it shows, as every such
	// page is (issue 67), and so is /tags/, which links to it.
	want = map[string]string{"/": "2024-05-01", "/posts/": "2024-05-01", "/posts/a/": "2024-05-01", "/posts/b/": "",
		"/tags/": "2024-05-01", "/tags/x/": "2024-05-01", "/about/": ""}
	if got := dates(t, res); !maps.Equal(got, want) {
		t.Errorf("after the changes: dates %v\nwant %v", got, want)
	}
}

// TestListPagesNeverOlder: a list page with a date of its own (a Hugo
// _index.md's; a Jekyll blog index's) older than the newest page it
// lists takes that page's date; one newer keeps its own; in a Session
// as in a fresh build.
func TestListPagesNeverOlder(t *testing.T) {
	day := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
	dates := func(t *testing.T, opts Options) map[string]string {
		t.Helper()
		res, err := Run(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for i := range res.URLs.Len() {
			u := res.URLs.At(i)
			got[strings.TrimPrefix(u.Loc, "https://example.com")] = u.LastMod.Format(time.DateOnly)
		}
		if res.LastMod[LastModListed] == 0 {
			t.Errorf("no newest listed in the counts: %v", res.LastMod)
		}
		return got
	}
	t.Run("hugo", func(t *testing.T) {
		dir := t.TempDir()
		public, content := filepath.Join(dir, "public"), filepath.Join(dir, "content")
		pc := &siteChanger{t: t, root: public}
		cc := &siteChanger{t: t, root: content}
		shows := map[string]string{"index.html": "/posts/ /docs/", "posts/index.html": "/posts/a/", "docs/index.html": "/docs/x/"}
		for _, p := range []string{"index.html", "posts/index.html", "posts/a/index.html", "docs/index.html", "docs/x/index.html"} {
			pc.write(p, "<title>"+p+"</title>"+linksTo(shows[p]), day)
		}
		cc.write("_index.md", "---\ndate: 2026-03-14\n---\n", day)
		cc.write("posts/_index.md", "---\ndate: 2026-01-01\n---\n", day)
		cc.write("posts/a.md", "---\ndate: 2026-04-26\n---\n", day)
		cc.write("docs/_index.md", "---\nlastmod: 2026-05-05\n---\n", day)
		cc.write("docs/x.md", "---\nlastmod: 2026-02-02\n---\n", day)
		hugo, err := loadHugo(dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		opts := Options{
			Root: public, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: "https://example.com/", Now: day.AddDate(3, 0, 0)},
			Join: &Sources{Dir: content, Preset: hugo},
		}
		// The home page (2026-03-14) shows posts/a (2026-04-26); docs/
		// (2026-05-05) is newer than its page. The home page is dated by
		// the pages under it, not by the list pages' own dates.
		want := map[string]string{"/": "2026-04-26", "/posts/": "2026-04-26", "/posts/a/": "2026-04-26", "/docs/": "2026-05-05", "/docs/x/": "2026-02-02"}
		if got := dates(t, opts); !maps.Equal(got, want) {
			t.Errorf("dates %v\nwant %v", got, want)
		}
		// --explain says what the build writes, and why.
		var x Explanation
		xopts := opts
		xopts.Explain = []string{"/"}
		xopts.Report.Explain = func(e Explanation) { x = e }
		if _, err := Run(context.Background(), xopts); err != nil {
			t.Fatal(err)
		}
		if d := x.Decision; d.URL.LastMod.Format(time.DateOnly) != "2026-04-26" || d.LastModSource != LastModListed || len(d.Stamps) != 1 || !strings.Contains(d.Stamps[0], "2026-03-14") {
			t.Errorf("--explain /: lastmod %v from %q (%s), passed over %q; want 2026-04-26, the newest page it lists, its own 2026-03-14 passed over", d.URL.LastMod, d.LastModFrom, d.LastModSource, d.Stamps)
		}
		s, _, err := Start(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		cc.write("posts/a.md", "---\ndate: 2026-06-01\n---\n", day)
		if _, err := s.Update(context.Background(), []string{filepath.Join(content, "posts/a.md")}, nil); err != nil {
			t.Fatal(err)
		}
		sameAsRun(t, "a newer post", opts, public)
	})
	t.Run("jekyll", func(t *testing.T) {
		dir := t.TempDir()
		site := filepath.Join(dir, "_site")
		pc := &siteChanger{t: t, root: site}
		cc := &siteChanger{t: t, root: dir}
		for _, p := range []string{"index.html", "blog/index.html", "about/index.html", "2024/01/02/old.html", "2026/04/26/new.html"} {
			pc.write(p, "<title>"+p+"</title>", day)
		}
		// The blog's page shows the posts its layout loops over.
		pc.write("blog/index.html", "<title>blog</title>"+linksTo("/2026/04/26/new.html /2024/01/02/old.html"), day)
		cc.write("_config.yml", "title: x\n", day)
		cc.write("index.md", "---\nlast_modified_at: 2026-01-01\n---\nHello\n", day)
		cc.write("blog/index.html", "---\nlayout: blog\nlast_modified_at: 2026-03-14\n---\n", day)
		cc.write("_layouts/blog.html", "{% for post in paginator.posts %}{{ post.title }}{% endfor %}", day)
		cc.write("about.md", "---\nlast_modified_at: 2026-03-14\n---\n{{ site.title }}\n", day)
		cc.write("_posts/2024-01-02-old.md", "---\ntitle: old\n---\n", day)
		cc.write("_posts/2026-04-26-new.md", "---\ntitle: new\n---\n", day)
		j, err := jekyll.Load(dir, limits.Default)
		if err != nil {
			t.Fatal(err)
		}
		opts := Options{
			Root: site, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: "https://example.com/", Now: day.AddDate(3, 0, 0)},
			Join: &Sources{Dir: dir, Preset: j, Walk: walker.Options{Exclude: []string{"_site"}}},
		}
		want := map[string]string{"/": "2026-01-01", "/blog/": "2026-04-26", "/about/": "2026-03-14", "/2024/01/02/old.html": "2024-01-02", "/2026/04/26/new.html": "2026-04-26"}
		if got := dates(t, opts); !maps.Equal(got, want) {
			t.Errorf("dates %v\nwant %v", got, want)
		}
	})
}

// linksTo is a page's body of links to the space-separated URL paths.
func linksTo(paths string) string {
	var b strings.Builder
	for _, p := range strings.Fields(paths) {
		b.WriteString(`<p><a href="` + p + `">` + p + `</a></p>`)
	}
	return b.String()
}

// TestSessionContentBundle: in content mode, a page that becomes a
// resource of a bundle (posts/trip/index.md added beside
// posts/trip/photo.md) leaves the sitemap, as a fresh build leaves it
// out; and comes back when the bundle's index goes. The fresh Run of
// sameAsRun loads its own preset.
func TestSessionContentBundle(t *testing.T) {
	dir := t.TempDir()
	content, public := filepath.Join(dir, "content"), filepath.Join(dir, "public")
	os.MkdirAll(public, 0o755)
	cc := &siteChanger{t: t, root: content}
	day := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	cc.write("_index.md", "---\ntitle: home\n---\n", day)
	cc.write("posts/trip/photo.md", "---\ntitle: photo\n---\n", day)
	cc.write("posts/other.md", "---\ntitle: other\n---\n", day)
	hugo, err := loadHugo(dir, fsx.DirFS(content, 1<<20, "limits.front_matter_bytes"))
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{
		Map:     mapping.Options{BaseURL: "https://example.com/", LastMod: []mapping.LastModSource{mapping.LastModFrontMatter, mapping.LastModMTime}},
		Content: &Sources{Dir: content, Preset: hugo},
		Write:   writer.Options{Dir: public},
	}
	s, _, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	const photo = "https://example.com/posts/trip/photo/"
	listed := func() bool {
		return strings.Contains(readOutputs(t, public)["sitemap.xml"], "<loc>"+photo+"</loc>")
	}
	if !listed() {
		t.Fatalf("start: %s not listed", photo)
	}
	sameAsRun(t, "start", opts, public)
	index := filepath.Join(content, "posts", "trip", "index.md")
	cc.write("posts/trip/index.md", "---\ntitle: trip\n---\n", day)
	if _, err := s.Update(context.Background(), []string{index}, nil); err != nil {
		t.Fatal(err)
	}
	if listed() {
		t.Errorf("the bundle's index added: %s still listed", photo)
	}
	sameAsRun(t, "the bundle's index added", opts, public)
	os.Remove(index)
	if _, err := s.Update(context.Background(), []string{index}, nil); err != nil {
		t.Fatal(err)
	}
	if !listed() {
		t.Errorf("the bundle's index removed: %s not listed again", photo)
	}
	sameAsRun(t, "the bundle's index removed", opts, public)
}

// TestSessionFileFolderFile: a page's name made a folder holding a page
// and a file again between two looks of a scan (TestWatchMatchesRun/scan
// under load, seed 1795674700787502886): the scan saw a file, then a file
// again, and reports the name without Batch.Folders; the pages read in
// the folder meanwhile, by an update of an earlier report of the name or
// by the first build, must go.
func TestSessionFileFolderFile(t *testing.T) {
	day := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, first := range []string{"file", "folder"} {
		t.Run(first, func(t *testing.T) {
			root, out := t.TempDir(), t.TempDir()
			c := &siteChanger{t: t, root: root, rng: rand.New(rand.NewPCG(1, 2))}
			p := filepath.Join(root, "p5.html")
			toFolder := func() {
				os.Remove(p)
				c.write("p5.html/index.html", "<title>inside</title>", day)
				c.write("p5.html/deeper/index.html", "<title>deeper</title>", day)
			}
			if first == "file" {
				c.write("p5.html", "<title>five</title>", day)
			} else {
				toFolder() // the first build reads the folder
			}
			s, opts := startSite(c, 4, out, func(*Options) {})
			if first == "file" {
				// The scan reports the page touched; the update reads a
				// folder there.
				toFolder()
				if _, err := s.Update(t.Context(), []string{p}, nil); err != nil {
					t.Fatal(err)
				}
				sameAsRun(t, "made a folder", opts, out)
			}
			if err := os.RemoveAll(p); err != nil {
				t.Fatal(err)
			}
			c.write("p5.html", "<title>five again</title>", day)
			if _, err := s.Update(t.Context(), []string{p}, nil); err != nil {
				t.Fatal(err)
			}
			sameAsRun(t, "a file again", opts, out)
		})
	}
}
