package project

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
)

// generators reads the generators' files in the project folder dir,
// once, within lim, with the build environment env. host is what the
// generator's own build said of its configuration (HostProjectEnv), or
// nil when it said nothing; hostErr is the error from reading it.
type generators struct {
	dir     string
	lim     limits.Limits
	env     generator.Env
	host    *hostProject
	hostErr error
	// found lists what Detect found, once detected. gen is the one the
	// site is from, or nil when there is none or it is unclear.
	// detectErr is the error from reading the generators' files, or nil.
	detected  bool
	found     []generator.Detected
	detectErr error
	gen       *generator.Detected
}

// detect reads the generators' files in the project folder, once.
func (p *generators) detect() error {
	if p.detected {
		return nil
	}
	p.detected = true
	found, err := registry.DetectEnv(p.dir, p.env, p.lim) // its errors name the file from the working directory
	if p.host != nil {
		found, p.detectErr = p.host.over(found, err)
		p.found = found
		return nil
	}
	if err != nil {
		p.detectErr = err
		return err
	}
	p.found = found
	return nil
}

// names lists the generators found, as "Hugo (hugo.toml) and Jekyll
// (_config.yml)".
func (p *generators) names() string {
	var s []string
	for _, g := range p.found {
		s = append(s, g.Title()+" ("+filepath.Join(p.dir, g.File)+")")
	}
	return strings.Join(s, " and ")
}

// findRoot names the site folder when neither DIR nor root: names it.
// The site folder is the platform's publish folder (netlify.toml,
// vercel.json), else the publish folder of the one generator found,
// else, when none is, the one folder of the project that holds a built
// site (findBuiltSite). It returns what decided, for the detection line.
func (p *discovery) findRoot() (root, from string, err error) {
	if p.plat.style != nil && p.plat.style.Publish != "" {
		p.plat.style.Publish = p.plat.shorter(p.plat.style.Publish)
		f := folder{p.plat.style.Publish, diag.Pos{File: p.plat.style.PublishFrom, Line: p.plat.style.PublishLine}, p.plat.style.PublishKey, possessive(p.plat.name) + " publish folder"}
		if err := p.inTree(f, "sitemapgen DIR"); err != nil {
			return "", "", err
		}
		return p.plat.style.Publish, p.plat.style.PublishFrom + " publish folder", nil
	}
	if err := p.gens.detect(); err != nil {
		return "", "", err
	}
	var publishing []generator.Detected
	var notes []string
	for _, g := range p.gens.found {
		if g.PublishDir != "" {
			publishing = append(publishing, g)
		}
		notes = append(notes, g.Notes...)
	}
	switch len(publishing) {
	case 0:
		if len(p.gens.found) == 0 {
			// No generator recognised: a folder that holds a built site,
			// its generator's sitemap beside its home page.
			if root, err := p.findBuiltSite(); root != "" || err != nil {
				return root, builtSiteFrom, err
			}
		}
		msg := p.noRoot.Error()
		if len(p.gens.found) > 0 {
			msg = fmt.Sprintf("found %s, but not the folder it builds the site into\n", p.gens.names()) + msg
		} else {
			msg += "\n(no " + registry.Titles("or") + " project found in " + dirName(p.dir) + ")"
		}
		for _, n := range notes {
			msg += "\nnote: " + n
		}
		return "", "", errors.New(msg)
	case 1:
		g := publishing[0]
		p.gens.gen = &g
		if err := p.inTree(p.genFolder(g, p.gens.publishDir(g), true), "sitemapgen DIR"); err != nil {
			return "", "", err
		}
		return p.gens.publishDir(g), g.Title() + " (" + filepath.Join(p.dir, g.File) + ")", nil
	}
	return "", "", fmt.Errorf("found %s in %s: which one built the site?\nhint: %s", p.gens.names(), dirName(p.dir), p.chooseHint(publishing))
}

// chooseHint tells how to pick one of the generators found, when each
// builds into a folder of its own. The user names the folder as DIR or
// as root:, and that also picks the generator that builds there. The
// folders that exist come first, because they are the likely ones.
func (p *discovery) chooseHint(publishing []generator.Detected) string {
	var dirs []string
	whose := map[string][]string{}
	for _, g := range publishing {
		dir := p.gens.publishDir(g)
		if whose[dir] == nil {
			dirs = append(dirs, dir)
		}
		whose[dir] = append(whose[dir], g.Title())
	}
	var built, unbuilt []string
	for _, dir := range dirs {
		s := fmt.Sprintf("'sitemapgen %s' for %s", dir, strings.Join(whose[dir], " or "))
		if isDir(dir) {
			built = append(built, s)
		} else {
			unbuilt = append(unbuilt, s+" (not built: no "+dir+" folder)")
		}
	}
	return fmt.Sprintf("name the folder the site was built into: %s; or set root: to it in %s", strings.Join(append(built, unbuilt...), ", "), p.settingsFile)
}

// generatorFor returns the generator whose publish folder is root, else
// the only one found. It returns nil when none or several were found.
func (p *generators) generatorFor(root string) (*generator.Detected, error) {
	if p.gen != nil {
		return p.gen, nil
	}
	if err := p.detect(); err != nil {
		return nil, err
	}
	if g := p.publishedInto(root); g != nil {
		p.gen = g
		return p.gen, nil
	}
	if len(p.found) == 1 {
		p.gen = &p.found[0]
	}
	return p.gen, nil
}

// publishedInto returns the generator found whose publish folder is
// root, or nil when there is none.
func (p *generators) publishedInto(root string) *generator.Detected {
	for i, g := range p.found {
		if g.PublishDir != "" && fsx.SamePath(p.publishDir(g), root) {
			return &p.found[i]
		}
	}
	return nil
}

// builtBy returns the generator whose publish folder is root, or nil
// when there is none. When a generator's configuration cannot be read,
// builtBy finds no generator. The error is reported where it matters:
// when the site folder or the base URL is looked for.
func (p *generators) builtBy(root string) *generator.Detected {
	if p.gen != nil {
		if fsx.SamePath(p.publishDir(*p.gen), root) {
			return p.gen
		}
		return nil
	}
	if err := p.detect(); err != nil {
		return nil
	}
	return p.publishedInto(root)
}

// projectFolder refuses a site folder given (DIR, root:) when it is a
// generator's project folder with the built site in a folder inside it:
// Hugo's root with public/, Jekyll's with _site/. Walking it would list
// the templates and sources, not the pages. A project is walked when
// its build folder is not there or its configuration cannot be read.
func projectFolder(root string, lim limits.Limits) error {
	found, err := registry.Detect(root, lim)
	if err != nil {
		return nil
	}
	for _, g := range found {
		if built := g.BuiltInside(root); built != "" {
			return fmt.Errorf("%s is a %s project (%s); its built site is %s%c (give %s as DIR, or --force to walk %s itself)",
				root, g.Title(), filepath.Join(root, filepath.FromSlash(g.File)), built, filepath.Separator, built, root)
		}
	}
	return nil
}

// isDir reports whether dir is a folder. dir is named as a root: the
// site's, the sources', or a publish folder that a configuration gives.
// isDir looks at dir as named, as the walk that starts there opens it.
// It reads nothing.
func isDir(dir string) bool {
	fi, err := fsx.StatNamed(dir)
	return err == nil && fi.IsDir()
}

// stateFolders returns two folders for g, found in the project folder
// dir. state is where a build keeps its own files about the sitemaps it
// writes (generator.Detected.StateDir). served is the folder the
// sitemaps are in (ServedDir). Both are seen from the working directory.
// Both are "" when a build keeps its files beside the sitemaps.
func stateFolders(dir string, g generator.Detected) (state, served string) {
	if g.StateDir == "" || g.ServedDir == "" {
		return "", ""
	}
	return filepath.Join(dir, filepath.FromSlash(g.StateDir)), filepath.Join(dir, filepath.FromSlash(g.ServedDir))
}

// recordDir returns the folder where a build that writes its sitemaps
// into out keeps its record, when g, found in the project folder dir,
// is a server build whose server serves out as it is (Next.js's
// public/): g's state folder, which nothing serves. It returns "" when
// the record sits beside the sitemaps.
func recordDir(dir string, g generator.Detected, out string) string {
	state, served := stateFolders(dir, g)
	if state == "" || !fsx.SamePath(served, out) {
		return ""
	}
	return state
}

// recordSearchDepth bounds how many folders above a served folder
// RecordFolder looks for the project whose server serves it.
const recordSearchDepth = 4

// RecordFolder returns the folder where a build keeps the record of the
// sitemaps it wrote into the folder dir (writer.Options.RecordDir). It
// decides as a build does. It looks in the folders above dir for a
// project whose server serves dir (Next.js's public/). When that
// project's state folder (distDir/cache/sitemapgen) leads inside the
// project, that is the record folder. Otherwise it is dir itself, and
// the record sits beside the sitemaps. Files are read within lim.
func RecordFolder(dir string, lim limits.Limits) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir
	}
	for up, root := 0, filepath.Dir(abs); up < recordSearchDepth; up, root = up+1, filepath.Dir(root) {
		found, _ := registry.Detect(root, lim)
		for _, g := range found {
			// A record folder that leads out of the project (a link
			// planted at .next/cache) does not count: a build refuses it.
			if state := recordDir(root, g, abs); state != "" && fsx.Within(root, state) == nil {
				return state
			}
		}
		if root == filepath.Dir(root) {
			break
		}
	}
	return dir
}

// publishDir is g's site folder as seen from the working directory.
func (p *generators) publishDir(g generator.Detected) string {
	if filepath.IsAbs(g.PublishDir) {
		return g.PublishDir
	}
	return filepath.Join(p.dir, filepath.FromSlash(g.PublishDir))
}

// possessive is name's possessive: "Hugo's", "MkDocs'".
func possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}

func dirName(dir string) string {
	if dir == "." {
		return "the working directory"
	}
	return dir
}

// serverBuild reads what a server build prerendered and what its server
// renders on demand. It does so when g built the site folder as a
// server build (generator.ReadServerBuild: Next.js without a static
// export, Astro's output 'server', SvelteKit's adapter-node). For
// Next.js it sets the pages a build reads, each at the URL Next.js
// serves it at (Project.Served). It adds a warning for each route
// served on demand, because no file shows its URLs. Unless an output
// folder was given, it sets the folder the sitemaps go into when that
// is not the site folder. That is the folder the server serves at the
// site's root (Next.js's public/, adapter-node's build/client/).
func (p *discovery) serverBuild(v *Ask, pr *Project, g *generator.Detected) error {
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
	pr.ServerBuild = b.What
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
	for _, r := range b.OnDemand {
		c := *r.Warning
		c.File = filepath.Join(p.dir, filepath.FromSlash(c.File))
		pr.OnDemand = append(pr.OnDemand, generator.OnDemandRoute{Warning: &c, Pattern: r.Pattern})
	}
	if v.Out == "" && b.Frozen != nil {
		c := *b.Frozen
		c.File = filepath.Join(p.dir, filepath.FromSlash(c.File))
		pr.Warnings = append(pr.Warnings, &c)
	}
	if state, served := stateFolders(p.dir, *g); state != "" {
		// The record may be written there. A pull request may plant a
		// link (.next/cache, or .next/cache/sitemapgen) to a folder
		// outside the project; it must not take the writing out of the
		// project.
		f := folder{path: state, at: diag.Pos{File: state}, key: "the record folder",
			what: "where sitemapgen keeps the list of the files it wrote into " + dirName(served)}
		if err := p.inTree(f, "--out DIR"); err != nil {
			if d, ok := errors.AsType[*diag.Diagnostic](err); ok {
				d.Hint = "remove the link: " + possessive(g.Title()) + " build makes the folder itself"
			}
			return err
		}
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
