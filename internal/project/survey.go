package project

import (
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// Findings are what the project folder and the build environment say,
// for sitemapgen init. A value is "" when nothing says it.
type Findings struct {
	// Generators are the generators found, as "Hugo (hugo.toml)".
	Generators []string
	// Root is the site folder, and RootFrom says what named it.
	Root, RootFrom string
	// BaseURL is the base URL the platform or the generator gives, and
	// BaseURLFrom says what gave it.
	BaseURL, BaseURLFrom string
	// Platform is the hosting platform found, and PlatformFrom says what
	// said so.
	Platform, PlatformFrom string
	// Style is the platform's URL style, or nil without one.
	Style *host.Style
	// Form is the URL style a build with nothing given takes, as
	// Discover says it in a Project. It is the platform's style, else
	// that of the generator that built the site folder; its fields are
	// nil where neither says. For a server build, Served lists the pages
	// at the URLs its server answers. FormFrom says what gives the form
	// ("" for none). URLs is the form the mapping lists the pages in:
	// the defaults with Form laid over them. config.Survey fills it,
	// since it knows the defaults.
	Form     *Project
	FormFrom string
	URLs     mapping.Options
	// Problems say what stopped a value from being found: ambiguity, a
	// missing base URL, a value that is not a literal.
	Problems []error
	// Peers are the sitemap tools that the project uses and sitemapgen
	// replaces (its generator's sitemap plugin, Hugo's [sitemap], a
	// static-sitemap-cli script …), each with what its options come to.
	Peers []Peer
	// Published applies to a generator whose source folder is the
	// project folder (Jekyll's default). It says that the generator's
	// build publishes the settings file there (sitemap.yaml) with the
	// site, and where to keep it out.
	Published []error
	// NPM says the project has a package.json. Depends says whether it
	// depends on a package (dependencies or devDependencies). init's
	// steps install sitemapgen there and uninstall a peer's package.
	NPM     bool
	Depends func(name string) bool
}

// A Peer is a sitemap tool the project uses. It holds the options where
// the project gives them, and their mapping (peer.Map).
type Peer struct {
	peer.Config
	Result peer.Result
}

// Survey reports what the files in dir (the project folder) and the
// build environment (through getenv) say about the site. It reports it
// as a run without DIR and without configuration would take it. A
// generator's configuration that does not parse is an error. Only the
// words of the errors in a count.
func Survey(dir string, getenv func(string) string, a Ask) (*Findings, error) {
	p := startDiscovery(dir, a, getenv, "", "")
	d := &Findings{Platform: p.plat.name, PlatformFrom: p.plat.from, Problems: p.warnings}
	warnings, err := p.plat.loadStyle("")
	if err != nil {
		return nil, err
	}
	for _, w := range warnings {
		d.Problems = append(d.Problems, w)
	}
	if err := p.gens.detect(); err != nil {
		return nil, err
	}
	for _, g := range p.gens.found {
		d.Generators = append(d.Generators, g.Title()+" ("+filepath.Join(dir, g.File)+")")
	}
	d.Depends = func(string) bool { return false }
	if gd, err := generator.OpenDir(dir, p.plat.env, p.lim); err == nil {
		d.NPM, d.Depends = gd.HasPackageJSON(), gd.Depends
	}
	root, from, rootErr := p.findRoot()
	if rootErr == nil {
		d.Root, d.RootFrom = root, from
		warnings, _ := p.plat.loadStyle(root)
		for _, w := range warnings {
			d.Problems = append(d.Problems, w)
		}
	}
	d.Style = p.plat.style
	// The URL style, as a build with nothing given resolves it.
	d.Form = &Project{}
	v := a
	v.Root = d.Root
	p.form.applyStyle(&v, d.Form)
	if g := p.gens.builtBy(d.Root); g != nil && g.Served {
		// A server build's pages are listed at the URLs its server
		// answers (Form.Served). The build reports its problems.
		_ = p.serverBuild(&v, d.Form, g)
	}
	d.FormFrom = p.form.from()
	u, from, baseErr := p.base.baseURL(d.Root, false)
	if baseErr == nil {
		// A URL a build refuses is not written either: one with a token
		// as its user information would go into sitemap.yaml.
		if _, err := mapping.ParseBaseURL(u); err != nil {
			baseErr = errors.New(from + ": " + err.Error())
		} else {
			d.BaseURL, d.BaseURLFrom = u, from
		}
	}
	d.Peers = p.peers(d)
	if a.SettingsFile != "" {
		d.Published = p.publishes(a.SettingsFile)
	}
	if baseErr != nil {
		// A peer's option may give the base URL
		// (@netlify/plugin-sitemap's baseUrl, next-sitemap's siteUrl).
		// It then goes into init's file.
		for _, pe := range d.Peers {
			for _, s := range pe.Result.Settings {
				if u, ok := s.Value.(string); ok && s.Key == "base_url" && baseErr != nil {
					d.BaseURL, d.BaseURLFrom, baseErr = u, fmt.Sprintf("%s's %s", pe.Tool, s.From), nil
				}
			}
		}
	}
	if rootErr != nil && !peerGives(d.Peers, "root") {
		// A peer's option may name the site folder (static-sitemap-cli's
		// root). It then goes into init's file, and no note says that
		// none was given.
		d.Problems = append(d.Problems, rootErr)
	}
	if baseErr != nil {
		d.Problems = append(d.Problems, baseErr)
	}
	return d, nil
}

// peerGives reports whether a peer's options give the setting key.
func peerGives(peers []Peer, key string) bool {
	for _, pe := range peers {
		for _, s := range pe.Result.Settings {
			if s.Key == key {
				return true
			}
		}
	}
	return false
}

// peers reads the options of the sitemap tools the project uses and
// maps them. The mapping uses what the survey found: the site folder and
// the base URL's path.
func (p *discovery) peers(d *Findings) []Peer {
	cfgs := generator.SitemapOptions(p.dir, p.gens.found, p.lim)
	for _, def := range peer.Defs() {
		if def.Read != nil { // a peer of a host's file, no generator's
			c, errs := def.Read(p.dir, p.lim)
			cfgs = append(cfgs, c...)
			d.Problems = append(d.Problems, errs...)
		}
	}
	ctx := peer.Context{}
	if d.Root != "" {
		if rel, err := filepath.Rel(p.dir, d.Root); err == nil && filepath.IsLocal(rel) {
			ctx.Publish = filepath.ToSlash(rel)
		}
	}
	if u, err := url.Parse(d.BaseURL); err == nil && d.BaseURL != "" {
		ctx.BasePath = u.Path
	}
	if g := p.gens.builtBy(d.Root); d.Root != "" && g != nil {
		if g.Served {
			// A server build's pages are its prerendered files. The
			// sitemaps go where its server serves files (public/).
			ctx.Server, ctx.Out = true, g.ServedDir
		}
		ctx.FolderBuilds = g.FolderBuilds
	}
	if ctx.Publish != "" && slices.ContainsFunc(cfgs, func(c peer.Config) bool { d := peer.Find(c.Tool); return d != nil && d.Empties }) {
		ctx.Sitemaps = topSitemaps(d.Root)
	}
	var out []Peer
	for _, c := range cfgs {
		out = append(out, Peer{Config: c, Result: peer.Map(c.Tool, c.Options, ctx)})
	}
	return out
}

// topSitemaps returns the names of the XML files at the top of the site
// folder root (a peer's index and its parts, sitemap-0.xml …); an
// empty list, not nil, when there is none or the folder cannot be read
// (peer.Context.Sitemaps).
func topSitemaps(root string) []string {
	out := []string{}
	entries, err := fsx.ReadDir(root, ".")
	if err != nil {
		return out
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".xml") && e.Type().IsRegular() {
			out = append(out, e.Name())
		}
	}
	return out
}

// publishes looks at each generator found whose source folder is the
// project folder itself (Jekyll's source, "." by default). It returns a
// warning when the generator's build publishes the file name there, with
// the URL path. The generator's own rules say the path
// (generator.Preset.URLPath). A file its configuration excludes is not
// published.
func (p *discovery) publishes(name string) []error {
	var out []error
	for _, g := range p.gens.found {
		if sourceSetting(g.Name()) == "" {
			continue
		}
		pre, info, project, err := loadPreset(g.Name(), []string{p.dir}, p.plat.env, p.lim)
		if err != nil || pre == nil {
			continue
		}
		rules := generator.RulesOf(pre)
		content, _ := presetDirs(rules, info, project)
		if filepath.Clean(content.path) != filepath.Clean(p.dir) || rules.Sources.Copies == nil {
			continue
		}
		// A generator that builds its project folder copies the files
		// there into the site as they are (Jekyll's static files),
		// except those its configuration keeps out.
		if u, key, ok := rules.Sources.Copies(name); ok {
			out = append(out, &diag.Diagnostic{File: filepath.Join(p.dir, filepath.FromSlash(g.File)),
				Msg: fmt.Sprintf("%s publishes %s, a file of its source folder, at %s: list it in %s here, or your settings are served with the site", g.Title(), name, u, key)})
		}
	}
	return out
}
