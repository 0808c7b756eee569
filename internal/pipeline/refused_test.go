package pipeline

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// TestRefusedDateSaysInstead: a front matter date refused (with its year
// last) is a warning that ends with what dates the page instead, as the
// build writes it, or that nothing does: in a join and in content mode.
// A build that ends before its dates are final (--strict) says the
// warning as it is (issue 86).
func TestRefusedDateSaysInstead(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	content, public, h := hugoRepo(t, "2024-04-02T07:08:09Z", map[string]string{
		"content/posts/a.md":        "---\ntitle: a\ndate: \"03/18/2024\"\n---\n",
		"content/posts/b.md":        "---\ntitle: b\ndate: \"18.03.2024\"\nlastmod: 2024-05-01\n---\n",
		"public/posts/a/index.html": "<title>a</title>",
		"public/posts/b/index.html": "<title>b</title>",
	})
	const why = `is not a date: with the year last, the day and the month come in either order (month first in the US, day first elsewhere), and sitemapgen reads neither form; write it year first: 2024-03-18`
	withGit := []mapping.LastModSource{mapping.LastModFrontMatter, mapping.LastModGit}
	for _, tc := range []struct {
		name string
		opts Options
		want []string
	}{
		{"join", Options{Root: public, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: base, LastMod: withGit}, Join: &Sources{Dir: content, Preset: h}}, []string{
			`../content/posts/a.md:3: date: "03/18/2024" ` + why + `; the page is dated by git instead: 2024-04-02T07:08:09Z`,
			`../content/posts/b.md:3: date: "18.03.2024" ` + why + `; the page is dated by front matter lastmod instead: 2024-05-01T00:00:00Z`,
		}},
		{"content mode", Options{Map: mapping.Options{BaseURL: base, LastMod: withGit}, Content: &Sources{Dir: content, Preset: h}}, []string{
			`posts/a.md:3: date: "03/18/2024" ` + why + `; the page is dated by git instead: 2024-04-02T07:08:09Z`,
			`posts/b.md:3: date: "18.03.2024" ` + why + `; the page is dated by front matter lastmod instead: 2024-05-01T00:00:00Z`,
		}},
		{"no other source", Options{Root: public, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: base, LastMod: []mapping.LastModSource{mapping.LastModFrontMatter}}, Join: &Sources{Dir: content, Preset: h}}, []string{
			`../content/posts/a.md:3: date: "03/18/2024" ` + why + `; no other source dates the page`,
			`../content/posts/b.md:3: date: "18.03.2024" ` + why + `; the page is dated by front matter lastmod instead: 2024-05-01T00:00:00Z`,
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := tc.opts
			opts.Write = writer.Options{Dir: t.TempDir()}
			var warnings []string
			opts.Report.Warn = func(path string, err error) { warnings = append(warnings, err.Error()) }
			if _, err := Run(context.Background(), opts); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(warnings, tc.want) {
				t.Errorf("warnings\n%s\nwant\n%s", strings.Join(warnings, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}

	// A Session says it of a source it reads again, with the date its
	// page takes then.
	t.Run("session", func(t *testing.T) {
		var warnings []string
		opts := Options{Root: public, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: base, LastMod: withGit}, Join: &Sources{Dir: content, Preset: h},
			Write: writer.Options{Dir: t.TempDir()}, Report: Report{Warn: func(path string, err error) { warnings = append(warnings, err.Error()) }}}
		s, _, err := Start(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		warnings = nil
		b := filepath.Join(content, "posts", "b.md")
		os.WriteFile(b, []byte("---\ntitle: b\ndate: \"18.03.2024\"\nlastmod: 2024-06-01\n---\n"), 0o644)
		if _, err := s.Update(context.Background(), []string{b}, nil); err != nil {
			t.Fatal(err)
		}
		want := []string{`../content/posts/b.md:3: date: "18.03.2024" ` + why + `; the page is dated by front matter lastmod instead: 2024-06-01T00:00:00Z`}
		if !slices.Equal(warnings, want) {
			t.Errorf("warnings\n%s\nwant\n%s", strings.Join(warnings, "\n"), strings.Join(want, "\n"))
		}
	})

	// --strict ends the build before the dates are final: the warnings
	// are said as they are, and not lost.
	opts := Options{Root: public, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: base, LastMod: withGit}, Join: &Sources{Dir: content, Preset: h},
		Strict: true, Write: writer.Options{Dir: t.TempDir()}}
	var warnings []string
	opts.Report.Warn = func(path string, err error) { warnings = append(warnings, err.Error()) }
	_, err := Run(context.Background(), opts)
	var strict *StrictError
	want := []string{`../content/posts/a.md:3: date: "03/18/2024" ` + why, `../content/posts/b.md:3: date: "18.03.2024" ` + why}
	if !errors.As(err, &strict) || !slices.Equal(warnings, want) {
		t.Errorf("--strict: %v, warnings\n%s\nwant\n%s", err, strings.Join(warnings, "\n"), strings.Join(want, "\n"))
	}
}
