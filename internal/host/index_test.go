package host

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// checkIndex fails unless every pattern of res that matches a path of
// paths is a candidate for it: the index may only leave out rules that
// cannot match.
func checkIndex(t *testing.T, res []*regexp.Regexp, paths []string) {
	t.Helper()
	x := newRuleIndex(len(res), func(i int) *regexp.Regexp { return res[i] })
	for _, p := range paths {
		got := x.candidates(nil, p)
		if !slices.IsSorted(got) {
			t.Errorf("candidates(%q) = %v: not in order", p, got)
		}
		for i, re := range res {
			if re.MatchString(p) && !slices.Contains(got, i) {
				t.Errorf("%s matches %q but is not a candidate (%v)", re, p, got)
			}
		}
	}
}

func TestRuleIndex(t *testing.T) {
	var res []*regexp.Regexp
	for _, p := range []string{"/", "/about", "/blog/*", "/blog/:slug", "/a-*", "/*", "/é", "/x/:a/y", "/news/2024/*"} {
		_, re, err := netlifyPattern(p)
		if err != nil {
			t.Fatal(err)
		}
		res = append(res, re)
	}
	for _, p := range []string{"/:a(\\d+)?/(.*)+", "/docs/:path*", "/(.*)", "/\\(x\\)", "/(\\x{FFFD})", "/v/\uFFFD"} {
		re, err := pathToRegexp(p)
		if err != nil {
			t.Fatal(err)
		}
		res = append(res, re)
	}
	paths := []string{"", "/", "/about", "/about/", "/blog/", "/blog/x", "/a-b", "/a", "/é", "/x/1/y", "/news/2024/", "/news/2024/1",
		"/12/z", "/docs", "/docs/a/b", "/(x)", "/\xff", "/v/\xff", "/v/\uFFFD"}
	checkIndex(t, res, paths)
	x := newRuleIndex(len(res), func(i int) *regexp.Regexp { return res[i] })
	// The rules under /blog/, /x/ and /news/2024/ are not tried on /about.
	if got := x.candidates(nil, "/about"); slices.ContainsFunc(got, func(i int) bool { return i == 2 || i == 3 || i == 7 || i == 8 }) {
		t.Errorf("candidates(/about) = %v: rules under other folders are tried", got)
	}
}

// BenchmarkRedirectMatch matches 20,000 pages against 20,000 _redirects
// rules (exact paths, splats and :name segments under many prefixes), as
// a site with a big redirect file does: before the index each page ran
// every rule.
//
//	go test ./internal/host -run '^$' -bench RedirectMatch -benchmem
func BenchmarkRedirectMatch(b *testing.B) {
	var file strings.Builder
	for i := range 20_000 {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&file, "/old/%d /new/%d 301\n", i, i)
		case 1:
			fmt.Fprintf(&file, "/s%d/* /t%d/:splat 302\n", i, i)
		case 2:
			fmt.Fprintf(&file, "/c/%d/:slug /d/:slug 301\n", i)
		default:
			fmt.Fprintf(&file, "/p/%d/x.html /q/%d 200\n", i, i)
		}
	}
	r := &Redirects{}
	if w := r.parseRedirectsFile("_redirects", []byte(file.String()), false); len(w) > 0 {
		b.Fatal(w)
	}
	locs := make([]string, 20_000)
	for i := range locs {
		locs[i] = fmt.Sprintf("https://example.com/page/%d/", i)
	}
	locs[0] = "https://example.com/old/4"
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		for _, loc := range locs {
			if _, ok := r.Match(loc); ok {
				n++
			}
		}
		if n != 1 {
			b.Fatalf("%d redirected, want 1", n)
		}
	}
}

// 20,000 pages against 20,000 _redirects rules and 20,000 _headers rules
// take milliseconds through the index (over six minutes when each page ran
// every rule), and the rules that match still answer.
func TestMatchManyRules(t *testing.T) {
	var redirects, headers strings.Builder
	for i := range 20_000 {
		fmt.Fprintf(&redirects, "/old/%d /new/%d 301\n/s%d/* /t%d/:splat 302\n", i, i, i, i)
		fmt.Fprintf(&headers, "/p%d/*\n  X-Robots-Tag: noindex\n/q/%d\n  X-Robots-Tag: none\n", i, i)
	}
	dir := t.TempDir()
	write(t, dir, "_redirects", redirects.String())
	write(t, dir, "_headers", headers.String())
	rd, _, err := LoadRedirects(false, limits.Default, dir)
	if err != nil {
		t.Fatal(err)
	}
	hd, _, err := Load(limits.Default, dir)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan [2]int)
	go func() {
		var n [2]int
		for i := range 20_000 {
			loc := fmt.Sprintf("https://example.com/page/%d/", i)
			switch i {
			case 7:
				loc = "https://example.com/s7/a/b"
			case 9:
				loc = "https://example.com/q/9/"
			}
			if _, ok := rd.Match(loc); ok {
				n[0]++
			}
			if _, ok := hd.NoIndex(loc); ok {
				n[1]++
			}
		}
		done <- n
	}()
	// Not a synchronisation: a bound that the index (milliseconds) never
	// reaches and a scan of every rule (minutes) always does.
	select {
	case n := <-done:
		if n != [2]int{1, 1} {
			t.Errorf("%d redirected, %d noindex; want 1 and 1", n[0], n[1])
		}
	case <-time.After(20 * time.Second):
		t.Fatal("20,000 pages against 40,000 rules took over 20 s: every rule is tried")
	}
}
