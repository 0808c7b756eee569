package host

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// redirectCase is a URL and what Match should say of it: where "" for no
// redirect, else the rule's "file:line" under the test's folder.
type redirectCase struct {
	loc, where, to string
	status         int
}

func checkMatches(t *testing.T, r *Redirects, dir string, tests []redirectCase) {
	t.Helper()
	for _, tt := range tests {
		got, ok := r.Match(tt.loc)
		want := Redirect{}
		if tt.where != "" {
			want = Redirect{Where: filepath.Join(dir, tt.where), To: tt.to, Status: tt.status}
		}
		if got != want || ok != (tt.where != "") {
			t.Errorf("Match(%s) = %+v, %v; want %+v", tt.loc, got, ok, want)
		}
	}
}

// relWarnings returns the warnings with dir/ cut off their start.
func relWarnings(dir string, warnings []error) []string {
	var got []string
	for _, w := range warnings {
		got = append(got, strings.TrimPrefix(w.Error(), dir+string(filepath.Separator)))
	}
	return got
}

func loadRedirects(t *testing.T, shadowing bool, dirs ...string) (*Redirects, []error) {
	t.Helper()
	r, warnings, err := LoadRedirects(shadowing, limits.Default, dirs...)
	if err != nil {
		t.Fatal(err)
	}
	return r, warnings
}

const redirectsFile = `# Netlify and Cloudflare Pages redirects

/home              /
/old-blog/*        /blog/:splat            302
/news/:year/:month /archive/:month-:year   308
/temp              /t?from=:splat          307   # a comment after the rule
/spa/*             /index.html             200
/spa/old           /new                    301!
/gone              /404.html               404
/proxy/*           https://api.example.com/:splat   200!
https://old.example.com/*   https://example.com/:splat   301!
/dir/              /elsewhere              303
/forced            /f                      301!
/authors/c%C3%A9line    /authors/about-celine
/docs/*            /manual/:splat          302
/x                 /y                      301
/x                 /z                      301!
/app/*   200
/Case   /case
`

func TestRedirectsFile(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "_redirects", redirectsFile)
	r, warnings := loadRedirects(t, false, dir)
	if len(warnings) != 0 {
		t.Fatalf("warnings %v", warnings)
	}
	if r.Len() != 13 {
		t.Errorf("Len() = %d, want the 13 rules with a redirect status", r.Len())
	}
	checkMatches(t, r, dir, []redirectCase{
		{"https://example.com/home", "_redirects:3", "/", 301}, // default status
		{"https://example.com/home/", "_redirects:3", "/", 301},
		{"https://example.com/homes", "", "", 0},
		{"https://example.com/Home", "", "", 0}, // paths are case-sensitive
		{"https://example.com/old-blog/a/b.html", "_redirects:4", "/blog/a/b.html", 302},
		{"https://example.com/old-blog/", "_redirects:4", "/blog/", 302},
		{"https://example.com/old-blog", "_redirects:4", "/blog/", 302}, // without its trailing slash
		{"https://example.com/news/2024/05", "_redirects:5", "/archive/05-2024", 308},
		{"https://example.com/news/2024/05/", "_redirects:5", "/archive/05-2024", 308},
		{"https://example.com/news/2024/05/x", "", "", 0}, // a placeholder is one segment
		{"https://example.com/temp", "_redirects:6", "/t?from=:splat", 307},
		{"https://example.com/spa/a", "", "", 0},   // a rewrite
		{"https://example.com/spa/old", "", "", 0}, // the rewrite above answers first
		{"https://example.com/gone", "", "", 0},
		{"https://example.com/proxy/x", "", "", 0},
		{"https://old.example.com/a/b?q=1", "_redirects:11", "https://example.com/a/b", 301},
		{"https://OLD.example.com/", "_redirects:11", "https://example.com/", 301},
		{"https://example.com/a/b", "", "", 0}, // another host
		{"https://example.com/dir", "_redirects:12", "/elsewhere", 303},
		{"https://example.com/dir/", "_redirects:12", "/elsewhere", 303},
		{"https://example.com/forced", "_redirects:13", "/f", 301},
		{"https://example.com/authors/c%C3%A9line", "_redirects:14", "/authors/about-celine", 301},
		{"https://example.com/docs/a%20b/", "_redirects:15", "/manual/a b/", 302},
		{"https://example.com/x", "_redirects:16", "/y", 301}, // the first match wins
		{"https://example.com/app/x", "", "", 0},              // "/app/* 200": a rewrite to itself
		{"https://example.com/", "", "", 0},
		{"https://example.com", "", "", 0},
		{"https://example.com/Case", "_redirects:19", "/case", 301},
		{"https://example.com/case", "", "", 0},
		{"::not a URL", "", "", 0},
	})
}

// With shadowing, as on Netlify, a file of the site wins over a rule that
// is not forced, and the first matching rule answers even so.
func TestRedirectsShadowing(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "_redirects", redirectsFile)
	r, warnings := loadRedirects(t, true, dir)
	if len(warnings) != 0 {
		t.Fatalf("warnings %v", warnings)
	}
	if r.Len() != 13 {
		t.Errorf("Len() = %d, want 13", r.Len())
	}
	checkMatches(t, r, dir, []redirectCase{
		{"https://example.com/home", "", "", 0},
		{"https://example.com/old-blog/a", "", "", 0},
		{"https://example.com/news/2024/05", "", "", 0},
		{"https://example.com/forced", "_redirects:13", "/f", 301},
		{"https://example.com/forced/", "_redirects:13", "/f", 301},
		{"https://old.example.com/a", "_redirects:11", "https://example.com/a", 301},
		{"https://example.com/spa/old", "", "", 0}, // the rewrite above answers first
		{"https://example.com/x", "", "", 0},       // "/x /y 301" answers: the file
	})
	// A URL no file serves any more (a page removed): nothing shadows
	// the rules, which answer as without shadowing.
	for _, c := range []redirectCase{
		{"https://example.com/home", "_redirects:3", "/", 301},
		{"https://example.com/old-blog/a", "_redirects:4", "/blog/a", 302},
		{"https://example.com/x", "_redirects:16", "/y", 301},
		{"https://example.com/spa/old", "", "", 0},
		{"https://example.com/nowhere", "", "", 0},
	} {
		got, ok := r.MatchGone(c.loc)
		if ok != (c.where != "") || ok && (!strings.HasSuffix(got.Where, c.where) || got.To != c.to || got.Status != c.status) {
			t.Errorf("MatchGone(%s) = %+v, %v; want %s %s %d", c.loc, got, ok, c.where, c.to, c.status)
		}
	}
}

func TestRedirectsFileProblems(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "_redirects", `/country   /anz   302   Country=au,nz
/lang   /fr   302   Language=fr
/admin/*   /admin/:splat   200!   Role=admin
/cookie   /c   301   Cookie=beta
/store   id=:id   /blog/:id   301
/status   /s   30x
/status2   /s   301!!
/lonely
/nodest   nowhere   301
no-slash   /x
/a/*/b   /c
/forward/*   301
/signed   /s   302   Sign=secret
/ok   /fine
/forward-ok/*   200
https://   /x
`)
	r, warnings := loadRedirects(t, false, dir)
	want := []string{
		`_redirects:1: the rule for "/country" depends on the request (Country=au,nz); ignored`,
		`_redirects:2: the rule for "/lang" depends on the request (Language=fr); ignored`,
		`_redirects:3: the rule for "/admin/*" depends on the request (Role=admin); ignored`,
		`_redirects:4: the rule for "/cookie" depends on the request (Cookie=beta); ignored`,
		`_redirects:5: the rule for "/store" matches query parameters (id=:id); ignored`,
		`_redirects:6: status "30x" is not a number; the rule is ignored`,
		`_redirects:7: status "301!!" is not a number; the rule is ignored`,
		`_redirects:8: no destination after "/lonely"; the rule is ignored`,
		`_redirects:9: the destination of "/nodest" does not start with "/", "http://" or "https://"; the rule is ignored`,
		`_redirects:10: path "no-slash" does not start with /; the rule is ignored`,
		`_redirects:11: "/a/*/b" has a splat (*) that does not end it; the rule is ignored`,
		`_redirects:12: no destination after "/forward/*"; the rule is ignored`,
		`_redirects:16: path "https://" is not a URL path; the rule is ignored`,
	}
	if got := relWarnings(dir, warnings); !slices.Equal(got, want) {
		t.Errorf("warnings\n%q\nwant\n%q", got, want)
	}
	if r.Len() != 2 {
		t.Errorf("Len() = %d, want 2 (/signed, /ok)", r.Len())
	}
	checkMatches(t, r, dir, []redirectCase{
		{"https://example.com/country", "", "", 0},
		{"https://example.com/store", "", "", 0},
		{"https://example.com/signed", "_redirects:13", "/s", 302},
		{"https://example.com/ok", "_redirects:14", "/fine", 301},
	})
}

func TestNetlifyTOML(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "netlify.toml", `[build]
  publish = "public"

[[redirects]]
  from = "/old/*"
  to = "/new/:splat"

[[redirects]] # temporary
  from = "/temp"
  to = "/t"
  status = 302

[[redirects]]
  from = "/rewrite/*"
  to = "/index.html"
  status = 200
  force = true

[[redirects]]
  from = "/forced/:lang/page"
  to = "/:lang/page"
  status = 308
  force = true

[[redirects]]
  from = "/fr/*"
  to = "/fr/welcome"
  status = 302
  conditions = {Language = ["fr"], Country = ["FR"]}

[[redirects]]
  from = "/store"
  to = "/blog/:id"
  query = {id = ":id"}

[[redirects]]
  from = "/s"
  to = "/t"
  status = "303"

[[redirects]]
  from = "/bad-status"
  to = "/t"
  status = "three hundred"

[[redirects]]
  to = "/nowhere"

[[redirects]]
  from = "/proxy/*"
  to = "https://api.example.com/:splat"
  status = 301
  force = true
  [redirects.headers]
    X-From = "Netlify"

[[redirects]]
  origin = "/legacy"
  destination = "/modern"

[[redirects]]
  from = "/forward/*"
  status = 200

[[redirects]]
  from = "/no-to"

[[redirects]]
  from = "/force-string"
  to = "/x"
  force = "yes"
`)
	r, warnings := loadRedirects(t, false, dir)
	want := []string{
		`netlify.toml:25: the rule for "/fr/*" depends on the request (conditions Country = [FR], Language = [fr]); ignored`,
		`netlify.toml:31: the rule for "/store" matches query parameters (id = :id); ignored`,
		`netlify.toml:41: status "three hundred" is not a number; the rule is ignored`,
		`netlify.toml:46: [[redirects]] without from; ignored`,
		`netlify.toml:65: the rule for "/no-to" has no to; ignored`,
	}
	got := relWarnings(dir, warnings)
	if len(got) != len(want)+1 || !slices.Equal(got[:len(want)], want) ||
		got[len(want)] != "netlify.toml:68: [[redirects]]: incompatible types: TOML value has type string; destination has type boolean; the rule is ignored" {
		t.Errorf("warnings\n%q\nwant\n%q\nand one for netlify.toml:68", got, want)
	}
	checkMatches(t, r, dir, []redirectCase{
		{"https://example.com/old/a/b", "netlify.toml:4", "/new/a/b", 301},
		{"https://example.com/old", "netlify.toml:4", "/new/", 301},
		{"https://example.com/temp/", "netlify.toml:8", "/t", 302},
		{"https://example.com/rewrite/x", "", "", 0},
		{"https://example.com/forced/de/page", "netlify.toml:19", "/de/page", 308},
		{"https://example.com/fr/x", "", "", 0},
		{"https://example.com/store", "", "", 0},
		{"https://example.com/s", "netlify.toml:36", "/t", 303},
		{"https://example.com/bad-status", "", "", 0},
		{"https://example.com/proxy/v1/x", "netlify.toml:49", "https://api.example.com/v1/x", 301},
		{"https://example.com/legacy", "netlify.toml:57", "/modern", 301},
		{"https://example.com/forward/x", "", "", 0},
		{"https://example.com/force-string", "", "", 0},
	})

	// Shadowing applies to netlify.toml as to _redirects.
	r, _ = loadRedirects(t, true, dir)
	checkMatches(t, r, dir, []redirectCase{
		{"https://example.com/old/a/b", "", "", 0},
		{"https://example.com/forced/de/page", "netlify.toml:19", "/de/page", 308},
		{"https://example.com/proxy/v1/x", "netlify.toml:49", "https://api.example.com/v1/x", 301},
	})
}

func TestNetlifyTOMLInlineAndErrors(t *testing.T) {
	tests := []struct {
		name, toml string
		warnings   []string
		loc, where string
	}{
		{"no redirects", "[build]\npublish = \"x\"\n\n[[headers]]\nfor = \"/*\"\n", nil, "https://example.com/a", ""},
		{"inline redirects", "redirects = [\n  {from = \"/a\", to = \"/b\"},\n  {from = \"/c\", to = \"/d\"},\n]\n", nil, "https://example.com/c", "netlify.toml:1"},
		// A file that does not parse: neither its headers nor its
		// redirects are read.
		{"syntax error", "[[redirects]]\nfrom = \"/a\"\nto = \"/b\n", []string{"netlify.toml:3: "}, "https://example.com/a", ""},
		{"not a table", "# rules\n\nredirects = \"/a /b\"\n", []string{"netlify.toml:3: incompatible types: "}, "https://example.com/a", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, "netlify.toml", tt.toml)
			r, warnings := loadRedirects(t, false, dir)
			got := relWarnings(dir, warnings)
			if len(got) != len(tt.warnings) {
				t.Fatalf("warnings %q, want %d", got, len(tt.warnings))
			}
			for i, w := range tt.warnings {
				then := "; its redirects are ignored"
				if tt.name == "syntax error" {
					then = "; its headers and redirects are ignored"
				}
				if !strings.HasPrefix(got[i], w) || !strings.HasSuffix(got[i], then) {
					t.Errorf("warning %q, want it to start with %q", got[i], w)
				}
			}
			m, ok := r.Match(tt.loc)
			if ok != (tt.where != "") || ok && m.Where != filepath.Join(dir, tt.where) {
				t.Errorf("Match(%s) = %+v, %v; want %q", tt.loc, m, ok, tt.where)
			}
		})
	}
}

func TestVercelRedirects(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "vercel.json", `{
  "headers": [{"source": "/(.*)", "headers": [{"key": "X-Robots-Tag", "value": "noindex"}]}],
  "redirects": [
    {"source": "/me", "destination": "/profile.html"},
    {"source": "/user", "destination": "/api/user", "permanent": false},
    {"source": "/perm", "destination": "/p", "permanent": true},
    {"source": "/code", "destination": "/c", "statusCode": 301},
    {"source": "/both", "destination": "/b", "permanent": false, "statusCode": 301},
    {"source": "/blog/:slug", "destination": "/news/:slug"},
    {"source": "/docs/:path*", "destination": "/manual/:path*", "permanent": false},
    {"source": "/:path((?!uk/).*)", "has": [{"type": "header", "key": "x-vercel-ip-country", "value": "GB"}], "destination": "/uk/:path*", "permanent": false},
    {"source": "/cond", "missing": [{"type": "cookie", "key": "seen"}], "destination": "/x"},
    {"source": "/look/:a((?!b).*)", "destination": "/x"},
    {"source": "/str", "destination": "/x", "statusCode": "301"},
    {"source": "/rewrite-ish", "destination": "/x", "statusCode": 200},
    {"source": "/rewrite-ish", "destination": "/y"},
    {"source": "/files/:name.pdf", "destination": "/pdf/:name"},
    {"source": "/user/:id(\\d+)/:tab?", "destination": "/u/:id/:tab"},
    {"source": "https://old.example.com/:p*", "destination": "/x"},
    {"source": "/no-destination"},
    {"source": "/me", "destination": "/second"},
    {"source": 3, "destination": "/x"},
    {"source": "/empty-has", "has": [], "destination": "/eh"}
  ]
}`)
	r, warnings := loadRedirects(t, true, dir) // shadowing does not apply to Vercel
	want := []string{
		`vercel.json:8: the redirect for "/both" has both permanent and statusCode, which Vercel documents as one or the other; Vercel uses permanent`,
		`vercel.json:11: the redirect for "/:path((?!uk/).*)" depends on the request (has/missing); ignored`,
		`vercel.json:12: the redirect for "/cond" depends on the request (has/missing); ignored`,
		`vercel.json:13: source "/look/:a((?!b).*)": not a pattern Go can match (error parsing regexp: invalid or unsupported Perl syntax: ` + "`(?!`" + `); the rule is ignored`,
		`vercel.json:14: statusCode "301" of the redirect for "/str" is not a number; ignored`,
		`vercel.json:19: the redirect for "https://old.example.com/:p*" names a host in its source; ignored`,
		`vercel.json:20: the redirect for "/no-destination" has no destination; ignored`,
	}
	got := relWarnings(dir, warnings)
	if len(got) != len(want)+1 || !slices.Equal(got[:len(want)], want) || !strings.HasPrefix(got[len(want)], "vercel.json:22: redirect: json: ") {
		t.Errorf("warnings\n%q\nwant\n%q\nand one for vercel.json:22", got, want)
	}
	checkMatches(t, r, dir, []redirectCase{
		{"https://example.com/me", "vercel.json:4", "/profile.html", 308}, // neither permanent nor statusCode
		{"https://example.com/me/", "", "", 0},                            // no trailing slash: strict
		{"https://example.com/ME", "", "", 0},                             // case-sensitive
		{"https://example.com/user", "vercel.json:5", "/api/user", 307},
		{"https://example.com/perm", "vercel.json:6", "/p", 308},
		{"https://example.com/code", "vercel.json:7", "/c", 301},
		{"https://example.com/both", "vercel.json:8", "/b", 307},
		{"https://example.com/blog/hello-world", "vercel.json:9", "/news/hello-world", 308},
		{"https://example.com/blog/a/b", "", "", 0},
		{"https://example.com/docs/a/b/c", "vercel.json:10", "/manual/a/b/c", 307},
		{"https://example.com/docs", "vercel.json:10", "/manual", 307},
		{"https://example.com/uk/x", "", "", 0},
		{"https://example.com/cond", "", "", 0},
		{"https://example.com/rewrite-ish", "", "", 0}, // the first match answers 200
		{"https://example.com/files/report.pdf", "vercel.json:17", "/pdf/report", 308},
		{"https://example.com/user/42", "vercel.json:18", "/u/42/", 308},
		{"https://example.com/user/42/posts", "vercel.json:18", "/u/42/posts", 308},
		{"https://example.com/user/ab", "", "", 0},
		{"https://example.com/empty-has", "vercel.json:23", "/eh", 308},
	})
}

func TestVercelRedirectsBadJSON(t *testing.T) {
	for name, tt := range map[string]struct {
		json, where string
	}{
		"syntax":    {"{\n  \"redirects\": [\n    {\"source\": \"/x\",}\n  ]\n}\n", "vercel.json:3: "},
		"not array": {"{\n  \"cleanUrls\": true,\n  \"redirects\": {\"source\": \"/x\"}\n}\n", "vercel.json:3: "},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, "vercel.json", tt.json)
			r, warnings := loadRedirects(t, false, dir)
			got := relWarnings(dir, warnings)
			if r.Len() != 0 || len(got) != 1 || !strings.HasPrefix(got[0], tt.where) || !strings.HasSuffix(got[0], "; its redirects are ignored") {
				t.Errorf("rules %d, warnings %q; want one at %s", r.Len(), got, tt.where)
			}
		})
	}
}

func TestVercelCaptures(t *testing.T) {
	tests := []struct {
		src, path string
		want      map[string]string
	}{
		{"/blog/:slug", "/blog/a-b", map[string]string{"slug": "a-b"}},
		{"/docs/:path*", "/docs/a/b", map[string]string{"path": "a/b"}},
		{"/docs/:path*", "/docs", map[string]string{"path": ""}},
		{"/docs/:path+", "/docs/a/b/c", map[string]string{"path": "a/b/c"}},
		{"/u/:id(\\d+)/:tab?", "/u/7", map[string]string{"id": "7", "tab": ""}},
		{"/:lang(en|fr)/(.*)", "/fr/x/y", map[string]string{"lang": "fr"}},
		{"/a\\/:b", "/a/x", map[string]string{"b": "x"}},
		{"/:a-:b", "/x-y", map[string]string{"a": "x", "b": "y"}},
	}
	for _, tt := range tests {
		re, names, groups := vercelCaptures(tt.src)
		orig, err := pathToRegexp(tt.src)
		if re == nil || err != nil {
			t.Errorf("%s: no capture (%v)", tt.src, err)
			continue
		}
		if !orig.MatchString(tt.path) {
			t.Errorf("%s does not match %s", tt.src, tt.path)
		}
		m := re.FindStringSubmatch(tt.path)
		if m == nil {
			t.Errorf("%s (%s) does not match %s", tt.src, re, tt.path)
			continue
		}
		got := map[string]string{}
		for i, name := range names {
			if name != "" {
				got[name] = m[groups[i]]
			}
		}
		if len(got) != len(tt.want) {
			t.Errorf("%s on %s: %v, want %v", tt.src, tt.path, got, tt.want)
		}
		for k, v := range tt.want {
			if got[k] != v {
				t.Errorf("%s on %s: %s = %q, want %q", tt.src, tt.path, k, got[k], v)
			}
		}
	}
}

func TestFillPlaceholders(t *testing.T) {
	values := map[string]string{"splat": "a/b", "id": "7", "empty": ""}
	tests := []struct {
		to     string
		vercel bool
		want   string
	}{
		{"/new/:splat", false, "/new/a/b"},
		{"/new/:splat?x=:id", false, "/new/a/b?x=7"},
		{"/:ids/:id", false, "/:ids/7"},
		{"https://x.example.com:8080/:id", false, "https://x.example.com:8080/7"},
		{"/new/:splat*", true, "/new/a/b"},
		{"/new/:empty*", true, "/new"},
		{"/new/:empty", true, "/new/"},
		{"/new/:splat*", false, "/new/a/b*"},
		{"/u/:unknown", true, "/u/:unknown"},
	}
	for _, tt := range tests {
		if got := fillPlaceholders(tt.to, values, tt.vercel); got != tt.want {
			t.Errorf("fillPlaceholders(%q, vercel %v) = %q, want %q", tt.to, tt.vercel, got, tt.want)
		}
	}
}

// Files apply folder by folder, and in a folder _redirects, netlify.toml,
// vercel.json; _redirects and netlify.toml are one list for Netlify.
func TestLoadRedirectsFolders(t *testing.T) {
	site, project, empty := t.TempDir(), t.TempDir(), t.TempDir()
	write(t, site, "_redirects", "/a  /from-site  302\n/rw/*  /index.html  200!\n")
	write(t, project, "_redirects", "/a  /from-project  301\n/b  /from-project-b  301\n")
	write(t, project, "netlify.toml", "[[redirects]]\nfrom = \"/b\"\nto = \"/from-toml\"\n\n[[redirects]]\nfrom = \"/c\"\nto = \"/from-toml-c\"\n\n[[redirects]]\nfrom = \"/rw/x\"\nto = \"/from-toml-rw\"\nforce = true\n")
	write(t, project, "vercel.json", `{"redirects": [{"source": "/c", "destination": "/from-vercel"}, {"source": "/d", "destination": "/from-vercel-d"}, {"source": "/rw/x", "destination": "/from-vercel-rw"}]}`)
	rel, err := filepath.Rel(mustGetwd(t), site)
	if err != nil {
		t.Fatal(err)
	}
	r, warnings := loadRedirects(t, false, empty, site, filepath.Join(project, "missing"), project, rel, site+"/")
	if len(warnings) != 0 {
		t.Fatalf("warnings %v", warnings)
	}
	if r.Len() != 9 {
		t.Errorf("Len() = %d, want 9: each folder read once", r.Len())
	}
	for loc, want := range map[string]string{
		"https://example.com/a":    filepath.Join(site, "_redirects:1"),
		"https://example.com/b":    filepath.Join(project, "_redirects:2"),
		"https://example.com/c":    filepath.Join(project, "netlify.toml:5"),
		"https://example.com/d":    filepath.Join(project, "vercel.json:1"),
		"https://example.com/rw/x": filepath.Join(project, "vercel.json:1"), // the rewrite answers for Netlify, not for Vercel
	} {
		if got, ok := r.Match(loc); !ok || got.Where != want {
			t.Errorf("Match(%s) = %+v, %v; want %s", loc, got, ok, want)
		}
	}
	if got, _ := r.Match("https://example.com/rw/x"); got.To != "/from-vercel-rw" {
		t.Errorf("/rw/x redirects to %q", got.To)
	}

	r, warnings = loadRedirects(t, false, empty, filepath.Join(empty, "no-such-folder"))
	if r.Len() != 0 || len(warnings) != 0 {
		t.Errorf("no files: %d rules, warnings %v", r.Len(), warnings)
	}
	var none *Redirects
	if _, ok := none.Match("https://example.com/a"); ok || none.Len() != 0 {
		t.Error("nil Redirects matches")
	}
}

func mustGetwd(t *testing.T) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return wd
}

func TestLoadRedirectsUnreadable(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "netlify.toml"), 0o755); err != nil {
		t.Fatal(err)
	}
	if r, _, err := LoadRedirects(false, limits.Default, dir); err == nil || r != nil {
		t.Errorf("netlify.toml a folder: %v, %v; want an error", r, err)
	}
}

func TestRedirectFiles(t *testing.T) {
	if got, want := RedirectFiles(), []string{"_redirects", "netlify.toml", "vercel.json"}; !slices.Equal(got, want) {
		t.Errorf("RedirectFiles() = %q, want %q", got, want)
	}
}

// FuzzRedirects feeds any bytes as each of the three files: problems are
// warnings that name their file, never an error or a panic.
func FuzzRedirects(f *testing.F) {
	f.Add([]byte(redirectsFile), []byte("[[redirects]]\nfrom = \"/a/*\"\nto = \"/b/:splat\"\nforce = true\n"), []byte(`{"redirects":[{"source":"/docs/:path*","destination":"/m/:path*"}]}`))
	f.Add([]byte("/a id=:id /b 301! Country=x\n/* 200\n"), []byte("redirects = [{from = \"/x\", status = \"abc\"}]"), []byte(`{"redirects":[{"source":"/:a(\\d+)?/(.*)+","destination":"/:a","has":[]}]}`))
	f.Add([]byte("https://h/:x/* /:x/:splat 302\n"), []byte("[[redirects]]\nfrom = 3\n"), []byte(`{"redirects":{}}`))
	f.Add([]byte("/a/* /a/b 404\n"), []byte("[[redirects]]\nfrom = \"/x/*\"\nto = \"/x/y/index.html\"\nstatus = 404\n"), []byte(`{}`))
	f.Fuzz(func(t *testing.T, redirects, netlify, vercel []byte) {
		defer fuzzbound.Check(t)()
		dir := t.TempDir()
		for name, data := range map[string][]byte{"_redirects": redirects, "netlify.toml": netlify, "vercel.json": vercel} {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for _, shadowing := range []bool{false, true} {
			r, warnings, err := LoadRedirects(shadowing, limits.Default, dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range warnings {
				named := false
				for _, name := range RedirectFiles() {
					named = named || strings.HasPrefix(w.Error(), filepath.Join(dir, name)+":")
				}
				if !named {
					t.Errorf("warning names no file: %v", w)
				}
			}
			for _, loc := range []string{"https://example.com/", "https://example.com/a/b", "https://example.com/a/b/", "https://h/x/y", "http://example.com/%zz", "/relative"} {
				if m, ok := r.Match(loc); ok && (m.Where == "" || !isRedirectStatus(m.Status)) {
					t.Errorf("Match(%s) = %+v", loc, m)
				}
				if e, ok := r.ErrorPage(loc); ok && (e.Where == "" || !shadowing) {
					t.Errorf("ErrorPage(%s) = %+v, shadowing %v", loc, e, shadowing)
				}
			}
			// The index leaves out no rule that matches: the paths the
			// files name, and a few more, against every rule.
			paths := []string{"/", "/a/b", "/a/b/", "/x/y"}
			for _, f := range strings.Fields(string(redirects) + " " + string(netlify) + " " + string(vercel)) {
				f = strings.Trim(f, `"',{}[]`)
				paths = append(paths, f, f+"/", strings.TrimSuffix(f, "/"), strings.ReplaceAll(f, "*", "x/y"))
			}
			var res []*regexp.Regexp
			for _, ru := range r.rules {
				res = append(res, ru.re)
			}
			checkIndex(t, res, paths)
		}
	})
}

// A rule's pattern past maxPattern bytes is not compiled (a megabyte of
// it cost seconds and hundreds of MB): a warning at its line quoting its
// start, in _redirects, _headers and vercel.json; the other rules stand.
func TestLongPatterns(t *testing.T) {
	dir := t.TempDir()
	long := "/" + strings.Repeat("(a|b)", 780_000) // 3.9 MB
	write(t, dir, "_redirects", "/ok /new\n"+strings.Repeat("x", 5000)+"/* /y\n/"+strings.Repeat("p", maxPattern)+" /z\n")
	write(t, dir, "_headers", "/"+strings.Repeat("h", maxPattern)+"\n  X-Robots-Tag: noindex\n/ok\n  X-Robots-Tag: noindex\n")
	sub := filepath.Join(dir, "v")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, sub, "vercel.json", `{"redirects": [{"source": "/v", "destination": "/w"},
{"source": "`+long+`", "destination": "/x"}],
"headers": [{"source": "/`+strings.Repeat("(a)", 2000)+`", "headers": [{"key": "X-Robots-Tag", "value": "noindex"}]}]}`)
	r, warnings := loadRedirects(t, false, dir, sub)
	rules, hw, err := Load(limits.Default, dir, sub)
	if err != nil {
		t.Fatal(err)
	}
	got := append(relWarnings(dir, warnings), relWarnings(dir, hw)...)
	want := []string{
		`_redirects:2: a pattern of 5002 bytes ("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"…) is longer than 4096, the most a rule's may be; the rule is ignored`,
		`_redirects:3: a pattern of 4097 bytes ("/ppppppppppppppppppppppppppppppppppppppp"…) is longer than 4096, the most a rule's may be; the rule is ignored`,
		`v/vercel.json:2: redirect: a pattern of 3900001 bytes ("/(a|b)(a|b)(a|b)(a|b)(a|b)(a|b)(a|b)(a|b"…) is longer than 4096, the most a rule's may be; ignored`,
		`_headers:1: a pattern of 4097 bytes ("/hhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhh"…) is longer than 4096, the most a rule's may be; its headers are ignored`,
		`v/vercel.json:3: a pattern of 6001 bytes ("/(a)(a)(a)(a)(a)(a)(a)(a)(a)(a)(a)(a)(a)"…) is longer than 4096, the most a rule's may be; its headers are ignored`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	checkMatches(t, r, dir, []redirectCase{
		{"https://example.com/ok", "_redirects:1", "/new", 301},
		{"https://example.com/v", "v/vercel.json:1", "/w", 308},
	})
	if rules.Len() != 1 {
		t.Errorf("%d header rules, want the one for /ok", rules.Len())
	}
}

// A source within the program's bound keeps its parameters in the
// destination, though the rewrite that captures them (vercelCaptures)
// counts a few steps more: it had passed the bound, and the redirect went
// to "/new/:id" as written.
func TestVercelCapturesNearTheBound(t *testing.T) {
	dir := t.TempDir()
	src := `/v/:id(` + strings.Repeat(`\\d{1000}`, 16) + strings.Repeat(`[a-z]`, 360) + `)`
	write(t, dir, "vercel.json", `{"redirects": [{"source": "`+src+`", "destination": "/new/:id"}]}`)
	r, warnings := loadRedirects(t, true, dir)
	if len(warnings) > 0 {
		t.Fatalf("warnings %q", relWarnings(dir, warnings))
	}
	id := strings.Repeat("1", 16000) + strings.Repeat("a", 360)
	checkMatches(t, r, dir, []redirectCase{{"https://example.com/v/" + id, "vercel.json:1", "/new/" + id, 308}})
}

// A Netlify rule with status 404 serves its target as the error page of
// the paths it matches: ErrorPage names that target's page, in every name
// of its file, on the host a rule limits it to, with shadowing alone (the
// rules run as Netlify runs them).
func TestRedirectsErrorPage(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "_redirects", "/fr/*  /fr/404.html  404\n/docs/*  /docs/:splat/404  404\n/es/*  /es/%C3%B1/  404\nhttps://other.example.com/*  /other-404  404\n/x  /elsewhere  301\n")
	write(t, dir, "netlify.toml", "[[redirects]]\n  from = \"/de/*\"\n  to = \"/de/404\"\n  status = 404\n\n[[redirects]]\n  from = \"/de/alt/*\"\n  to = \"/de/404\"\n  status = 404\n\n[[redirects]]\n  from = \"/api/*\"\n  to = \"https://api.example.com/404\"\n  status = 404\n")
	r, warnings := loadRedirects(t, true, dir)
	if len(warnings) != 0 {
		t.Fatalf("warnings %q", relWarnings(dir, warnings))
	}
	if got := r.ErrorPages(); got != 5 {
		t.Errorf("ErrorPages() = %d, want 5 (not the one with a placeholder, nor the proxy)", got)
	}
	for _, tc := range []struct{ loc, where, from string }{
		{"https://example.com/de/404/", "netlify.toml:1", "/de/*"}, // the first of the two rules
		{"https://example.com/de/404", "netlify.toml:1", "/de/*"},
		{"https://example.com/de/404/index.html", "netlify.toml:1", "/de/*"},
		{"https://example.com/de/404.html", "netlify.toml:1", "/de/*"},
		{"https://example.com/fr/404/", "_redirects:1", "/fr/*"},
		{"https://example.com/es/%C3%B1/", "_redirects:3", "/es/*"},
		{"https://other.example.com/other-404/", "_redirects:4", "https://other.example.com/*"},
		{"https://example.com/other-404/", "", ""},  // another host
		{"https://example.com/de/4044/", "", ""},    // another page
		{"https://example.com/de/", "", ""},         // the paths it answers are no error page
		{"https://example.com/docs/a/404/", "", ""}, // a placeholder: no one page
		{"https://example.com/x/", "", ""},          // a redirect
		{"https://example.com/elsewhere", "", ""},
		{"::not a URL", "", ""},
	} {
		got, ok := r.ErrorPage(tc.loc)
		want := ErrorRule{}
		if tc.where != "" {
			want = ErrorRule{Where: filepath.Join(dir, tc.where), From: tc.from}
		}
		if got != want || ok != (tc.where != "") {
			t.Errorf("ErrorPage(%s) = %+v, %v; want %+v", tc.loc, got, ok, want)
		}
	}
	// Without shadowing (Cloudflare Pages, Vercel) no rule serves an
	// error page: Cloudflare takes no status 404.
	r, _ = loadRedirects(t, false, dir)
	if got, ok := r.ErrorPage("https://example.com/de/404/"); ok || r.ErrorPages() != 0 {
		t.Errorf("without shadowing: ErrorPage = %+v, %v; ErrorPages() = %d", got, ok, r.ErrorPages())
	}
	var none *Redirects
	if _, ok := none.ErrorPage("https://example.com/de/404/"); ok || none.ErrorPages() != 0 {
		t.Error("nil Redirects names an error page")
	}
}
