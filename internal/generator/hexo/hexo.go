// Package hexo is Hexo, as sitemapgen knows it: a project is one whose
// package.json depends on hexo (or has hexo-cli's "hexo" block), or whose
// _config.yml sets a key only Hexo reads (public_dir, source_dir,
// new_post_name, pretty_urls...) or sits beside SOURCE/_posts/. Hexo
// claims that _config.yml, which Jekyll would otherwise take.
//
// `hexo generate` writes public_dir (public/) from source_dir (source/):
// the posts of _posts/ at their permalinks, the other pages at their
// paths, and the list pages its generator plugins make (home, archives,
// tags, categories). The site URL is url, with its sub-path. Its sitemap
// is hexo-generator-sitemap's: sitemap.xml and sitemap.txt, or its
// sitemap.path. The rules were read from Hexo 8.1.2 and
// hexo-generator-sitemap 3.0.1 and checked against a real build
// (internal/e2e/testdata/hexo). The theme Fluid hides a post whose front
// matter says hide: true from every list and from that sitemap
// (hexo-theme-fluid 1.9.9, internal/e2e/testdata/hexo-fluid).
package hexo

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/siteurl"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// Generator is Hexo.
type Generator struct{}

var (
	_ generator.Generator  = Generator{}
	_ generator.Claimer    = Generator{}
	_ generator.Router     = Generator{}
	_ generator.PeerReader = Generator{}
)

// Info returns Hexo's.
func (Generator) Info() generator.Info {
	return generator.Info{Name: "hexo", Title: "Hexo", PublishKey: "public_dir", SourceKey: "source_dir", ConfigFile: "_config.yml", BaseURLPlaces: []string{"url: in Hexo's configuration ({file}), with the site's sub-path"}, Sitemaps: sitemaps}
}

// configFile is Hexo's configuration.
const configFile = "_config.yml"

// sitemapPlugin is the package that writes a Hexo site's sitemaps.
const sitemapPlugin = "hexo-generator-sitemap"

// Claim takes _config.yml when the project is Hexo's: Jekyll then
// leaves it.
func (Generator) Claim(d *generator.Dir) {
	if c, _ := read(d); c != nil {
		d.Claim(configFile)
	}
}

// Detect finds a Hexo project.
func (Generator) Detect(d *generator.Dir) (*generator.Detected, error) {
	c, err := read(d)
	if c == nil || err != nil {
		return nil, err
	}
	file := c.File
	if file == "" {
		file = "package.json"
	}
	p := &generator.Detected{
		File:       file,
		PublishDir: siteurl.CleanDir(c.PublicDir), SourceDir: siteurl.CleanDir(c.SourceDir),
		Form: generator.URLForm{TrailingSlash: "always", CleanURLs: !c.TrailingHTML},
		Own:  c, Notes: c.Notes,
	}
	if p.PublishDir == "" {
		p.PublishDir = "public"
	}
	if p.SourceDir == "" {
		p.SourceDir = "source"
	}
	switch u := strings.TrimSpace(c.URL); {
	case c.URLLine == 0:
		p.Notes = append(p.Notes, generator.Note(file, 0, "url is not set (Hexo's default is %s)%s", u, siteurl.BaseURLHint))
		p.BasePath = siteurl.NormBase(c.Root)
	case siteurl.AbsHTTP(u) && siteurl.Path(u) == "/" && siteurl.NormBase(c.Root) != "":
		// Pages linked under root, which url lacks: Hexo's own sitemap
		// would list them without it.
		p.BaseURL, p.BaseURLFrom, p.BasePath = siteurl.JoinSiteBase(u, c.Root), file+" url + root", siteurl.NormBase(c.Root)
		p.Notes = append(p.Notes, generator.Note(file, c.URLLine, "url %q has no path, and root %q links every page under %s: the base URL is %s (Hexo asks for url with the path: %s)", diag.URL(u), diag.Excerpt(c.Root), siteurl.NormBase(c.Root), diag.URL(p.BaseURL), diag.URL(strings.TrimSuffix(p.BaseURL, "/"))))
	case siteurl.AbsHTTP(u):
		p.BaseURL, p.BaseURLFrom, p.BasePath = siteurl.WithSlash(u), file+" url", siteurl.NormBase(c.Root)
	default:
		p.Notes = append(p.Notes, generator.Note(file, c.URLLine, "url %q is not an absolute http(s) URL%s", diag.URL(u), siteurl.BaseURLHint))
		p.BasePath = siteurl.NormBase(c.Root)
	}
	return p, nil
}

// read returns the configuration of the Hexo project in d; nil when d
// holds none. A _config.yml that does not parse (or gives a key twice)
// is the error of a project that depends on hexo or sets a key only
// Hexo reads, and no Hexo project otherwise (Jekyll's check reports it,
// or reads it).
func read(d *generator.Dir) (*Config, error) {
	dep := d.Depends("hexo") || hexoBlock(d)
	name, data, err := d.File(configFile)
	if err != nil {
		if dep {
			return nil, err
		}
		return nil, nil
	}
	if name == "" {
		if !dep {
			return nil, nil
		}
		return Defaults(), nil
	}
	c, keys, err := parseConfig(name, data)
	if err != nil {
		if dep || keys {
			return nil, d.Wrap(err)
		}
		return nil, nil
	}
	if !dep && !keys && !hasPosts(d, c.SourceDir) {
		return nil, nil
	}
	c.HideFrom = fluidDir(d, c.Theme)
	return c, nil
}

// fluidDir returns where the project holds the theme Fluid, when theme
// is fluid: themes/fluid (a link of that name counts: it is looked at,
// never followed), else the package hexo-theme-fluid, which package.json
// depends on or node_modules holds, as Hexo looks for it; "" otherwise.
func fluidDir(d *generator.Dir, theme string) string {
	if strings.TrimSpace(theme) != "fluid" {
		return ""
	}
	if fi, err := fsx.Lstat(d.Path(), "themes/fluid"); err == nil && (fi.IsDir() || fi.Mode()&fs.ModeSymlink != 0) {
		return "themes/fluid"
	}
	if _, err := fsx.Lstat(d.Path(), "node_modules/"+fluidPackage); err == nil || d.Depends(fluidPackage) {
		return "node_modules/" + fluidPackage
	}
	return ""
}

// fluidPackage is the theme Fluid's npm package.
const fluidPackage = "hexo-theme-fluid"

// hexoBlock reports whether package.json has the top-level "hexo"
// block hexo-cli writes ({"version": "8.1.2"}).
func hexoBlock(d *generator.Dir) bool {
	name, data, err := d.File("package.json")
	if err != nil || name == "" {
		return false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(data, &m) != nil {
		return false
	}
	var block map[string]any
	return json.Unmarshal(m["hexo"], &block) == nil && block != nil
}

// hasPosts reports whether the project has a folder SOURCE/_posts (a
// link of that name counts: it is looked at, never followed).
func hasPosts(d *generator.Dir, source string) bool {
	src := siteurl.CleanDir(source)
	if src == "" || path.IsAbs(src) {
		return false
	}
	fi, err := fsx.Lstat(d.Path(), path.Join(src, "_posts"))
	return err == nil && (fi.IsDir() || fi.Mode()&fs.ModeSymlink != 0)
}

// config returns the project's configuration (Detected.Own), Hexo's
// defaults when it has none.
func config(p *generator.Detected) *Config {
	if c, ok := p.Own.(*Config); ok && c != nil {
		return c
	}
	return Defaults()
}

// sitemaps names hexo-generator-sitemap's files: its sitemap.path,
// sitemap.xml and sitemap.txt by default.
func sitemaps(p *generator.Detected) generator.SitemapFiles {
	var names []string
	for _, n := range config(p).SitemapPaths {
		if n = strings.TrimLeft(path.Clean("/"+n), "/"); n != "" {
			names = append(names, n)
		}
	}
	return generator.SitemapFiles{Names: names}
}

// Routes returns the preset that joins the build's pages to the files of
// source_dir.
func (Generator) Routes(p *generator.Detected) (generator.Preset, string) {
	return NewRoutes(config(p)), p.SourceDir
}

// SitemapOptions returns hexo-generator-sitemap's options, its sitemap:
// block of _config.yml, when the project depends on it. Its block,
// which no other package reads, stays when the plugin is uninstalled
// before init runs: the options are read then too, with a note that
// says so. Their sitemaps' URLs were published, and are kept.
func (Generator) SitemapOptions(d *generator.Dir, p *generator.Detected) []peer.Config {
	c := config(p)
	installed := d.Depends(sitemapPlugin)
	if !installed && c.SitemapLine == 0 {
		return nil
	}
	pc := peer.Config{Tool: Tool, File: p.File, Line: c.SitemapLine}
	if !installed {
		pc.Notes = append(pc.Notes, fmt.Sprintf("%s:%d: package.json does not depend on %s (uninstalled?), whose options its sitemap: block still gives: they are carried over, so that the URLs of its sitemaps keep answering", p.File, c.SitemapLine, sitemapPlugin))
	}
	for _, o := range c.Sitemap {
		pc.Options = append(pc.Options, peer.Given{Name: o.Name, Value: o.Value, Line: o.Line})
	}
	return []peer.Config{pc}
}
