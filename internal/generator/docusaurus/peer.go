package docusaurus

// @docusaurus/plugin-sitemap as a peer: its options' rows, init's steps
// to switch from it, and the npm integration that replaces it
// (sitemapgen/docusaurus). The registry lists Peer.

import (
	"fmt"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// Tool is @docusaurus/plugin-sitemap, by its package's name.
const Tool peer.Tool = "@docusaurus/plugin-sitemap"

// Peer is @docusaurus/plugin-sitemap (Docusaurus 3): the plugin's
// options, or the classic preset's sitemap: { … } (read by sitemapgen
// init, SitemapOptions, or handed over by sitemapgen/docusaurus). Its
// switch turns the preset's sitemap off and adds sitemapgen/docusaurus
// to plugins, its options kept.
var Peer = &peer.Def{
	Tool: Tool,
	Options: []peer.Option{
		{Tool: Tool, Name: "changefreq", Does: "--changefreq; null: none, as sitemapgen's default", Map: peer.Changefreq},
		{Tool: Tool, Name: "priority", Does: "--priority; null: none, as sitemapgen's default", Map: peer.Priority},
		{Tool: Tool, Name: "ignorePatterns", Does: "--exclude, each route glob as the globs of its built files", Map: peer.RouteGlobs(false)},
		{Tool: Tool, Name: "filename", Does: "--filename", Map: peer.Filename},
		{Tool: Tool, Name: "lastmod", Does: "--lastmod-format date or datetime; null: warned, sitemapgen writes each page's date", Map: lastmod},
		{Tool: Tool, Name: "createSitemapItems", Does: "honoured by sitemapgen/docusaurus: given every URL at once as defaultCreateSitemapItems' items, the items it returns written; init: warned (no function in sitemap.yaml)", Map: peer.RunByIntegration("it is given every URL at once as the items of defaultCreateSitemapItems, and the items it returns are written", "set values with rules: in sitemap.yaml, and leave pages out with --exclude GLOB")},
	},
	RunBy: "docusaurus",
	Steps: peer.Steps{Via: "sitemapgen/docusaurus", TurnOff: peer.Off("turn the classic preset's sitemap off in %s: sitemap: false in its options"), Integrate: plugin},
}

func lastmod(m *peer.Mapper, v any) {
	if v == nil {
		m.Warn("is null, which wrote no lastmod; sitemapgen writes each page's own date (the git dates Docusaurus shows as last updated, front matter): set lastmod.sources: [none] in sitemap.yaml to write none")
		return
	}
	s, ok := m.Str(v)
	if !ok {
		return
	}
	if s != "date" && s != "datetime" {
		m.Warn("is %q, not date or datetime; not taken", s)
		return
	}
	m.Set("lastmod_format", s)
}

// plugin: sitemapgen/docusaurus in plugins, with the preset's options.
func plugin(c peer.Config) string {
	return fmt.Sprintf("in %s, add [\"%s\", { … }] to plugins, with the options the preset's sitemap had (docs/integrations.md)", diag.Excerpt(c.File), "sitemapgen/docusaurus")
}
