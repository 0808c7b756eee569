package pipeline

import (
	"context"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/generator/hugo"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// sitePage is a page of TestSiteWideDates: its language and the date
// its head gives, from og:updated_time (og) or article:modified_time.
type sitePage struct {
	lang, date string
	og         bool
}

func (p sitePage) html() string {
	prop := "article:modified_time"
	if p.og {
		prop = "og:updated_time"
	}
	return fmt.Sprintf(`<!doctype html><html lang="%s"><head><title>p</title><meta property="%s" content="%s"></head>`, p.lang, prop, p.date)
}

// TestSiteWideDates: a head's date that every page of a language
// carries from one source, three pages at least (a theme's
// og:updated_time = the site's last change) is no page's date: those pages are undated (no other source
// knows), with --explain saying why. Each language is judged alone.
// Dates that differ from page to page, a source of one page only, are
// kept. A watch session judges again as pages change.
func TestSiteWideDates(t *testing.T) {
	const site, other = "2025-04-26T00:00:00Z", "2024-06-06T00:00:00Z"
	sources := []mapping.LastModSource{mapping.LastModMeta, mapping.LastModGit} // no file times
	for _, tc := range []struct {
		name  string
		pages map[string]sitePage
		want  map[string]string // URL path → lastmod, "" for none
	}{
		{"the same on every list page", map[string]sitePage{
			"index.html": {"en", site, true}, "tags/index.html": {"en", site, true}, "tags/css/index.html": {"en", site, true},
			"a.html": {"en", "2019-03-11T00:00:00Z", false}, "b.html": {"en", site, false},
		}, map[string]string{"": "", "tags/": "", "tags/css/": "", "a.html": "2019-03-11T00:00:00Z", "b.html": site}},
		{"one language each", map[string]sitePage{
			"index.html": {"en", site, true}, "tags/index.html": {"en", site, true}, "tags/css/index.html": {"en", site, true},
			"fr/index.html": {"fr", other, true}, "fr/tags/index.html": {"fr", other, true}, "fr/tags/css/index.html": {"fr", other, true},
		}, map[string]string{"": "", "tags/": "", "tags/css/": "", "fr/": "", "fr/tags/": "", "fr/tags/css/": ""}},
		// Two pages of a language updated the same day: too few to call
		// the date a template's. They keep it.
		{"two pages alike", map[string]sitePage{
			"index.html": {"en", site, true}, "tags/index.html": {"en", other, true}, "tags/css/index.html": {"en", "2023-01-15T00:00:00Z", true},
			"de/index.html": {"de", "2024-03-01T00:00:00Z", true}, "de/impressum.html": {"de", "2024-03-01T00:00:00Z", true},
		}, map[string]string{"": site, "tags/": other, "tags/css/": "2023-01-15T00:00:00Z", "de/": "2024-03-01T00:00:00Z", "de/impressum.html": "2024-03-01T00:00:00Z"}},
		{"one page", map[string]sitePage{
			"index.html": {"en", site, true}, "a.html": {"en", other, false},
		}, map[string]string{"": site, "a.html": other}},
		{"dates of their own", map[string]sitePage{
			"index.html": {"en", site, true}, "tags/index.html": {"en", other, true},
		}, map[string]string{"": site, "tags/": other}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{}
			for p, sp := range tc.pages {
				files[p] = sp.html()
			}
			root := pages(t, files)
			opts := Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{LastMod: sources}, Explain: []string{"index.html"}}
			var explained []Explanation
			opts.Report.Explain = func(x Explanation) { explained = append(explained, x) }
			res, _, err := run(t, opts)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for i := range res.URLs.Len() {
				u := res.URLs.At(i)
				got[u.Loc[len(base):]] = ""
				if !u.LastMod.IsZero() {
					got[u.Loc[len(base):]] = u.LastMod.Format(time.RFC3339)
				}
			}
			if !maps.Equal(got, tc.want) {
				t.Errorf("lastmods %q, want %q", got, tc.want)
			}
			if passed := len(explained) == 1 && len(explained[0].Decision.Stamps) == 1; passed != (tc.want[""] == "") {
				t.Errorf("--explain index.html: %+v", explained)
			} else if passed {
				if want := "meta og:updated_time " + site + " is the site's date, not this page's: the same on all "; !strings.HasPrefix(explained[0].Decision.Stamps[0], want) {
					t.Errorf("--explain index.html: %q, want %q…", explained[0].Decision.Stamps[0], want)
				}
			}
		})
	}

	// A watch session: a page that gives another date makes the dates
	// of the language differ, and their own again.
	dir := t.TempDir()
	c := &siteChanger{t: t, root: dir}
	at := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, p := range []string{"index.html", "tags/index.html", "tags/css/index.html"} {
		c.write(p, sitePage{"en", site, true}.html(), at)
	}
	opts := Options{Root: dir, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: base, LastMod: sources}, Write: writer.Options{Dir: dir}}
	s, _, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	sameAsRun(t, "start", opts, dir)
	css := filepath.Join(dir, "tags", "css", "index.html")
	runSteps(t, s, opts, dir, []sessionStep{
		{"another date", func() []string {
			c.write("tags/css/index.html", sitePage{"en", other, true}.html(), at)
			return []string{css}
		}, writer.URLChanges{Changed: 3}},
		{"the same again", func() []string {
			c.write("tags/css/index.html", sitePage{"en", site, true}.html(), at)
			return []string{css}
		}, writer.URLChanges{Changed: 3}},
		// Two pages are left: too few to call their date a template's,
		// they keep it.
		{"removed", func() []string {
			os.Remove(css)
			return []string{css}
		}, writer.URLChanges{Removed: 1, Changed: 2}},
	})
}

// TestSiteWideNewestByLanguage: a Hugo join of two languages whose
// pages all say <html lang="en-us">, as a theme that writes
// .Site.LanguageCode does. The home page's head carries en's last
// change, the newest date Hugo gives a page in en; /fr/'s carries fr's.
// The list pages' heads differ, so no date is the same on every page.
// Each last change is the site's date all the same: it is judged in the
// language Hugo gives the page's source, whatever its <html lang>, and
// against the dates Hugo gives. links.md gives no date, and Hugo leaves
// its page undated, so its last commit, newer than every other date, is
// not en's last change. The home page is then dated by what it shows;
// /fr/, which shows nothing, by its _index file's last commit. /posts/
// keeps a date of its own. A watch session writes the same as a build,
// when the home page's head gives a date of its own, and when it gives
// en's last change again.
func TestSiteWideNewestByLanguage(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	const (
		commit = "2025-05-05T00:00:00Z" // newer than every front matter date
		en, fr = "2024-03-03T00:00:00Z", "2023-02-02T00:00:00Z"
	)
	page := func(date, body string) string {
		head := ""
		if date != "" {
			head = `<meta property="og:updated_time" content="` + date + `">`
		}
		return `<!doctype html><html lang="en-us"><head><title>p</title>` + head + `</head><body><main>` + body + `</main></body></html>`
	}
	repo := pages(t, map[string]string{
		"hugo.toml":                    "baseURL = \"https://example.com/\"\nlanguageCode = \"en-us\"\n[languages.en]\nweight = 1\n[languages.fr]\nweight = 2\n",
		".gitignore":                   "public/\n",
		"content/_index.md":            "---\ntitle: Home\n---\n",
		"content/_index.fr.md":         "---\ntitle: Accueil\n---\n",
		"content/posts/_index.md":      "---\ntitle: Posts\n---\n",
		"content/posts/a.md":           "---\ntitle: A\ndate: 2024-01-01\n---\n",
		"content/posts/b.md":           "---\ntitle: B\ndate: 2024-03-03\n---\n",
		"content/posts/a.fr.md":        "---\ntitle: A\ndate: 2023-02-02\n---\n",
		"content/links.md":             "---\ntitle: Links\n---\n",
		"public/index.html":            page(en, `<a href="/posts/a/">A</a>`),
		"public/posts/index.html":      page("2024-02-02T00:00:00Z", ""),
		"public/posts/a/index.html":    page("", "A"),
		"public/posts/b/index.html":    page("", "B"),
		"public/fr/index.html":         page(fr, ""),
		"public/fr/posts/a/index.html": page("", "A"),
		"public/links/index.html":      page("", "Links"),
	})
	content, public := filepath.Join(repo, "content"), filepath.Join(repo, "public")
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"commit", "-q", "-m", "site"}} {
		gitRun(t, repo, commit, args...)
	}
	h, err := hugo.Load(repo, limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{
		Root: public, Heads: Heads{Read: true}, Write: writer.Options{Dir: t.TempDir()},
		Map:  mapping.Options{BaseURL: base, LastMod: []mapping.LastModSource{mapping.LastModFrontMatter, mapping.LastModMeta, mapping.LastModGit}},
		Join: &Sources{Dir: content, Preset: h, Order: h.LastModOrder()},
	}
	res, _, err := run(t, opts)
	if err != nil {
		t.Fatal(err)
	}
	got := lastMods(res)
	want := map[string]string{
		base:                 "2024-01-01", // what it shows, not en's last change
		base + "posts/":      "2024-02-02", // a date of its own
		base + "posts/a/":    "2024-01-01",
		base + "posts/b/":    "2024-03-03",
		base + "fr/":         "2025-05-05", // fr's last change passed over: its _index file's commit
		base + "fr/posts/a/": "2023-02-02",
		base + "links/":      "2025-05-05",
	}
	if !maps.Equal(got, want) {
		t.Errorf("lastmods %q, want %q", got, want)
	}

	dir := opts.Write.Dir
	s, _, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	sameAsRun(t, "start", opts, dir)
	home := filepath.Join(public, "index.html")
	runSteps(t, s, opts, dir, []sessionStep{
		{"a date of its own", func() []string {
			os.WriteFile(home, []byte(page("2024-02-10T00:00:00Z", "")), 0o644)
			return []string{home}
		}, writer.URLChanges{Changed: 1}},
		{"en's last change again", func() []string {
			os.WriteFile(home, []byte(page(en, `<a href="/posts/a/">A</a>`)), 0o644)
			return []string{home}
		}, writer.URLChanges{Changed: 1}},
	})
}
