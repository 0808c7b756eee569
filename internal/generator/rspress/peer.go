package rspress

// @rspress/plugin-sitemap as a peer: its options' rows, what is kept of
// its defaults and init's steps to switch from it. The registry lists
// Peer.

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// Tool is @rspress/plugin-sitemap, by its package's name.
const Tool peer.Tool = "@rspress/plugin-sitemap"

// Peer is @rspress/plugin-sitemap (2.x): pluginSitemap({ … }) in plugins
// of rspress.config (read by sitemapgen init, SitemapOptions). Its
// switch removes it and runs sitemapgen after rspress build, and
// uninstalls it.
var Peer = &peer.Def{
	Tool: Tool,
	Options: []peer.Option{
		{Tool: Tool, Name: "siteUrl", Does: "base_url (its scheme and host, with base), which the config no longer gives once the plugin goes", Map: peer.SiteAtBase(false)},
		{Tool: Tool, Name: "customMaps", Does: "rules: each route's changefreq and priority on its built file; its lastmod and loc warned", Map: customMaps},
		{Tool: Tool, Name: "defaultPriority", Does: "--priority; not given, 0.5, sitemapgen's default, and the home at 1.0: a rule", Map: stringPriority},
		{Tool: Tool, Name: "defaultChangeFreq", Does: "--changefreq; not given, monthly, its default", Map: peer.Changefreq},
	},
	Finish: finish,
	Steps:  peer.Steps{After: []string{"rspress build"}, Where: "after rspress build", NPM: true, TurnOff: peer.Off("remove pluginSitemap({ … }) from the plugins of %s, and its import")},
}

// stringPriority: a priority given as a string ('0.7'), as the plugin
// takes it, or a number.
func stringPriority(m *peer.Mapper, v any) {
	if s, ok := v.(string); ok {
		f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil {
			m.Warn("is %q, not a number; not taken", s)
			return
		}
		v = f
	}
	peer.Priority(m, v)
}

// customMaps: the plugin's entries by route ({ '/guide/': { changefreq,
// priority, lastmod, loc } }): each route's changefreq and priority a
// rule on its page's built file; a lastmod or a loc of its own is
// warned, since sitemapgen dates each page and lists it at its own URL.
func customMaps(m *peer.Mapper, v any) {
	entries, ok := v.(map[string]any)
	if !ok {
		m.NotA(v, "an object of routes")
		return
	}
	var rules []peer.Rule
	for _, route := range slices.Sorted(maps.Keys(entries)) {
		e, ok := entries[route].(map[string]any)
		if !ok {
			m.Warn("gives %s for %q, not an object; not taken", peer.Describe(entries[route]), route)
			continue
		}
		var r peer.Rule
		if c, ok := e["changefreq"].(string); ok {
			if _, err := sitemap.ParseChangeFreq(strings.ToLower(c)); err == nil {
				r.ChangeFreq = strings.ToLower(c)
			} else {
				m.Warn("gives %q the changefreq %q, not one of %s; not taken", route, c, strings.Join(sitemap.ChangeFreqNames, ", "))
			}
		}
		if p, ok := priorityOf(e["priority"]); ok {
			r.Priority = &p
		}
		for _, key := range slices.Sorted(maps.Keys(e)) {
			switch key {
			case "changefreq", "priority":
			case "lastmod":
				m.Warn("gives %q a lastmod, which is not taken: sitemapgen dates each page by its source's last commit", route)
			default:
				m.Warn("gives %q its %s, which is not taken: sitemapgen lists each page at its own URL", route, key)
			}
		}
		if r.ChangeFreq == "" && r.Priority == nil {
			continue
		}
		for _, g := range peer.RouteFiles(route, m.Context().BasePath, false) {
			r.Match = g
			rules = append(rules, r)
		}
	}
	if len(rules) > 0 {
		m.Set("rules", rules)
	}
}

// priorityOf reads a priority of 0.0–1.0, a number or a string.
func priorityOf(v any) (float64, bool) {
	var f float64
	switch v := v.(type) {
	case float64:
		f = v
	case string:
		var err error
		if f, err = strconv.ParseFloat(strings.TrimSpace(v), 64); err != nil {
			return 0, false
		}
	default:
		return 0, false
	}
	_, err := sitemap.PriorityOf(f)
	return f, err == nil
}

// finish: the values the plugin writes unless told: every page monthly,
// the home at priority 1.0 (the others at 0.5, sitemapgen's default,
// which it leaves out). A route of customMaps for the home that gives
// no priority keeps the 1.0 in its rule, the first that matches the
// home's file.
func finish(m *peer.Mapper) {
	if !m.WasGiven("defaultChangeFreq") {
		m.At("defaultChangeFreq")
		m.Honoured("is monthly by default, which the plugin wrote for every page: changefreq keeps it")
		m.Set("changefreq", "monthly")
	}
	m.At("defaultPriority")
	m.Honoured("gives the home page 1.0, which the plugin wrote whatever the default: a rule keeps it")
	rules, _ := m.Setting("rules").([]peer.Rule)
	for j, r := range rules {
		if r.Match == "index.html" {
			if r.Priority == nil {
				rules = slices.Clone(rules)
				rules[j].Priority = new(1.0)
				m.Replace("rules", rules)
			}
			return
		}
	}
	m.Set("rules", []peer.Rule{{Match: "index.html", Priority: new(1.0)}})
}
