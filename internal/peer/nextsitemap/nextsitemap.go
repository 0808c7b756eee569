// Package nextsitemap is next-sitemap as a peer: the options of its
// configuration file (next-sitemap.config.js, read by sitemapgen init
// whatever the generator found), their rows, what is kept of its
// defaults and its robots.txt. It goes with no generator's folder (its
// reading is internal/generator's, which Next.js's folder cannot be
// imported by), so it has a folder of its own below internal/peer; the
// registry lists Peer. Its switch edits the package.json script that
// ran it (Steps.Script), with the steps of its hooks (noteStep).
package nextsitemap

import (
	"cmp"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/writer"
)

// Tool is next-sitemap, by its package's name.
const Tool peer.Tool = "next-sitemap"

// Peer is next-sitemap: next-sitemap.config.js (read by sitemapgen init).
// A static export's next build empties out/, its sitemaps' too.
var Peer = &peer.Def{
	Tool: Tool,
	Options: []peer.Option{
		{Tool: Tool, Name: "siteUrl", Does: "--base-url (next-sitemap.config.js goes with next-sitemap)", Map: peer.BaseURL},
		{Tool: Tool, Name: "output", Does: "honoured: export, the static export's files; otherwise the pages the server build prerendered", Map: output},
		{Tool: Tool, Name: "changefreq", Does: "--changefreq", Map: peer.Changefreq},
		{Tool: Tool, Name: "priority", Does: "--priority", Map: peer.Priority},
		{Tool: Tool, Name: "sitemapSize", Does: "--max-urls", Map: peer.MaxURLs},
		{Tool: Tool, Name: "generateRobotsTxt", Does: "--robots (its Sitemap: lines); its policies and Host: line, where robotsTxtOptions does not carry them: public/robots.txt, which init writes", Map: peer.Robots},
		{Tool: Tool, Name: "robotsTxtOptions", Does: "additionalSitemaps: index.extra, each under siteUrl (the index lists them; robots.txt's Sitemap: line, --robots, names the index); with generateRobotsTxt, policies' rules and the Sitemap: lines of the others and of additionalSitemapIndices: public/robots.txt, which init writes; transformRobotsTxt, a function: warned, its code as a --robots-transform command", Map: robotsTxtOptions},
		{Tool: Tool, Name: "exclude", Does: "--exclude, each route glob as the globs of its built files; a function warned", Map: peer.RouteGlobs(true)},
		{Tool: Tool, Name: "alternateRefs", Does: "locales: when each href is siteUrl or a folder of it; else warned: give the pages' own hreflang links (Next.js's metadata alternates.languages)", Map: alternateRefs},
		{Tool: Tool, Name: "transform", Does: "a function: warned, its code as a --transform command; rules: and --exclude meanwhile", Map: peer.Hook("set values with rules: in sitemap.yaml (match: 'blog/**'), and leave pages out with --exclude GLOB ('drafts/**')")},
		{Tool: Tool, Name: "additionalPaths", Does: "a function that returns literal paths: extra_urls_inline, each joined to siteUrl; otherwise warned, its URLs in a file of extra URLs (--extra-urls) or a command's output (--extra-urls-command)", Map: peer.ExtraURLs},
		{Tool: Tool, Name: "autoLastmod", Does: "warned: the build's time is never a lastmod; each page's own date is written", Map: autoLastmod},
		{Tool: Tool, Name: "generateIndexSitemap", Does: "honoured where needed: an index past one file's limits", Map: generateIndex},
		{Tool: Tool, Name: "sitemapBaseFileName", Does: "--filename NAME.xml (read at every run too, while next-sitemap.config.js is there)", Map: sitemapBaseFileName},
		{Tool: Tool, Name: "outDir", Does: "warned unless the site folder (a server build's: public/): the sitemaps go there", Map: outDir},
		{Tool: Tool, Name: "trailingSlash", Does: "--trailing-slash", Map: trailingSlash},
		{Tool: Tool, Name: "sourceDir", Does: "honoured: the pages are the export's files, or the server build's in distDir", Map: peer.Honours("the pages are the static export's files, or those the server build in next.config's distDir prerendered")},
	},
	Finish: finish,
	Steps: peer.Steps{NPM: true, Script: true, Replace: []string{"next-sitemap"},
		After: []string{"next build"}, Where: "after next build", NoteStep: noteStep},
	Empties:    true,
	RobotsFile: "public/robots.txt",
}

// alternateRefs: once ours replace next-sitemap's sitemaps (a static
// export's next build empties out/; a server build's public/ keeps them
// until then), none is left to take its alternates from: locales carry
// them where each href is siteUrl or a folder at its top, else the
// pages' heads must name them.
func alternateRefs(m *peer.Mapper, v any) {
	// [{ href: 'https://example.com', hreflang: 'en' }, { href:
	// 'https://example.com/fr', hreflang: 'fr' }]: next-sitemap adds
	// each page's path to each href; where each href is siteUrl or a
	// folder at its top, those are locales by folder.
	site, _ := m.Other("siteUrl").(string)
	refs, _ := v.([]any)
	var out []peer.Locale
	for _, r := range refs {
		obj, _ := r.(map[string]any)
		href, _ := obj["href"].(string)
		lang, _ := obj["hreflang"].(string)
		base, h := strings.TrimSuffix(site, "/"), strings.TrimSuffix(href, "/")
		rest, ok := "", site != "" && h == base
		if !ok && site != "" {
			rest, ok = strings.CutPrefix(h, base+"/")
		}
		if !ok || lang == "" || strings.Contains(rest, "/") {
			out = nil
			break
		}
		out = append(out, peer.Locale{Folder: rest, Lang: lang})
	}
	switch {
	case len(out) >= 2:
		m.Set("locales", out)
		return
	case len(out) == 1 && out[0].Folder != "":
		// { href: siteUrl/fr, hreflang: 'fr' } alone: every page had an
		// fr alternate, and none of its own language.
		m.Warn("names one language only, %s (%s/): an alternate needs the page's own language too, which it does not name; add the pages at the top of the site, { href: '%s', hreflang: 'LANG' } (their language), and init carries both as locales", out[0].Lang, out[0].Folder, strings.TrimSuffix(site, "/"))
		return
	}
	m.Warn("is not taken: sitemapgen writes the alternates each page names in its <link rel=\"alternate\" hreflang> links, and once ours replace next-sitemap's sitemaps none of its is left to take them from; give each page's translations in Next.js's metadata, alternates: { languages: { fr: '/fr/about' } }, which writes those links into its head")
}

func autoLastmod(m *peer.Mapper, v any) {
	b, ok := m.Bool(v)
	if !ok {
		return
	}
	if b {
		peer.BuildTime(m, v)
		return
	}
	m.Warn("is false, which wrote no lastmod; sitemapgen writes each page's own date (front matter, git …): set lastmod.sources: [none] in sitemap.yaml to write none")
}

// sitemapBaseFileName: next-sitemap's index is NAME.xml.
func sitemapBaseFileName(m *peer.Mapper, v any) {
	if s, ok := m.Str(v); ok {
		m.SetFilename(s + ".xml")
	}
}

func trailingSlash(m *peer.Mapper, v any) {
	if b, ok := m.Bool(v); ok {
		m.Set("trailing_slash", b)
	}
}

func generateIndex(m *peer.Mapper, v any) {
	m.Honoured("is honoured where needed: sitemap.xml is an index when the URLs need several files (or sections are set), else the one sitemap, at the same URL")
}

func outDir(m *peer.Mapper, v any) {
	s, ok := m.Str(v)
	if !ok {
		return
	}
	if m.Context().Server {
		if o := m.Context().Out; o != "" && peer.CleanRel(s) == o {
			m.Honoured("is %s, where the sitemaps of the server build go", o)
			return
		}
		m.Warn("is not taken: sitemapgen writes the sitemaps of a server build into %s/, which Next.js serves; --out names another folder", cmp.Or(m.Context().Out, "public"))
		return
	}
	if p := m.Context().Publish; p != "" && peer.CleanRel(s) == p {
		m.Honoured("is the site folder, %s, where the sitemaps go", p)
		return
	}
	m.Warn("is not taken: sitemapgen writes the sitemaps into the site folder it maps (the static export, out/); --out names another folder")
}

// output: next-sitemap's output: 'export' has it list the static
// export's HTML files, which are what sitemapgen maps.
func output(m *peer.Mapper, v any) {
	s, ok := m.Str(v)
	if !ok {
		return
	}
	if s == "export" {
		m.Honoured("is export: sitemapgen lists the static export's pages, the HTML files next build writes (out/)")
		return
	}
	if m.Context().Server {
		m.Honoured("is %q: sitemapgen lists the pages next build prerendered, as its manifests (.next/) name them, and names each route rendered on demand", s)
		return
	}
	m.Warn("is %q, a build served by Next.js's server, whose pages are no files: sitemapgen maps a static export (output: 'export' in next.config.js, which next build writes to out/)", s)
}

// finish: next-sitemap's index, NAME.xml (sitemap.xml by default,
// sitemapBaseFileName's otherwise), lists NAME-0.xml …, whose URLs its
// users may have submitted too. A static export's next build empties
// out/, so once the plugin is removed no file is there to take over:
// published_sitemaps names the first part, which every site of it has,
// and the later ones (KeepParts), for ours to answer there with an
// index of ours. A server build's public/ keeps its parts, taken over
// where they are; without a site folder ([Context].Publish), no file of
// it is named. Its robots.txt's policies and Host: line are nextRobots'.
func finish(m *peer.Mapper) {
	nextRobots(m)
	if m.Context().Server || m.Context().Publish == "" {
		return
	}
	base := "sitemap"
	if s, ok := m.Setting("filename").(string); ok {
		base = strings.TrimSuffix(s, ".xml")
	}
	peer.KeepParts(m, base+".xml", base, []string{base + "-0.xml"})
}

// robotsTxtOptions: next-sitemap's robots.txt, written with
// generateRobotsTxt: its policies' rules, and a Sitemap: line for each
// of additionalSitemaps (those under siteUrl the index lists too,
// index.extra, where search engines find them) and of
// additionalSitemapIndices, of which no index of ours can list one (no
// index lists an index). What sitemapgen does not write (the rules, and
// the sitemaps no index of ours lists) is Result.RobotsTxt, the site's
// own robots.txt, where --robots adds the Sitemap: lines of ours.
// includeNonIndexSitemaps named the index's files too; and
// transformRobotsTxt, a function given the robots.txt next-sitemap wrote
// that returns the one to write, is what --robots-transform runs as a
// command.
func robotsTxtOptions(m *peer.Mapper, v any) {
	obj, ok := v.(map[string]any)
	if !ok {
		m.Warn("is %s, not an object; not taken: keep its rules in the site's own robots.txt (public/robots.txt), where --robots adds the Sitemap: lines", peer.Describe(v))
		return
	}
	said := m.Said()
	defer func() {
		if m.Said() == said {
			m.Honoured("is honoured: nothing in it asks what sitemapgen does not do")
		}
	}()
	var unknown []string
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		switch k {
		case "additionalSitemaps", "additionalSitemapIndices", "transformRobotsTxt", "policies", "includeNonIndexSitemaps":
		default:
			unknown = append(unknown, k)
		}
	}
	if _, ok := obj["transformRobotsTxt"]; ok {
		m.Warn(peer.RobotsHookNote + ", which sitemapgen does not run: write a command that reads robots.txt on its standard input and prints the one to write, and give it with --robots-transform CMD (named in sitemap.yaml, it runs with --allow-commands)")
	}
	if len(unknown) > 0 {
		m.Warn("gives %s, not next-sitemap's; not taken", strings.Join(unknown, ", "))
	}
	if _, ok := obj["includeNonIndexSitemaps"]; ok {
		m.Honoured("includeNonIndexSitemaps is honoured as next-sitemap's own advice: robots.txt names the index (--robots), which leads to every file of ours; the numbered files it named go with the switch, and their lines with them")
	}
	var lines []string // Sitemap: lines no index of ours lists
	at := m.Current()
	if extra, ok := obj["additionalSitemaps"]; ok {
		m.AtGiven(peer.Given{Name: at.Name + ".additionalSitemaps", Value: at.Value, Line: at.Line, File: at.File})
		lines = append(lines, additionalSitemaps(m, extra)...)
		m.AtGiven(at)
	}
	if extra, ok := obj["additionalSitemapIndices"]; ok {
		m.AtGiven(peer.Given{Name: at.Name + ".additionalSitemapIndices", Value: at.Value, Line: at.Line, File: at.File})
		if list, ok := m.Strs(extra); ok {
			lines = append(lines, absoluteURLs(m, list)...)
		}
		m.AtGiven(at)
	}
	rules, ok := robotsRules(obj["policies"])
	if !ok {
		m.Warn("has policies that are not literal values: sitemapgen writes no rules into robots.txt; keep them in the site's own robots.txt (public/robots.txt), where --robots adds the Sitemap: lines")
	}
	if gen, _ := m.Other("generateRobotsTxt").(bool); !gen {
		if rules != "" || len(lines) > 0 {
			m.Honoured("is honoured: without generateRobotsTxt, next-sitemap wrote no robots.txt")
		}
		return
	}
	if rules == "" && len(lines) == 0 {
		return
	}
	text := rules
	if site, _ := m.Other("siteUrl").(string); site != "" && !diag.HasUserInfo(site) {
		text += "# Host\nHost: " + site + "\n"
	}
	if len(lines) > 0 {
		text += "\n# Sitemaps\n"
		for _, u := range lines {
			text += "Sitemap: " + u + "\n"
		}
	}
	m.SetRobotsTxt(text)
	m.Warn("%s: keep them in the site's own robots.txt (public/robots.txt, which sitemapgen init writes where there is none), where --robots adds the Sitemap: lines of ours", peer.RobotsNote)
}

// robotsRules is the robots.txt next-sitemap wrote of policies, a list
// of { userAgent, allow, disallow, crawlDelay } (allow and disallow a
// string or a list of them), as its RobotsTxtBuilder writes them; "" for
// none given. ok is false when they are not literal values.
func robotsRules(v any) (text string, ok bool) {
	if v == nil {
		return "", true
	}
	list, isList := v.([]any)
	if !isList {
		return "", false
	}
	var b strings.Builder
	for _, p := range list {
		obj, _ := p.(map[string]any)
		agent, isStr := obj["userAgent"].(string)
		if !isStr || agent == "" || strings.ContainsAny(agent, "\r\n") {
			return "", false
		}
		fmt.Fprintf(&b, "# %s\nUser-agent: %s\n", agent, agent)
		for _, k := range [][2]string{{"allow", "Allow"}, {"disallow", "Disallow"}} {
			var paths []any
			switch x := obj[k[0]].(type) {
			case nil:
			case string:
				paths = []any{x}
			case []any:
				paths = x
			default:
				return "", false
			}
			for _, p := range paths {
				s, isStr := p.(string)
				if !isStr || strings.ContainsAny(s, "\r\n") {
					return "", false
				}
				fmt.Fprintf(&b, "%s: %s\n", k[1], s)
			}
		}
		switch d := obj["crawlDelay"].(type) {
		case nil:
		case float64:
			fmt.Fprintf(&b, "Crawl-delay: %s\n", strconv.FormatFloat(d, 'f', -1, 64))
		default:
			return "", false
		}
		b.WriteString("\n")
	}
	return b.String(), true
}

// absoluteURLs are those of list that are absolute http(s) URLs; each
// other is said.
func absoluteURLs(m *peer.Mapper, list []string) []string {
	var out []string
	for _, u := range list {
		if p, err := url.Parse(u); err != nil || p.Scheme != "http" && p.Scheme != "https" || p.Host == "" || strings.ContainsAny(u, "\r\n") {
			m.Warn("gives %q, which is no absolute http(s) URL; not taken", diag.URL(u))
			continue
		}
		if diag.HasUserInfo(u) {
			// robots.txt is public: a Sitemap: line with a token would
			// publish it.
			m.Warn("gives %s, with a user name or password, which a public URL has not; not taken", diag.URL(u))
			continue
		}
		out = append(out, u)
	}
	return out
}

// additionalSitemaps: each sitemap under siteUrl is one more entry of the
// index sitemapgen writes (index.extra), which robots.txt's Sitemap:
// line names (--robots); it returns those elsewhere, which an index here
// cannot list, for Sitemap: lines of the site's own robots.txt.
func additionalSitemaps(m *peer.Mapper, v any) []string {
	list, ok := m.Strs(v)
	if !ok {
		return nil
	}
	site, _ := m.Other("siteUrl").(string)
	var urls, elsewhere []string
	for _, u := range absoluteURLs(m, list) {
		switch {
		case site != "" && !strings.HasPrefix(u, strings.TrimSuffix(site, "/")+"/"):
			elsewhere = append(elsewhere, u)
		case site != "" && writer.IsOwnName(strings.TrimPrefix(u, strings.TrimSuffix(site, "/")+"/")):
			m.Honoured("gives %s, a file sitemapgen writes itself, which its index lists", diag.URL(u))
		default:
			urls = append(urls, u)
		}
	}
	if len(urls) > 0 {
		m.Set("index.extra", urls)
	}
	return elsewhere
}

// nextRobots: with generateRobotsTxt, next-sitemap wrote at each build a
// robots.txt of its policies (by default every agent allowed) and a
// Host: line naming siteUrl. robotsTxtOptions carries them where it gives
// rules or Sitemap: lines that sitemapgen does not write; where it does
// not, they are still lines --robots does not write (it writes Sitemap:
// lines only), so they are the site's own robots.txt (Result.RobotsTxt),
// which init writes.
func nextRobots(m *peer.Mapper) {
	gen, _ := m.Other("generateRobotsTxt").(bool)
	site, _ := m.Other("siteUrl").(string)
	if !gen || m.RobotsTxt() != "" || site == "" || diag.HasUserInfo(site) {
		return
	}
	rules := "# *\nUser-agent: *\nAllow: /\n\n" // next-sitemap's default policies
	if opts, ok := m.Other("robotsTxtOptions").(map[string]any); ok {
		if p, given := opts["policies"]; given {
			var literal bool
			if rules, literal = robotsRules(p); !literal {
				return // robotsTxtOptions said so
			}
		}
	}
	for _, g := range m.All() {
		if g.Name == "generateRobotsTxt" {
			m.AtGiven(g)
		}
	}
	m.SetRobotsTxt(rules + "# Host\nHost: " + site + "\n")
	m.Warn("%s (its policies, and Host: %s): keep them in the site's own robots.txt (public/robots.txt, which sitemapgen init writes where there is none), where --robots adds the Sitemap: lines of ours", peer.RobotsNote, site)
}

// noteStep returns the step for the note n of an option init could not
// carry over, at its place at: transform and
// robotsTxtOptions.transformRobotsTxt become commands the build runs
// (hook), additionalPaths' URLs a file of extra URLs.
func noteStep(n peer.Note, at string) (step string, hook bool) {
	switch {
	case n.Option == "transform":
		return fmt.Sprintf("write transform's code (%s) as a command that edits the records, and name it in sitemap.yaml: transform: CMD (docs/listing.md, a per-URL hook); the build runs it with --allow-commands", at), true
	case n.Option == "robotsTxtOptions" && strings.HasPrefix(n.Msg, peer.RobotsHookNote):
		return fmt.Sprintf("write robotsTxtOptions.transformRobotsTxt's code (%s) as a command that reads robots.txt on its standard input and prints the one to write, and name it in sitemap.yaml: robots_transform: CMD (docs/listing.md, a robots.txt hook); the build runs it with --allow-commands", at), true
	case n.Option == "additionalPaths":
		return fmt.Sprintf("write the URLs additionalPaths gives (%s) in a file and name it in sitemap.yaml: extra_urls: [FILE]", at), false
	}
	return "", false
}
