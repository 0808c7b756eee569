package peer

// The options of robots.txt that peers write (next-sitemap's
// generateRobotsTxt and robotsTxtOptions): robots: true, the hook of
// transformRobotsTxt, and the rules and Sitemap: lines a robots.txt of
// the site's own carries.

import (
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/writer"
)

// Robots maps an option that has the peer write robots.txt: --robots.
func Robots(m *Mapper, v any) {
	if b, ok := m.Bool(v); ok {
		m.Set("robots", b)
	}
}

// RobotsHookNote begins the note of robotsTxtOptions' transformRobotsTxt,
// a function that is to become a robots_transform command, which a
// build runs only with --allow-commands (init's steps of the switch say
// so).
const RobotsHookNote = "transformRobotsTxt is a function"

// RobotsNote begins the note of robotsTxtOptions whose rules and
// Sitemap: lines are carried by a robots.txt of the site's own
// (Result.RobotsTxt), which init writes.
const RobotsNote = "wrote rules or Sitemap: lines into robots.txt that sitemapgen does not write"

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
func robotsTxtOptions(m *Mapper, v any) {
	obj, ok := v.(map[string]any)
	if !ok {
		m.Warn("is %s, not an object; not taken: keep its rules in the site's own robots.txt (public/robots.txt), where --robots adds the Sitemap: lines", Describe(v))
		return
	}
	said := len(m.r.Notes) + len(m.r.Settings)
	defer func() {
		if len(m.r.Notes)+len(m.r.Settings) == said {
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
		m.Warn(RobotsHookNote + ", which sitemapgen does not run: write a command that reads robots.txt on its standard input and prints the one to write, and give it with --robots-transform CMD (named in sitemap.yaml, it runs with --allow-commands)")
	}
	if len(unknown) > 0 {
		m.Warn("gives %s, not next-sitemap's; not taken", strings.Join(unknown, ", "))
	}
	if _, ok := obj["includeNonIndexSitemaps"]; ok {
		m.Honoured("includeNonIndexSitemaps is honoured as next-sitemap's own advice: robots.txt names the index (--robots), which leads to every file of ours; the numbered files it named go with the switch, and their lines with them")
	}
	var lines []string // Sitemap: lines no index of ours lists
	at := m.at
	if extra, ok := obj["additionalSitemaps"]; ok {
		m.at.Name += ".additionalSitemaps"
		lines = append(lines, additionalSitemaps(m, extra)...)
		m.at = at
	}
	if extra, ok := obj["additionalSitemapIndices"]; ok {
		m.at.Name += ".additionalSitemapIndices"
		if list, ok := m.Strs(extra); ok {
			lines = append(lines, absoluteURLs(m, list)...)
		}
		m.at = at
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
	m.r.RobotsTxt = text
	m.Warn("%s: keep them in the site's own robots.txt (public/robots.txt, which sitemapgen init writes where there is none), where --robots adds the Sitemap: lines of ours", RobotsNote)
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
func absoluteURLs(m *Mapper, list []string) []string {
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
func additionalSitemaps(m *Mapper, v any) []string {
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
func nextRobots(m *Mapper) {
	gen, _ := m.Other("generateRobotsTxt").(bool)
	site, _ := m.Other("siteUrl").(string)
	if !gen || m.r.RobotsTxt != "" || site == "" || diag.HasUserInfo(site) {
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
	for _, g := range m.all {
		if g.Name == "generateRobotsTxt" {
			m.at = g
		}
	}
	m.r.RobotsTxt = rules + "# Host\nHost: " + site + "\n"
	m.Warn("%s (its policies, and Host: %s): keep them in the site's own robots.txt (public/robots.txt, which sitemapgen init writes where there is none), where --robots adds the Sitemap: lines of ours", RobotsNote, site)
}
