package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/robots"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/writer"
)

// TestOwnSitemapsDoor: the files OwnSitemaps.Decide decides on are
// read inside the output folder through the one door: a sitemap-0.xml
// linked to a file outside, or a FIFO, is kept and said, found without
// waiting; a FIFO robots.txt or index tells nothing, and the others are
// decided as ever. The file outside is never quoted.
func TestOwnSitemapsDoor(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "sitemap.xml")
	urlset := `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.site/secret-token</loc></url></urlset>`
	if err := os.WriteFile(outside, []byte(urlset), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	for name, body := range map[string]string{"sitemap-1.xml": urlset, "index.html": "<title>home</title>"} {
		if err := os.WriteFile(filepath.Join(out, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(outside, filepath.Join(out, "sitemap-0.xml")); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"sitemap-2.xml", "sitemap-index.xml", "robots.txt"} {
		if err := syscall.Mkfifo(filepath.Join(out, name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	astro, _ := registry.Lookup("astro")
	g := &generator.Detected{Gen: astro, File: "astro.config.mjs",
		Plugin: &generator.SitemapPlugin{Name: "@astrojs/sitemap", Index: "sitemap-index.xml", In: "package.json"}}
	own := &OwnSitemaps{Title: g.Title(), Names: g.Sitemaps(), Plugin: g.Plugin}
	type result struct {
		takes    func(string) bool
		warnings []error
	}
	done := make(chan result, 1)
	go func() {
		takes, warnings := own.Decide(out, out, "https://a.site/", limits.Limits{}, robots.Load(out, robots.MaxBytes))
		done <- result{takes, warnings}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("Decide waits on a file")
	}
	if !r.takes("sitemap-1.xml") {
		t.Error("sitemap-1.xml, the plugin's, is not taken over")
	}
	var said []string
	for _, w := range r.warnings {
		said = append(said, w.Error())
	}
	all := strings.Join(said, "\n")
	for name, why := range map[string]string{
		"sitemap-0.xml":     "not read: a symbolic link out of its folder (or to an absolute path): not followed",
		"sitemap-2.xml":     "not read: not a regular file (a FIFO)",
		"sitemap-index.xml": "not read: not a regular file (a FIFO)",
	} {
		if r.takes(name) {
			t.Errorf("%s is taken over", name)
		}
		if !strings.Contains(all, filepath.Join(out, name)+": kept, as the project's own sitemap, not Astro's: "+why) {
			t.Errorf("no warning says %s is kept because %q:\n%s", name, why, all)
		}
	}
	if len(said) != 3 || strings.Contains(all, "secret-token") {
		t.Errorf("warnings:\n%s", all)
	}
}

// TestOwnSitemapsKept: a build decides on the generator's sitemaps when
// it starts: it takes them over when told to, and reads them when told
// to, or when GenDatesName is in the output folder (an earlier build
// kept their alternates: the site was translated, though its
// configuration no longer says so), and only then.
func TestOwnSitemapsKept(t *testing.T) {
	for _, kept := range []bool{false, true} {
		for _, takeOver := range []bool{false, true} {
			files := map[string]string{"index.html": "<title>home</title>"}
			if kept {
				files[GenDatesName] = genDatesHeader
			}
			root := pages(t, files)
			opts := Options{Root: root, Map: mapping.Options{BaseURL: base}, Report: Report{Warn: func(string, error) {}},
				OwnSitemaps: &OwnSitemaps{Title: "Sphinx", Names: func(name string) bool { return name == "sitemap.xml" }},
				TakeOverOwn: takeOver}
			res := &Result{Skipped: map[mapping.Reason]int{}}
			b, err := newBuilder(context.Background(), opts, res, runBuild)
			if err != nil {
				t.Fatal(err)
			}
			if read := b.opts.GeneratorSitemaps != nil; read != kept {
				t.Errorf("kept %v: the generator's sitemaps read %v", kept, read)
			}
			if took := b.opts.Write.TakeOver != nil; took != takeOver {
				t.Errorf("take over %v: taken over %v", takeOver, took)
			}
			if res.GeneratorSitemaps == nil || !res.GeneratorSitemaps("sitemap.xml") || res.GeneratorSitemaps("other.xml") {
				t.Error("the Result does not name the generator's sitemaps")
			}
		}
	}
}

// TestOwnSitemapsLeftOver: in a project that no longer has the plugin,
// a file named as its numbered files that starts as the plugin writes
// them (SitemapPlugin.Header) is the plugin's, left over from before the
// switch, and taken over; one named so that starts otherwise is the
// project's, kept and said (issue 68).
func TestOwnSitemapsLeftOver(t *testing.T) {
	const header = `<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:mobile="http://www.google.com/schemas/sitemap-mobile/1.0">`
	out := t.TempDir()
	for name, body := range map[string]string{
		"sitemap-0.xml": header + "\n<url><loc>https://a.site/about</loc></url>\n</urlset>",
		"sitemap-1.xml": `<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.site/x</loc></url></urlset>`,
		"sitemap-2.xml": header[:40], // shorter than the header
	} {
		if err := os.WriteFile(filepath.Join(out, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	own := &OwnSitemaps{Title: "Next.js", Names: generator.NumberedShards().MatchString,
		Plugin: &generator.SitemapPlugin{Name: "next-sitemap", Index: "sitemap.xml", Looked: []string{"package.json"}, Header: header}}
	takes, warnings := own.Decide(out, out, "https://a.site/", limits.Limits{}, robots.Load(out, robots.MaxBytes))
	if !takes("sitemap-0.xml") {
		t.Error("sitemap-0.xml, the plugin's by its header, is not taken over")
	}
	for _, name := range []string{"sitemap-1.xml", "sitemap-2.xml"} {
		if takes(name) {
			t.Errorf("%s, which the plugin's header does not start, is taken over", name)
		}
	}
	if len(warnings) != 2 {
		t.Errorf("warnings: %v", warnings)
	}
}

// TestOwnSitemapsOurs: a file of the plugin's name that an earlier
// build of ours wrote there, to answer at its URL once the plugin was
// gone (an alias: next-sitemap's sitemap-0.xml), is neither the
// plugin's nor the project's: not taken over, not read, and nothing
// said (issue 98: "kept, as the project's own sitemap" was said of it,
// and the write then removed it).
func TestOwnSitemapsOurs(t *testing.T) {
	out := t.TempDir()
	urls := sitemap.Slice{{Loc: "https://a.site/"}, {Loc: "https://a.site/about"}}
	if res, err := writer.Write(urls, writer.Options{Dir: out, BaseURL: "https://a.site/", TakeOver: func(string) bool { return false }, Answer: []string{"sitemap-0.xml"}}); err != nil || len(res.Answered) != 1 {
		t.Fatalf("no alias written: %v, %+v", err, res)
	}
	own := &OwnSitemaps{Title: "Next.js", Names: generator.NumberedShards().MatchString,
		Plugin: &generator.SitemapPlugin{Name: "next-sitemap", Index: "sitemap.xml", Looked: []string{"package.json"}}}
	takes, warnings := own.Decide(out, out, "https://a.site/", limits.Limits{}, robots.Load(out, robots.MaxBytes))
	if takes("sitemap-0.xml") {
		t.Error("sitemap-0.xml, ours, is taken over as the plugin's")
	}
	if len(warnings) > 0 {
		t.Errorf("warnings: %v", warnings)
	}
}
