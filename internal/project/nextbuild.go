package project

import (
	"path/filepath"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
)

// serverBuild reads, when g built the site folder as a server build
// (generator.ReadServerBuild: Next.js without a static export, Astro's
// output 'server', SvelteKit's adapter-node), what the build prerendered
// and what its server renders on demand: for Next.js, the pages a build
// reads, each at the URL Next.js serves it at (Project.Served); for
// each, a warning for each route served on demand, whose URLs no file
// shows; and, unless one was given, the folder the sitemaps go into
// when it is not the site folder: the one the server serves at the
// site's root (Next.js's public/, adapter-node's build/client/).
func (p *discovery) serverBuild(v *Ask, pr *Project, g *generator.Project) error {
	if g == nil || v.Content {
		return nil
	}
	b, err := generator.ReadServerBuild(p.dir, g, p.lim)
	if err != nil {
		if d, ok := err.(*diag.Diagnostic); ok && !filepath.IsAbs(d.File) {
			c := *d
			c.File = filepath.Join(p.dir, filepath.FromSlash(d.File))
			return &c
		}
		return err
	}
	if b == nil {
		return nil
	}
	if len(b.Routes) > 0 {
		pr.ServerRoutes, pr.ServerRoutesFrom = b.Routes, filepath.Join(p.dir, filepath.FromSlash(b.RoutesFrom))
	}
	if b.Served {
		pr.Served = make([]pipeline.ServedPage, 0, len(b.Pages))
		for _, pg := range b.Pages {
			pr.Served = append(pr.Served, pipeline.ServedPage{Path: pg.Path, URLPath: pg.URLPath})
		}
	}
	for _, w := range b.Warnings {
		c := *w
		c.File = filepath.Join(p.dir, filepath.FromSlash(w.File))
		pr.Warnings = append(pr.Warnings, &c)
	}
	if v.Out == "" && b.Frozen != nil {
		c := *b.Frozen
		c.File = filepath.Join(p.dir, filepath.FromSlash(c.File))
		pr.Warnings = append(pr.Warnings, &c)
	}
	if v.Out == "" && g.ServedDir != "" {
		f := folder{path: filepath.Join(p.dir, filepath.FromSlash(g.ServedDir)), at: diag.Pos{File: filepath.Join(p.dir, filepath.FromSlash(g.File))},
			what: possessive(g.Title()) + " folder its server serves files from, where the sitemaps of a server build go"}
		if err := p.inTree(f, "--out DIR"); err != nil {
			return err
		}
		v.Out, pr.Out = f.path, f.path
	}
	if b.Input != "" {
		pr.Inputs = append(pr.Inputs, filepath.Join(p.dir, filepath.FromSlash(b.Input)))
	}
	return nil
}
