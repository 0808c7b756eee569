package pipeline

import (
	"cmp"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/eleventy"
	"github.com/sitemapgen/sitemapgen/internal/generator/hugo"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/walker"
	"github.com/sitemapgen/sitemapgen/writer"
)

// TestStaleOutput: in a Hugo project, a built page no source produces
// whose file is older than the build (a deleted post's) is left out,
// counted and warned about; a list page of the build, a static file and a
// page with a source are listed however old. A Session judges as a build
// does when a source is deleted and the generator writes the rest again.
func TestStaleOutput(t *testing.T) {
	dir := t.TempDir()
	public, content := filepath.Join(dir, "public"), filepath.Join(dir, "content")
	pc := &siteChanger{t: t, root: public}
	cc := &siteChanger{t: t, root: content}
	sc := &siteChanger{t: t, root: filepath.Join(dir, "static")}
	build := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	earlier := build.Add(-time.Hour)
	pc.write("index.html", "<title>home</title>", build)
	pc.write("tags/index.html", "<title>tags</title>", build)
	pc.write("posts/a/index.html", "<title>a</title>", build)
	pc.write("posts/b/index.html", "<title>b</title>", build.Add(time.Second))
	pc.write("posts/gone/index.html", "<title>gone</title>", earlier)
	pc.write("legacy/index.html", "<title>legacy</title>", earlier)
	sc.write("legacy/index.html", "<title>legacy</title>", earlier)
	cc.write("_index.md", "---\ntitle: home\n---\n", earlier)
	cc.write("posts/a.md", "---\ntitle: a\n---\n", earlier)
	cc.write("posts/b.md", "---\ntitle: b\n---\n", earlier)
	// posts/gone.md, deleted half an hour before the build.
	touchDirs(t, content, earlier, "")
	touchDirs(t, content, build.Add(-30*time.Minute), "posts")
	hugo, err := hugo.Load(dir, limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{
		Root: public, Heads: Heads{Read: true},
		Map:  mapping.Options{BaseURL: "https://example.com/", LastMod: []mapping.LastModSource{mapping.LastModFrontMatter}},
		Join: &Sources{Dir: content, Preset: hugo},
	}
	var skipped, warnings []string
	opts.Report.Skip = func(path string, r mapping.Reason, because string) {
		if r == mapping.StaleOutput {
			skipped = append(skipped, path)
		}
	}
	opts.Report.Warn = func(path string, err error) { warnings = append(warnings, err.Error()) }
	res, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(skipped, []string{"posts/gone/index.html"}) || res.Skipped[mapping.StaleOutput] != 1 {
		t.Errorf("stale: %q, counted %d; want posts/gone/index.html once", skipped, res.Skipped[mapping.StaleOutput])
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "1 built page no source produces and older than the build left out, first posts/gone/index.html") {
		t.Errorf("warnings %q", warnings)
	} else if !strings.Contains(warnings[0], "build into an empty folder (hugo --cleanDestinationDir)") {
		t.Errorf("the warning does not name Hugo's clean build: %q", warnings[0])
	}
	if res.Unjoined != 2 { // tags/, legacy/
		t.Errorf("Unjoined = %d, want 2 (tags/, legacy/)", res.Unjoined)
	}
	out := readOutputs(t, public)["sitemap.xml"]
	for _, want := range []string{"/legacy/", "/tags/", "/posts/a/", "/posts/b/"} {
		if !strings.Contains(out, "https://example.com"+want+"<") {
			t.Errorf("%s not listed:\n%s", want, out)
		}
	}

	opts.Report = Report{}
	s, _, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	later := build.Add(time.Hour)
	rewrite := func() []string { // the generator's next build: every page it renders again
		for _, p := range []string{"index.html", "tags/index.html", "posts/b/index.html"} {
			os.Chtimes(filepath.Join(public, p), later, later)
		}
		return []string{filepath.Join(public, "index.html"), filepath.Join(public, "tags"), filepath.Join(public, "posts/b")}
	}
	runSteps(t, s, opts, public, []sessionStep{
		{"source deleted, the rest built again", func() []string {
			os.Remove(filepath.Join(content, "posts/a.md"))
			touchDirs(t, content, later.Add(-time.Minute), "posts")
			return append(rewrite(), filepath.Join(content, "posts/a.md"))
		}, writer.URLChanges{Removed: 1}},
		{"source back", func() []string {
			cc.write("posts/a.md", "---\ntitle: a\n---\n", later)
			os.Chtimes(filepath.Join(public, "posts/a/index.html"), later, later)
			return []string{filepath.Join(content, "posts/a.md"), filepath.Join(public, "posts/a/index.html")}
		}, writer.URLChanges{Added: 1}},
	})
}

// touchDirs sets the modification time of the folders rels of dir (""
// for dir itself) to when: the moment a file was last made, deleted or
// renamed in them.
func touchDirs(t *testing.T, dir string, when time.Time, rels ...string) {
	t.Helper()
	for _, rel := range rels {
		if err := os.Chtimes(filepath.Join(dir, filepath.FromSlash(rel)), when, when); err != nil {
			t.Fatal(err)
		}
	}
}

// TestStaleLinkedOut: in a Hugo project whose themes/, a theme or
// static/ is a symbolic link out of the project (a theme shared between
// projects), the static pages it copies into the output are claimed, as
// nothing of the target is looked at: an old one is listed, not left out
// as the output of a deleted source.
func TestStaleLinkedOut(t *testing.T) {
	for _, tt := range []struct{ name, link, to string }{
		{"a theme", "themes/shared", "shared"},
		{"themes", "themes", "themes"},
		{"static", "static", "static"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			top := t.TempDir()
			dir, elsewhere := filepath.Join(top, "project"), filepath.Join(top, "elsewhere")
			public, content := filepath.Join(dir, "public"), filepath.Join(dir, "content")
			pc := &siteChanger{t: t, root: public}
			cc := &siteChanger{t: t, root: content}
			ec := &siteChanger{t: t, root: elsewhere}
			build := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
			earlier := build.Add(-time.Hour)
			pc.write("index.html", "<title>home</title>", build)
			pc.write("posts/a/index.html", "<title>a</title>", build)
			pc.write("legacy/index.html", "<title>legacy</title>", earlier)
			cc.write("_index.md", "---\ntitle: home\n---\n", earlier)
			cc.write("posts/a.md", "---\ntitle: a\n---\n", earlier)
			static := map[string]string{"a theme": "shared/static", "themes": "themes/shared/static", "static": "static"}[tt.name]
			ec.write(static+"/legacy/index.html", "<title>legacy</title>", earlier)
			if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, tt.link)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Join("..", map[bool]string{true: "..", false: ""}[strings.Contains(tt.link, "/")], "elsewhere", tt.to), filepath.Join(dir, tt.link)); err != nil {
				t.Fatal(err)
			}
			hugo, err := hugo.Load(dir, limits.Default)
			if err != nil {
				t.Fatal(err)
			}
			opts := Options{
				Root: public, Heads: Heads{Read: true},
				Map:  mapping.Options{BaseURL: "https://example.com/", LastMod: []mapping.LastModSource{mapping.LastModFrontMatter}},
				Join: &Sources{Dir: content, Preset: hugo},
			}
			var warnings []string
			opts.Report.Warn = func(path string, err error) { warnings = append(warnings, err.Error()) }
			res, err := Run(context.Background(), opts)
			if err != nil {
				t.Fatal(err)
			}
			if res.Skipped[mapping.StaleOutput] != 0 || len(warnings) != 0 {
				t.Errorf("%d left out as stale; warnings %q", res.Skipped[mapping.StaleOutput], warnings)
			}
			if out := readOutputs(t, public)["sitemap.xml"]; !strings.Contains(out, "https://example.com/legacy/<") {
				t.Errorf("/legacy/ not listed:\n%s", out)
			}
		})
	}
}

// hugoURLSet is a sitemap as Hugo writes it, listing the URL paths
// paths on https://example.com.
func hugoURLSet(paths ...string) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="utf-8" standalone="yes"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n")
	for _, p := range paths {
		b.WriteString("  <url>\n    <loc>https://example.com" + p + "</loc>\n  </url>\n")
	}
	b.WriteString("</urlset>\n")
	return b.String()
}

// witnessSite writes a Hugo project whose last build (at build) followed
// the one before (an hour earlier) within a second, as hugo --watch's
// rebuild after posts/gone.md was deleted: the home page, /posts/a/ and
// the section's pages rewritten, Hugo's sitemap written after them
// without /posts/gone/, whose page stays from the build before, less
// than staleSlack older, and the section's third pager, which no build
// wrote with the section's page since an hour ago; the taxonomy's pages
// and the term's pager not
// rewritten (Hugo 0.111's rebuild leaves them), an hour old, the
// taxonomy's listed by the sitemap. It returns the options of a build
// joined to the sources, writing into out.
func witnessSite(t *testing.T, dir, out string, build time.Time) Options {
	t.Helper()
	public, content := filepath.Join(dir, "public"), filepath.Join(dir, "content")
	pc := &siteChanger{t: t, root: public}
	cc := &siteChanger{t: t, root: content}
	hour := build.Add(-time.Hour)
	before := build.Add(-time.Second) // the build before, a moment earlier
	pc.write("index.html", "<title>home</title>", build)
	pc.write("posts/index.html", "<title>posts</title>", build)
	pc.write("posts/page/2/index.html", "<title>posts 2</title>", build)
	pc.write("posts/a/index.html", "<title>a</title>", build)
	pc.write("posts/gone/index.html", "<title>gone</title>", before)
	pc.write("posts/page/3/index.html", "<title>posts 3</title>", hour) // a pager of a build before, one too many now
	pc.write("tags/index.html", "<title>tags</title>", hour)
	pc.write("tags/x/index.html", "<title>x</title>", hour)
	pc.write("tags/x/page/2/index.html", "<title>x 2</title>", hour)
	pc.write("sitemap.xml", hugoURLSet("/", "/posts/", "/posts/a/", "/tags/", "/tags/x/"), build.Add(10*time.Millisecond))
	cc.write("_index.md", "---\ntitle: home\n---\n", hour)
	cc.write("posts/a.md", "---\ntitle: a\ntags: [x]\n---\n", hour)
	h, err := hugo.Load(dir, limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	return Options{
		Root: public, Heads: Heads{Read: true},
		Map:   mapping.Options{BaseURL: "https://example.com/", LastMod: []mapping.LastModSource{mapping.LastModFrontMatter}},
		Join:  &Sources{Dir: content, Preset: h},
		Write: writer.Options{Dir: out},
	}
}

// TestStaleWitness: Hugo's sitemap, written after the pages of its
// build, witnesses what it built: the page of a deleted source that a
// rebuild followed within a second (less than staleSlack, so no time
// tells it) is left out, with the sitemap named as the reason, as is a
// pager older than its list page, and the
// taxonomy's pages the rebuild did not write again are listed however
// old (those the sitemap lists, and the term's pager, no older than its
// list page). A Session judges as Run does as the source goes and comes
// back (a one-shot build of the same files gives the same set).
func TestStaleWitness(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	build := time.Now().Add(-time.Minute).Truncate(time.Second)
	opts := witnessSite(t, dir, out, build)
	public, content := opts.Root, opts.Join.Dir
	var skipped []string
	because := map[string]string{}
	var warnings []string
	opts.Report.Skip = func(path string, r mapping.Reason, why string) {
		if r == mapping.StaleOutput {
			skipped, because[path] = append(skipped, path), why
		}
	}
	opts.Report.Warn = func(path string, err error) { warnings = append(warnings, err.Error()) }
	res, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(skipped, []string{"posts/gone/index.html", "posts/page/3/index.html"}) || res.Skipped[mapping.StaleOutput] != 2 {
		t.Errorf("stale: %q, counted %d; want posts/gone/index.html and posts/page/3/index.html once", skipped, res.Skipped[mapping.StaleOutput])
	}
	if why := because["posts/gone/index.html"]; !strings.Contains(why, "the generator's own sitemap sitemap.xml, written after the file") {
		t.Errorf("the reason does not name the sitemap: %q", why)
	}
	if why := because["posts/page/3/index.html"]; !strings.Contains(why, "its list page posts/index.html, written with it at every build, was written after it, more than 2s later") {
		t.Errorf("the reason does not name the list page: %q", why)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "2 built pages no source produces older than the build, or not listed by the generator's own sitemap written after them, left out, first posts/gone/index.html") {
		t.Errorf("warnings %q", warnings)
	}
	got := readOutputs(t, out)["sitemap.xml"]
	for _, want := range []string{"/", "/posts/", "/posts/page/2/", "/posts/a/", "/tags/", "/tags/x/", "/tags/x/page/2/"} {
		if !strings.Contains(got, "<loc>https://example.com"+want+"</loc>") {
			t.Errorf("%s not listed:\n%s", want, got)
		}
	}

	// The same files before the deletion: the source there, the sitemap
	// of the build before listing its page. Then hugo --watch's rebuild
	// after the source went, and after it came back.
	dir, out = t.TempDir(), t.TempDir()
	opts = witnessSite(t, dir, out, build)
	public, content = opts.Root, opts.Join.Dir
	pc := &siteChanger{t: t, root: public}
	cc := &siteChanger{t: t, root: content}
	before := build.Add(-time.Second)
	cc.write("posts/gone.md", "---\ntitle: gone\n---\n", before)
	pc.write("sitemap.xml", hugoURLSet("/", "/posts/", "/posts/a/", "/posts/gone/", "/tags/", "/tags/x/"), build.Add(10*time.Millisecond))
	s, _, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	sameAsRun(t, "start", opts, out)
	rebuild := func(at time.Time, listed ...string) []string {
		for _, p := range []string{"index.html", "posts/index.html", "posts/page/2/index.html", "posts/a/index.html"} {
			os.Chtimes(filepath.Join(public, p), at, at)
		}
		pc.write("sitemap.xml", hugoURLSet(listed...), at.Add(10*time.Millisecond))
		return []string{filepath.Join(public, "index.html"), filepath.Join(public, "posts"), filepath.Join(public, "sitemap.xml")}
	}
	runSteps(t, s, opts, out, []sessionStep{
		{"source deleted, rebuilt within a second", func() []string {
			os.Remove(filepath.Join(content, "posts/gone.md"))
			return append(rebuild(build.Add(time.Second), "/", "/posts/", "/posts/a/", "/tags/", "/tags/x/"), filepath.Join(content, "posts/gone.md"))
		}, writer.URLChanges{Removed: 1}},
		{"source back, rebuilt", func() []string {
			at := build.Add(2 * time.Second)
			cc.write("posts/gone.md", "---\ntitle: gone\n---\n", at)
			pc.write("posts/gone/index.html", "<title>gone</title>", at)
			return append(rebuild(at, "/", "/posts/", "/posts/a/", "/posts/gone/", "/tags/", "/tags/x/"), filepath.Join(content, "posts/gone.md"))
		}, writer.URLChanges{Added: 1}},
	})
}

// TestStaleWitnessKept: once ours replaced Hugo's sitemap in the site's
// folder, what it witnessed is read from GenDatesName: the next build,
// and --check, leave out the page of the deleted source as the build
// that read Hugo's sitemap did.
func TestStaleWitnessKept(t *testing.T) {
	dir := t.TempDir()
	opts := witnessSite(t, dir, "", time.Now().Add(-time.Minute).Truncate(time.Second))
	opts.Write.Dir = ""
	hugoSitemaps := func(name string) bool { return name == "sitemap.xml" }
	opts.GeneratorSitemaps, opts.Write.TakeOver = hugoSitemaps, hugoSitemaps
	for _, step := range []string{"Hugo's sitemap", "the sitemap kept", "--check"} {
		o := opts
		o.Write.Check = step == "--check"
		var skipped []string
		o.Report.Skip = func(path string, r mapping.Reason, _ string) {
			if r == mapping.StaleOutput {
				skipped = append(skipped, path)
			}
		}
		res, err := Run(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(skipped, []string{"posts/gone/index.html", "posts/page/3/index.html"}) {
			t.Errorf("%s: stale %q; want posts/gone/index.html and posts/page/3/index.html", step, skipped)
		}
		if o.Write.Check && (res.Write == nil || len(res.Write.Differ) > 0) {
			t.Errorf("--check: the set differs: %+v", res.Write)
		}
	}
	if kept, err := os.ReadFile(filepath.Join(opts.Root, GenDatesName)); err != nil || !strings.Contains(string(kept), "\nsitemap.xml\n\t\t\t\t") {
		t.Errorf("what Hugo's sitemap witnessed is not kept (%v):\n%s", err, kept)
	}
}

// TestStaleEarlyPage: a page no source produces that the last build
// wrote a few seconds before its first page with a source (Eleventy
// writes a page that waits on nothing before the posts whose images it
// processes) is listed: no source changed between the two. The same
// page is left out when a source was deleted after it was written and
// before the build, as the page of a deleted source is.
func TestStaleEarlyPage(t *testing.T) {
	build := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name    string
		deleted time.Time // when posts/gone.md was deleted, zero for never
		stale   bool
	}{
		{"no source changed", time.Time{}, false},
		{"a source deleted since", build.Add(-500 * time.Millisecond), true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			public, content := filepath.Join(dir, "public"), filepath.Join(dir, "content")
			pc := &siteChanger{t: t, root: public}
			cc := &siteChanger{t: t, root: content}
			earlier := build.Add(-time.Hour)
			pc.write("index.html", "<title>home</title>", build)
			pc.write("posts/a/index.html", "<title>a</title>", build.Add(time.Second))
			pc.write("gallery/index.html", "<title>gallery</title>", build.Add(-3*time.Second))
			cc.write("_index.md", "---\ntitle: home\n---\n", earlier)
			cc.write("posts/a.md", "---\ntitle: a\n---\n", earlier)
			touchDirs(t, content, earlier, "", "posts")
			if !tt.deleted.IsZero() {
				touchDirs(t, content, tt.deleted, "posts")
			}
			hugo, err := hugo.Load(dir, limits.Default)
			if err != nil {
				t.Fatal(err)
			}
			opts := Options{
				Root: public, Heads: Heads{Read: true},
				Map:  mapping.Options{BaseURL: "https://example.com/"},
				Join: &Sources{Dir: content, Preset: hugo},
			}
			var because string
			opts.Report.Skip = func(path string, r mapping.Reason, why string) {
				if r == mapping.StaleOutput {
					because = why
				}
			}
			res, err := Run(context.Background(), opts)
			if err != nil {
				t.Fatal(err)
			}
			listed := strings.Contains(readOutputs(t, public)["sitemap.xml"], "https://example.com/gallery/<")
			if listed == tt.stale || res.Skipped[mapping.StaleOutput] != map[bool]int{true: 1}[tt.stale] {
				t.Errorf("/gallery/ listed %v, %d left out as stale; want it stale: %v", listed, res.Skipped[mapping.StaleOutput], tt.stale)
			}
			if tt.stale && !strings.Contains(because, "../content/posts/ changed between them") {
				t.Errorf("the reason does not name the change: %q", because)
			}
		})
	}
}

// TestStaleBuiltInsideSources: an Eleventy project built into a folder
// of its input folder that the join's walk does not leave out (the
// output named as DIR alone): the built pages' own times are no change
// of the sources, and a page the build wrote early stays listed.
func TestStaleBuiltInsideSources(t *testing.T) {
	dir := t.TempDir()
	site := filepath.Join(dir, "_site")
	pc := &siteChanger{t: t, root: site}
	sc := &siteChanger{t: t, root: dir}
	build := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	earlier := build.Add(-time.Hour)
	sc.write("index.md", "---\ntitle: home\n---\n", earlier)
	sc.write("about.md", "---\ntitle: about\n---\n", earlier)
	pc.write("index.html", "<title>home</title>", build)
	pc.write("about/index.html", "<title>about</title>", build.Add(time.Second))
	pc.write("gallery/index.html", "<title>gallery</title>", build.Add(-3*time.Second))
	touchDirs(t, dir, earlier, "")
	touchDirs(t, site, build.Add(time.Second), "", "about", "gallery")
	opts := Options{
		Root: site, Heads: Heads{Read: true},
		Map:  mapping.Options{BaseURL: "https://example.com/"},
		Join: &Sources{Dir: dir, Preset: &eleventy.Preset{}, Walk: walker.Options{Include: []string{"**/*.md"}}},
	}
	res, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if n := res.Skipped[mapping.StaleOutput]; n != 0 || !strings.Contains(readOutputs(t, site)["sitemap.xml"], "https://example.com/gallery/<") {
		t.Errorf("/gallery/ not listed, %d left out as stale", n)
	}
}

// TestStaleChanges: what counts as a change of the sources between a
// page and the build, in an Eleventy project whose input folder is the
// project folder. A page an earlier build wrote (/old/, two hours
// before the build) is stale once a source, a data file, a layout or
// the configuration changed after it. A page the last build wrote early
// (/gallery/, three seconds before the others) stays listed when the
// build writes files beside the sources meanwhile: a file that is no
// source, and the time of a folder whose last change was the making of
// an entry it still holds, tell nothing. A source deleted is still told
// when the build writes into another folder beside it.
func TestStaleChanges(t *testing.T) {
	build := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	earlier := build.Add(-2 * time.Hour) // the build that wrote /old/
	meanwhile := build.Add(-500 * time.Millisecond)
	for _, tt := range []struct {
		name   string
		change func(t *testing.T, sc *siteChanger)
		// stale are the pages left out; because, what the reason of the
		// first names as the change.
		stale   []string
		because string
	}{
		{"nothing changed", func(*testing.T, *siteChanger) {}, nil, ""},
		{"a source deleted", func(t *testing.T, sc *siteChanger) {
			touchDirs(t, sc.root, build.Add(-30*time.Minute), "")
		}, []string{"old/index.html"}, "../ changed between them"},
		{"a data file edited", func(t *testing.T, sc *siteChanger) {
			sc.write("_data/products.json", `[{"slug":"new"}]`, build.Add(-30*time.Minute))
		}, []string{"old/index.html"}, "../_data/products.json changed between them"},
		{"a layout edited", func(t *testing.T, sc *siteChanger) {
			sc.write("_includes/base.njk", "<main>{{ content }}</main>", build.Add(-30*time.Minute))
		}, []string{"old/index.html"}, "../_includes/base.njk changed between them"},
		{"the configuration edited", func(t *testing.T, sc *siteChanger) {
			sc.write("eleventy.config.js", "export default function () {}\n", build.Add(-30*time.Minute))
		}, []string{"old/index.html"}, "../eleventy.config.js changed between them"},
		{"the build writes a file beside the sources", func(t *testing.T, sc *siteChanger) {
			sc.write("notes.txt", "built", meanwhile)
			sc.write("img/new.jpg", "jpg", meanwhile)
			touchDirs(t, sc.root, meanwhile, "", "img")
		}, nil, ""},
		{"the build makes a folder beside the sources", func(t *testing.T, sc *siteChanger) {
			sc.write("thumbs/1.jpg", "jpg", meanwhile)
			sc.write("thumbs/2.jpg", "jpg", build.Add(5*time.Second))
			touchDirs(t, sc.root, meanwhile, "")
			touchDirs(t, sc.root, build.Add(5*time.Second), "thumbs")
		}, nil, ""},
		{"a source deleted, and the build writes beside it", func(t *testing.T, sc *siteChanger) {
			touchDirs(t, sc.root, build.Add(-30*time.Minute), "")
			sc.write("img/new.jpg", "jpg", meanwhile)
			touchDirs(t, sc.root, meanwhile, "img")
		}, []string{"old/index.html"}, "../ changed between them"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			site := filepath.Join(dir, "_site")
			sc := &siteChanger{t: t, root: dir}
			pc := &siteChanger{t: t, root: site}
			sources := build.Add(-3 * time.Hour)
			for _, f := range []string{"index.md", "about.md", "posts/a.md"} {
				sc.write(f, "---\ntitle: x\n---\n", sources)
			}
			sc.write("eleventy.config.js", "export default function () {}\n", sources)
			sc.write("_data/products.json", `[{"slug":"new"},{"slug":"old"}]`, sources)
			sc.write("_includes/base.njk", "{{ content }}", sources)
			sc.write("img/old.jpg", "jpg", earlier)
			touchDirs(t, dir, sources, "", "posts", "_data", "_includes")
			touchDirs(t, dir, earlier, "img")
			pc.write("index.html", "<title>home</title>", build)
			pc.write("about/index.html", "<title>about</title>", build.Add(time.Second))
			pc.write("posts/a/index.html", "<title>a</title>", build.Add(time.Second))
			pc.write("gallery/index.html", "<title>gallery</title>", build.Add(-3*time.Second))
			pc.write("old/index.html", "<title>old</title>", earlier)
			tt.change(t, sc)
			preset, _ := eleventy.Generator{}.Routes(&generator.Detected{File: "eleventy.config.js", PublishDir: "_site"})
			rules := generator.RulesOf(preset)
			opts := Options{
				Root: site, Heads: Heads{Read: true},
				Map: mapping.Options{BaseURL: "https://example.com/"},
				Join: &Sources{Dir: dir, Preset: preset,
					Walk:  walker.Options{Include: rules.Sources.Include, Exclude: rules.Sources.Exclude},
					Reads: &Reads{Dir: dir, Globs: rules.Sources.Reads, Files: rules.Sources.ConfigFiles}},
			}
			var stale []string
			var because string
			opts.Report.Skip = func(path string, r mapping.Reason, why string) {
				if r == mapping.StaleOutput {
					stale = append(stale, path)
					because = cmp.Or(because, why)
				}
			}
			if _, err := Run(context.Background(), opts); err != nil {
				t.Fatal(err)
			}
			slices.Sort(stale)
			if !slices.Equal(stale, tt.stale) {
				t.Errorf("left out as stale %q; want %q", stale, tt.stale)
			}
			if !strings.Contains(because, tt.because) {
				t.Errorf("the reason does not say %q: %q", tt.because, because)
			}
		})
	}
}

// TestStaleChangesBounded: past maxSourceEntries files and folders, the
// walk for changes stops, and a page older than the build is judged by
// its time alone, as before changes were read: the page of a deleted
// source is left out, and so is a page the build wrote early. A warning
// says so.
func TestStaleChangesBounded(t *testing.T) {
	defer func(m int) { maxSourceEntries = m }(maxSourceEntries)
	maxSourceEntries = 3
	dir := t.TempDir()
	public, content := filepath.Join(dir, "public"), filepath.Join(dir, "content")
	pc := &siteChanger{t: t, root: public}
	cc := &siteChanger{t: t, root: content}
	build := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	sources := build.Add(-3 * time.Hour)
	for _, f := range []string{"_index.md", "posts/a.md", "posts/b.md", "posts/c.md"} {
		cc.write(f, "---\ntitle: x\n---\n", sources)
	}
	touchDirs(t, content, sources, "", "posts")
	pc.write("index.html", "<title>home</title>", build)
	for _, p := range []string{"a", "b", "c"} {
		pc.write("posts/"+p+"/index.html", "<title>"+p+"</title>", build)
	}
	pc.write("gallery/index.html", "<title>gallery</title>", build.Add(-3*time.Second))
	hugo, err := hugo.Load(dir, limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{
		Root: public, Heads: Heads{Read: true},
		Map:  mapping.Options{BaseURL: "https://example.com/"},
		Join: &Sources{Dir: content, Preset: hugo},
	}
	var because string
	var warnings []string
	opts.Report.Skip = func(path string, r mapping.Reason, why string) {
		if r == mapping.StaleOutput {
			because = why
		}
	}
	opts.Report.Warn = func(_ string, err error) { warnings = append(warnings, err.Error()) }
	res, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if n := res.Skipped[mapping.StaleOutput]; n != 1 || !strings.Contains(because, "the sources were not all read for a change between them: more than 3 files and folders") {
		t.Errorf("%d left out as stale, because %q; want /gallery/, judged by its time alone", n, because)
	}
	if !slices.ContainsFunc(warnings, func(w string) bool {
		return strings.Contains(w, "the sources hold more than 3 files and folders") && strings.Contains(w, "1 built page no source produces was judged by time alone")
	}) {
		t.Errorf("no warning says the changes were not all read: %q", warnings)
	}
}

// TestStaleChangesHugoLanguages: in a Hugo project with a content folder
// for each language, whose sources a join reads from the project folder,
// an edit of a source, of a content adapter or of a layout after an
// earlier build wrote a page tells that page stale, and no edit keeps
// it. The walk that reads the layouts' and content adapters' times
// reads the sources' too.
func TestStaleChangesHugoLanguages(t *testing.T) {
	build := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name, edited string // the file edited half an hour before the build
		because      string
	}{
		{"nothing changed", "", ""},
		{"a source edited", "content/fr/posts/a.md", "../content/fr/posts/a.md changed between them"},
		{"a content adapter edited", "content/en/shop/_content.gotmpl", "../content/en/shop/_content.gotmpl changed between them"},
		{"a layout edited", "layouts/_default/single.html", "../layouts/_default/single.html changed between them"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			public := filepath.Join(dir, "public")
			sc := &siteChanger{t: t, root: dir}
			pc := &siteChanger{t: t, root: public}
			sources := build.Add(-3 * time.Hour)
			sc.write("hugo.toml", "baseURL = 'https://example.com/'\n[languages.en]\ncontentDir = 'content/en'\n[languages.fr]\ncontentDir = 'content/fr'\n", sources)
			for _, f := range []string{"content/en/posts/a.md", "content/fr/posts/a.md", "content/en/shop/_content.gotmpl", "layouts/_default/single.html"} {
				sc.write(f, "---\ntitle: a\n---\n", sources)
			}
			touchDirs(t, dir, sources, "", "content", "content/en", "content/en/posts", "content/en/shop", "content/fr", "content/fr/posts", "layouts", "layouts/_default")
			if tt.edited != "" {
				sc.write(tt.edited, "---\ntitle: b\n---\n", build.Add(-30*time.Minute))
			}
			pc.write("index.html", "<title>home</title>", build)
			pc.write("posts/a/index.html", "<title>a</title>", build)
			pc.write("fr/posts/a/index.html", "<title>a</title>", build)
			pc.write("old/index.html", "<title>old</title>", build.Add(-2*time.Hour))
			h, err := hugo.Load(dir, limits.Default)
			if err != nil {
				t.Fatal(err)
			}
			langs, err := hugo.LoadLanguages(h, dir)
			if err != nil {
				t.Fatal(err)
			}
			rules := generator.RulesOf(langs)
			opts := Options{
				Root: public, Heads: Heads{Read: true},
				Map: mapping.Options{BaseURL: "https://example.com/"},
				Join: &Sources{Dir: dir, Preset: langs,
					Walk:  walker.Options{Include: rules.Sources.Include, Exclude: append(rules.Sources.Exclude, "public")},
					Reads: &Reads{Dir: dir, Globs: rules.Sources.Reads, Files: h.Files}},
			}
			var because string
			opts.Report.Skip = func(path string, r mapping.Reason, why string) {
				if r == mapping.StaleOutput && path == "old/index.html" {
					because = why
				}
			}
			if _, err := Run(context.Background(), opts); err != nil {
				t.Fatal(err)
			}
			if (because != "") != (tt.because != "") || !strings.Contains(because, tt.because) {
				t.Errorf("/old/ left out as stale because %q; want it stale: %v, because %q", because, tt.because != "", tt.because)
			}
		})
	}
}

// TestStaleRemovedSource: in an Eleventy project kept in git, the
// generator wrote nothing after two sources were deleted (its watch
// mode does that), so every page is as new as the build. The page of a
// source git lists as deleted, older than the change of its folder, is
// left out, and --explain's reason names the source. The page at the URL
// of a deleted source that the generator wrote again after the deletion
// (now made by a template of its own) is listed, as is every page
// outside git's view.
func TestStaleRemovedSource(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	site := filepath.Join(dir, "_site")
	pc := &siteChanger{t: t, root: site}
	sc := &siteChanger{t: t, root: dir}
	build := time.Now().Add(-time.Hour).Truncate(time.Second)
	sc.write(".gitignore", "_site/\n", build.Add(-time.Hour))
	sc.write("index.md", "---\ntitle: home\n---\n", build.Add(-time.Hour))
	sc.write("about.md", "---\ntitle: about\n---\n", build.Add(-time.Hour))
	sc.write("tags.md", "---\ntitle: tags\n---\n", build.Add(-time.Hour))
	gitRun(t, dir, "2024-03-01T10:00:00Z", "init", "-q")
	gitRun(t, dir, "2024-03-01T10:00:00Z", "add", "-A")
	gitRun(t, dir, "2024-03-01T10:00:00Z", "commit", "-q", "-m", "site")
	pc.write("index.html", "<title>home</title>", build)
	pc.write("about/index.html", "<title>about</title>", build)
	pc.write("tags/index.html", "<title>tags</title>", build.Add(time.Minute))
	for _, f := range []string{"about.md", "tags.md"} {
		if err := os.Remove(filepath.Join(dir, f)); err != nil {
			t.Fatal(err)
		}
	}
	touchDirs(t, dir, build.Add(30*time.Second), "") // the deletions
	run := func() (map[string]string, string) {
		t.Helper()
		opts := Options{
			Root: site, Heads: Heads{Read: true},
			Map:   mapping.Options{BaseURL: "https://example.com/", LastMod: []mapping.LastModSource{mapping.LastModGit}},
			Join:  &Sources{Dir: dir, Preset: &eleventy.Preset{}, Walk: walker.Options{Include: []string{"**/*.md"}}},
			Write: writer.Options{DryRun: true},
		}
		because := map[string]string{}
		opts.Report.Skip = func(path string, r mapping.Reason, why string) {
			if r == mapping.StaleOutput {
				because[path] = why
			}
		}
		var warnings []string
		opts.Report.Warn = func(path string, err error) { warnings = append(warnings, err.Error()) }
		if _, err := Run(context.Background(), opts); err != nil {
			t.Fatal(err)
		}
		return because, strings.Join(warnings, "\n")
	}
	because, warnings := run()
	if len(because) != 1 || !strings.Contains(because["about/index.html"], "git says its source ../about.md was removed after the page was written") {
		t.Errorf("left out as stale: %q; want about/index.html alone, for its removed source", because)
	}
	if !strings.Contains(warnings, "1 built page no source produces and older than the removal of their source (git lists it) left out, first about/index.html") {
		t.Errorf("warnings:\n%s", warnings)
	}

	// Out of git's view (a draft never committed), the path tells it: no
	// file at about.md, whose URL is the page's, and the folder changed
	// after the page was written by a removal.
	if err := os.RemoveAll(filepath.Join(dir, ".git")); err != nil {
		t.Fatal(err)
	}
	touchDirs(t, dir, build.Add(30*time.Second), "")
	because, warnings = run()
	if len(because) != 1 || !strings.Contains(because["about/index.html"], "its source ../about.* is gone from the work tree: no file there has its URL, and its folder ../ changed after the page was written") {
		t.Errorf("without git, left out as stale: %q; want about/index.html alone, for its source gone from the work tree", because)
	}
	if !strings.Contains(warnings, "1 built page no source produces and older than the removal of their source from the work tree left out, first about/index.html") {
		t.Errorf("warnings:\n%s", warnings)
	}

	// A pagination's permalink pattern may make a page at that URL: the
	// page is kept, and that is said.
	sc.write("list.md", "---\npagination:\n  data: collections.all\n  size: 1\npermalink: \"/{{ pagination.pageNumber }}/\"\n---\n", build.Add(-time.Hour))
	touchDirs(t, dir, build.Add(30*time.Second), "")
	because, warnings = run()
	if len(because) != 0 {
		t.Errorf("beside a pagination, left out as stale: %q; want none", because)
	}
	if !strings.Contains(warnings, "1 built page no source produces is kept, first about/index.html: the source at its URL is gone from the work tree since it was written, but a permalink pattern or a pagination of the sources may make it") {
		t.Errorf("warnings:\n%s", warnings)
	}
}
