package pipeline

// The site's robots.txt. A listed URL that it disallows for *,
// Googlebot or Bingbot is left out. With Robots.Warn, it is listed with
// a warning instead.

import (
	"errors"
	"fmt"
	"net/url"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/robots"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// Robots configures the check of the listed URLs against the site's
// robots.txt.
type Robots struct {
	// Dir is the folder whose robots.txt is the site's: the built site.
	// When Dir is empty, nothing is checked.
	Dir string
	// Warn lists a disallowed URL with a warning instead of leaving it
	// out. Off reads no robots.txt.
	Warn, Off bool
}

// robotsFiles are the robots.txt files of a build's folders. One is the
// site's (Robots.Dir), whose rules judge the URLs. The other is the
// output folder's (Write.Dir). The generator's sitemaps and the checks
// after the write ask about its Sitemap: lines. Each file is read once,
// when first asked, under one bound (limits.robots_bytes). A folder
// named twice is read once. Only the build's own goroutine asks, before
// the walk and after the write.
type robotsFiles struct {
	max   int
	dirs  []string
	files []*robots.File
}

// of returns the robots.txt of the folder dir, which is read the first
// time it is asked for.
func (r *robotsFiles) of(dir string) *robots.File {
	for i, d := range r.dirs {
		if fsx.SamePath(d, dir) {
			return r.files[i]
		}
	}
	f := robots.Load(dir, r.max)
	r.dirs, r.files = append(r.dirs, dir), append(r.files, f)
	return f
}

// loadRobots reads the site's robots.txt for the build.
func (l *loader) loadRobots() {
	o := l.opts.Robots
	if o.Off || o.Dir == "" {
		return
	}
	base := l.mapper.BaseURL()
	if !robots.Governs(o.Dir, base) {
		if _, err := fsx.Lstat(o.Dir, "robots.txt"); err == nil {
			u, _ := url.Parse(base)
			l.rep.note("robots.txt", fmt.Sprintf("not read for its rules: served at %srobots.txt, where crawlers never read it (only at the host's root, %s://%s/robots.txt)", base, u.Scheme, u.Host))
		}
		return
	}
	rules, err := l.in.robotsTxt.of(o.Dir).Rules()
	if err != nil {
		l.rep.warn("", err)
	}
	l.in.robots = robots.NewJudge(rules, robots.Crawlers...)
}

// robotsKey returns the Key of the rules of the robots.txt that a build
// with opts would read now, or "" for none.
func robotsKey(opts Options, baseURL string) string {
	if opts.Robots.Off {
		return ""
	}
	if !robots.Governs(opts.Robots.Dir, baseURL) {
		return ""
	}
	rules, _ := robots.ReadFile(opts.Robots.Dir, opts.Limits.Or().RobotsBytes)
	return robots.NewJudge(rules, robots.Crawlers...).Key()
}

// robotsPass is the robots.txt pass. It drops from the sorted order
// every record whose URL the site's robots.txt disallows, and reports
// each as skipped. With Robots.Warn it keeps them and warns. Without a
// robots.txt it does nothing. Each record keeps its verdict
// (record.robots), so a Session's update judges only the records it
// added, not every URL again.
type robotsPass struct {
	// rules are the site's robots.txt rules, nil when there are none.
	rules *robots.Judge
	// warnOnly is Options.Robots.Warn: a blocked page stays listed, with
	// a warning.
	warnOnly bool
	// explain hears each verdict, for --explain.
	explain *explainer
	found   findings
}

func (b *builder) robotsPass() *robotsPass {
	return &robotsPass{rules: b.in.robots, warnOnly: b.opts.Robots.Warn, explain: b.explain}
}

// run judges the records in order. With only, it reports only the pages
// at those paths (a Session's update).
func (p *robotsPass) run(recs *records, only map[string]bool) findings {
	j := p.rules
	if j == nil {
		return nil
	}
	// Judge the verdicts in one part of the order per CPU at once; each
	// part owns its records. The reports follow, in order.
	inParts(len(recs.order), func(lo, hi int) {
		for _, idx := range recs.order[lo:hi] {
			if r := recs.rec(idx); r.robots() == 0 {
				r.setRobots(robotsAllowed)
				if j.Disallows() && j.Blocked(robots.PathOf(recs.locOf(r))) {
					r.setRobots(robotsBlocked)
				}
			}
		}
	})
	out := recs.order[:0]
	for i, idx := range recs.order {
		r := recs.rec(idx)
		if r.robots() == robotsAllowed {
			out = recs.keepAt(out, i, idx)
			continue
		}
		path := recs.pathOf(r)
		blocks := j.Why(robots.PathOf(recs.locOf(r)))
		report := only == nil || only[path]
		if p.warnOnly {
			out = recs.keepAt(out, i, idx)
			msg := "listed although " + robots.Blocks(blocks)
			if report {
				p.found.warn(path, errors.New(msg))
			}
			p.explain.warning(path, msg)
			continue
		}
		because := robots.Because(blocks)
		if report {
			p.found.skip(path, mapping.RobotsTxt, because)
		}
		p.found.keepLeftOut(recs.locOf(r))
		p.explain.robots(path, because)
	}
	recs.order = out
	return p.found
}
