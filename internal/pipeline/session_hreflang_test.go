package pipeline

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// hreflangSite makes random changes to a site of hreflang clusters: the
// pages of three clusters in three languages, at a page's URL and at a
// folder's (whose twin without the slash a link may name), linking to
// some of their cluster's pages, under the right language or not, to
// another cluster's, to another host, with invalid codes, without
// themselves; some left out (noindex, canonical elsewhere, robots.txt)
// while their cluster names them. A change writes or removes pages, or
// removes a language's folder.
type hreflangSite struct {
	t     *testing.T
	root  string
	rng   *rand.Rand
	n     int
	paths []string // every path a page may have
}

var hreflangLangs = []string{"en", "de", "fr"}

func newHreflangSite(t *testing.T, root string, seed uint64) *hreflangSite {
	c := &hreflangSite{t: t, root: root, rng: rand.New(rand.NewPCG(seed, 39))}
	for _, lang := range hreflangLangs {
		for n := range 3 {
			c.paths = append(c.paths, fmt.Sprintf("%s/p%d.html", lang, n), fmt.Sprintf("%s/q%d/index.html", lang, n), fmt.Sprintf("%s/q%d.html", lang, n))
		}
	}
	c.write("index.html", "<title>home</title>")
	if err := os.WriteFile(filepath.Join(root, "robots.txt"), []byte("User-agent: *\nDisallow: /fr/p2.html\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range c.paths {
		if c.rng.IntN(2) == 0 {
			c.write(p, c.page(p))
		}
	}
	return c
}

func (c *hreflangSite) write(rel, body string) {
	p := filepath.Join(c.root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		c.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		c.t.Fatal(err)
	}
	mtime := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes(p, mtime, mtime); err != nil {
		c.t.Fatal(err)
	}
}

// href returns a link to the page of lang in cluster n, in one of its
// forms: a page's URL, a folder's, or the folder's without its slash.
func (c *hreflangSite) href(lang string, n int) string {
	switch c.rng.IntN(4) {
	case 0, 1:
		return fmt.Sprintf("/%s/p%d.html", lang, n)
	case 2:
		return fmt.Sprintf("/%s/q%d/", lang, n)
	}
	return fmt.Sprintf("/%s/q%d", lang, n)
}

// page returns a head for the page at rel.
func (c *hreflangSite) page(rel string) string {
	c.n++
	lang, name, _ := strings.Cut(rel, "/")
	n, _ := strconv.Atoi(name[1:2])
	var head strings.Builder
	switch c.rng.IntN(10) {
	case 0:
		head.WriteString(`<meta name="robots" content="noindex">` + "\n")
	case 1:
		fmt.Fprintf(&head, "<link rel=\"canonical\" href=\"%s\">\n", c.href(hreflangLangs[c.rng.IntN(3)], n))
	case 2:
		return fmt.Sprintf("<title>%d</title>", c.n) // no links
	}
	if c.rng.IntN(4) != 0 { // itself
		self := "/" + strings.TrimSuffix(rel, "index.html")
		head.WriteString(link(lang, self))
	}
	for _, other := range hreflangLangs {
		if other == lang || c.rng.IntN(4) == 0 {
			continue
		}
		code, to := other, n
		switch c.rng.IntN(12) {
		case 0:
			code = hreflangLangs[c.rng.IntN(3)] // a language twice, or the wrong one
		case 1:
			code = []string{"en-UK", "jp", "x-default"}[c.rng.IntN(3)]
		case 2:
			to = (n + 1) % 3 // another cluster's page
		}
		head.WriteString(link(code, c.href(other, to)))
	}
	switch c.rng.IntN(8) {
	case 0:
		head.WriteString(link("es", "https://example.org/es/")) // a host hreflang.hosts allows
	case 1:
		head.WriteString(link("it", "https://example.it/")) // another host
	}
	return fmt.Sprintf("<html><head>\n%s<title>%d</title></head></html>", head.String(), c.n)
}

// change makes one random change and returns the paths it touched,
// absolute, as a watcher reports them, and the pages among them, as
// paths relative to the root. A path is never touched twice in a batch
// (skip says which are).
func (c *hreflangSite) change(skip map[string]bool) (abs, pages []string) {
	rel := c.paths[c.rng.IntN(len(c.paths))]
	if skip[rel] {
		return nil, nil
	}
	full := filepath.Join(c.root, filepath.FromSlash(rel))
	_, err := os.Stat(full)
	switch op := c.rng.IntN(20); {
	case op == 0: // a language's folder
		lang, _, _ := strings.Cut(rel, "/")
		for p := range skip {
			if strings.HasPrefix(p, lang+"/") {
				return nil, nil
			}
		}
		skip[lang+"/"] = true
		os.RemoveAll(filepath.Join(c.root, lang))
		return []string{filepath.Join(c.root, lang)}, nil
	case op < 6 && err == nil: // a page removed
		skip[rel] = true
		os.Remove(full)
		return []string{full}, nil
	default: // a page written, new or again
		lang, _, _ := strings.Cut(rel, "/")
		if skip[lang+"/"] {
			return nil, nil
		}
		skip[rel] = true
		c.write(rel, c.page(rel))
		return []string{full}, []string{rel}
	}
}

// hreflangWarnings returns, of warnings, the hreflang ones (at a line of
// a page), each as "path:line: message", in the order they were made.
func hreflangWarnings(warnings []error) []string {
	var out []string
	for _, err := range warnings {
		var d *diag.Diagnostic
		if errors.As(err, &d) && d.File != "" && strings.HasSuffix(d.File, ".html") {
			out = append(out, fmt.Sprintf("%s:%d: %s", d.File, d.Line, d.Msg))
		}
	}
	return out
}

// sorted returns a sorted copy of s.
func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// inForce returns the hreflang warnings a Session holds as made at its
// last judgement, as hreflangWarnings gives them.
func inForce(s *Session) []string {
	var out []string
	var said map[string][]string
	if p := s.b.kept.hreflang; p != nil {
		said = p.said
	}
	for path, keys := range said {
		for _, k := range keys {
			line, msg, _ := strings.Cut(k, ":")
			out = append(out, fmt.Sprintf("%s:%s: %s", path, line, msg))
		}
	}
	slices.Sort(out)
	return out
}

// TestSessionHreflangMatchesRun changes hreflang clusters at random (an
// alternate added, removed or broken by an edit, a page of a cluster
// removed or left out, a page whose URL another cluster names made)
// while a Session runs, and checks after every update that it wrote
// what a fresh Run writes, that the hreflang warnings it holds are those
// Run makes, and that the update said those of the pages it read again
// and those new, and no other, in Run's order.
func TestSessionHreflangMatchesRun(t *testing.T) {
	for _, variant := range []struct {
		name string
		opts func(o *Options)
	}{
		{"default", func(o *Options) {}},
		{"clean URLs", func(o *Options) { o.Map.CleanURLs = true }},
		{"split", func(o *Options) { o.Write.MaxURLs = 4 }},
	} {
		t.Run(variant.name, func(t *testing.T) {
			said := 0 // hreflang warnings said by updates, of all seeds
			for seed := range propertySeeds() {
				root, out := t.TempDir(), t.TempDir()
				c := newHreflangSite(t, root, seed)
				var warned []error
				opts := Options{
					Root:     root,
					Heads:    Heads{Read: true},
					Map:      mapping.Options{BaseURL: base},
					Write:    writer.Options{Dir: out},
					Robots:   Robots{Dir: root},
					Hreflang: Hreflang{Hosts: []string{"https://example.org"}},
				}
				variant.opts(&opts)
				opts.Report.Warn = func(_ string, err error) { warned = append(warned, err) }
				s, _, err := Start(context.Background(), opts)
				if err != nil {
					t.Fatal(err)
				}
				if got, want := inForce(s), sorted(hreflangWarnings(runWarnings(t, "start", opts, out))); !slices.Equal(got, want) {
					t.Fatalf("seed %d start: the session holds\n%s\nRun says\n%s", seed, strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
				for step := range 40 {
					var paths, read []string
					skip := map[string]bool{}
					for range 1 + c.rng.IntN(3) {
						abs, pages := c.change(skip)
						paths, read = append(paths, abs...), append(read, pages...)
					}
					if len(paths) == 0 {
						continue
					}
					before, b := inForce(s), s.b
					warned = nil
					if _, err := s.Update(context.Background(), paths, nil); err != nil {
						t.Fatalf("seed %d step %d: %v", seed, step, err)
					}
					name := fmt.Sprintf("seed %d step %d (%q)", seed, step, paths)
					if s.b != b {
						t.Fatalf("%s: the update built everything again", name)
					}
					want := hreflangWarnings(runWarnings(t, name, opts, out))
					if got := inForce(s); !slices.Equal(got, sorted(want)) {
						t.Fatalf("%s: the session holds\n%s\nRun says\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
					}
					// Said now: those of the pages read again, and those
					// the last judgement did not make.
					var wantSaid []string
					for _, w := range want {
						if slices.ContainsFunc(read, func(p string) bool { return strings.HasPrefix(w, p+":") }) || !slices.Contains(before, w) {
							wantSaid = append(wantSaid, w)
						}
					}
					got := hreflangWarnings(warned)
					if !slices.Equal(got, wantSaid) {
						t.Fatalf("%s: said\n%s\nwant\n%s", name, strings.Join(got, "\n"), strings.Join(wantSaid, "\n"))
					}
					said += len(got)
				}
			}
			if said == 0 {
				t.Error("no update said an hreflang warning: the clusters changed nothing")
			}
		})
	}
}

// TestSessionHreflangStale: in a Hugo project, a page no source produces
// that an untouched cluster names is left out as older than the build,
// then listed again, when another page is rendered anew; the cluster is
// judged again as a fresh Run judges it.
func TestSessionHreflangStale(t *testing.T) {
	dir := t.TempDir()
	public, content := filepath.Join(dir, "public"), filepath.Join(dir, "content")
	pc := &siteChanger{t: t, root: public}
	cc := &siteChanger{t: t, root: content}
	build := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	earlier := build.Add(-time.Hour)
	pc.write("index.html", "<title>home</title>", build)
	pc.write("posts/a/index.html", "<head>\n"+link("en", "/posts/a/")+link("de", "/de/a/"), build)
	pc.write("posts/b/index.html", "<title>b</title>", earlier)
	pc.write("de/a/index.html", "<head>\n"+link("de", "/de/a/")+link("en", "/posts/a/"), earlier) // no source
	for _, p := range []string{"_index.md", "posts/a.md", "posts/b.md"} {
		cc.write(p, "---\ntitle: x\n---\n", earlier)
	}
	// The source of de/a, deleted a moment after it was written.
	touchDirs(t, content, earlier.Add(time.Minute), "", "posts")
	hugo, err := loadHugo(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{
		Root: public, Heads: Heads{Read: true},
		Map:  mapping.Options{BaseURL: base, LastMod: []mapping.LastModSource{mapping.LastModFrontMatter}},
		Join: &Sources{Dir: content, Preset: hugo},
	}
	s, _, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if w := inForce(s); len(w) != 0 {
		t.Fatalf("start: %q", w)
	}
	b := filepath.Join(public, "posts/b/index.html")
	for _, st := range []struct {
		name  string
		mtime time.Time
		warns int
	}{
		{"posts/b rendered anew: de/a older than the build", build, 1},
		{"posts/b as old as de/a again", earlier, 0},
	} {
		if err := os.Chtimes(b, st.mtime, st.mtime); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Update(context.Background(), []string{b}, nil); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		got, want := inForce(s), sorted(hreflangWarnings(runWarnings(t, st.name, opts, public)))
		if !slices.Equal(got, want) || len(got) != st.warns {
			t.Errorf("%s: the session holds %q, Run says %q; want %d", st.name, got, want, st.warns)
		}
	}
}

// TestSessionHreflangNamed: a page that an update does not read, whose
// only tie to what changed is that its links name the page that did
// (by its URL, or by its twin without the slash), among clusters that
// name other pages, is judged again as a fresh Run judges it: its link
// broken when the page named stops linking back or goes, whole again
// when it links back, named by the other form of its URL when it comes.
// The lists an update passes over by their summaries (hrefSig) must
// never be one of these.
func TestSessionHreflangNamed(t *testing.T) {
	root, out := t.TempDir(), t.TempDir()
	c := &siteChanger{t: t, root: root}
	at := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	c.write("index.html", "<title>home</title>", at)
	for n := range 40 { // clusters the changes do not touch
		en, de := fmt.Sprintf("/en/c%d/", n), fmt.Sprintf("/de/c%d/", n)
		c.write("en/c"+strconv.Itoa(n)+"/index.html", "<head>\n"+link("en", en)+link("de", de), at)
		c.write("de/c"+strconv.Itoa(n)+"/index.html", "<head>\n"+link("de", de)+link("en", en), at)
	}
	back := "<head>\n" + link("de", "/de/a/") + link("en", "/en/a.html")
	c.write("en/a.html", "<head>\n"+link("en", "/en/a.html")+link("de", "/de/a/"), at)
	c.write("de/a/index.html", back, at)
	c.write("en/b.html", "<head>\n"+link("en", "/en/b.html")+link("de", "/de/b"), at) // no page there
	opts := Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: base}, Write: writer.Options{Dir: out}}
	s, _, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	const (
		aBack    = "en/a.html:3: hreflang de alternate https://example.com/de/a/ does not list this page back"
		aMissing = "en/a.html:3: hreflang de alternate https://example.com/de/a/ is missing: no page of the site has this URL"
		bMissing = "en/b.html:3: hreflang de alternate https://example.com/de/b is missing: no page of the site has this URL"
		bTwin    = "en/b.html:3: hreflang de alternate https://example.com/de/b is missing: the page is at https://example.com/de/b/"
	)
	deA, deB := filepath.Join(root, "de/a/index.html"), filepath.Join(root, "de/b/index.html")
	for _, step := range []struct {
		name   string
		change func()
		path   string
		warns  []string // of the pages in en/, which no update reads: the beginnings
	}{
		{"de/a stops linking back", func() { c.write("de/a/index.html", "<head>\n"+link("de", "/de/a/"), at) }, deA, []string{aBack, bMissing}},
		{"de/a links back again", func() { c.write("de/a/index.html", back, at) }, deA, []string{bMissing}},
		{"de/b/ made", func() { c.write("de/b/index.html", "<title>b</title>", at) }, deB, []string{bTwin}},
		{"de/b/ removed", func() { os.Remove(deB) }, deB, []string{bMissing}},
		{"de/a removed", func() { os.Remove(deA) }, deA, []string{aMissing, bMissing}},
		{"de/a written again", func() { c.write("de/a/index.html", back, at) }, deA, []string{bMissing}},
	} {
		step.change()
		if _, err := s.Update(context.Background(), []string{step.path}, nil); err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		got, want := inForce(s), sorted(hreflangWarnings(runWarnings(t, step.name, opts, out)))
		if !slices.Equal(got, want) {
			t.Fatalf("%s: the session holds\n%s\nRun says\n%s", step.name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		var named []string
		for _, w := range got {
			if strings.HasPrefix(w, "en/") {
				named = append(named, w)
			}
		}
		if len(named) != len(step.warns) || slices.ContainsFunc(named, func(w string) bool {
			return !slices.ContainsFunc(step.warns, func(p string) bool { return strings.HasPrefix(w, p) })
		}) {
			t.Errorf("%s: the pages in en/ warn\n%s\nwant\n%s", step.name, strings.Join(named, "\n"), strings.Join(step.warns, "\n"))
		}
	}
}
