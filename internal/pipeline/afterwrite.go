package pipeline

import (
	"cmp"
	"path/filepath"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/robots"
	"github.com/sitemapgen/sitemapgen/writer"
)

// afterWritePass is the pass after a whole build's write. It checks the
// Sitemap: lines of the output folder's robots.txt against the set the
// build wrote (warnDeadRobots, warnOtherSitemaps). It runs once a build
// or once a watch session: a rebuild of pages does not change the set's
// files.
type afterWritePass struct {
	// opts are the build's options. The pass reads Write (the output
	// folder, the sitemaps' URL, and the --robots, --dry-run and --check
	// switches) and GeneratorSitemaps, which names the generator's
	// sitemaps, which the build does not warn about.
	opts *Options
	// written is Result.Write: what the write wrote, or what it
	// withdrew (writeNone).
	written *writer.Result
	// robotsTxt holds the robots.txt files as the build read them
	// before the write.
	robotsTxt *robotsFiles
	found     findings
}

func (b *builder) afterWritePass() *afterWritePass {
	return &afterWritePass{opts: &b.opts, written: b.rep.res.Write, robotsTxt: &b.in.robotsTxt}
}

// run runs both checks, in order, and returns their warnings.
func (p *afterWritePass) run() findings {
	p.warnDeadRobots()
	p.warnOtherSitemaps()
	return p.found
}

// warnDeadRobots runs without --robots. It warns about each Sitemap:
// line of robots.txt that names one of our sitemap files the folder no
// longer has.
func (p *afterWritePass) warnDeadRobots() {
	w := &p.opts.Write
	if w.Robots || w.DryRun || w.Check {
		return
	}
	robots := filepath.Join(w.Dir, "robots.txt")
	for _, l := range writer.DeadRobotsLines(w.Dir, p.writtenRobots(), cmp.Or(w.SitemapsURL, w.BaseURL)) {
		p.found.warn("", diag.At(robots, l.Line, "Sitemap: "+diag.URL(l.URL)+" names a sitemap file that is not there (one of sitemapgen's names, which this build does not write): crawlers get a 404; run with --robots to update it"))
	}
}

// writtenRobots returns the Sitemap: lines of the output folder's
// robots.txt after the write. If the write changed the file, the lines
// come from the content it wrote. Otherwise they come from the file as
// the build read it before. Neither case reads the file again.
func (p *afterWritePass) writtenRobots() []robots.SitemapLine {
	w := &p.opts.Write
	if res := p.written; res != nil && res.Robots != nil {
		return robots.Read(filepath.Join(w.Dir, "robots.txt"), res.Robots, p.robotsTxt.max).Sitemaps()
	}
	return p.robotsTxt.of(w.Dir).Sitemaps()
}

// warnOtherSitemaps warns about each Sitemap: line of robots.txt that
// names a sitemap in the folder that the build did not write and that
// is no generator's. (A generator's sitemaps are taken over, or the
// command says they are kept.) Such a sitemap is the project's own,
// which its build writes beside ours, like a Sphinx extension's
// sitemap.txt. Crawlers that read robots.txt get it, and without
// --robots they do not get ours. Sitemapgen does not take such a file
// over. No generator's rule says the project would not miss it, and the
// project's build writes it again.
func (p *afterWritePass) warnOtherSitemaps() {
	w := &p.opts.Write
	if w.DryRun || w.Check {
		return
	}
	skip := func(name string) bool {
		return w.TakeOver != nil && w.TakeOver(name) || p.opts.GeneratorSitemaps != nil && p.opts.GeneratorSitemaps(name)
	}
	robots := filepath.Join(w.Dir, "robots.txt")
	var ours []string // our set's files; none if the build withdrew them
	if p.written != nil {
		ours = p.written.Recorded
	}
	for _, l := range writer.OtherRobotsLines(w.Dir, ours, p.writtenRobots(), cmp.Or(w.SitemapsURL, w.BaseURL), skip) {
		what := "crawlers that read robots.txt are given it, not ours: run with --robots to name ours there, and stop the project's build writing its own, and this line, for ours to replace it"
		if w.Robots {
			what = "search engines read it beside ours: stop the project's build writing its own, and this line, for ours to replace it"
		}
		p.found.warn("", diag.At(robots, l.Line, "Sitemap: "+diag.URL(l.URL)+" names a sitemap this build did not write, the project's own; "+what))
	}
}
