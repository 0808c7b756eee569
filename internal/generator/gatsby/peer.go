package gatsby

// gatsby-plugin-sitemap as a peer: its options' rows, what is kept of
// its defaults, init's steps to switch from it and the file that carries
// its head link. The registry lists Peer.

import (
	"fmt"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// Tool is gatsby-plugin-sitemap, by its package's name.
const Tool peer.Tool = "gatsby-plugin-sitemap"

// Peer is gatsby-plugin-sitemap (5.x and later): its options in
// gatsby-config's plugins (read by sitemapgen init, SitemapOptions). Its
// switch removes it, runs sitemapgen after gatsby build, and
// uninstalls it; gatsby build empties public/, its sitemaps' too.
var Peer = &peer.Def{
	Tool: Tool,
	Options: []peer.Option{
		{Tool: Tool, Name: "output", Does: "--filename sitemap-index.xml, its index's name; warned unless /: the sitemaps go at the site's root", Map: output},
		{Tool: Tool, Name: "createLinkInHead", Does: "true (its default): init writes gatsby-ssr.js, whose onRenderBody puts the link to the entry file into every page's head; where the file exists, the lines to add printed", Map: createLinkInHead},
		{Tool: Tool, Name: "entryLimit", Does: "--max-urls", Map: peer.MaxURLs},
		{Tool: Tool, Name: "excludes", Does: "--exclude, each page path glob as the globs of its built files", Map: peer.RouteGlobs(false)},
		{Tool: Tool, Name: "query", Does: "honoured: the pages are the built files, no GraphQL", Map: peer.Honours("sitemapgen lists the built pages; it needs no GraphQL query")},
		{Tool: Tool, Name: "resolveSiteUrl", Does: "a function: warned; the base URL is siteMetadata.siteUrl, or --base-url", Map: peer.Hook("give the base URL with --base-url (base_url: in sitemap.yaml) if siteMetadata.siteUrl is not it")},
		{Tool: Tool, Name: "resolvePagePath", Does: "a function: warned, its code as a --transform command", Map: peer.Hook("sitemapgen lists each page at the URL its built file is served at")},
		{Tool: Tool, Name: "resolvePages", Does: "a function: warned; its URLs in a file of extra URLs (--extra-urls) or a command's output (--extra-urls-command)", Map: peer.ExtraURLs},
		{Tool: Tool, Name: "filterPages", Does: "a function: warned, its code as a --transform command; --exclude meanwhile", Map: peer.Hook("leave pages out with --exclude GLOB ('drafts/**')")},
		{Tool: Tool, Name: "serialize", Does: "a function: warned, its code as a --transform command; rules: meanwhile", Map: peer.Hook("set values with rules: in sitemap.yaml")},
	},
	Finish: finish,
	// query, a GraphQL query, spans lines.
	FreeText: []string{"query"},
	Steps:    peer.Steps{After: []string{"gatsby build"}, Where: "after gatsby build", NPM: true, TurnOff: peer.Off("remove gatsby-plugin-sitemap from the plugins of %s")},
	Empties:  true,
	HeadLink: gatsbySSR,
}

// finish: the plugin's index, OUTPUT/sitemap-index.xml, is the URL its
// users submit: once the plugin is removed, Gatsby writes no file there
// for ours to take over, so ours takes its name. Its first part,
// sitemap-0.xml, then answers with an index of ours (Info.Published);
// its later parts, past entryLimit's URLs, as published_sitemaps names
// them (peer.KeepParts), where they are at the site's root (output
// elsewhere is a warning of its own).
//
// Its createLinkInHead is true by default: not given, its link is still
// in every page's head.
func finish(m *peer.Mapper) {
	if !m.WasGiven("createLinkInHead") {
		m.At("createLinkInHead")
		m.HeadLink("is true by default, with which the plugin put a <link rel=\"sitemap\"> into each page's head through Gatsby's onRenderBody")
	}
	m.At("its index, sitemap-index.xml")
	for _, g := range m.All() {
		if g.Name == "output" {
			m.AtGiven(g)
		}
	}
	m.Set("filename", "sitemap-index.xml")
	out, ok := m.Other("output").(string)
	if m.Other("output") == nil || ok && strings.Trim(out, "/") == "" {
		peer.KeepParts(m, "sitemap-index.xml", "sitemap", nil)
	}
}

func output(m *peer.Mapper, v any) {
	s, ok := m.Str(v)
	if !ok {
		return
	}
	if strings.Trim(s, "/") == "" {
		m.Honoured("is the site's root, where the sitemaps go")
		return
	}
	dir := "/" + strings.Trim(s, "/") + "/"
	m.Warn("puts the sitemaps in %s; sitemapgen writes them at the site's root, where a sitemap may list every page (and removes the plugin's files in %s while it is configured): submit /sitemap-index.xml in place of %ssitemap-index.xml, which answers no more once the plugin is gone", dir, dir, dir)
}

func createLinkInHead(m *peer.Mapper, v any) {
	b, ok := m.Bool(v)
	switch {
	case !ok:
	case b:
		m.HeadLink("is true, with which the plugin put a <link rel=\"sitemap\"> into each page's head through Gatsby's onRenderBody")
	default:
		m.Honoured("is false: sitemapgen edits no page either")
	}
}

// gatsbySSR: gatsby-ssr.js, whose onRenderBody puts the link into every
// page's head, under the path prefix, as createLinkInHead did.
func gatsbySSR(entry string) peer.LinkFile {
	l := peer.LinkFile{File: "gatsby-ssr.js", Taken: []string{"gatsby-ssr.js", "gatsby-ssr.jsx", "gatsby-ssr.ts", "gatsby-ssr.tsx", "gatsby-ssr.mjs", "gatsby-ssr.cjs"},
		AddHow: "its onRenderBody, if it has one, calling setHeadComponents with the link"}
	l.How = fmt.Sprintf("whose onRenderBody puts <link rel=\"sitemap\" href=\"/%s\"> (under the path prefix) into every page's head, as the plugin did", entry)
	l.Code = fmt.Sprintf(`const React = require('react');
const { withPrefix } = require('gatsby');

exports.onRenderBody = ({ setHeadComponents }) => {
  setHeadComponents([
    React.createElement('link', { key: 'sitemapgen', rel: 'sitemap', type: 'application/xml', href: withPrefix(%s) }),
  ]);
};
`, peer.JSString("/"+entry))
	l.Text = `// Written by sitemapgen init, for gatsby-plugin-sitemap's createLinkInHead:
// Gatsby's onRenderBody puts into every page's head the <link rel="sitemap">
// the plugin put there, under the site's path prefix, naming sitemapgen's
// entry file (sitemap.yaml's filename: change it here too if that changes).
` + l.Code
	return l
}
