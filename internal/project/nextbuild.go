package project

import (
	"path/filepath"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
)

// serverBuild reads, for an Astro server build (generator.Project.AstroServer),
// the routes its server renders on demand: a warning for each (see
// astroServerBuild). It reads, when the site folder is the server folder of a
// Next.js server build (generator.Project.NextDist), what the build
// prerendered (generator.ReadNextBuild): the pages a build reads, each at
// the URL Next.js serves it at (Project.Served); the folder the sitemaps
// go into unless one was given, the one the server serves at the site's
// root (public/); and a warning for each route served on demand, whose
// URLs no file shows.
func (p *discovery) serverBuild(v *Ask, pr *Project) error {
	g := p.builtBy(v.Root)
	if g == nil || v.Content {
		return nil
	}
	if g.AstroServer != "" {
		return p.astroServerBuild(g, pr)
	}
	if g.NextDist == "" {
		return nil
	}
	b, err := generator.ReadNextBuild(p.dir, g, p.lim)
	if err != nil {
		if d, ok := err.(*diag.Diagnostic); ok && !filepath.IsAbs(d.File) {
			c := *d
			c.File = filepath.Join(p.dir, filepath.FromSlash(d.File))
			return &c
		}
		return err
	}
	pr.Served = make([]pipeline.ServedPage, 0, len(b.Pages))
	for _, pg := range b.Pages {
		pr.Served = append(pr.Served, pipeline.ServedPage{Path: pg.Path, URLPath: pg.URLPath})
	}
	for _, w := range b.Warnings {
		c := *w
		c.File = filepath.Join(p.dir, filepath.FromSlash(w.File))
		pr.Warnings = append(pr.Warnings, &c)
	}
	if v.Out == "" {
		f := folder{path: filepath.Join(p.dir, filepath.FromSlash(g.ServedDir)), at: diag.Pos{File: filepath.Join(p.dir, filepath.FromSlash(g.File))},
			what: possessive(g.Title) + " public folder, where the sitemaps of a server build go"}
		if err := p.inTree(f, "--out DIR"); err != nil {
			return err
		}
		v.Out, pr.Out = f.path, f.path
	}
	pr.Inputs = append(pr.Inputs, filepath.Join(p.dir, filepath.FromSlash(g.NextDist), "prerender-manifest.json"))
	return nil
}

// astroServerBuild warns of each page of the Astro server build of g
// that its server renders on demand (generator.ReadAstroBuild): no file
// shows its URLs. Its prerendered pages are the site folder's files
// (build.client, dist/client/), listed as a static build's, and the
// sitemaps go there, the folder the adapter's server serves files from.
func (p *discovery) astroServerBuild(g *generator.Project, pr *Project) error {
	warnings, err := generator.ReadAstroBuild(p.dir, g, p.lim)
	if err != nil {
		return p.inProject(err)
	}
	for _, w := range warnings {
		c := *w
		c.File = filepath.Join(p.dir, filepath.FromSlash(w.File))
		pr.Warnings = append(pr.Warnings, &c)
	}
	return nil
}

// inProject returns err with its file, when it is a *diag.Diagnostic at
// a path relative to the project folder, joined to it.
func (p *discovery) inProject(err error) error {
	if d, ok := err.(*diag.Diagnostic); ok && !filepath.IsAbs(d.File) {
		c := *d
		c.File = filepath.Join(p.dir, filepath.FromSlash(d.File))
		return &c
	}
	return err
}
