package robots

import (
	"slices"
	"strings"
	"testing"
)

// check is one question: may agent fetch url under the robots.txt?
type check struct {
	url  string
	want bool
}

// allowed asks the question as a crawler does: the URL's path, then the
// crawler's group.
func allowed(robots, agent, url string) bool {
	return Parse([]byte(robots)).Allowed(agent, PathOf(url))
}

func run(t *testing.T, robots, agent string, checks ...check) {
	t.Helper()
	for _, c := range checks {
		if got := allowed(robots, agent, c.url); got != c.want {
			t.Errorf("robots.txt:\n%s\n%s may fetch %q: got %v, want %v", robots, agent, c.url, got, c.want)
		}
	}
}

// TestRFC9309 holds the examples of RFC 9309: section 5 and the tables of
// sections 2.2.2 (percent-encoding) and 2.2.3 (special characters).
func TestRFC9309(t *testing.T) {
	// 5.1, Simple Example.
	simple := "User-Agent: *\nDisallow: *.gif$\nDisallow: /example/\nAllow: /publications/\n\n" +
		"User-Agent: foobot\nDisallow:/\nAllow:/example/page.html\nAllow:/example/allowed.gif\n\n" +
		"User-Agent: barbot\nUser-Agent: bazbot\nDisallow: /example/page.html\n\nUser-Agent: quxbot\n\nEOF\n"
	run(t, simple, "foobot",
		check{"https://x.org/example/page.html", true}, check{"https://x.org/example/allowed.gif", true},
		check{"https://x.org/other", false}, check{"https://x.org/publications/", false})
	for _, agent := range []string{"barbot", "bazbot"} {
		run(t, simple, agent, check{"https://x.org/example/page.html", false}, check{"https://x.org/example/other.gif", true})
	}
	run(t, simple, "quxbot", check{"https://x.org/example/page.html", true}, check{"https://x.org/a.gif", true})
	run(t, simple, "otherbot",
		check{"https://x.org/a.gif", false}, check{"https://x.org/a.gif?x", true},
		check{"https://x.org/example/x", false}, check{"https://x.org/publications/x", true})

	// 5.2, Longest Match.
	run(t, "User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n", "foobot",
		check{"https://x.org/example/page/", true}, check{"https://x.org/example/page/disallowed.gif", false})

	// 2.2.2: percent-encoding, pattern against URL path.
	for _, c := range []struct{ pattern, path string }{
		{"/foo/bar?baz=quz", "/foo/bar?baz=quz"},
		{"/foo/bar?baz=https://foo.bar", "/foo/bar?baz=https://foo.bar"},
		{"/foo/bar?baz=https%3A%2F%2Ffoo.bar", "/foo/bar?baz=https%3A%2F%2Ffoo.bar"},
		{"/foo/bar/ツ", "/foo/bar/%E3%83%84"},
		{"/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84"},
		{"/foo/bar/%62%61%7A", "/foo/bar/baz"},
		{"/foo/bar/%62%61%7A", "/foo/bar/%62%61%7A"},
	} {
		run(t, "User-agent: *\nDisallow: "+c.pattern+"\n", "foobot", check{"https://x.org" + c.path, false})
	}

	// 2.2.3: special characters.
	run(t, "User-agent: *\nDisallow: /path/file-with-a-*.html\n", "foobot",
		check{"https://x.org/path/file-with-a-.html", false}, check{"https://x.org/path/file-with-a-bb.html", false},
		check{"https://x.org/path/file-with-a.html", true})
	run(t, "User-agent: *\nDisallow: /path/foo-$\n", "foobot",
		check{"https://x.org/path/foo-", false}, check{"https://x.org/path/foo-x", true})
	run(t, "User-agent: *\nDisallow: /path/foo-%24\n", "foobot",
		check{"https://x.org/path/foo-%24", false}, check{"https://x.org/path/foo-", true})
	run(t, "User-agent: *\nDisallow: /a%2Ab\n", "foobot",
		check{"https://x.org/a%2Ab", false}, check{"https://x.org/axxb", true})
	// 2.2.2: /robots.txt is implicitly allowed.
	run(t, "User-agent: *\nDisallow: /\n", "foobot", check{"https://x.org/robots.txt", true}, check{"https://x.org/x", false})
}

// TestGoogle holds the cases of google/robotstxt's robots_test.cc
// (github.com/google/robotstxt, robots_test.cc, 2019), re-expressed: each
// block names the TEST it comes from. One case differs on purpose: an
// encoded unreserved character in a pattern (ID_Encoding, /%62%61%7A),
// which RFC 9309 decodes and Google's parser does not.
func TestGoogle(t *testing.T) {
	// GoogleOnly_SystemTest.
	run(t, "", "FooBot", check{"", true})
	if !Parse([]byte("user-agent: FooBot\ndisallow: /\n")).Allowed("", "/") {
		t.Error("an empty user-agent is not FooBot")
	}
	run(t, "user-agent: FooBot\ndisallow: /\n", "FooBot", check{"", false})

	// ID_LineSyntax_Line.
	run(t, "user-agent: FooBot\ndisallow: /\n", "FooBot", check{"http://foo.bar/x/y", false})
	run(t, "foo: FooBot\nbar: /\n", "FooBot", check{"http://foo.bar/x/y", true})
	run(t, "user-agent FooBot\ndisallow /\n", "FooBot", check{"http://foo.bar/x/y", false})

	// ID_LineSyntax_Groups.
	groups := "allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\n" +
		"allow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n"
	run(t, groups, "FooBot", check{"http://foo.bar/x/b", true}, check{"http://foo.bar/z/d", true},
		check{"http://foo.bar/y/c", false}, check{"http://foo.bar/foo/bar/", false})
	run(t, groups, "BarBot", check{"http://foo.bar/y/c", true}, check{"http://foo.bar/w/a", true},
		check{"http://foo.bar/z/d", false}, check{"http://foo.bar/foo/bar/", false})
	run(t, groups, "BazBot", check{"http://foo.bar/z/d", true}, check{"http://foo.bar/foo/bar/", false})

	// ID_REPLineNamesCaseInsensitive.
	for _, robots := range []string{
		"USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n",
		"user-agent: FooBot\nallow: /x/\ndisallow: /\n",
		"uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n",
	} {
		run(t, robots, "FooBot", check{"http://foo.bar/x/y", true}, check{"http://foo.bar/a/b", false})
	}

	// ID_VerifyValidUserAgentsToObey.
	for agent, want := range map[string]bool{"Foobot": true, "Foobot-Bar": true, "Foo_Bar": true,
		"": false, "ツ": false, "Foobot*": false, " Foobot ": false, "Foobot/2.1": false, "Foobot Bar": false} {
		if ValidAgent(agent) != want {
			t.Errorf("ValidAgent(%q) = %v", agent, !want)
		}
	}

	// ID_UserAgentValueCaseInsensitive.
	for _, robots := range []string{
		"User-Agent: FOO BAR\nAllow: /x/\nDisallow: /\n",
		"User-Agent: foo bar\nAllow: /x/\nDisallow: /\n",
		"User-Agent: FoO bAr\nAllow: /x/\nDisallow: /\n",
	} {
		for _, agent := range []string{"Foo", "foo"} {
			run(t, robots, agent, check{"http://foo.bar/x/y", true}, check{"http://foo.bar/a/b", false})
		}
	}

	// GoogleOnly_AcceptUserAgentUpToFirstSpace.
	upTo := "User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n"
	run(t, upTo, "Foo", check{"http://foo.bar/x/y", true})
	run(t, upTo, "Foo Bar", check{"http://foo.bar/x/y", false})

	// ID_GlobalGroups_Secondary.
	run(t, "", "FooBot", check{"http://foo.bar/x/y", true})
	global := "user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n"
	run(t, global, "FooBot", check{"http://foo.bar/x/y", false})
	run(t, global, "BarBot", check{"http://foo.bar/x/y", true})
	run(t, "user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n", "QuxBot",
		check{"http://foo.bar/x/y", true})

	// ID_AllowDisallow_Value_CaseSensitive.
	run(t, "user-agent: FooBot\ndisallow: /x/\n", "FooBot", check{"http://foo.bar/x/y", false})
	run(t, "user-agent: FooBot\ndisallow: /X/\n", "FooBot", check{"http://foo.bar/x/y", true})

	// ID_LongestMatch.
	page := "http://foo.bar/x/page.html"
	run(t, "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n", "FooBot", check{page, false})
	run(t, "user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n", "FooBot", check{page, true}, check{"http://foo.bar/x/", false})
	run(t, "user-agent: FooBot\ndisallow: \nallow: \n", "FooBot", check{page, true})
	run(t, "user-agent: FooBot\ndisallow: /\nallow: /\n", "FooBot", check{page, true})
	run(t, "user-agent: FooBot\ndisallow: /x\nallow: /x/\n", "FooBot", check{"http://foo.bar/x", false}, check{"http://foo.bar/x/", true})
	run(t, "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n", "FooBot", check{page, true})
	run(t, "user-agent: FooBot\nallow: /page\ndisallow: /*.html\n", "FooBot",
		check{"http://foo.bar/page.html", false}, check{"http://foo.bar/page", true})
	run(t, "user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n", "FooBot", check{page, true}, check{"http://foo.bar/x/y.html", false})
	run(t, "User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n", "FooBot",
		check{"http://foo.bar/x/page", true}, check{"http://foo.bar/y/page", false})

	// ID_Encoding.
	run(t, "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n", "FooBot",
		check{"http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par", true})
	run(t, "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n", "FooBot",
		check{"http://foo.bar/foo/bar/%E3%83%84", true})
	run(t, "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n", "FooBot",
		check{"http://foo.bar/foo/bar/%E3%83%84", true})
	// Google: false for /foo/bar/baz; RFC 9309 (and so this package): true.
	run(t, "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n", "FooBot",
		check{"http://foo.bar/foo/bar/baz", true}, check{"http://foo.bar/foo/bar/%62%61%7A", true})

	// ID_SpecialCharacters.
	run(t, "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n", "FooBot",
		check{"http://foo.bar/foo/bar/quz", false}, check{"http://foo.bar/foo/quz", true},
		check{"http://foo.bar/foo//quz", true}, check{"http://foo.bar/foo/bax/quz", true})
	run(t, "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n", "FooBot",
		check{"http://foo.bar/foo/bar", false}, check{"http://foo.bar/foo/bar/qux", true},
		check{"http://foo.bar/foo/bar/", true}, check{"http://foo.bar/foo/bar/baz", true})
	run(t, "User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n", "FooBot",
		check{"http://foo.bar/foo/bar", true}, check{"http://foo.bar/foo/quz", false})

	// GoogleOnly_IndexHTMLisDirectory.
	run(t, "User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n", "foobot",
		check{"http://foo.com/allowed-slash/", true}, check{"http://foo.com/allowed-slash/index.htm", false},
		check{"http://foo.com/allowed-slash/index.html", true}, check{"http://foo.com/anyother-url", false})

	// GoogleOnly_LineTooLong: a line is cut at MaxLine bytes.
	long := "/x/" + strings.Repeat("a", MaxLine+1-len("/x/")-len("disallow: ")-1)
	run(t, "user-agent: FooBot\ndisallow: "+long+"/qux\n", "FooBot",
		check{"http://foo.bar/fux", true}, check{"http://foo.bar" + long + "/fux", false})
	longA := "/x/" + strings.Repeat("a", MaxLine+1-len("/x/")-len("allow: ")-1)
	longB := "/x/" + strings.Repeat("b", MaxLine+1-len("/x/")-len("allow: ")-1)
	run(t, "user-agent: FooBot\ndisallow: /\nallow: "+longA+"/qux\nallow: "+longB+"/qux\n", "FooBot",
		check{"http://foo.bar/", false}, check{"http://foo.bar" + longA + "/qux", true}, check{"http://foo.bar" + longB + "/fux", true})

	// GoogleOnly_DocumentationChecks.
	fish := []check{
		{"http://foo.bar/bar", false}, {"http://foo.bar/fish", true}, {"http://foo.bar/fish.html", true},
		{"http://foo.bar/fish/salmon.html", true}, {"http://foo.bar/fishheads", true},
		{"http://foo.bar/fishheads/yummy.html", true}, {"http://foo.bar/fish.html?id=anything", true},
		{"http://foo.bar/Fish.asp", false}, {"http://foo.bar/catfish", false}, {"http://foo.bar/?id=fish", false},
	}
	run(t, "user-agent: FooBot\ndisallow: /\nallow: /fish\n", "FooBot", fish...)
	run(t, "user-agent: FooBot\ndisallow: /\nallow: /fish*\n", "FooBot", fish...)
	run(t, "user-agent: FooBot\ndisallow: /\nallow: /fish/\n", "FooBot",
		check{"http://foo.bar/bar", false}, check{"http://foo.bar/fish/", true}, check{"http://foo.bar/fish/salmon", true},
		check{"http://foo.bar/fish/?salmon", true}, check{"http://foo.bar/fish/salmon.html", true},
		check{"http://foo.bar/fish/?id=anything", true}, check{"http://foo.bar/fish", false},
		check{"http://foo.bar/fish.html", false}, check{"http://foo.bar/Fish/Salmon.html", false})
	run(t, "user-agent: FooBot\ndisallow: /\nallow: /*.php\n", "FooBot",
		check{"http://foo.bar/bar", false}, check{"http://foo.bar/filename.php", true},
		check{"http://foo.bar/folder/filename.php", true}, check{"http://foo.bar/folder/filename.php?parameters", true},
		check{"http://foo.bar//folder/any.php.file.html", true}, check{"http://foo.bar/filename.php/", true},
		check{"http://foo.bar/index?f=filename.php/", true}, check{"http://foo.bar/php/", false},
		check{"http://foo.bar/index?php", false}, check{"http://foo.bar/windows.PHP", false})
	run(t, "user-agent: FooBot\ndisallow: /\nallow: /*.php$\n", "FooBot",
		check{"http://foo.bar/bar", false}, check{"http://foo.bar/filename.php", true},
		check{"http://foo.bar/folder/filename.php", true}, check{"http://foo.bar/filename.php?parameters", false},
		check{"http://foo.bar/filename.php/", false}, check{"http://foo.bar/filename.php5", false},
		check{"http://foo.bar/php/", false}, check{"http://foo.bar/filename?php", false},
		check{"http://foo.bar/aaaphpaaa", false}, check{"http://foo.bar//windows.PHP", false})
	run(t, "user-agent: FooBot\ndisallow: /\nallow: /fish*.php\n", "FooBot",
		check{"http://foo.bar/bar", false}, check{"http://foo.bar/fish.php", true},
		check{"http://foo.bar/fishheads/catfish.php?parameters", true}, check{"http://foo.bar/Fish.PHP", false})
	run(t, "user-agent: FooBot\nallow: /p\ndisallow: /\n", "FooBot", check{"http://example.com/page", true})
	run(t, "user-agent: FooBot\nallow: /folder\ndisallow: /folder\n", "FooBot", check{"http://example.com/folder/page", true})
	run(t, "user-agent: FooBot\nallow: /page\ndisallow: /*.htm\n", "FooBot", check{"http://example.com/page.htm", false})
	run(t, "user-agent: FooBot\nallow: /$\ndisallow: /\n", "FooBot",
		check{"http://example.com/", true}, check{"http://example.com/page.html", false})

	// ID_LinesNumbersAreCountedCorrectly: LF, CR LF, CR, no final newline, mixed.
	for _, robots := range []string{
		"User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /\n",
		"User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n\r\nDisallow: /\r\n",
		"User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\rDisallow: /\r",
		"User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /",
		"User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /",
	} {
		g, _ := Parse([]byte(robots)).For("bar")
		if r, ok := g.Match("/x"); !ok || r.Line != 6 || r.Allow {
			t.Errorf("%q: bar's rule for /x is %+v, %v; want Disallow at line 6", robots, r, ok)
		}
	}

	// ID_UTF8ByteOrderMarkIsSkipped: whole or partial at the start only.
	for robots, want := range map[string]bool{
		"\xEF\xBB\xBFUser-Agent: foo\nDisallow: /AnyValue\n": false,
		"\xEF\xBBUser-Agent: foo\nDisallow: /AnyValue\n":     false,
		"\xEFUser-Agent: foo\nDisallow: /AnyValue\n":         false,
		"\xEF\x11\xBFUser-Agent: foo\nDisallow: /AnyValue\n": true, // a broken first line
		"User-Agent: foo\n\xEF\xBB\xBFDisallow: /AnyValue\n": true, // a mark in the middle
	} {
		run(t, robots, "foo", check{"http://foo.bar/AnyValue", want})
	}

	// ID_NonStandardLineExample_Sitemap: a Sitemap: line anywhere is no rule.
	run(t, "Sitemap: http://foo.bar/sitemap.xml\nUser-Agent: foo\nDisallow: /a\n", "foo", check{"http://foo.bar/a", false})
	run(t, "User-Agent: foo\nDisallow: /a\nSitemap: http://foo.bar/sitemap.xml\nDisallow: /b\n", "foo",
		check{"http://foo.bar/a", false}, check{"http://foo.bar/b", false})
}

// TestPathOf holds TestGetPathParamsQuery of google/robotstxt.
func TestPathOf(t *testing.T) {
	for url, want := range map[string]string{
		"": "/", "http://www.example.com": "/", "http://www.example.com/": "/",
		"http://www.example.com/a": "/a", "http://www.example.com/a/": "/a/",
		"http://www.example.com/a/b?c=http://d.e/":    "/a/b?c=http://d.e/",
		"http://www.example.com/a/b?c=d&e=f#fragment": "/a/b?c=d&e=f",
		"example.com": "/", "example.com/": "/", "example.com/a": "/a", "example.com/a/": "/a/",
		"example.com/a/b?c=d&e=f#fragment": "/a/b?c=d&e=f",
		"a":                                "/", "a/": "/", "/a": "/a", "a/b": "/b", "example.com?a": "/?a",
		"example.com/a;b#c": "/a;b", "//a/b/c": "/b/c",
	} {
		if got := PathOf(url); got != want {
			t.Errorf("PathOf(%q) = %q, want %q", url, got, want)
		}
	}
}

// TestNormalize holds TestMaybeEscapePattern of google/robotstxt, and the
// decoding RFC 9309 adds.
func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{
		"http://www.example.com": "http://www.example.com", "/a/b/c": "/a/b/c", "á": "%C3%A1", "%aa": "%AA",
		"/%62%61%7a": "/baz", "/%2f%2A%24": "/%2F%2A%24", "/100%": "/100%", "/%zz": "/%zz",
	} {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestMatchRule says which rule decides, with its line, for --explain.
func TestMatchRule(t *testing.T) {
	rules := Parse([]byte("# site\nUser-agent: *\nDisallow: /private/\nAllow: /private/ok\n\nUser-agent: Googlebot\nDisallow: /g/\n"))
	g, own := rules.For("Googlebot")
	if !own {
		t.Fatal("Googlebot's own group not found")
	}
	if r, ok := g.Match("/g/x"); !ok || r.Line != 7 || r.String() != "Disallow: /g/" {
		t.Errorf("Googlebot /g/x: %+v %v", r, ok)
	}
	if _, ok := g.Match("/private/x"); ok {
		t.Error("Googlebot obeys *'s rules beside its own")
	}
	g, own = rules.For("bingbot")
	if r, ok := g.Match("/private/x"); own || !ok || r.Line != 3 || r.Allow {
		t.Errorf("bingbot /private/x: %+v %v %v", r, ok, own)
	}
	if r, ok := g.Match("/private/ok"); !ok || r.Line != 4 || !r.Allow {
		t.Errorf("bingbot /private/ok: %+v %v", r, ok)
	}
	if rules.Empty() || !Parse([]byte("Sitemap: https://x.org/sitemap.xml\nUser-agent: *\nDisallow:\n")).Empty() {
		t.Error("Empty")
	}
}

// TestMatchAllocs: a path without escapes to normalise costs nothing.
func TestMatchAllocs(t *testing.T) {
	g, _ := Parse([]byte("User-agent: *\nDisallow: /a/*/b$\nAllow: /a/\nDisallow: /c%2F\n")).For("x")
	n := testing.AllocsPerRun(100, func() {
		g.Match("/a/x/y/b")
		g.Match("/c%2Fd?e=%E3%83%84")
	})
	if n != 0 {
		t.Errorf("%v allocations a run", n)
	}
}

// TestHostile: garbage and pathological patterns are read, bounded.
func TestHostile(t *testing.T) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for range 200 {
		b.WriteString("Disallow: /" + strings.Repeat("*a", 400) + "b$\n")
	}
	g, _ := Parse([]byte(b.String())).For("x")
	if _, ok := g.Match("/" + strings.Repeat("a", 2000)); ok {
		t.Error("matched a path without b")
	}
	garbage := make([]byte, 1<<16)
	for i := range garbage {
		garbage[i] = byte(i * 7919 >> 3)
	}
	Parse(garbage).Allowed("Googlebot", "/x")
	if !Parse([]byte(strings.Repeat("x", 1<<20))).Empty() {
		t.Error("a 1 MB line of garbage gave rules")
	}
}

// TestJudgeAllowOnly: a Judge of rules that disallow nothing (Allow
// lines, empty Disallow lines) blocks no path, and one group's Disallow
// still blocks for its crawlers when the others allow all.
func TestJudgeAllowOnly(t *testing.T) {
	for _, tc := range []struct {
		robots  string
		path    string
		blocked bool
	}{
		{robots: "User-agent: *\nAllow: /\n", path: "/a/", blocked: false},
		{robots: "User-agent: *\nDisallow:\nAllow: /x\n", path: "/x/y", blocked: false},
		{robots: "User-agent: *\nAllow: /\n\nUser-agent: Bingbot\nDisallow: /b/\n", path: "/b/c", blocked: true},
		{robots: "User-agent: *\nAllow: /\n\nUser-agent: Bingbot\nDisallow: /b/\n", path: "/a/", blocked: false},
		{robots: "User-agent: *\nAllow: /\nDisallow: /%E3%83%84\n", path: "/%e3%83%84/", blocked: true},
		{robots: "User-agent: Otherbot\nDisallow: /\n\nUser-agent: *\nAllow: /\n", path: "/a/", blocked: false},
	} {
		j := NewJudge(Parse([]byte(tc.robots)), Crawlers...)
		if got := j.Blocked(tc.path); got != tc.blocked || got != (len(j.Why(tc.path)) > 0) || got && !j.Disallows() {
			t.Errorf("%q: Blocked(%q) = %v, Why = %v; want %v", tc.robots, tc.path, got, j.Why(tc.path), tc.blocked)
		}
	}
}

// TestKey: the lines sitemapgen --robots writes do not change the rules.
func TestKey(t *testing.T) {
	a := Parse([]byte("User-agent: *\nDisallow: /x/\n"))
	b := Parse([]byte("User-agent: *\nDisallow: /x/ # old\n\nSitemap: https://x.org/sitemap.xml\n"))
	c := Parse([]byte("User-agent: *\nDisallow: /y/\n"))
	if a.Key() != b.Key() || a.Key() == c.Key() {
		t.Errorf("keys %q %q %q", a.Key(), b.Key(), c.Key())
	}
}

// A rule quoted in a warning or a reason is an excerpt: a Disallow of a
// megabyte gives a message of a line's length.
func TestBlocksQuoteExcerpts(t *testing.T) {
	long := "/" + strings.Repeat("a", 1<<20)
	j := NewJudge(Parse([]byte("User-agent: *\nDisallow: "+long+"\n")), Crawlers...)
	why := j.Why(long)
	if len(why) != 1 {
		t.Fatalf("Why = %v", why)
	}
	for _, m := range []string{Blocks(why), Because(why)} {
		if len(m) > 300 || !strings.Contains(m, "line 2") {
			t.Errorf("a message of %d bytes: %.200q", len(m), m)
		}
	}
}

func TestSitemaps(t *testing.T) {
	data := "\ufeffUser-agent: *\r\nSitemap: https://example.com/a.xml # ours\nsitemap:https://example.com/b.xml\n  SITEMAP :  https://x.example/c.xml  \r# Sitemap: https://example.com/no.xml\nDisallow: /\n"
	got := Sitemaps([]byte(data))
	want := []SitemapLine{{"https://example.com/a.xml", 2}, {"https://example.com/b.xml", 3}, {"https://x.example/c.xml", 4}}
	if !slices.Equal(got, want) {
		t.Errorf("Sitemaps = %v, want %v", got, want)
	}
}
