package project

import (
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// baseFinder finds the base URL of the project in dir when none was
// given. It asks the platform (plat), the generators found (gens), the
// built site, its CNAME file and its feed, in that order (baseURL), and
// notes which of them gave it.
type baseFinder struct {
	dir string
	lim limits.Limits
	// noBaseURL is the error, with its hints, for a missing base URL.
	noBaseURL error
	plat      *platformReader
	gens      *generators

	// baseFromGen is true when the base URL is the generator's.
	baseFromGen bool
	// baseFromSitemap is the base URL the generator's sitemap.xml gave
	// (siteBaseURL), now or as an earlier run kept it; "" for none.
	baseFromSitemap string
	// baseFromSite is the base URL the built site said (siteBaseURL), or
	// "" when it came from elsewhere. baseSiteFile is the file that said
	// it, or the site folder when its pages' canonical links said it.
	baseFromSite, baseSiteFile string
	// cnames are the CNAME files read, by folder (cnameIn).
	cnames map[string]cnameFile
	// warnings are those found while looking for the base URL (a CNAME
	// that names no domain).
	warnings []error
}

// fillBaseURL sets the platform's or the generator's base URL, unless a
// base URL was given that outranks it. One from a flag or the
// environment always does. One from the settings file does too, unless
// a preview's own URL (previews: own-url) outranks it.
func (p *baseFinder) fillBaseURL(v *Ask, pr *Project) error {
	if p.plat.deploying() && p.plat.deploy.Preview {
		pr.Preview = p.plat.deploy.Platform + " " + p.plat.deploy.Context
	}
	ownPreview := p.plat.deploying() && p.plat.deploy.Preview && v.OwnURL && p.plat.deploy.OwnURL != ""
	if v.BaseURL == Above || v.BaseURL == InFile && !ownPreview {
		return nil
	}
	u, from, err := p.baseURL(v.Root, v.OwnURL)
	pr.Warnings = append(pr.Warnings, p.warnings...)
	if err != nil {
		return err
	}
	if _, err := mapping.ParseBaseURL(u); err != nil {
		return errors.New(from + ": " + err.Error())
	}
	pr.BaseURL, pr.BaseURLFrom = u, from
	if p.baseFromSitemap != "" && p.baseFromSitemap == u {
		pr.KeepBaseURL = u
	}
	if p.baseFromGen && placeholder(u) {
		// The file that gave it: "hugo.toml baseURL", "_data/metadata.json url".
		file, _, _ := strings.Cut(p.gens.gen.BaseURLFrom, " ")
		if p.gens.host != nil && p.gens.host.BaseURL != "" {
			file = p.gens.gen.File // the generator's own build said it
		}
		pr.Warnings = append(pr.Warnings, &diag.Diagnostic{File: filepath.Join(p.dir, filepath.FromSlash(file)),
			Msg: fmt.Sprintf("the base URL %s (from %s) is an example domain, as a new project's template writes; set the site's own there, or give --base-url", u, from)})
	}
	if p.baseFromSite != "" && p.baseFromSite == u && placeholder(u) {
		// The built site says it, as a SvelteKit blog's feed written from
		// a starter's constant does. Its source is the project's code.
		pr.Warnings = append(pr.Warnings, &diag.Diagnostic{File: p.baseSiteFile,
			Msg: fmt.Sprintf("the base URL %s (from %s) is an example domain, as a new project's template writes; set the site's own where the site's code writes it, or give --base-url", u, from)})
	}
	return nil
}

// basePath returns the path the generator g puts its site under, and
// what gave it. The path is the one of g's base URL when that URL is a
// site's (siteURL). Otherwise it is the base path that g's configuration
// gives with a setting of its own (Jekyll's baseurl, Next's basePath).
// A URL refused as the site's gives no path. For example, npm's
// homepage on github.com names the project's page, and its path /o/r/
// is not a path of the site. basePath returns "" for none.
func (p *baseFinder) basePath(g *generator.Detected) (path, from string) {
	if g == nil {
		return "", ""
	}
	if g.BaseURL != "" && siteURL(g.BaseURL) {
		if u, err := url.Parse(g.BaseURL); err == nil && u.Path != "/" && u.Path != "" {
			return u.Path, filepath.Join(p.dir, g.BaseURLFrom)
		}
		return "", ""
	}
	if g.BasePath == "" {
		return "", ""
	}
	return g.BasePath, filepath.Join(p.dir, g.File)
}

// siteURL reports whether u can be a site's URL. u must parse as a base
// URL, its host must not be an example domain, and it must be able to
// name a public site (notPublic).
func siteURL(u string) bool {
	_, err := mapping.ParseBaseURL(u)
	return err == nil && !placeholder(u) && notPublic(u) == ""
}

// notPublic says why the URL u names no public site, or returns "" when
// it may name one. u names no public site when its host names this
// machine, or has a single label (no public site's name does), or is a
// code host: github.com serves a project's page, not its site.
func notPublic(u string) string {
	h := hostOf(u)
	switch {
	case mapping.Loopback(h):
		return "its host " + h + " names this machine"
	case mapping.SingleLabel(h):
		return "its host " + h + " is a name of one label, which no public site has"
	case host.CodeHost(u) != "":
		return host.CodeHost(u) + " serves a project's pages, not its site"
	}
	return ""
}

// siteRefusal returns a warning when u names no public site, or nil when
// u may be the site's. file states u as the site's base URL, and from
// says which of its links do. The warning is placed at file.
func siteRefusal(u, from, file string) *diag.Diagnostic {
	why := notPublic(u)
	if why == "" {
		return nil
	}
	d := &diag.Diagnostic{File: file, Msg: fmt.Sprintf("the base URL %s (from %s) is not taken: %s", u, from, why)}
	if mapping.SingleLabel(hostOf(u)) {
		d.Hint = "the site's code writes a stand-in for its own URL there (SvelteKit's url.origin is http://sveltekit-prerender unless kit.prerender.origin is set); write the site's URL there, or give --base-url"
	}
	return d
}

// siteStates reports whether u, the base URL that the built site in
// root states, may be the site's. from says which links stated it, file
// is the file that holds them (relative to root). When u names no public
// site, a warning at the file says why.
func (p *baseFinder) siteStates(u, from, root, file string) bool {
	if d := siteRefusal(u, from, filepath.Join(root, filepath.FromSlash(file))); d != nil {
		p.warnings = append(p.warnings, d)
		return false
	}
	return true
}

// atBasePath adds g's base path to site, the URL of a platform's site.
// site names the site's root, and siteFrom gave it. atBasePath returns
// the URL and what gave each part when they differ: "Netlify URL, path
// /docs/ from next.config.js". Netlify, Vercel and Cloudflare Pages
// serve the publish folder at their root. GitHub Pages does the same for
// a custom domain, whose CNAME drops the path. But these platforms can
// also serve it under a path, with a rewrite rule or Next.js's own
// server. The site's links name the base path, so the site works only
// where it is served under that path.
func (p *baseFinder) atBasePath(site, siteFrom string, g *generator.Detected) (u, from string) {
	path, pathFrom := p.basePath(g)
	if u = withPath(site, path); u == site {
		return site, siteFrom
	}
	return u, siteFrom + ", path " + path + " from " + pathFrom
}

// withPath adds a base path to a platform's site URL, which names the
// site's root.
func withPath(site, path string) string {
	path = strings.Trim(path, "/")
	if path == "" {
		return site
	}
	u, err := url.Parse(site)
	if err != nil || (u.Path != "" && u.Path != "/") {
		return site
	}
	return strings.TrimSuffix(site, "/") + "/" + path + "/"
}

// baseURL chooses the base URL when --base-url, SITEMAP_BASE_URL and the
// settings file give none. It asks these sources in turn, and the first
// that gives a URL wins:
//
//   - the platform's production URL, or a preview's own URL when the
//     settings say previews: own-url (platformURL);
//   - the generator's configuration (generatorURL);
//   - the built site, when the configuration gives no URL (builtSiteURL);
//   - the custom domain of a CNAME file;
//   - the site's own feed (feedURL);
//   - a platform's guess, such as Cloudflare Pages' pages.dev name or
//     GitHub Pages' address.
//
// When none gives a URL, baseURL returns an error that says where a URL
// can be set (noBaseURLError).
func (p *baseFinder) baseURL(root string, ownURL bool) (u, from string, err error) {
	d := p.plat.deploy
	g, gerr := p.gens.generatorFor(root)
	if u, from, ok := p.platformURL(root, ownURL, g, gerr); ok {
		return u, from, nil
	}
	if gerr != nil {
		return "", "", gerr
	}
	if u, from, ok := p.generatorURL(root, g); ok {
		return u, from, nil
	}
	if u, from, ok := p.builtSiteURL(root, g); ok {
		return u, from, nil
	}
	// The custom domain the host was given in a CNAME file. The file is
	// looked for in the site folder GitHub Pages publishes, else in the
	// project folder.
	if cname, file := p.cname(root); cname != "" {
		// GitHub Pages (and Surge) serve the site at the root of its
		// custom domain, whatever base path the generator links it
		// under.
		if path, pathFrom := p.basePath(g); path != "" {
			p.warnings = append(p.warnings, atRoot(cname, file, path, pathFrom))
		}
		return cname, file + " (the custom domain)", nil
	}
	guess := p.plat.deploying() && d.Weak && d.ProductionURL != ""
	if u, from, ok := p.feedURL(root, g, guess); ok {
		return u, from, nil
	}
	if guess {
		u, from := d.ProductionURL, d.Platform+" "+d.ProductionFrom
		if d.Platform != host.GitHubPages {
			u, from = p.atBasePath(u, from, g)
		}
		return u, from + " (a guess: a custom domain is not in the environment)", nil
	}
	return "", "", p.noBaseURLError(root, g)
}

// platformURL returns the URL the deploy platform gives the site, with
// g's base path added. A preview's own URL comes first when the settings
// say previews: own-url (ownURL). A custom domain in g's configuration
// or in the built site outranks a production URL on the platform's own
// domain. ok is false when the platform gives no URL, or gives only a
// guess (host.Deploy.Weak).
func (p *baseFinder) platformURL(root string, ownURL bool, g *generator.Detected, gerr error) (u, from string, ok bool) {
	d := p.plat.deploy
	if !p.plat.deploying() || d.Weak {
		return "", "", false
	}
	if d.Preview && ownURL && d.OwnURL != "" {
		own, from := d.OwnURL, d.OwnFrom+" (previews: own-url)"
		if d.OtherOwnURL != "" {
			// The platform gives two URLs of the deploy's own (Vercel's
			// branch URL and deploy URL). The one the built pages name
			// wins; when they name neither, the first wins.
			own, from = d.OwnURL, d.OwnFrom+" (previews: own-url; over "+d.OtherOwnFrom+", which the built pages do not name)"
			if site, _, _, _ := siteBaseURL(root, earlier(p.dir, p.lim, root, g), p.lim); site != "" && sameOrigin(site, d.OtherOwnURL) {
				own, from = d.OtherOwnURL, d.OtherOwnFrom+" (previews: own-url; the URL the built pages name, not "+d.OwnFrom+")"
			}
		}
		u, from := p.atBasePath(own, d.Platform+" "+from, g)
		return u, from, true
	}
	if d.ProductionURL == "" {
		return "", "", false
	}
	if d.PlatformDomain != "" && gerr == nil {
		if u, from := p.customDomain(root, g); u != "" {
			return u, from + " (a custom domain, over " + d.Platform + "'s " + d.ProductionFrom + ", " + hostOf(d.ProductionURL) + ")", true
		}
	}
	u, from = p.atBasePath(d.ProductionURL, d.Platform+" "+d.ProductionFrom, g)
	return u, from, true
}

// generatorURL returns the base URL that g's configuration gives. A
// CNAME file in the site folder can replace it (overCustomDomain). The
// URL is refused, with a warning, when it does not parse or names a
// code host's page. A refused URL gives nothing: neither its host nor
// its path.
func (p *baseFinder) generatorURL(root string, g *generator.Detected) (u, from string, ok bool) {
	if g == nil || g.BaseURL == "" {
		return "", "", false
	}
	_, err := mapping.ParseBaseURL(g.BaseURL)
	if h := host.CodeHost(g.BaseURL); err == nil && h != "" {
		err = fmt.Errorf("%s is a page of %s, which serves no site", g.BaseURL, h)
		if g.BaseURLHidden {
			err = fmt.Errorf("a page of %s, which serves no site", h)
		}
	}
	if be, ok := errors.AsType[*mapping.BaseURLError](err); ok && g.BaseURLHidden {
		// A variable's value: what is wrong, and never the value.
		err = errors.New(be.Why)
	}
	if err == nil {
		from := filepath.Join(p.dir, g.BaseURLFrom)
		if u, from, ok := p.overCustomDomain(root, g.BaseURL, from); ok {
			return u, from, true
		}
		p.baseFromGen = true
		return g.BaseURL, from, true
	}
	file, key, _ := strings.Cut(g.BaseURLFrom, " ")
	msg := err.Error() + "; not taken for the base URL"
	if key != "" {
		msg = key + ": " + msg
	}
	p.warnings = append(p.warnings, &diag.Diagnostic{File: filepath.Join(p.dir, filepath.FromSlash(file)), Msg: msg})
	return "", "", false
}

// builtSiteURL returns the base URL that the built site in root states:
// for a project whose generator g was found, whose configuration may
// compute its URL (an f-string in Sphinx's conf.py) or have none; and for
// a site no generator was recognised for (g nil), whose generator's
// sitemap, robots.txt or canonical links name the site, unless a folder
// above it holds a generator's project (projectAbove). This URL ranks
// below every value given, and above a platform's guess. A CNAME file in
// the site folder can replace it (overCustomDomain).
func (p *baseFinder) builtSiteURL(root string, g *generator.Detected) (u, from string, ok bool) {
	if root == "" {
		return "", "", false
	}
	if g == nil {
		if _, above, _ := p.projectAbove(root); above != nil {
			// A generator's project holds the site folder: the run
			// belongs there, where its configuration and sources are read
			// (elsewhere says so).
			return "", "", false
		}
	}
	u, from, file, refused := siteBaseURL(root, earlier(p.dir, p.lim, root, g), p.lim)
	p.warnings = append(p.warnings, refused...)
	if u == "" {
		return "", "", false
	}
	if u, from, ok := p.overCustomDomain(root, u, from); ok {
		return u, from, true
	}
	p.fromSite(root, u, file)
	return u, from, true
}

// fromSite notes that the built site in root said the base URL u, in its
// file (relative to root; "" for the pages' canonical links): in
// sitemap.xml, the generator's, which a build replaces, or ours in its
// place with the base it gave kept in our record.
func (p *baseFinder) fromSite(root, u, file string) {
	p.baseFromSite, p.baseSiteFile = u, filepath.Join(root, filepath.FromSlash(file))
	if file == "sitemap.xml" {
		p.baseFromSitemap = u
	}
}

// feedURL returns the base URL that the site's own feed states (as a
// SvelteKit blog's does), under the path g puts the site. When the feed
// names an example domain and the platform can guess the URL (guess),
// the guess wins: the feed's URL is a starter's constant, and feedURL
// warns about it.
func (p *baseFinder) feedURL(root string, g *generator.Detected, guess bool) (u, from string, ok bool) {
	if g == nil || root == "" {
		return "", "", false
	}
	path, _ := p.basePath(g)
	u, from, file := siteFeedBaseURL(root, p.lim, path, func(u, from, file string) bool { return p.siteStates(u, from, root, file) })
	switch {
	case u == "":
		return "", "", false
	case placeholder(u) && guess:
		p.warnings = append(p.warnings, &diag.Diagnostic{File: filepath.Join(root, filepath.FromSlash(file)),
			Msg: fmt.Sprintf("the base URL %s (from %s) is an example domain, as a new project's template writes; not taken: %s's address is used; set the site's own where the site's code writes it, or give --base-url", u, from, p.plat.deploy.Platform)})
		return "", "", false
	}
	p.baseFromSite, p.baseSiteFile = u, filepath.Join(root, filepath.FromSlash(file))
	return u, from, true
}

// noBaseURLError returns the error for a project with no base URL. It
// lists the places where a URL can be set. It adds as notes the URLs
// that were refused and why, because the run stops before its warnings
// are shown. It also says which generator's project was found, or why
// none was.
func (p *baseFinder) noBaseURLError(root string, g *generator.Detected) error {
	msg := p.noBaseURL.Error()
	if g != nil {
		for _, place := range g.BaseURLPlaces(filepath.Join(p.dir, g.File)) {
			msg += "\n  or " + place
		}
	}
	msg += "\n  or a CNAME file holding the domain alone, in the site folder (GitHub Pages' custom domain)"
	for _, w := range p.warnings {
		note := w.Error()
		if d, ok := w.(*diag.Diagnostic); ok {
			note = (&diag.Diagnostic{File: d.File, Line: d.Line, Msg: d.Msg}).Error() // The note leaves out the hint.
		}
		msg += "\nnote: " + note
	}
	switch {
	case g != nil:
		for _, n := range g.Notes {
			msg += "\nnote: " + n
		}
	case len(p.gens.found) > 1:
		msg += fmt.Sprintf("\n(found %s: name the site folder to choose)", p.gens.names())
	case len(p.gens.found) == 0:
		msg += p.elsewhere(root)
	}
	return errors.New(msg)
}

// cname returns the base URL of the custom domain that a CNAME file
// names (host.CNAME), and the file. It looks in the site folder root,
// then in the project folder. It returns "" for none.
func (p *baseFinder) cname(root string) (u, file string) {
	dirs := []string{p.dir}
	if root != "" && filepath.Clean(root) != filepath.Clean(p.dir) {
		dirs = []string{root, p.dir}
	}
	for _, dir := range dirs {
		if u, file := p.cnameIn(dir); u != "" {
			return u, file
		}
	}
	return "", ""
}

// cnameIn is cname for the folder dir alone. It reads each folder's
// file once, so a file that names no domain gives its warning once.
func (p *baseFinder) cnameIn(dir string) (u, file string) {
	dir = filepath.Clean(dir)
	c, ok := p.cnames[dir]
	if !ok {
		var warnings []error
		c.url, c.file, warnings = host.CNAME(p.lim, dir)
		p.warnings = append(p.warnings, warnings...)
		if p.cnames == nil {
			p.cnames = make(map[string]cnameFile)
		}
		p.cnames[dir] = c
	}
	return c.url, c.file
}

// cnameFile is what cnameIn found in a folder.
type cnameFile struct{ url, file string }

// overCustomDomain may replace u, the base URL that from gives (the
// generator's configuration, or the built site). It does so when u is
// not where GitHub Pages serves the site. It then returns the base URL
// of the custom domain that the CNAME file of the site folder root
// names, and what gave it.
//
// GitHub Pages serves a site with a custom domain at the root of that
// domain, and redirects its github.io address there. So u on another
// host (a github.io address, an old domain) gives way to the custom
// domain, with a warning that names both. u on the custom domain with a
// path gives way to the domain's root, with the warning that the base
// path is not served (atRoot).
//
// ok is false when u stays. That happens when the site folder holds no
// CNAME (a CNAME in the project folder alone is not what the host
// publishes), when u is the custom domain's root, or when the site is
// another platform's. A CNAME file means nothing to Netlify, Vercel or
// Cloudflare Pages, and is often left from the days of GitHub Pages.
func (p *baseFinder) overCustomDomain(root, u, from string) (cname, cfrom string, ok bool) {
	if root == "" || p.plat.name != "" && p.plat.name != host.GitHubPages {
		return "", "", false
	}
	cname, file := p.cnameIn(root)
	if cname == "" {
		return "", "", false
	}
	pu, err := url.Parse(u)
	if err != nil {
		return "", "", false
	}
	if strings.EqualFold(pu.Hostname(), hostOf(cname)) {
		path := strings.Trim(pu.Path, "/")
		if path == "" {
			return "", "", false // the custom domain, as the site gives it
		}
		p.warnings = append(p.warnings, atRoot(cname, file, "/"+path+"/", from))
		return cname, file + " (the custom domain, over " + from + ", " + u + ")", true
	}
	served := "the custom domain " + hostOf(cname) + " serves the site at its root"
	if strings.HasSuffix(strings.ToLower(pu.Hostname()), ".github.io") {
		served = "GitHub Pages redirects a site's github.io address to its custom domain, " + hostOf(cname) + ", and serves the site at that domain's root"
	}
	p.warnings = append(p.warnings, &diag.Diagnostic{File: file,
		Msg: fmt.Sprintf("%s, not at %s (the base URL from %s): the sitemap lists the pages at %s; write the custom domain there, or remove the CNAME file", served, u, from, cname)})
	return cname, file + " (the custom domain, over " + from + ", " + u + ")", true
}

// atRoot returns a warning for a base path the host does not serve. The
// custom domain cname, named in file, serves the site at its root, but
// pathFrom puts the site under the base path path.
func atRoot(cname, file, path, pathFrom string) *diag.Diagnostic {
	return &diag.Diagnostic{File: file,
		Msg: fmt.Sprintf("the custom domain %s serves the site at its root, but %s puts the site under %s: the sitemap lists the pages at the root, where they are served, and the site's own links under %s are not found there; remove the base path, or the CNAME file", hostOf(cname), pathFrom, path, path)}
}

// customDomain returns a base URL that names a custom domain, and where
// it came from. The URL is the one in the generator g's configuration.
// When the configuration computes none, it is the built site's
// (siteBaseURL). A custom domain is a site's URL (siteURL) that is not
// under the platform's own domain (vercel.app). It outranks a
// platform's production URL on its own domain
// (host.Deploy.PlatformDomain). customDomain returns "" when the URL
// names no custom domain.
func (p *baseFinder) customDomain(root string, g *generator.Detected) (u, from string) {
	if g == nil {
		return "", ""
	}
	u, from = g.BaseURL, filepath.Join(p.dir, g.BaseURLFrom)
	file := ""
	if u == "" {
		u, from, file, _ = siteBaseURL(root, earlier(p.dir, p.lim, root, g), p.lim)
	}
	if u == "" || !siteURL(u) || host.UnderDomain(u, p.plat.deploy.PlatformDomain) {
		return "", ""
	}
	if g.BaseURL == "" {
		p.fromSite(root, u, file)
	} else {
		p.baseFromGen = true
	}
	return u, from
}

// earlier says what an earlier run of sitemapgen left in the site
// folder root of the project in dir, read within lim, from the record
// of the files written there: which sitemap files it wrote, told as the
// build does (pipeline.OwnSitemap), and the base URL the generator's
// sitemap gave before ours replaced it (writer.RecordedBase). The record is kept in root, or in the state
// folder of g's build when that build serves root (Next.js's public/).
func earlier(dir string, lim limits.Limits, root string, g *generator.Detected) earlierRun {
	state := root
	if g != nil {
		if st, served := stateFolders(dir, *g); st != "" && fsx.SamePath(served, root) {
			state = st
		}
	}
	kept, _ := writer.RecordedBase(state, lim.Or().OutputBytes) // a record that cannot be read keeps none
	return earlierRun{own: pipeline.OwnSitemap(root, state, lim.Or().OutputBytes), kept: kept}
}

// hostOf returns the host of the URL u, or "" when it has none.
func hostOf(u string) string {
	pu, err := url.Parse(u)
	if err != nil {
		return ""
	}
	return pu.Hostname()
}

// elsewhere explains a missing generator's configuration. It says where
// the configuration was looked for: the project folder, which is the
// working directory or the settings file's folder. A folder above the
// site folder root may hold a generator's project, as when
// 'sitemapgen site/public' runs from outside the project. elsewhere
// then names that folder and the command to run there.
func (p *baseFinder) elsewhere(root string) string {
	where := p.dir
	if p.dir == "." {
		abs, err := filepath.Abs(".")
		if err != nil {
			abs = "."
		}
		where = "the working directory (" + abs + ")"
	}
	msg := "\nnote: the project's configuration is read from the project folder, " + where + ": no generator's configuration there"
	if d, g, rel := p.projectAbove(root); g != nil {
		return msg + fmt.Sprintf("\nnote: %s holds a %s project (%s): run sitemapgen there: cd %s && sitemapgen %s", d, g.Title(), filepath.Join(d, filepath.FromSlash(g.File)), d, rel)
	}
	return msg
}

// projectAbove returns the folder above the site folder root, below the
// project folder, that holds one generator's project g (as when
// 'sitemapgen site/public' runs from outside the project), and root from
// there; g is nil for none. It looks at most 8 folders up.
func (p *baseFinder) projectAbove(root string) (dir string, g *generator.Detected, rel string) {
	if root == "" {
		return "", nil, ""
	}
	projectAbs, _ := filepath.Abs(p.dir)
	for d, n := filepath.Dir(filepath.Clean(root)), 0; n < 8 && d != "." && d != ".." && !strings.HasSuffix(d, string(filepath.Separator)+"..") && d != filepath.Dir(d); d, n = filepath.Dir(d), n+1 {
		if abs, err := filepath.Abs(d); err != nil || abs == projectAbs {
			break
		}
		found, err := registry.Detect(d, p.lim)
		if err != nil || len(found) != 1 {
			continue
		}
		rel, err := filepath.Rel(d, root)
		if err != nil {
			break
		}
		return d, &found[0], rel
	}
	return "", nil, ""
}

// sameOrigin reports whether the URLs a and b have one scheme and host.
func sameOrigin(a, b string) bool {
	ua, err := url.Parse(a)
	if err != nil {
		return false
	}
	ub, err := url.Parse(b)
	return err == nil && strings.EqualFold(ua.Scheme, ub.Scheme) && strings.EqualFold(ua.Host, ub.Host)
}

// placeholder reports whether u's host is one of the example domains
// reserved by RFC 2606 and RFC 6761 (example.com, example.org,
// example.net, and .example), which new projects' templates write.
func placeholder(u string) bool {
	pu, err := url.Parse(u)
	if err != nil {
		return false
	}
	h := strings.ToLower(pu.Hostname())
	for _, d := range []string{"example.com", "example.org", "example.net"} {
		if h == d || strings.HasSuffix(h, "."+d) {
			return true
		}
	}
	return h == "example" || strings.HasSuffix(h, ".example")
}
