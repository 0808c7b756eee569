package pipeline

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/command"
	"github.com/sitemapgen/sitemapgen/internal/extraurls"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// hook is the per-URL hook that runs line with the bounds o.
func hook(line string, o command.Options) *Transform {
	return &Transform{Name: "the transform " + command.Show(line), Start: func(ctx context.Context) (io.WriteCloser, io.ReadCloser, error) {
		return command.Pipe(ctx, line, o)
	}}
}

// listed returns the URLs as "loc lastmod changefreq priority".
func listed(res *Result) []string {
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
		if u.Priority.IsSet() {
			s = append(s, u.Priority.String())
		}
		for _, a := range u.Alternates {
			s = append(s, a.Lang)
		}
		got = append(got, strings.Join(s, " "))
	}
	return got
}

// TestTransform: the hook is given every record, in URL order, as a JSON
// line; what it writes back is what is listed: a record edited, one not
// written back dropped (counted, as a page left out on purpose), one it
// was not given added, checked as an extra URL (outside the base URL:
// left out with a warning at its line), a URL written back twice listed
// once; the records sorted again.
func TestTransform(t *testing.T) {
	root := site(t, "index.html", "about.html", "blog/index.html")
	given := filepath.Join(t.TempDir(), "given.jsonl")
	line := `tee ` + given + ` | grep -v about.html | sed 's|"loc":"https://example.com/blog/","lastmod":"[^"]*"|"loc":"https://example.com/blog/","lastmod":"2025-02-03","changefreq":"daily","priority":0.9|'` +
		`; echo '{"loc":"https://example.com/a/new","alternates":[{"hreflang":"de","href":"https://example.com/de/new"}]}'` +
		`; echo '{"loc":"https://elsewhere.example/x"}'` +
		`; echo '{"loc":"https://example.com/"}'` +
		`; echo '{"loc":"https://example.com/a/new","priority":0.1}'`
	res, ev, err := run(t, Options{Root: root, Transform: hook(line, command.Options{})})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"https://example.com/ 2024-01-02",
		"https://example.com/a/new de",
		"https://example.com/blog/ 2025-02-03 daily 0.9",
	}
	if got := listed(res); !slices.Equal(got, want) {
		t.Errorf("listed\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	in, err := os.ReadFile(given)
	if err != nil {
		t.Fatal(err)
	}
	wantIn := `{"loc":"https://example.com/","lastmod":"2024-01-02T03:04:05Z"}` + "\n" +
		`{"loc":"https://example.com/about.html","lastmod":"2024-01-02T03:04:05Z"}` + "\n" +
		`{"loc":"https://example.com/blog/","lastmod":"2024-01-02T03:04:05Z"}` + "\n"
	if string(in) != wantIn {
		t.Errorf("the hook was given\n%s\nwant\n%s", in, wantIn)
	}
	if want := (Transformed{Given: 3, Returned: 6, Edited: 1, Dropped: 1, Added: 1, LeftOut: 1, Duplicates: 2}); res.Transformed == nil || *res.Transformed != want {
		t.Errorf("counted %+v, want %+v", res.Transformed, want)
	}
	if res.Skipped[mapping.Transformed] != 1 || !slices.Contains(ev.skips, "about.html: "+string(mapping.Transformed)) {
		t.Errorf("skipped %v %q, want about.html dropped by the transform", res.Skipped, ev.skips)
	}
	name := "the transform " + command.Show(line)
	for _, w := range []string{
		name + ":4: https://elsewhere.example/x is not under the base URL https://example.com/; not listed",
		name + ":5: duplicate URL https://example.com/ (written back before)",
		name + ":6: duplicate URL https://example.com/a/new (also at line 3); listed once",
	} {
		if !slices.ContainsFunc(ev.warns, func(s string) bool { return strings.HasPrefix(s, w) }) {
			t.Errorf("no warning %q in\n%s", w, strings.Join(ev.warns, "\n"))
		}
	}
	if res.LastMod[LastModTransform] != 1 || res.LastMod[mapping.LastModMTime] != 1 {
		t.Errorf("lastmod sources %v, want 1 from the transform, 1 mtime", res.LastMod)
	}
	xml, err := os.ReadFile(filepath.Join(root, "sitemap.xml"))
	if err != nil || !strings.Contains(string(xml), "<loc>https://example.com/a/new</loc>") || strings.Contains(string(xml), "about.html") {
		t.Errorf("sitemap.xml (%v):\n%s", err, xml)
	}
}

// TestTransformPassThrough: a hook that writes back what it is given
// (cat) changes nothing: the same bytes as no hook.
func TestTransformPassThrough(t *testing.T) {
	root := site(t, "index.html", "about.html", "blog/index.html")
	alts := `<!doctype html><link rel="alternate" hreflang="en" href="https://example.com/a.html"><link rel="alternate" hreflang="de" href="https://example.com/de/a.html"><img src="/i.png">`
	for _, p := range []string{"a.html", "de/a.html"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, p), []byte(alts), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	opts := Options{Root: root, Map: mapping.Options{Defaults: mapping.Rule{Priority: mustPriority(t, "0.4"), ChangeFreq: sitemap.Weekly}}}
	opts.Map.Images = true
	if _, _, err := run(t, opts); err != nil {
		t.Fatal(err)
	}
	without, err := os.ReadFile(filepath.Join(root, "sitemap.xml"))
	if err != nil {
		t.Fatal(err)
	}
	opts.Transform = hook("cat", command.Options{})
	res, _, err := run(t, opts)
	if err != nil {
		t.Fatal(err)
	}
	with, err := os.ReadFile(filepath.Join(root, "sitemap.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if string(with) != string(without) {
		t.Errorf("with cat as the hook\n%s\nwithout\n%s", with, without)
	}
	if tr := res.Transformed; tr == nil || tr.Given != 5 || tr.Returned != 5 || tr.Edited+tr.Dropped+tr.Added != 0 {
		t.Errorf("counted %+v", res.Transformed)
	}
}

// TestTransformFails: a hook that writes a line that is not a record,
// exits with a status other than 0, runs past its time bound or writes
// past its byte bound fails the build, naming it (and the line), and
// nothing is written: the sitemaps there stay.
func TestTransformFails(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		o          command.Options
		want       string
		is         error
	}{
		{name: "garbage", line: `cat; echo 'not json'`, want: "the transform 'cat; echo '\\''not json'\\''':3: not a JSON object"},
		{name: "a bad value", line: `sed 's/"lastmod":"[^"]*"/"lastmod":"yesterday"/'`, want: `:1: lastmod "yesterday" is not a date`},
		{name: "exit 1", line: `cat; echo oops >&2; exit 1`, want: "command 'cat; echo oops >&2; exit 1': exit status 1: oops"},
		{name: "a hang", line: `sleep 30`, o: command.Options{Timeout: time.Second / 2, TimeoutKey: "limits.command_seconds"},
			want: "command 'sleep 30': ran past its time bound: killed after 500ms (limits.command_seconds)", is: command.ErrTimeout},
		{name: "a huge output", line: `yes '{"loc":"https://example.com/"}'`, o: command.Options{MaxBytes: 64 << 10, Key: "limits.extra_urls_bytes"},
			want: "limits.extra_urls_bytes", is: fsx.ErrTooLarge},
		{name: "not a program", line: `./no-such-hook`, want: "command './no-such-hook': exit status 127"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := site(t, "index.html", "about.html")
			if _, _, err := run(t, Options{Root: root}); err != nil {
				t.Fatal(err)
			}
			before, err := os.ReadFile(filepath.Join(root, "sitemap.xml"))
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			_, _, err = run(t, Options{Root: root, Transform: hook(tc.line, tc.o)})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("error %v is not %v", err, tc.is)
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("the build took %v", d)
			}
			after, err := os.ReadFile(filepath.Join(root, "sitemap.xml"))
			if err != nil || string(after) != string(before) {
				t.Errorf("sitemap.xml changed (%v)", err)
			}
		})
	}
}

// TestTransformExplain: --explain says which values of a page came from
// the hook's line, that a page was dropped by it, and where a URL it
// added came from.
func TestTransformExplain(t *testing.T) {
	root := site(t, "index.html", "about.html", "blog/index.html")
	line := `grep -v blog/ | sed 's|"loc":"https://example.com/about.html"|&,"priority":0.8|'; echo '{"loc":"https://example.com/p/1","lastmod":"2025-01-01"}'`
	var got []Explanation
	opts := Options{Root: root, Explain: []string{"about.html", "blog/index.html", "https://example.com/p/1", "index.html"}, Transform: hook(line, command.Options{})}
	opts.Map.BaseURL = base
	opts.Report.Explain = func(x Explanation) { got = append(got, x) }
	if _, err := Run(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	by := map[string]Explanation{}
	for _, x := range got {
		by[x.Path] = x
	}
	name := "the transform " + command.Show(line)
	if x := by["about.html"]; !x.Listed() || x.TransformFrom != name+":2" || !slices.Equal(x.TransformTook, []string{"priority"}) || x.Decision.URL.Priority.String() != "0.8" {
		t.Errorf("about.html: %+v", x)
	}
	if x := by["blog/index.html"]; x.Listed() || x.Decision.Skip != mapping.Transformed {
		t.Errorf("blog/index.html: %+v", x)
	}
	if x := by[name+":3"]; !x.Listed() || x.TransformFrom != name+":3" || x.Decision.LastModSource != LastModTransform {
		t.Errorf("p/1: %+v (of %d)", x, len(got))
	}
	if x := by["index.html"]; !x.Listed() || x.TransformFrom != "" {
		t.Errorf("index.html, written back as it was: %+v", x)
	}
}

// TestAppendRecord: a record as the hook reads it is one JSON line that
// extraurls reads back to the same record: what a pass-through hook
// writes back changes nothing.
func TestAppendRecord(t *testing.T) {
	u := sitemap.URL{Loc: `https://example.com/a%22b?q=1&r="x"\`, LastMod: time.Date(2024, 5, 1, 9, 30, 0, 0, time.UTC),
		ChangeFreq: sitemap.Weekly, Priority: mustPriority(t, "0.25"),
		Alternates: []sitemap.Alternate{{Lang: "de", Href: "https://example.com/de/"}, {Lang: "x-default", Href: "https://example.com/"}},
		Images:     []sitemap.Image{{Loc: "https://example.com/i.png"}}}
	for _, f := range []sitemap.DateFormat{sitemap.DateTime, sitemap.Date} {
		line := appendRecord(nil, &u, f)
		if !json.Valid(line) || !strings.HasSuffix(string(line), "}\n") || strings.Count(string(line), "\n") != 1 {
			t.Fatalf("not a JSON line: %s", line)
		}
		var got []sitemap.URL
		if err := extraurls.Read(strings.NewReader(string(line)), "hook", extraurls.JSONL, func(r extraurls.Record) error {
			got = append(got, r.URL)
			return nil
		}); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		if len(got) != 1 || hookChanged(&u, &got[0], f) != 0 {
			t.Errorf("%s read back as %+v", line, got)
		}
	}
}

// BenchmarkTransform times whole builds of a generated site of
// SITEMAPGEN_BENCH_PAGES pages (default 10,000) without a hook and with
// cat as the hook, every record to it and back; bench/transform.sh
// measures the same with whole processes:
//
//	go test ./internal/pipeline -run '^$' -bench Transform -count 5
func BenchmarkTransform(b *testing.B) {
	root := sitemaptest.BenchSite(b, benchPages(b))
	for _, tc := range []struct {
		name string
		t    *Transform
	}{{"none", nil}, {"cat", hook("cat", command.Options{})}} {
		b.Run("hook="+tc.name, func(b *testing.B) {
			b.ReportAllocs()
			benchRun(b, Options{Root: root, Heads: Heads{Read: true}, Transform: tc.t})
		})
	}
}

// TestTransformDropsAll: a hook that writes nothing back, and exits 0,
// fails the build as a build of pages left out by a mistake: the
// sitemaps there stay, rather than be withdrawn.
func TestTransformDropsAll(t *testing.T) {
	root := site(t, "index.html", "about.html")
	if _, _, err := run(t, Options{Root: root}); err != nil {
		t.Fatal(err)
	}
	_, _, err := run(t, Options{Root: root, Transform: hook("cat >/dev/null", command.Options{})})
	if !errors.Is(err, ErrAllSkipped) {
		t.Fatalf("error %v, want ErrAllSkipped", err)
	}
	if _, err := os.Stat(filepath.Join(root, "sitemap.xml")); err != nil {
		t.Errorf("sitemap.xml: %v", err)
	}
}
