package host

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

func write(t *testing.T, dir, name, content string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestHeadersFile(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "_headers", `# Netlify headers
/*
  X-Frame-Options: DENY

/private/*
  X-Robots-Tag: noindex
/drafts
  x-robots-tag: none
/:lang/secret.html
  X-Robots-Tag: googlebot: noindex, nofollow
/bing-only/*
  X-Robots-Tag: bingbot: noindex
/snippet/*
  X-Robots-Tag: max-snippet: 20
https://other.example/*
  X-Robots-Tag: noindex
https://example.com/legacy/*
  X-Robots-Tag: noindex
/values/a
  X-Robots-Tag: noindex, max-snippet: -1
/values/b
  X-Robots-Tag: max-snippet:20, none
/values/c
  X-Robots-Tag: unavailable_after: 2025-01-01, noindex
/values/d
  X-Robots-Tag: all
`)
	r, warnings, err := Load(limits.Default, dir)
	if err != nil || len(warnings) != 0 {
		t.Fatalf("Load: %v, warnings %v", err, warnings)
	}
	tests := []struct {
		loc  string
		want string // "" for not noindex
	}{
		{"https://example.com/values/a", `X-Robots-Tag "noindex, max-snippet: -1" (` + dir + `/_headers:20)`},
		{"https://example.com/values/b", `X-Robots-Tag "max-snippet:20, none" (` + dir + `/_headers:22)`},
		{"https://example.com/values/c", `X-Robots-Tag "unavailable_after: 2025-01-01, noindex" (` + dir + `/_headers:24)`},
		{"https://example.com/values/d", ""}, // "all"
		{"https://example.com/", ""},
		{"https://example.com/private/", `X-Robots-Tag "noindex" (` + dir + `/_headers:6)`},
		{"https://example.com/private/a/b.html", `X-Robots-Tag "noindex" (` + dir + `/_headers:6)`},
		{"https://example.com/private", `X-Robots-Tag "noindex" (` + dir + `/_headers:6)`}, // without its slash
		{"https://example.com/privately/", ""},
		{"https://example.com/drafts/", `X-Robots-Tag "none" (` + dir + `/_headers:8)`},
		{"https://example.com/drafts/x.html", ""},
		{"https://example.com/de/secret.html", `X-Robots-Tag "googlebot: noindex, nofollow" (` + dir + `/_headers:10)`},
		{"https://example.com/de/fr/secret.html", ""},
		{"https://example.com/bing-only/x", ""},
		{"https://example.com/snippet/x", ""},
		{"https://example.com/legacy/a", `X-Robots-Tag "noindex" (` + dir + `/_headers:18)`},
		{"https://EXAMPLE.com/legacy/a", `X-Robots-Tag "noindex" (` + dir + `/_headers:18)`},
		{"https://example.com/caf%C3%A9/", ""},
	}
	for _, tt := range tests {
		got, ok := r.NoIndex(tt.loc)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("NoIndex(%s) = %q, %v; want %q", tt.loc, got, ok, tt.want)
		}
	}
}

// Rules that match one path combine; Cloudflare's "! X-Robots-Tag" drops
// the header set before it.
func TestHeadersFileCombineAndRemove(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "_headers", "/*\n  X-Robots-Tag: noindex\n/public/*\n  ! X-Robots-Tag\n/public/hidden/*\n  X-Robots-Tag: nofollow\n  X-Robots-Tag: noindex\n")
	r, _, _ := Load(limits.Default, dir)
	for loc, want := range map[string]bool{
		"https://example.com/":                 true,
		"https://example.com/public/":          false,
		"https://example.com/public/x.html":    false,
		"https://example.com/public/hidden/x/": true,
	} {
		if _, got := r.NoIndex(loc); got != want {
			t.Errorf("NoIndex(%s) = %v, want %v", loc, got, want)
		}
	}
}

func TestHeadersFileEncodedPaths(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "_headers", "/café/*\n  X-Robots-Tag: noindex\n/a b/\n  X-Robots-Tag: noindex\n")
	r, _, _ := Load(limits.Default, dir)
	for _, loc := range []string{"https://example.com/caf%C3%A9/x/", "https://example.com/a%20b/"} {
		if _, ok := r.NoIndex(loc); !ok {
			t.Errorf("%s: not matched", loc)
		}
	}
}

func TestHeadersFileProblems(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "_headers", "  X-Robots-Tag: noindex\nnot-a-path\n  X-Robots-Tag: noindex\n/ok/*\n  just text\n  X-Robots-Tag: noindex\n")
	r, warnings, err := Load(limits.Default, dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range warnings {
		got = append(got, strings.TrimPrefix(w.Error(), dir+"/"))
	}
	want := []string{
		"_headers:1: header without a path above it; ignored",
		`_headers:2: path "not-a-path" does not start with /; its headers are ignored`,
		`_headers:5: header line without a colon: "just text"`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("warnings\n%q\nwant\n%q", got, want)
	}
	if r.Len() != 1 {
		t.Errorf("%d rules, want the one under /ok/*", r.Len())
	}
}

func TestVercel(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "vercel.json", `{
  "cleanUrls": true,
  "redirects": [{"source": "/admin/(.*)", "destination": "/"}],
  "headers": [
    {"source": "/(.*)", "headers": [{"key": "Cache-Control", "value": "max-age=60"}]},
    {"source": "/admin/(.*)", "headers": [{"key": "X-Robots-Tag", "value": "noindex"}]},
    {"source": "/blog/:slug", "headers": [{"key": "x-robots-tag", "value": "noindex, nofollow"}]},
    {"source": "/docs/:path*",
     "headers": [{"key": "X-Robots-Tag", "value": "none"}]},
    {"source": "/cond/(.*)", "has": [{"type": "query", "key": "preview"}], "headers": [{"key": "X-Robots-Tag", "value": "noindex"}]},
    {"source": "/:path((?!api).*)", "headers": [{"key": "X-Robots-Tag", "value": "noindex"}]}
  ]
}`)
	r, warnings, err := Load(limits.Default, dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range warnings {
		got = append(got, strings.TrimPrefix(w.Error(), dir+"/"))
	}
	want := []string{
		`vercel.json:10: X-Robots-Tag rule for "/cond/(.*)" depends on the request (has/missing); ignored`,
		`vercel.json:11: source "/:path((?!api).*)": not a pattern Go can match (error parsing regexp: invalid or unsupported Perl syntax: ` + "`(?!`" + `); the rule is ignored`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("warnings\n%q\nwant\n%q", got, want)
	}
	tests := []struct {
		loc  string
		line int // 0: not noindex
	}{
		{"https://example.com/", 0},
		{"https://example.com/admin/", 6},
		{"https://example.com/admin/users/1", 6},
		{"https://example.com/ADMIN/x", 0}, // Vercel matches case
		{"https://example.com/blog/first-post", 7},
		{"https://example.com/blog/first-post/", 0}, // strict: no trailing slash
		{"https://example.com/blog/a/b", 0},
		{"https://example.com/docs", 8},
		{"https://example.com/docs/a/b/c", 8},
		{"https://example.com/documents", 0},
		{"https://example.com/cond/x", 0},
	}
	for _, tt := range tests {
		got, ok := r.NoIndex(tt.loc)
		if ok != (tt.line != 0) || ok && !strings.Contains(got, "vercel.json:"+strconv.Itoa(tt.line)+")") {
			t.Errorf("NoIndex(%s) = %q, %v; want line %d", tt.loc, got, ok, tt.line)
		}
	}
}

// In vercel.json the last matching rule sets the header.
func TestVercelOverride(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "vercel.json", `{"headers": [
		{"source": "/(.*)", "headers": [{"key": "X-Robots-Tag", "value": "noindex"}]},
		{"source": "/pub/(.*)", "headers": [{"key": "X-Robots-Tag", "value": "all"}]}
	]}`)
	r, _, _ := Load(limits.Default, dir)
	if _, ok := r.NoIndex("https://example.com/pub/x"); ok {
		t.Error("/pub/x: noindex, though a later rule sets all")
	}
	if _, ok := r.NoIndex("https://example.com/private/x"); !ok {
		t.Error("/private/x: not noindex")
	}
}

func TestVercelBadJSON(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "vercel.json", "{\n  \"headers\": [\n    {\"source\": \"/x\",}\n  ]\n}\n")
	r, warnings, err := Load(limits.Default, dir)
	if err != nil || r.Len() != 0 || len(warnings) != 1 || !strings.HasPrefix(warnings[0].Error(), dir+"/vercel.json:3: ") {
		t.Errorf("rules %d, warnings %v, err %v", r.Len(), warnings, err)
	}
}

func TestPathToRegexp(t *testing.T) {
	tests := []struct {
		src         string
		match, miss []string
	}{
		{"/about", []string{"/about"}, []string{"/about/x", "/abouts", "/About", "/about/"}},
		{"/blog/:slug", []string{"/blog/a", "/blog/a-b.c"}, []string{"/blog", "/blog/a/b", "/blog/a/"}},
		{"/blog/:slug?", []string{"/blog", "/blog/a"}, []string{"/blog/a/b"}},
		{"/docs/:path*", []string{"/docs", "/docs/a", "/docs/a/b"}, []string{"/docsx"}},
		{"/docs/:path+", []string{"/docs/a", "/docs/a/b"}, []string{"/docs"}},
		{"/user/:id(\\d+)", []string{"/user/12"}, []string{"/user/ab"}},
		{"/(.*)", []string{"/", "/a/b"}, nil},
		{"/files/(.*)\\.pdf", []string{"/files/a.pdf", "/files/x/y.pdf"}, []string{"/files/a.pdfx", "/files/apdf"}},
		{"/a.b", []string{"/a.b"}, []string{"/aXb"}},
		{"/v/:id(\\d{1,1000})", []string{"/v/12"}, []string{"/v/"}},
		// The longest pattern, its group twice: within maxProgram.
		{"/:p(" + strings.Repeat(".?", 2045) + ")*", []string{"/", "/a/b"}, nil},
	}
	for _, tt := range tests {
		re, err := pathToRegexp(tt.src)
		if err != nil {
			t.Errorf("%s: %v", tt.src, err)
			continue
		}
		for _, m := range tt.match {
			if !re.MatchString(m) {
				t.Errorf("%s (%s) does not match %s", tt.src, re, m)
			}
		}
		for _, m := range tt.miss {
			if re.MatchString(m) {
				t.Errorf("%s (%s) matches %s", tt.src, re, m)
			}
		}
	}
	// Counted repetitions that make a program past maxProgram: 340 of
	// them (4 KiB) took 275 MB and seconds a match.
	bomb := "/(" + strings.Repeat("(?:.?){1000}", 10) + ")"
	for _, bad := range []string{"/a/{b}", "/a/*", "/:", "/x/(a", "/:p((?=x))", bomb} {
		if re, err := pathToRegexp(bad); err == nil {
			t.Errorf("%s compiled to %s", bad, re)
		}
	}
}

func TestLoadBothFolders(t *testing.T) {
	site, project := t.TempDir(), t.TempDir()
	write(t, site, "_headers", "/a/*\n  X-Robots-Tag: noindex\n")
	write(t, project, "vercel.json", `{"headers":[{"source":"/b/(.*)","headers":[{"key":"X-Robots-Tag","value":"noindex"}]}]}`)
	r, _, err := Load(limits.Default, site, project, site)
	if err != nil || r.Len() != 2 {
		t.Fatalf("rules %d, err %v", r.Len(), err)
	}
	if _, ok := r.NoIndex("https://example.com/b/x"); !ok {
		t.Error("project vercel.json not read")
	}
	var none *Rules
	if _, ok := none.NoIndex("https://example.com/"); ok || none.Len() != 0 {
		t.Error("nil Rules says noindex")
	}
}

// FuzzHostFiles feeds any bytes to both parsers and any source to the
// pattern compiler: problems are warnings, never a panic.
func FuzzHostFiles(f *testing.F) {
	f.Add([]byte("/*\n  X-Robots-Tag: noindex\n"), "/docs/:path*")
	f.Add([]byte(`{"headers":[{"source":"/(.*)","headers":[{"key":"X-Robots-Tag","value":"noindex"}]}]}`), "/:a(\\d+)?")
	f.Add([]byte("https://x/:a\n\tX-Robots-Tag: googlebot: none"), "/\\:(")
	f.Add([]byte("[[headers]]\nfor = \"/a/*\"\n[headers.values]\nX-Robots-Tag = [\"noindex\", 3]\nx-robots-tag = '''none,\n all'''\n"), "/a/:b")
	f.Fuzz(func(t *testing.T, data []byte, src string) {
		defer fuzzbound.Check(t)()
		r := &Rules{}
		checkLines("_headers", data, limits.Default)
		r.parseHeaders("_headers", data)
		r.parseVercel("vercel.json", data)
		r.parseNetlifyHeaders(parseNetlify(limits.Default, "netlify.toml", data))
		pathToRegexp(src)
		r.NoIndex("https://example.com/a/b")
		// The index leaves out no rule that matches a path the file names.
		paths := []string{"/", "/a/b", src}
		for _, f := range strings.Fields(string(data)) {
			f = strings.Trim(f, `"',{}[]`)
			paths = append(paths, f, f+"/", strings.ReplaceAll(f, "*", "x/y"))
		}
		var res []*regexp.Regexp
		for _, f := range r.files {
			for _, ru := range f.rules {
				res = append(res, ru.re)
			}
		}
		checkIndex(t, res, paths)
	})
}

// A line of _headers or _redirects longer than limits.rule_line_bytes is an error
// for the file, with its line, and no rule of it is kept; a line of
// exactly that (its "\r\n" left out) is read, and the rules after
// it hold.
func TestLongLines(t *testing.T) {
	long := "#" + strings.Repeat("x", limits.Default.RuleLineBytes) // one byte past the limit
	for _, tc := range []struct {
		name, content      string
		wantErr, wantRedir string // the redirect rule takes one line, not two
	}{
		{"too long", "/a/*\n" + long + "\n/b/*\n  X-Robots-Tag: noindex\n", "_headers:2: line longer than 1048576 bytes (1048577; limits.rule_line_bytes); the file is not read", "_redirects:2: line longer"},
		{"at the limit", "/a/*\r\n" + long[1:] + "\r\n/b/*\r\n  X-Robots-Tag: noindex\r\n", "", ""},
		{"last line", "/b/*\n  X-Robots-Tag: noindex\n" + long, "_headers:3: line longer", "_redirects:2: line longer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, "_headers", tc.content)
			redirects := strings.NewReplacer("/b/*\n  X-Robots-Tag: noindex", "/b/* /c 301!", "/b/*\r\n  X-Robots-Tag: noindex", "/b/* /c 301!").Replace(tc.content)
			write(t, dir, "_redirects", redirects)
			r, _, err := Load(limits.Default, dir)
			rd, _, rerr := LoadRedirects(false, limits.Default, dir)
			if tc.wantErr == "" {
				if err != nil || rerr != nil {
					t.Fatalf("Load: %v; LoadRedirects: %v", err, rerr)
				}
				if _, ok := r.NoIndex("https://example.com/b/x"); !ok {
					t.Error("the _headers rule after the long line is lost")
				}
				if _, ok := rd.Match("https://example.com/b/x"); !ok {
					t.Error("the _redirects rule after the long line is lost")
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, tc.wantErr)) {
				t.Errorf("Load: rules %d, err %v, want %q", r.Len(), err, tc.wantErr)
			}
			want := filepath.Join(dir, tc.wantRedir)
			if rerr == nil || !strings.Contains(rerr.Error(), want) {
				t.Errorf("LoadRedirects: rules %d, err %v, want %q", rd.Len(), rerr, want)
			}
		})
	}
}

// More rules in one file than limits.rules is an error for that file:
// found by its lines in _headers and _redirects before anything is
// parsed, by the rules parsed in netlify.toml and vercel.json.
func TestRuleCount(t *testing.T) {
	lim := limits.Limits{Rules: 2}
	for _, tc := range []struct {
		file, content, want string
		headers             bool // a file of Load's, else LoadRedirects'
	}{
		{"_redirects", "/a /x 301\n\n# no rule\n  /b /x 301\n/c /x 301\n/d /x 301\n", "_redirects:6: more than 2 rules (limits.rules); the file is not read", false},
		{"_headers", "/a\n  X-Robots-Tag: noindex\n/b\n  X-Robots-Tag: noindex\n/c\n", "_headers:5: more than 2 rules (limits.rules); the file is not read", true},
		{"netlify.toml", "[[redirects]]\nfrom = \"/a\"\nto = \"/x\"\n[[redirects]]\nfrom = \"/b\"\nto = \"/x\"\n[[redirects]]\nfrom = \"/c\"\nto = \"/x\"\n", "netlify.toml: more than 2 rules (3; limits.rules); the file is not read", false},
		{"vercel.json", `{"headers": [` + strings.Repeat(`{"source": "/a", "headers": [{"key": "X-Robots-Tag", "value": "noindex"}]},`, 3) + `{"source": "/b", "headers": []}]}`, "vercel.json: more than 2 rules (3; limits.rules); the file is not read", true},
	} {
		t.Run(tc.file, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, tc.file, tc.content)
			var err error
			if tc.headers {
				_, _, err = Load(lim, dir)
			} else {
				_, _, err = LoadRedirects(true, lim, dir)
			}
			if err == nil || strings.TrimPrefix(err.Error(), dir+string(filepath.Separator)) != tc.want {
				t.Errorf("error %v; want %s", err, tc.want)
			}
			// Within the default limits the file is read.
			if tc.headers {
				_, _, err = Load(limits.Limits{}, dir)
			} else {
				_, _, err = LoadRedirects(true, limits.Limits{}, dir)
			}
			if err != nil {
				t.Errorf("default limits: %v", err)
			}
		})
	}
}

// A value of a rule file that a message quotes (an X-Robots-Tag value, a
// rule's path, a status) is quoted as an excerpt: a rule line of a
// megabyte gives a message of a line's length; so does netlify.toml's
// decoder's message, which quotes a value whole (diag.DecoderMessage).
func TestMessagesQuoteExcerpts(t *testing.T) {
	huge := strings.Repeat("y", 900_000)
	dir := t.TempDir()
	write(t, dir, "_headers", "/a/*\n  X-Robots-Tag: noindex, "+huge+"\n/"+huge+"\n")
	write(t, dir, "_redirects", "/"+huge+"\n/b /c "+huge+"\n/d/*/"+huge+" /e 301\n")
	write(t, dir, "vercel.json", `{"redirects": [{"source": "/`+huge+`", "has": [{"type": "host", "value": "x"}], "destination": "/x"}, {"source": "/f", "destination": "/g", "statusCode": "`+huge+`"}]}`)
	r, warnings, err := Load(limits.Default, dir)
	if err != nil {
		t.Fatal(err)
	}
	// netlify.toml, read for its redirects, its pretty URLs and its
	// plugins: a status of a million digits the decoder quotes whole, a
	// status that is a list, a value the decoder cannot take.
	netlify := t.TempDir()
	write(t, netlify, "netlify.toml", "[[redirects]]\nfrom = \"/a\"\nto = \"/b\"\nstatus = "+strings.Repeat("9", 900_000)+"\n")
	_, nwarnings, err := StyleOf(Netlify, limits.Default, netlify)
	if err != nil {
		t.Fatal(err)
	}
	warnings = append(warnings, nwarnings...)
	_, nwarnings = NetlifySitemapPlugin(netlify, limits.Default, nil)
	warnings = append(warnings, nwarnings...)
	_, nwarnings, err = LoadRedirects(false, limits.Default, netlify)
	if err != nil {
		t.Fatal(err)
	}
	warnings = append(warnings, nwarnings...)
	write(t, netlify, "netlify.toml", "[[redirects]]\nfrom = \"/a\"\nto = \"/b\"\nstatus = [\""+huge+"\"]\n\n[[redirects]]\nfrom = \"/c\"\nto = \"/d\"\nforce = \""+huge+"\"\n")
	_, nwarnings, err = LoadRedirects(false, limits.Default, netlify)
	if err != nil {
		t.Fatal(err)
	}
	warnings = append(warnings, nwarnings...)
	var msgs []string
	reason, ok := r.NoIndex("https://example.com/a/x")
	if !ok {
		t.Fatal("the X-Robots-Tag rule is lost")
	}
	msgs = append(msgs, reason)
	for _, w := range warnings {
		msgs = append(msgs, w.Error())
	}
	_, rwarnings, err := LoadRedirects(false, limits.Default, dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range rwarnings {
		msgs = append(msgs, w.Error())
	}
	if len(msgs) < 12 {
		t.Fatalf("only %d messages: %q", len(msgs), msgs)
	}
	for _, m := range msgs {
		if len(m) > 600 {
			t.Errorf("a message of %d bytes: %.200q…", len(m), m)
		}
	}
}

// TestNetlifyTOMLHeaders: the [[headers]] of netlify.toml are read as
// _headers' rules are (splats, placeholders, a path with or without its
// trailing slash, a rule for a host), their values as Netlify's parser
// takes them (a string on several lines, a list of strings), each rule
// at its [[headers]] line.
func TestNetlifyTOMLHeaders(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "netlify.toml", `[build]
  publish = "docs/.vitepress/dist"

[[headers]]
  for = "/*"
  [headers.values]
    X-Frame-Options = "DENY"

[[headers]]
  for = "/_translations/*"
  [headers.values]
    X-Robots-Tag = "noindex"

[[headers]]
  for = "/:lang/secret"
  [headers.values]
    x-robots-tag = '''
      noindex,
      nofollow'''

[[headers]]
  for = "/list"
  [headers.values]
    X-Robots-Tag = ["nofollow", "noindex"]

[[headers]]
  for = "/bing/*"
  [headers.values]
    X-Robots-Tag = "bingbot: noindex"

[[headers]]
  for = "https://preview.example.org/*"
  [headers.values]
    X-Robots-Tag = "noindex"

[[headers]]
  for = "no-slash"
  [headers.values]
    X-Robots-Tag = "noindex"

[[headers]]
  for = "/number"
  [headers.values]
    X-Robots-Tag = 3

[[headers]]
  for = 7
`)
	r, warnings, err := Load(limits.Default, dir)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "netlify.toml")
	var got []string
	for _, w := range warnings {
		got = append(got, strings.TrimPrefix(w.Error(), dir+"/"))
	}
	want := []string{
		`netlify.toml:36: [[headers]]: path "no-slash" does not start with /; its headers are ignored`,
		`netlify.toml:41: [[headers]] for "/number": X-Robots-Tag is not a string or a list of strings; ignored`,
		`netlify.toml:47: [[headers]]: incompatible types: TOML value has type int64; destination has type string; the rule is ignored`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("warnings\n%q\nwant\n%q", got, want)
	}
	for _, tt := range []struct {
		loc  string
		want string // "" for not noindex
	}{
		{"https://example.com/", ""},
		{"https://example.com/_translations/", `X-Robots-Tag "noindex" (` + file + `:9)`},
		{"https://example.com/_translations", `X-Robots-Tag "noindex" (` + file + `:9)`},
		{"https://example.com/_translations/fr/", `X-Robots-Tag "noindex" (` + file + `:9)`},
		{"https://example.com/translations/", ""},
		{"https://example.com/de/secret", `X-Robots-Tag "noindex, nofollow" (` + file + `:14)`},
		{"https://example.com/de/secret/", `X-Robots-Tag "noindex, nofollow" (` + file + `:14)`},
		{"https://example.com/de/fr/secret", ""},
		{"https://example.com/list", `X-Robots-Tag "nofollow, noindex" (` + file + `:21)`},
		{"https://example.com/bing/x", ""},
		{"https://preview.example.org/a", `X-Robots-Tag "noindex" (` + file + `:31)`},
		{"https://example.com/a", ""},
	} {
		got, ok := r.NoIndex(tt.loc)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("NoIndex(%s) = %q, %v; want %q", tt.loc, got, ok, tt.want)
		}
	}
}

// TestNetlifyTOMLHeadersOverride: Netlify merges netlify.toml's header
// rules after _headers': the last matching [[headers]] table that sets
// X-Robots-Tag sets it, over what _headers set; the values a table gives
// under two spellings of the name go together.
func TestNetlifyTOMLHeadersOverride(t *testing.T) {
	site, project := t.TempDir(), t.TempDir()
	write(t, site, "_headers", "/private/*\n  X-Robots-Tag: noindex\n/draft/*\n  X-Robots-Tag: noindex\n")
	write(t, project, "netlify.toml", `[[headers]]
  for = "/*"
  [headers.values]
    X-Robots-Tag = "noindex"
[[headers]]
  for = "/private/public/*"
  [headers.values]
    X-Robots-Tag = "all"
[[headers]]
  for = "/both/*"
  [headers.values]
    X-Robots-Tag = "all"
    x-robots-tag = "noindex"
`)
	r, warnings, err := Load(limits.Default, site, project)
	if err != nil || len(warnings) != 0 {
		t.Fatalf("Load: %v, %v", err, warnings)
	}
	for loc, want := range map[string]string{
		"https://example.com/a":                "netlify.toml:1",
		"https://example.com/private/x":        "netlify.toml:1", // the table for /*, over _headers' own
		"https://example.com/private/public/x": "",               // the last matching table: all
		"https://example.com/both/x":           "netlify.toml:9",
	} {
		got, ok := r.NoIndex(loc)
		if ok != (want != "") || ok && !strings.HasSuffix(got, filepath.Join(project, want)+")") {
			t.Errorf("NoIndex(%s) = %q, %v; want %q", loc, got, ok, want)
		}
	}
}

// TestSiteFilesReadOnce: a SiteFiles reads netlify.toml once for its
// header rules and its redirect rules, and says once that it does not
// parse.
func TestSiteFilesReadOnce(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "netlify.toml", "[[headers]]\n  for = \"/a/*\"\n  [headers.values]\n    X-Robots-Tag = \"noindex\"\n[[redirects]]\n  from = \"/old\"\n  to = \"/new\"\n")
	files := NewSiteFiles(limits.Default)
	headers, _, err := files.Headers(dir)
	if err != nil || headers.Len() != 1 {
		t.Fatalf("headers: %d rules, %v", headers.Len(), err)
	}
	write(t, dir, "netlify.toml", "# changed after the read\n")
	redirects, _, err := files.Redirects(true, dir)
	if err != nil || redirects.Len() != 1 {
		t.Errorf("redirects: %d rules, %v; want the one of the file read for the headers", redirects.Len(), err)
	}

	write(t, dir, "netlify.toml", "[[headers]]\nfor = \"/a\n")
	files = NewSiteFiles(limits.Default)
	_, hw, err := files.Headers(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, rw, err := files.Redirects(true, dir)
	if err != nil {
		t.Fatal(err)
	}
	if all := append(hw, rw...); len(all) != 1 || !strings.HasSuffix(all[0].Error(), "; its headers and redirects are ignored") {
		t.Errorf("warnings %q, want one for both", all)
	}
}

// TestSettingsFilePastBound: a netlify.toml or vercel.json past the
// bounds of a settings file, its X-Robots-Tag noindex rule first, is an
// error for its headers, as a _headers file past its bounds is: the rule
// is never dropped with a warning (issue 99: a 4.3 MB netlify.toml
// warned "its headers and redirects are ignored", and the build listed
// the page). Its redirects say they are not checked.
func TestSettingsFilePastBound(t *testing.T) {
	pad := strings.Repeat("# "+strings.Repeat("x", 1000)+"\n", 4300)
	for _, tc := range []struct {
		name, file, content, want string
	}{
		{"netlify.toml of 4.3 MB", "netlify.toml", "[[headers]]\nfor = \"/private/*\"\n[headers.values]\nX-Robots-Tag = \"noindex\"\n" + pad,
			"netlify.toml: larger than 4194304 bytes (limits.settings_bytes); the file is not read"},
		{"netlify.toml nested", "netlify.toml", "x = " + strings.Repeat("[", 200) + strings.Repeat("]", 200) + "\n[[headers]]\nfor = \"/private/*\"\n[headers.values]\nX-Robots-Tag = \"noindex\"\n",
			"netlify.toml:1: nesting deeper than 100 (limits.nesting); the file is not read"},
		{"vercel.json of 4.3 MB", "vercel.json", `{"headers": [{"source": "/private/(.*)", "headers": [{"key": "X-Robots-Tag", "value": "noindex"}]}], "x": "` + strings.Repeat("a", 4300<<10) + `"}`,
			"vercel.json: larger than 4194304 bytes (limits.settings_bytes); the file is not read"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, tc.file, tc.content)
			want := filepath.Join(dir, tc.want)
			r, _, err := Load(limits.Default, dir)
			if err == nil || err.Error() != want {
				t.Errorf("Load: %d rules, err %v, want %q", r.Len(), err, want)
			}
			if _, _, err := LoadRedirects(false, limits.Default, dir); err == nil || err.Error() != want {
				t.Errorf("LoadRedirects: err %v, want %q", err, want)
			}
			// Within the bounds, the rule holds.
			big := limits.Default
			big.SettingsBytes, big.Nesting = 8<<20, 1000
			r, _, err = Load(big, dir)
			if _, ok := r.NoIndex("https://example.com/private/a"); err != nil || !ok {
				t.Errorf("within the bounds: %v, noindex %v", err, ok)
			}
		})
	}
}
