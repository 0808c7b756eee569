package hexo

// hexo-generator-sitemap, Hexo's sitemap plugin, as a peer: its options'
// rows, what is kept of its defaults, init's steps to switch from it and
// the file that carries its head link. The registry lists Peer.

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// Tool is hexo-generator-sitemap, by its package's name.
const Tool peer.Tool = sitemapPlugin

// Peer is hexo-generator-sitemap (3.x): its options are the sitemap:
// block of Hexo's _config.yml (read by sitemapgen init, SitemapOptions).
// Its switch runs sitemapgen after hexo generate, and uninstalls it.
var Peer = &peer.Def{
	Tool: Tool,
	Options: []peer.Option{
		{Tool: Tool, Name: "path", Does: "--filename for its .xml file (a name without extension: NAME.xml), --text for a .txt one, text_filename its name; not given, sitemap.xml and sitemap.txt, its default: --text", Map: mapPath},
		{Tool: Tool, Name: "template", Does: "warned: sitemapgen writes its own XML; rules: in sitemap.yaml set values", Map: mapTemplate},
		{Tool: Tool, Name: "template_txt", Does: "warned, as template", Map: mapTemplate},
		{Tool: Tool, Name: "rel", Does: "true: init writes scripts/sitemapgen-link.js, Hexo's injector putting the link to the entry file into every page's head; where the file exists, the lines to add printed", Map: mapRel},
		{Tool: Tool, Name: "tags", Does: "honoured; false: --exclude tags/** (the tag pages' folder, tag_dir)", Map: mapLists("tags")},
		{Tool: Tool, Name: "categories", Does: "honoured; false: --exclude categories/** (category_dir)", Map: mapLists("categories")},
	},
	Finish:   finish,
	Steps:    peer.Steps{After: []string{"hexo generate", "hexo g"}, Where: "after hexo generate", NPM: true},
	HeadLink: headLink,
}

// mapPath: hexo-generator-sitemap's files, a name or a list of names;
// a .xml one is sitemapgen's sitemap, a .txt one its text list, a name
// without an extension NAME.xml.
func mapPath(m *peer.Mapper, v any) {
	names, ok := m.Strs(v)
	if !ok {
		return
	}
	text := false
	for _, n := range names {
		switch ext := path.Ext(n); ext {
		case ".xml":
			m.SetFilename(n)
		case ".txt":
			// Its users may have submitted the name: ours takes it.
			text = true
			dir, file := path.Split(strings.TrimPrefix(path.Clean("/"+n), "/"))
			if dir != "" {
				m.Warn("puts the text sitemap in the folder %s; sitemapgen writes it at the site folder's root: %s taken there", strings.TrimSuffix(dir, "/"), file)
			}
			if file != "sitemap.txt" {
				m.Set("text_filename", file)
			}
		case "":
			if len(names) == 1 {
				m.SetFilename(n + ".xml")
			}
		default:
			m.Warn("names %q, neither a .xml nor a .txt file; not taken", n)
		}
	}
	m.Set("text", text)
}

// finish: without path, hexo-generator-sitemap writes sitemap.txt
// beside sitemap.xml, a URL its users may have submitted: ours keeps
// answering there.
func finish(m *peer.Mapper) {
	if !m.WasGiven("template") {
		// The plugin's own template writes each kind of page's values:
		// the home daily at 1.0, the tag and category pages weekly at
		// 0.2, the posts and pages monthly at 0.6 (issue 87: they were
		// lost without a word).
		m.At("template")
		m.Honoured("is the plugin's own by default, which wrote the home daily at 1.0, the tag and category pages weekly at 0.2, every post and page monthly at 0.6: rules, changefreq and priority keep them")
		m.Set("rules", []peer.Rule{
			{Match: "index.html", ChangeFreq: "daily", Priority: new(1.0)},
			{Match: "tags/**", ChangeFreq: "weekly", Priority: new(0.2)},
			{Match: "categories/**", ChangeFreq: "weekly", Priority: new(0.2)},
		})
		m.Set("changefreq", "monthly")
		m.Set("priority", 0.6)
	}
	if m.WasGiven("path") {
		return
	}
	m.At("path")
	m.Honoured("is sitemap.xml and sitemap.txt by default, and text: true keeps sitemap.txt answering")
	m.Set("text", true)
}

// mapTemplate: a Nunjucks template of the project's own, which the
// plugin rendered its sitemap with.
func mapTemplate(m *peer.Mapper, v any) {
	s, ok := m.Str(v)
	if !ok {
		return
	}
	m.Warn("names a template of the project's own (%s), which sitemapgen does not render: it writes its own files; set values with --changefreq, --priority or rules: in sitemap.yaml", strconv.Quote(s))
}

// mapRel: the plugin's <link rel="sitemap"> in each page's head.
func mapRel(m *peer.Mapper, v any) {
	b, ok := m.Bool(v)
	switch {
	case !ok:
	case b:
		m.HeadLink("is true, with which the plugin put a <link rel=\"sitemap\"> into each page's head")
	default:
		m.Honoured("is honoured: sitemapgen puts no <link rel=\"sitemap\"> into the pages either")
	}
}

// mapLists: whether the plugin lists the tag (or category) pages.
func mapLists(folder string) func(*peer.Mapper, any) {
	return func(m *peer.Mapper, v any) {
		b, ok := m.Bool(v)
		if !ok {
			return
		}
		if b {
			m.Honoured("is honoured: sitemapgen lists the %s pages, as every page of the site", folder)
			return
		}
		m.Set("exclude", []string{folder + "/**"})
	}
}

// headLink: scripts/sitemapgen-link.js, Hexo's injector putting the link
// into every page's head, under the site's root, as rel: true did.
func headLink(entry string) peer.LinkFile {
	l := peer.LinkFile{File: "scripts/sitemapgen-link.js"}
	l.Taken = []string{l.File}
	l.How = fmt.Sprintf("whose injector puts <link rel=\"sitemap\" href=\"ROOT%s\"> (ROOT, the site's root) into every page's head, as the plugin did", entry)
	l.Code = fmt.Sprintf("const href = hexo.extend.helper.get('url_for').call(hexo, %s);\n"+
		"hexo.extend.injector.register('head_end', `<link rel=\"sitemap\" type=\"application/xml\" title=\"Sitemap\" href=\"${href}\">`);\n", peer.JSString(entry))
	l.Text = `// Written by sitemapgen init, for hexo-generator-sitemap's rel: true. Hexo
// runs the scripts of scripts/ at each build: this one puts into every
// page's head the <link rel="sitemap"> the plugin put there, under the
// site's root (url_for, as the plugin), naming sitemapgen's entry file
// (sitemap.yaml's filename: change it here too if that changes).
'use strict';

` + l.Code
	return l
}
