package nextsitemap_test

import (
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/peer/nextsitemap"
	"github.com/sitemapgen/sitemapgen/internal/peer/peertest"
)

// documented are next-sitemap's options, as its README lists them: each
// has a row (issue 53).
var documented = []string{"siteUrl", "output", "changefreq", "priority", "sitemapSize", "generateRobotsTxt", "robotsTxtOptions", "exclude", "alternateRefs", "transform", "additionalPaths", "autoLastmod", "generateIndexSitemap", "sitemapBaseFileName", "outDir", "trailingSlash", "sourceDir"}

func TestPeerRows(t *testing.T) { peertest.Rows(t, nextsitemap.Peer, documented) }

// TestPeerMap: what each option gives, as next-sitemap means it.
func TestPeerMap(t *testing.T) {
	peertest.Map(t, nextsitemap.Peer, []peertest.Case{
		// customPages, a list of URLs, is carried over as extra URLs; a
		// function that gives URLs stays a warning that says where to
		// put them.
		// robotsTxtOptions' additionalSitemaps, the Sitemap: lines it added:
		// those under siteUrl the index lists (issue 70); the others, and
		// additionalSitemapIndices (no index lists an index), and the
		// policies' rules, next-sitemap's robots.txt wrote as
		// Result.RobotsTxt says, the site's own (issue 68).
		{Name: "next-sitemap's additionalSitemaps", Given: []peer.Given{{Name: "siteUrl", Value: "https://example.com"}, {Name: "generateRobotsTxt", Value: true}, {Name: "robotsTxtOptions", Value: map[string]any{
			"policies":                 []any{map[string]any{"userAgent": "*", "allow": "/"}, map[string]any{"userAgent": "test-bot", "allow": []any{"/path", "/path-2"}, "disallow": "/private", "crawlDelay": 10.0}},
			"additionalSitemaps":       []any{"https://example.com/server-sitemap.xml", "https://shop.example.org/sitemap.xml", "https://example.com/sitemap.xml", "/relative.xml"},
			"additionalSitemapIndices": []any{"https://example.com/blog/sitemap-index.xml"},
			"includeNonIndexSitemaps":  true}}},
			Want:   []peer.Setting{{Key: "base_url", Value: "https://example.com", From: "siteUrl"}, {Key: "robots", Value: true, From: "generateRobotsTxt"}, {Key: "index.extra", Value: []string{"https://example.com/server-sitemap.xml"}, From: "robotsTxtOptions.additionalSitemaps"}},
			Warn:   []string{`gives "/relative.xml", which is no absolute http(s) URL`, "wrote rules or Sitemap: lines into robots.txt that sitemapgen does not write: keep them in the site's own robots.txt (public/robots.txt, which sitemapgen init writes where there is none)"},
			Robots: "# *\nUser-agent: *\nAllow: /\n\n# test-bot\nUser-agent: test-bot\nAllow: /path\nAllow: /path-2\nDisallow: /private\nCrawl-delay: 10\n\n# Host\nHost: https://example.com\n\n# Sitemaps\nSitemap: https://shop.example.org/sitemap.xml\nSitemap: https://example.com/blog/sitemap-index.xml\n"},
		{Name: "next-sitemap's policies without generateRobotsTxt", Given: []peer.Given{{Name: "robotsTxtOptions", Value: map[string]any{"policies": []any{map[string]any{"userAgent": "*", "disallow": "/x"}}}}}},
		{Name: "next-sitemap's policies not literal", Given: []peer.Given{{Name: "generateRobotsTxt", Value: true}, {Name: "robotsTxtOptions", Value: map[string]any{"policies": peer.Expr{Text: "rules"}, "sitemaps": true}}},
			Want: []peer.Setting{{Key: "robots", Value: true, From: "generateRobotsTxt"}}, Warn: []string{"gives sitemaps, not next-sitemap's", "has policies that are not literal values"}},
		{Name: "next-sitemap's additionalSitemaps alone", Given: []peer.Given{{Name: "robotsTxtOptions", Value: map[string]any{"additionalSitemaps": []any{"https://example.com/a.xml"}}}},
			Want: []peer.Setting{{Key: "index.extra", Value: []string{"https://example.com/a.xml"}, From: "robotsTxtOptions.additionalSitemaps"}}},
		{Name: "extra URLs of a function", Given: []peer.Given{{Name: "additionalPaths", Value: peer.Func{}}},
			Warn: []string{"is a function that gives URLs the built files do not show, and sitemapgen runs none; write the URLs it gives in a file and name it with --extra-urls FILE"}},
		{Name: "next-sitemap", Given: []peer.Given{{Name: "siteUrl", Value: "https://example.com"}, {Name: "output", Value: "export"}, {Name: "generateRobotsTxt", Value: true}, {Name: "sitemapSize", Value: 7000.0}, {Name: "exclude", Value: []any{"/secret", "/private/*"}}, {Name: "autoLastmod", Value: true}, {Name: "sitemapBaseFileName", Value: "sitemap"}, {Name: "additionalPaths", Value: peer.Func{}}, {Name: "alternateRefs", Value: []any{map[string]any{"href": "https://example.com/fr", "hreflang": "fr"}}}},
			Want: []peer.Setting{{Key: "base_url", Value: "https://example.com", From: "siteUrl"}, {Key: "robots", Value: true, From: "generateRobotsTxt"}, {Key: "max_urls", Value: 7000, From: "sitemapSize"}, {Key: "exclude", Value: []string{"secret/index.html", "secret.html", "private/*/**"}, From: "exclude"}, {Key: "filename", Value: "sitemap.xml", From: "sitemapBaseFileName"}},
			Warn: []string{"never a lastmod", "gives URLs the built files do not show", "names one language only, fr (fr/): an alternate needs the page's own language too, which it does not name; add the pages at the top of the site, { href: 'https://example.com', hreflang: 'LANG' } (their language), and init carries both as locales",
				// Its robots.txt's policies and Host: line, which --robots
				// does not write (issue 98: the Host: line was lost).
				"wrote rules or Sitemap: lines into robots.txt that sitemapgen does not write (its policies, and Host: https://example.com)"},
			Robots: "# *\nUser-agent: *\nAllow: /\n\n# Host\nHost: https://example.com\n"},
		// robotsTxtOptions' policies, an empty list: no rules, the Host:
		// line still.
		{Name: "next-sitemap's robots.txt without policies", Given: []peer.Given{{Name: "siteUrl", Value: "https://example.com"}, {Name: "generateRobotsTxt", Value: true}, {Name: "robotsTxtOptions", Value: map[string]any{"policies": []any{}}}},
			Want:   []peer.Setting{{Key: "base_url", Value: "https://example.com", From: "siteUrl"}, {Key: "robots", Value: true, From: "generateRobotsTxt"}},
			Warn:   []string{"(its policies, and Host: https://example.com)"},
			Robots: "# Host\nHost: https://example.com\n"},
		// On a server build, the advice's globs are of the files its
		// pages are (app/blog/hello.html): 'blog/**' matched none there.
		{Name: "next-sitemap's transform on a server build", Ctx: peer.Context{Publish: ".next/server", Out: "public", Server: true}, Given: []peer.Given{{Name: "transform", Value: peer.Func{}}},
			Warn: []string{"set values with rules: in sitemap.yaml (match: '{app,pages}/blog/**'), and leave pages out with --exclude GLOB ('{app,pages}/drafts/**')"}},
		{Name: "next-sitemap's transform", Given: []peer.Given{{Name: "transform", Value: peer.Func{}}},
			Warn: []string{"set values with rules: in sitemap.yaml (match: 'blog/**'), and leave pages out with --exclude GLOB ('drafts/**')"}},
		// Each href elsewhere: the reason is true of a server build too.
		{Name: "next-sitemap's alternateRefs elsewhere on a server build", Ctx: peer.Context{Publish: ".next/server", Out: "public", Server: true}, Given: []peer.Given{{Name: "siteUrl", Value: "https://example.com"}, {Name: "alternateRefs", Value: []any{map[string]any{"href": "https://example.de", "hreflang": "de"}}}},
			Want: []peer.Setting{{Key: "base_url", Value: "https://example.com", From: "siteUrl"}},
			Warn: []string{"once ours replace next-sitemap's sitemaps none of its is left to take them from"}},
		// next-sitemap's siteUrl goes with its configuration file, which
		// the switch removes: the base URL is carried over. output:
		// 'export' is how its README has a static export read.
		{Name: "next-sitemap's static export", Given: []peer.Given{{Name: "siteUrl", Value: peer.Expr{Text: "process.env.SITE_URL || 'https://example.com'"}}, {Name: "output", Value: "export"}},
			Warn: []string{"is not a literal value (process.env.SITE_URL"}},
		// A static export's out/ is emptied by next build: the parts of
		// next-sitemap's index keep answering as published_sitemaps names
		// them, the first always, the others as found in out/.
		{Name: "next-sitemap's parts", Ctx: peer.Context{Publish: "out", Sitemaps: []string{"site-map.xml", "site-map-0.xml", "site-map-12.xml", "site-map-x.xml", "sitemap-1.xml", "site-map-1-2.xml"}},
			Given: []peer.Given{{Name: "sitemapBaseFileName", Value: "site-map"}},
			Want:  []peer.Setting{{Key: "filename", Value: "site-map.xml", From: "sitemapBaseFileName"}, {Key: "published_sitemaps", Value: []string{"site-map-0.xml", "site-map-12.xml"}, From: "its parts, site-map-0.xml …"}}},
		// out/ without next-sitemap's index: the first part is named,
		// the later ones are not known, and a warning says so.
		{Name: "next-sitemap's first part", Ctx: peer.Context{Publish: "out", Sitemaps: []string{}}, Given: []peer.Given{{Name: "output", Value: "export"}},
			Want: []peer.Setting{{Key: "published_sitemaps", Value: []string{"sitemap-0.xml"}, From: "its parts, sitemap-0.xml …"}},
			Warn: []string{"is not in out/: the names of its later parts (sitemap-1.xml …), which its users may have submitted, are not known"}},
		{Name: "next-sitemap's server output", Given: []peer.Given{{Name: "output", Value: "standalone"}},
			Warn: []string{`is "standalone"`}},
		// After a plain next build, the pages are the build's prerendered
		// files (app/ROUTE.html, pages/ROUTE.html) and the sitemaps go to
		// public/, next-sitemap's outDir.
		{Name: "next-sitemap on a server build", Ctx: peer.Context{Publish: ".next/server", Out: "public", Server: true},
			Given: []peer.Given{{Name: "output", Value: "standalone"}, {Name: "outDir", Value: "./public"}, {Name: "exclude", Value: []any{"/secret", "/private/*", "/"}}},
			Want:  []peer.Setting{{Key: "exclude", Value: []string{"{app,pages}/secret.html", "{app,pages}/private/*/**", "{app,pages}/index.html"}, From: "exclude"}}},
		{Name: "next-sitemap on a server build, outDir elsewhere", Ctx: peer.Context{Publish: ".next/server", Out: "public", Server: true},
			Given: []peer.Given{{Name: "outDir", Value: "out"}}, Warn: []string{"is not taken: sitemapgen writes the sitemaps of a server build into public/, which Next.js serves; --out names another folder"}},
		// alternateRefs: each href siteUrl or a folder at its top.
		// transformRobotsTxt, a function, is what --robots-transform runs
		// as a command; robotsTxtOptions' rules stay the site's own.
		{Name: "next-sitemap's transformRobotsTxt", Given: []peer.Given{{Name: "robotsTxtOptions", Value: map[string]any{"transformRobotsTxt": peer.Func{}}}},
			Warn: []string{"transformRobotsTxt is a function, which sitemapgen does not run: write a command that reads robots.txt on its standard input and prints the one to write, and give it with --robots-transform CMD"}},
		{Name: "next-sitemap's transformRobotsTxt and policies", Given: []peer.Given{{Name: "generateRobotsTxt", Value: true}, {Name: "robotsTxtOptions", Value: map[string]any{"transformRobotsTxt": peer.Func{}, "policies": []any{map[string]any{"userAgent": "*", "disallow": "/x"}}}}},
			Want: []peer.Setting{{Key: "robots", Value: true, From: "generateRobotsTxt"}}, Warn: []string{"--robots-transform CMD", "wrote rules or Sitemap: lines into robots.txt"},
			Robots: "# *\nUser-agent: *\nDisallow: /x\n\n"},
		{Name: "next-sitemap's alternateRefs by folder", Given: []peer.Given{{Name: "siteUrl", Value: "https://example.com"}, {Name: "alternateRefs", Value: []any{map[string]any{"href": "https://example.com", "hreflang": "en"}, map[string]any{"href": "https://example.com/fr/", "hreflang": "fr"}}}},
			Want: []peer.Setting{{Key: "base_url", Value: "https://example.com", From: "siteUrl"}, {Key: "locales", Value: []peer.Locale{{Lang: "en"}, {Folder: "fr", Lang: "fr"}}, From: "alternateRefs"}}},
		{Name: "next-sitemap's alternateRefs on other hosts", Given: []peer.Given{{Name: "siteUrl", Value: "https://example.com"}, {Name: "alternateRefs", Value: []any{map[string]any{"href": "https://example.com", "hreflang": "en"}, map[string]any{"href": "https://example.community/fr", "hreflang": "fr"}}}},
			Want: []peer.Setting{{Key: "base_url", Value: "https://example.com", From: "siteUrl"}}, Warn: []string{"alternates: { languages: { fr: '/fr/about' } }"}},
	})
}

// TestUnknownOption: an option next-sitemap does not have is a note
// that says so, and no setting.
func TestUnknownOption(t *testing.T) {
	r := nextsitemap.Peer.Map([]peer.Given{{Name: "changeFreq", Value: "daily"}}, peer.Context{})
	if len(r.Settings) != 0 || len(r.Notes) != 1 || !strings.Contains(r.Notes[0].Msg, "not an option of next-sitemap") {
		t.Errorf("an unknown option: %+v", r)
	}
}

// TestControlCharacters: a value that holds a control character or a
// line break, at any depth, is not taken and said, escaped; the options
// that read it (robotsTxtOptions' Host: line reads siteUrl) see it as not
// given; a GraphQL query, which sitemapgen never reads, may span lines
// (issue 89).
func TestControlCharacters(t *testing.T) {
	r := nextsitemap.Peer.Map([]peer.Given{
		{Name: "siteUrl", Value: "https://example.com/\nUser-agent: *\nDisallow: /", Line: 2},
		{Name: "generateRobotsTxt", Value: true},
		{Name: "robotsTxtOptions", Value: map[string]any{"policies": []any{map[string]any{"userAgent": "*", "disallow": "/admin"}}}},
		{Name: "exclude", Value: []any{"/ok", "/a\u2028b"}},
	}, peer.Context{})
	if strings.Contains(r.RobotsTxt, "Host") || !strings.Contains(r.RobotsTxt, "Disallow: /admin") {
		t.Errorf("robots.txt:\n%s", r.RobotsTxt)
	}
	for _, s := range r.Settings {
		if s.Key == "base_url" || s.Key == "exclude" {
			t.Errorf("%s taken: %v", s.Key, s.Value)
		}
	}
	var said []string
	for _, n := range r.Warnings() {
		if strings.Contains(n.Msg, "holds a control character or a line break") {
			said = append(said, n.Option+" "+n.Msg)
		}
	}
	if len(said) != 2 || !strings.Contains(said[0], `siteUrl holds a control character or a line break ("https://example.com/\nUser-agent: *\nDisallow: /")`) || !strings.Contains(said[1], `("/a\u2028b")`) {
		t.Errorf("notes: %q", said)
	}
}
