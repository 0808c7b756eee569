package peer

import "strings"

// RouteGlobs maps a list of globs of URL paths ("/tags/**", "/secret"),
// the pages a peer leaves out by their route (Docusaurus' ignorePatterns,
// next-sitemap's exclude, gatsby-plugin-sitemap's excludes), to
// --exclude's globs of the built files those pages are: a route is
// written as ROUTE/index.html or ROUTE.html, and ROUTE/** is the folder
// ROUTE whole, with ROUTE.html (micromatch's /** matches ROUTE itself).
// The base path (Docusaurus' baseUrl), which a pattern may begin with, is
// taken off. With anySlash, * crosses slashes, as next-sitemap's matcher
// takes it: /private/* is what is below the folder private, at any depth.
func RouteGlobs(anySlash bool) func(*Mapper, any) {
	return func(m *Mapper, v any) {
		if _, ok := v.(Func); ok {
			Hook("leave pages out with --exclude GLOB ('drafts/**')")(m, v)
			return
		}
		list, ok := m.Strs(v)
		if !ok {
			return
		}
		var out []string
		for _, p := range list {
			if strings.HasPrefix(p, "!") {
				m.Warn("has %q, a negated pattern, which is not taken: list the pages to leave out", p)
				continue
			}
			files := RouteFiles(p, m.ctx.BasePath, anySlash)
			if m.ctx.Server {
				files = servedFiles(files)
			}
			out = append(out, files...)
		}
		if len(out) > 0 {
			m.Set("exclude", out)
		}
	}
}

// RouteFiles returns the globs of the built files of the pages whose
// route the glob p matches.
func RouteFiles(p, base string, anySlash bool) []string {
	// A folder's /* in next-sitemap's matcher matches what is below it,
	// not the folder's own page (micromatch's /** matches that too).
	below := anySlash && strings.HasSuffix(p, "/*")
	if anySlash {
		p = starsCrossing(p)
	}
	if b := strings.TrimSuffix(base, "/"); b != "" && (p == b || strings.HasPrefix(p, b+"/")) {
		p = "/" + strings.TrimPrefix(p, b)
	}
	q := strings.Trim(p, "/")
	switch {
	case q == "":
		return []string{"index.html"}
	case q == "**":
		return []string{"**"}
	case strings.HasSuffix(q, "/**") && below:
		return []string{strings.TrimSuffix(q, "/**") + "/*/**"}
	case strings.HasSuffix(q, "/**"):
		return []string{q, strings.TrimSuffix(q, "/**") + ".html"}
	case strings.HasSuffix(q, ".html"):
		return []string{q}
	}
	return []string{q + "/index.html", q + ".html"}
}

// starsCrossing makes each * of p one that crosses slashes: a run of
// stars that is a whole path segment becomes **.
func starsCrossing(p string) string {
	parts := strings.Split(p, "/")
	for i, s := range parts {
		if strings.Trim(s, "*") == "" && s != "" {
			parts[i] = "**"
		}
	}
	return strings.Join(parts, "/")
}

// servedFiles returns, of the globs of a route's built files, those of a
// server build's prerendered pages: a route's page is ROUTE.html (never
// ROUTE/index.html, but for the root's index.html) in app/ or pages/.
func servedFiles(globs []string) []string {
	var out []string
	for _, g := range globs {
		if strings.HasSuffix(g, "/index.html") {
			continue
		}
		out = append(out, "{app,pages}/"+g)
	}
	return out
}
