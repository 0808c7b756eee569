package astro

// @astrojs/sitemap as a peer: its options' rows, its i18n and what is
// kept of its defaults, init's steps to switch from it, and the npm
// integration that replaces it (sitemapgen/astro). The registry lists
// Peer.

import (
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// Tool is @astrojs/sitemap, by its package's name.
const Tool peer.Tool = "@astrojs/sitemap"

// Peer is @astrojs/sitemap (Astro 5's integration, 3.x): its options,
// all passed to sitemap({ … }) in astro.config (read by sitemapgen init,
// SitemapOptions, or handed over by sitemapgen/astro). Its switch makes
// the integration sitemapgen({ … }), its options kept; astro build
// empties dist/, its sitemaps' too.
var Peer = &peer.Def{
	Tool: Tool,
	Options: []peer.Option{
		{Tool: Tool, Name: "filter", Does: "honoured by sitemapgen/astro: run as the per-URL hook, a URL left out when it gives false; init: warned (no function in sitemap.yaml)", Map: peer.RunByIntegration("a URL is left out when it gives false", "leave pages out with --exclude GLOB ('drafts/**')")},
		{Tool: Tool, Name: "customPages", Does: "extra_urls_inline: each URL listed as an extra URL", Map: peer.CustomPages},
		{Tool: Tool, Name: "customSitemaps", Does: "index.extra", Map: customSitemaps},
		{Tool: Tool, Name: "i18n", Does: "locales: (its default locale's pages at the root, each other's in its folder, in its code)", Map: i18n},
		{Tool: Tool, Name: "serialize", Does: "honoured by sitemapgen/astro: run as the per-URL hook, each URL written as the item it returns, left out on undefined; init: warned (no function in sitemap.yaml)", Map: peer.RunByIntegration("each URL is written as the item it returns, and left out when it returns undefined", "set values with --changefreq, --priority or rules: in sitemap.yaml, and leave pages out with --exclude GLOB")},
		{Tool: Tool, Name: "changefreq", Does: "--changefreq", Map: peer.Changefreq},
		{Tool: Tool, Name: "priority", Does: "--priority", Map: peer.Priority},
		{Tool: Tool, Name: "lastmod", Does: "warned: one date for every page is the build's time, never a lastmod", Map: peer.BuildTime},
		{Tool: Tool, Name: "entryLimit", Does: "--max-urls", Map: peer.MaxURLs},
		{Tool: Tool, Name: "filenameBase", Does: "--filename NAME-index.xml, the index's name; not given, sitemap-index.xml, its default, kept", Map: filenameBase},
		{Tool: Tool, Name: "xslURL", Does: "--xsl", Map: peer.XSL},
		{Tool: Tool, Name: "canonicalURL", Does: "--base-url (with a final slash): its older versions' base URL, in place of site + base", Map: canonicalURL},
		{Tool: Tool, Name: "namespaces", Does: "honoured: a file declares only the namespaces it uses", Map: peer.Namespaces},
		{Tool: Tool, Name: "chunks", Does: "functions: warned, its code as a --transform command; sections: by globs meanwhile", Map: peer.Hook("give parts of the site sitemap files of their own with sections: in sitemap.yaml (globs)")},
	},
	Finish:  finish,
	RunBy:   "astro",
	Steps:   peer.Steps{Via: "sitemapgen/astro", NPM: true, Integrate: integration},
	Empties: true,
}

func customSitemaps(m *peer.Mapper, v any) {
	if urls, ok := m.Strs(v); ok {
		m.Set("index.extra", urls)
	}
}

// i18n: { defaultLocale: 'en', locales: { en: 'en-US', fr: 'fr-CA' } }:
// the default locale's pages at the root, each other's in the folder of
// its key, in its code, as @astrojs/sitemap links them.
func i18n(m *peer.Mapper, v any) {
	obj, _ := v.(map[string]any)
	def, _ := obj["defaultLocale"].(string)
	codes, _ := obj["locales"].(map[string]any)
	if def == "" || len(codes) < 2 {
		m.Warn("is not { defaultLocale, locales: { KEY: CODE … } } with two locales at least; not taken: give locales: in sitemap.yaml, each folder with its hreflang code")
		return
	}
	if _, ok := codes[def].(string); !ok {
		m.Warn("names the default locale %q, which its locales do not give a code; not taken", def)
		return
	}
	var out []peer.Locale
	for _, k := range slices.Sorted(maps.Keys(codes)) {
		code, ok := codes[k].(string)
		if !ok || code == "" {
			m.Warn("gives %s no code as a string; not taken", k)
			return
		}
		if k == def {
			out = append([]peer.Locale{{Lang: code}}, out...)
		} else {
			out = append(out, peer.Locale{Folder: k, Lang: code})
		}
	}
	m.Set("locales", out)
}

// filenameBase: Astro's index is NAME-index.xml, its files NAME-0.xml ….
func filenameBase(m *peer.Mapper, v any) {
	if s, ok := m.Str(v); ok {
		m.SetFilename(s + "-index.xml")
	}
}

// canonicalURL: @astrojs/sitemap 0.1 to 0.2.5 listed each page under
// it, a slash added, in place of Astro's site + base (later versions
// take it and list under site + base): the base URL its sitemap gave.
func canonicalURL(m *peer.Mapper, v any) {
	s, ok := m.Str(v)
	if !ok {
		return
	}
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		m.Warn("is %q, not an absolute http(s) URL; not taken: the base URL is Astro's site + base, or --base-url", diag.URL(s))
		return
	}
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
	}
	m.Set("base_url", u.String())
}

// finish: @astrojs/sitemap's index, FILENAMEBASE-index.xml
// (sitemap-index.xml by default), is the URL its users submit, and
// astro build empties dist/: once the plugin is removed no file is there
// for ours to take over, so ours takes its name, filenameBase given or
// not. Its first part, NAME-0.xml, then answers with an index of ours
// (Info.Published); its later parts, past entryLimit's URLs, as
// published_sitemaps names them (peer.KeepParts).
func finish(m *peer.Mapper) {
	if !slices.ContainsFunc(m.All(), func(g peer.Given) bool { return g.Name == "filenameBase" }) {
		m.At("its index, sitemap-index.xml")
		m.Set("filename", "sitemap-index.xml")
	}
	index, _ := m.Setting("filename").(string)
	if base, ok := strings.CutSuffix(index, "-index.xml"); ok {
		peer.KeepParts(m, index, base, nil)
	}
}

// integration: sitemapgen({ … }) in sitemap({ … })'s place, imported
// from sitemapgen/astro; with no options, its index's name given.
func integration(c peer.Config) string {
	at, via := diag.Pos{File: diag.Excerpt(c.File), Line: c.Line}.String(), "sitemapgen/astro"
	if len(c.Options) == 0 {
		return fmt.Sprintf("in %s, make the sitemap() integration sitemapgen({ filename: \"sitemap-index.xml\" }), which keeps its index's URL, imported from \"%s\" in place of \"@astrojs/sitemap\": import sitemapgen from \"%s\" (docs/integrations.md)", at, via, via)
	}
	return fmt.Sprintf("in %s, make the sitemap({ … }) integration sitemapgen({ … }), its options kept, imported from \"%s\" in place of \"@astrojs/sitemap\": import sitemapgen from \"%s\" (docs/integrations.md)", at, via, via)
}
