package pipeline

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/extraurls"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// extra is a source of extra URLs of the text src, named name, in the
// format of its name.
func extra(name, src string) Extra {
	return Extra{Name: name, Format: extraurls.FormatOf(name), Open: func(context.Context) (io.ReadCloser, error) {
		return io.NopCloser(strings.NewReader(src)), nil
	}}
}

// TestExtraURLs: the records are listed beside the pages, each URL once:
// a page and a record of one URL, the page with the record's values over
// its own; two records of one URL, the first, with a warning naming both
// lines; a URL outside the base URL, too long or disallowed by
// robots.txt left out and counted, as a page's.
func TestExtraURLs(t *testing.T) {
	root := site(t, "index.html", "about.html", "blog/index.html")
	if err := os.WriteFile(filepath.Join(root, "robots.txt"), []byte("User-agent: *\nDisallow: /private/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	jsonl := `{"loc":"https://example.com/about.html","lastmod":"2024-05-01","priority":0.9}` + "\n" +
		`{"loc":"https://example.com/p/1","changefreq":"daily","alternates":[{"hreflang":"en","href":"https://example.com/p/1"},{"hreflang":"de","href":"https://example.com/de/p/1"}]}` + "\n" +
		`{"loc":"https://example.com/de/p/1","alternates":[{"hreflang":"en","href":"https://example.com/p/1"},{"hreflang":"de","href":"https://example.com/de/p/1"}]}` + "\n"
	text := "# more\nhttps://example.com/p/2\nhttps://example.com/p/1\nhttps://example.com/private/x\nhttps://elsewhere.example/\nhttps://example.com/" + strings.Repeat("a", 2100) + "\n"
	res, ev, err := run(t, Options{Root: root, Robots: Robots{Dir: root}, Map: mapping.Options{Defaults: mapping.Rule{Priority: mustPriority(t, "0.4")}},
		Extra: []Extra{extra("products.jsonl", jsonl), extra("urls.txt", text)}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"https://example.com/ 2024-01-02 0.4",
		"https://example.com/about.html 2024-05-01 0.9",
		"https://example.com/blog/ 2024-01-02 0.4",
		"https://example.com/de/p/1 0.4 en de",
		"https://example.com/p/1 daily 0.4 en de",
		"https://example.com/p/2 0.4",
	}
	var got []string
	for i := range res.URLs.Len() {
		u := res.URLs.At(i)
		s := []string{u.Loc}
		if !u.LastMod.IsZero() {
			s = append(s, u.LastMod.Format(time.DateOnly))
		}
		if u.ChangeFreq != 0 {
			s = append(s, u.ChangeFreq.String())
		}
		s = append(s, u.Priority.String())
		for _, a := range u.Alternates {
			s = append(s, a.Lang)
		}
		got = append(got, strings.Join(s, " "))
	}
	if !slices.Equal(got, want) {
		t.Errorf("listed\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if res.ExtraURLs != 8 {
		t.Errorf("%d extra URLs read, want 8", res.ExtraURLs)
	}
	for reason, n := range map[mapping.Reason]int{mapping.Duplicate: 1, mapping.RobotsTxt: 1, mapping.OutsideBase: 1, mapping.LocTooLong: 1} {
		if res.Skipped[reason] != n {
			t.Errorf("skipped %d for %s, want %d (%v)", res.Skipped[reason], reason, n, res.Skipped)
		}
	}
	for _, w := range []string{
		"urls.txt:3: duplicate URL https://example.com/p/1 (also from products.jsonl:2); listed once",
		"urls.txt:5: https://elsewhere.example/ is not under the base URL https://example.com/; not listed",
		"urls.txt:6: the URL is 2120 characters long",
	} {
		if !slices.ContainsFunc(ev.warns, func(s string) bool { return strings.HasPrefix(s, w) }) {
			t.Errorf("no warning %q in\n%s", w, strings.Join(ev.warns, "\n"))
		}
	}
	if !slices.Contains(ev.skips, "urls.txt:4: robots.txt") {
		t.Errorf("skips %q, want urls.txt:4 for robots.txt", ev.skips)
	}
	if res.LastMod[LastModExtra] != 1 {
		t.Errorf("lastmod sources %v, want 1 from extra_urls", res.LastMod)
	}
}

func mustPriority(t *testing.T, s string) sitemap.Priority {
	p, err := sitemap.ParsePriority(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestExtraURLsBadLine: a wrong line, or a source that fails, fails the
// build at NAME:LINE, and nothing is written: the sitemaps there stay. A
// wrong line of a file the settings name (Inside) is not quoted: a pull
// request's "extra_urls: [.env]" in a CI that wrote a secret there.
func TestExtraURLsBadLine(t *testing.T) {
	project := t.TempDir()
	if err := os.WriteFile(filepath.Join(project, ".env"), []byte("API_TOKEN=ghp_SECRET\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		x    Extra
		want string
	}{
		{name: "a bad line", x: extra("urls.txt", "https://example.com/a\nnot a url\n"), want: "urls.txt:2: not a url: not an absolute http(s) URL"},
		{name: "a bad date", x: extra("p.csv", "loc,lastmod\nhttps://example.com/a,yesterday\n"), want: "p.csv:2: lastmod \"yesterday\" is not a date"},
		{name: "a file the settings name", x: Extra{Name: ".env", Format: extraurls.Text, File: ".env", Inside: [2]string{project, ".env"}}, want: ".env:1: not an absolute http(s) URL (the line is not shown: the settings name this file)"},
		{name: "a file the user names", x: Extra{Name: ".env", Format: extraurls.Text, File: filepath.Join(project, ".env")}, want: ".env:1: API_TOKEN=ghp_SECRET: not an absolute http(s) URL"},
		{name: "the source fails", x: Extra{Name: "cmd", Open: func(context.Context) (io.ReadCloser, error) {
			return failing{strings.NewReader("https://example.com/a\n")}, nil
		}}, want: "command 'x': exit status 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := site(t, "index.html")
			if _, _, err := run(t, Options{Root: root}); err != nil {
				t.Fatal(err)
			}
			before, err := os.ReadFile(filepath.Join(root, "sitemap.xml"))
			if err != nil {
				t.Fatal(err)
			}
			_, _, err = run(t, Options{Root: root, Extra: []Extra{tc.x}})
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			if tc.x.Inside[0] != "" && strings.Contains(err.Error(), "SECRET") {
				t.Errorf("error %q quotes the file", err)
			}
			if tc.name != "the source fails" {
				if _, ok := errors.AsType[*diag.Diagnostic](err); !ok {
					t.Errorf("%T, want a *diag.Diagnostic", err)
				}
			}
			after, err := os.ReadFile(filepath.Join(root, "sitemap.xml"))
			if err != nil || string(after) != string(before) {
				t.Errorf("sitemap.xml changed (%v)", err)
			}
		})
	}
}

// failing reads its text, then its Close says the command failed.
type failing struct{ io.Reader }

func (failing) Close() error { return errors.New("command 'x': exit status 1") }

// TestExtraURLsExplain: --explain says which values of a page came from
// a record, and of a URL only a record gives, where it was.
func TestExtraURLsExplain(t *testing.T) {
	root := site(t, "index.html", "about.html")
	jsonl := `{"loc":"https://example.com/about.html","lastmod":"2024-05-01","changefreq":"weekly"}` + "\n" + `{"loc":"https://example.com/p/1"}` + "\n"
	var got []Explanation
	opts := Options{Root: root, Explain: []string{"https://example.com/about.html", "https://example.com/p/1"}, Extra: []Extra{extra("x.jsonl", jsonl)}}
	opts.Map.BaseURL = base
	opts.Report.Explain = func(x Explanation) { got = append(got, x) }
	if _, err := Run(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("%d explanations, want 3", len(got))
	}
	about, rec, p1 := got[0], got[1], got[2]
	if rec.Path != "x.jsonl:1" || rec.Listed() || !strings.Contains(rec.DuplicateOf, "from about.html, the page of its URL") {
		t.Errorf("x.jsonl:1: %+v", rec)
	}
	if about.Path != "about.html" || about.ExtraFrom != "x.jsonl:1" || !slices.Equal(about.ExtraTook, []string{"lastmod", "changefreq"}) ||
		about.Decision.LastModFrom != "x.jsonl:1" || about.Decision.URL.ChangeFreq != sitemap.Weekly {
		t.Errorf("about.html: %+v", about)
	}
	if p1.Path != "x.jsonl:2" || !p1.Listed() || p1.Decision.URL.Loc != "https://example.com/p/1" {
		t.Errorf("p/1: %+v", p1)
	}
}

// TestExtraURLsSession: a Session lists the extra URLs as Run does, and
// its Restart reads them again.
func TestExtraURLsSession(t *testing.T) {
	root := site(t, "index.html", "about.html")
	src := "https://example.com/p/1\n"
	x := Extra{Name: "urls.txt", Format: extraurls.Text, Open: func(context.Context) (io.ReadCloser, error) {
		return io.NopCloser(strings.NewReader(src)), nil
	}}
	opts := Options{Root: root, Extra: []Extra{x}}
	opts.Map.BaseURL = base
	s, res, err := Start(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := locs(res); !slices.Equal(got, []string{base, base + "about.html", base + "p/1"}) {
		t.Errorf("listed %q", got)
	}
	src = "https://example.com/p/2\nhttps://example.com/about.html\n"
	if res, err = s.Restart(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	if got := locs(res); !slices.Equal(got, []string{base, base + "about.html", base + "p/2"}) {
		t.Errorf("after the change, listed %q", got)
	}
	fresh, _, err := run(t, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(locs(fresh), locs(res)) {
		t.Errorf("Run lists %q, the Session %q", locs(fresh), locs(res))
	}
}

// TestOnDemandCovered: a route rendered on demand is warned of, at its
// record (no path of the site folder: the record is the build's,
// named from the working directory), unless an extra URL is a page of it (the base URL's path
// left out); in a Session, a restart that finds the same routes
// uncovered says nothing again, and one that finds others says them.
func TestOnDemandCovered(t *testing.T) {
	root := site(t, "index.html")
	routes := []generator.OnDemandRoute{
		{Warning: &diag.Diagnostic{File: "m.json", Msg: "/products/[id] is rendered on demand"}, Pattern: `^/products/[^/]+/?$`},
		{Warning: &diag.Diagnostic{File: "m.json", Msg: "/wiki/[slug] is rendered on demand"}, Pattern: `^/wiki/[^/]+/?$`},
	}
	_, ev, err := run(t, Options{Root: root, OnDemand: routes, Extra: []Extra{extra("urls.txt", base+"products/1\n"+base+"wiki/\n")}})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{": m.json: /wiki/[slug] is rendered on demand"}; !slices.Equal(ev.warns, want) {
		t.Errorf("warnings %q, want %q", ev.warns, want)
	}

	var warns []string
	opts := Options{Root: root, OnDemand: routes, Map: mapping.Options{BaseURL: base},
		Report: Report{Warn: func(path string, err error) { warns = append(warns, err.Error()) }}}
	s, _, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 2 {
		t.Errorf("start: warnings %q, want both routes", warns)
	}
	warns = nil
	if _, err := s.Restart(context.Background(), opts); err != nil || len(warns) != 0 {
		t.Errorf("restart, the same: warnings %q, %v; want none", warns, err)
	}
	opts.Extra = []Extra{extra("urls.txt", base+"wiki/home\n")}
	if _, err := s.Restart(context.Background(), opts); err != nil || len(warns) != 1 || !strings.Contains(warns[0], "/products/") {
		t.Errorf("restart, /wiki/ covered: warnings %q, %v; want /products/[id]'s", warns, err)
	}
}
