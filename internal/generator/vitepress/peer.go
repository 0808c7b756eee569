package vitepress

// VitePress's sitemap option as a peer: its options' rows and init's
// steps to switch from it. The registry lists Peer.

import (
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// Tool is VitePress's sitemap option, which has no package of its own.
const Tool peer.Tool = "VitePress's sitemap"

// Peer is VitePress's sitemap option (VitePress 1): sitemap: { … } in
// .vitepress/config, the sitemap package's SitemapStream options with
// hostname and transformItems (read by sitemapgen init, SitemapOptions).
// Its switch removes sitemap: and runs sitemapgen after vitepress build.
var Peer = &peer.Def{
	Tool: Tool,
	Options: []peer.Option{
		{Tool: Tool, Name: "hostname", Does: "base_url (with base), which the config no longer gives once the sitemap option goes", Map: peer.SiteAtBase(false)},
		{Tool: Tool, Name: "lastmodDateOnly", Does: "--lastmod-format date; false: datetime, sitemapgen's default", Map: lastmodDateOnly},
		{Tool: Tool, Name: "transformItems", Does: "a function: warned, its code as a --transform command; --exclude, rules: meanwhile. A filter of literal URLs, which the build reads while sitemap: stays: warned, each test named, as the pages it leaves out are listed once sitemap: goes", Map: mapTransformItems},
		{Tool: Tool, Name: "xslUrl", Does: "--xsl", Map: peer.XSL},
		{Tool: Tool, Name: "xmlns", Does: "honoured: a file declares only the namespaces it uses", Map: peer.Namespaces},
		{Tool: Tool, Name: "level", Does: "honoured: every value is checked, a problem said", Map: peer.Honours("sitemapgen checks every value it writes and says each problem as a warning or an error")},
		{Tool: Tool, Name: "errorHandler", Does: "honoured: every value is checked, a problem said", Map: peer.Honours("sitemapgen checks every value it writes and says each problem as a warning or an error")},
	},
	Steps: peer.Steps{After: []string{"vitepress build"}, Where: "after vitepress build", TurnOff: peer.Off("remove sitemap: from %s")},
}

func lastmodDateOnly(m *peer.Mapper, v any) {
	b, ok := m.Bool(v)
	if !ok {
		return
	}
	if !b {
		m.Honoured("is false: dates and times, as sitemapgen writes by default")
		return
	}
	m.Set("lastmod_format", "date")
}

// mapTransformItems: one that only filters by literal tests of item.url
// (peer.Leaves) the build reads, and leaves those pages out, while
// sitemap: stays; once it goes, as init's step says, they are listed:
// each test is named, for an exclude: glob of their built files. Any
// other is code.
func mapTransformItems(m *peer.Mapper, v any) {
	l, ok := v.(peer.Leaves)
	if !ok {
		peer.Hook("leave pages out with --exclude GLOB, and set values with rules: in sitemap.yaml")(m, v)
		return
	}
	m.Warn("leaves out the pages whose %s, which sitemapgen reads while sitemap: stays; once sitemap: goes they are listed: give their built files with --exclude GLOB", strings.Join(l.Tests, ", or whose "))
}
