package peer

// The mappings of the sitemap options of the documentation generators:
// @rspress/plugin-sitemap and @vuepress/plugin-sitemap, whose site URL
// each goes with the switch (VitePress's, in its folder, shares
// SiteAtBase).

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

// vuepressExtraURLs: @vuepress/plugin-sitemap's extraUrls, paths it
// lists under hostname and base: extra URLs of the base URL.
func vuepressExtraURLs(m *Mapper, v any) {
	paths, ok := m.Strs(v)
	if !ok {
		return
	}
	host, _ := m.Other("hostname").(string)
	if host != "" && !strings.Contains(host, "://") {
		host = "https://" + host
	}
	u, err := url.Parse(host)
	if host == "" || err != nil || u.Host == "" {
		m.Warn("lists paths under hostname, which is not given: write their URLs in a file and name it with --extra-urls FILE")
		return
	}
	base := strings.TrimSuffix(m.ctx.BasePath, "/")
	var urls []any
	for _, p := range paths {
		urls = append(urls, u.Scheme+"://"+u.Host+base+"/"+strings.TrimPrefix(p, "/"))
	}
	customPages(m, urls)
}

// vuepressXSL: the stylesheet the plugin wrote beside its sitemap and
// named in it, or its template: said by vuepressFinish, with its name.
func vuepressXSL(m *Mapper, v any) { m.Str(v) }

// vuepressFinish: the plugin writes every page daily unless told. At
// each build it wrote a Sitemap: line naming its sitemap into the
// site's robots.txt (a robots.txt of that line alone where the site had
// none): robots: true keeps it, but under a base path, where no crawler
// reads it, which is said. It wrote its stylesheet,
// sitemapXSLFilename (sitemap.xsl), which sitemapgen does not write:
// once the plugin goes, that URL answers 404, said.
func vuepressFinish(m *Mapper) {
	if !slices.Contains(m.given, "changefreq") {
		m.at = Given{Name: "changefreq"}
		m.Honoured("is daily by default, which the plugin wrote for every page: changefreq keeps it")
		m.Set("changefreq", "daily")
	}
	m.at = Given{Name: "robots.txt"}
	if b := m.ctx.BasePath; b != "" && b != "/" {
		m.Warn("is written at each build with a Sitemap: line naming the sitemap, at %srobots.txt under base, where crawlers never read it (only at the host's root): it goes with the switch; name the sitemap in the host's robots.txt", b)
	} else {
		m.Honoured("is written at each build with a Sitemap: line naming the sitemap (that line alone where the site had none): robots: true keeps it")
		m.Set("robots", true)
	}
	xsl := "sitemap.xsl"
	var from Given
	for _, g := range m.all {
		if g.Name == "sitemapXSLFilename" || g.Name == "sitemapXSLTemplate" {
			from = g
		}
		if name, ok := g.Value.(string); ok && g.Name == "sitemapXSLFilename" && name != "" {
			xsl = strings.TrimPrefix(name, "/")
		}
	}
	m.at = Given{Name: xsl, Line: from.Line, File: from.File}
	at := strings.TrimSuffix(m.ctx.BasePath, "/") + "/" + xsl
	m.Warn("is the stylesheet the plugin wrote, which sitemapgen does not write: after the switch %s answers 404; keep a copy of it in .vuepress/public/ and name it with --xsl %s, or give --viewer for a page of sitemapgen's that shows the set", at, at)
}
