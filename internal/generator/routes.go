package generator

// The presets of generators that route files: a page's URL is its file's
// path under a pages folder (Astro, Next.js, Eleventy, Sphinx) or a
// plugin's folder (Docusaurus), with front matter that may move it. They
// join a build's pages to their sources; they do not list a site from
// its sources (content mode), since pages that come from code (dynamic
// routes, collections) have no file of their own.

// Routes returns the preset that joins the pages of the project's build
// to their sources, for the generators that route files (a [Router]),
// and the folder of the sources relative to the project folder
// ("/"-separated): SourceDir, else the generator's default; nil for the
// other generators.
func (p *Detected) Routes() (Preset, string) {
	if g, ok := p.Gen.(Router); ok {
		return g.Routes(p)
	}
	return nil, ""
}
