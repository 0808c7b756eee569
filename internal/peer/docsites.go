package peer

// The mappings of the sitemap options of the documentation generators:
// @rspress/plugin-sitemap, whose site URL goes with the switch
// (VitePress's and VuePress's, in their folders, share SiteAtBase).

import (
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// SiteAtBase maps the site URL of a generator's sitemap plugin (VitePress's
// hostname, Rspress' siteUrl, VuePress's hostname, which may be a host
// alone: bareHost). The generator links the pages under base, and its
// docs say to end the URL with base; sitemapgen reads both at every run,
// but the option that gives the URL goes with the switch: the base URL
// is set, its scheme and host with base.
func SiteAtBase(bareHost bool) func(*Mapper, any) {
	return func(m *Mapper, v any) {
		s, ok := m.Str(v)
		if !ok {
			return
		}
		if bareHost && !strings.Contains(s, "://") {
			s = "https://" + s // as VuePress's plugin takes it
		}
		u, err := url.Parse(s)
		if err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
			m.Warn("is %q, not an absolute http(s) URL; not taken: give the base URL with --base-url", diag.URL(s))
			return
		}
		p := u.Path
		if b := m.ctx.BasePath; b != "" && b != "/" {
			p = b
		}
		if !strings.HasSuffix(p, "/") {
			p += "/"
		}
		m.Set("base_url", u.Scheme+"://"+u.Host+p)
	}
}

// stringPriority: a priority given as a string ('0.7'), as Rspress'
// plugin takes it, or a number.
func stringPriority(m *Mapper, v any) {
	if s, ok := v.(string); ok {
		f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil {
			m.Warn("is %q, not a number; not taken", s)
			return
		}
		v = f
	}
	priority(m, v)
}

// rspressCustomMaps: @rspress/plugin-sitemap's entries by route
// ({ '/guide/': { changefreq, priority, lastmod, loc } }): each route's
// changefreq and priority a rule on its page's built file; a lastmod or a
// loc of its own is warned, since sitemapgen dates each page and lists
// it at its own URL.
func rspressCustomMaps(m *Mapper, v any) {
	entries, ok := v.(map[string]any)
	if !ok {
		m.notA(v, "an object of routes")
		return
	}
	var rules []Rule
	for _, route := range slices.Sorted(maps.Keys(entries)) {
		e, ok := entries[route].(map[string]any)
		if !ok {
			m.Warn("gives %s for %q, not an object; not taken", describe(entries[route]), route)
			continue
		}
		var r Rule
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
		for _, g := range routeFiles(route, m.ctx.BasePath, false) {
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

// rspressFinish: the values @rspress/plugin-sitemap writes unless told:
// every page monthly, the home at priority 1.0 (the others at 0.5,
// sitemapgen's default, which it leaves out). A route of customMaps for
// the home that gives no priority keeps the 1.0 in its rule, the first
// that matches the home's file.
func rspressFinish(m *Mapper) {
	if !slices.Contains(m.given, "defaultChangeFreq") {
		m.at = Given{Name: "defaultChangeFreq"}
		m.Honoured("is monthly by default, which the plugin wrote for every page: changefreq keeps it")
		m.Set("changefreq", "monthly")
	}
	m.at = Given{Name: "defaultPriority"}
	m.Honoured("gives the home page 1.0, which the plugin wrote whatever the default: a rule keeps it")
	for i := range m.r.Settings {
		if s := &m.r.Settings[i]; s.Key == "rules" {
			for j, r := range s.Value.([]Rule) {
				if r.Match == "index.html" {
					if r.Priority == nil {
						s.Value.([]Rule)[j].Priority = new(1.0)
						s.From = joinFrom(s.From, m.at.Name)
					}
					return
				}
			}
		}
	}
	m.Set("rules", []Rule{{Match: "index.html", Priority: new(1.0)}})
}
