package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/generator/hugo"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/mapping"
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
			return append(rewrite(), filepath.Join(content, "posts/a.md"))
		}, writer.URLChanges{Removed: 1}},
		{"source back", func() []string {
			cc.write("posts/a.md", "---\ntitle: a\n---\n", later)
			os.Chtimes(filepath.Join(public, "posts/a/index.html"), later, later)
			return []string{filepath.Join(content, "posts/a.md"), filepath.Join(public, "posts/a/index.html")}
		}, writer.URLChanges{Added: 1}},
	})
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
