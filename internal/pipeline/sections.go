package pipeline

import (
	"fmt"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/writer"
)

// Section is one of Options.Sections. It has a name, and the globs of
// the pages it holds, in the form Options.Walk.Include takes.
type Section struct {
	Name    string
	Include []string
}

// sectioned returns the writer's options. When there are sections, they
// give the section of each listed page: the first whose include globs
// match the page's path. A section that no page falls into gets no
// file, and a warning. In a Session the warning comes once, until a
// page falls into the section. Without sections, sectioned costs
// nothing.
func (p *writePass) sectioned(recs *records) writer.Options {
	o := p.opts.Write
	if len(p.opts.Sections) == 0 {
		return o
	}
	of := make([]uint16, recs.Len()) // a section's number, 0 for none
	count := make([]int, len(p.opts.Sections)+1)
	for i := range of {
		if recs.rec(recs.order[i]).extra() {
			count[0]++ // an extra URL has no path a section's glob matches
			continue
		}
		of[i] = sectionOf(p.opts.Sections, recs.PathAt(i))
		count[of[i]]++
	}
	o.Sections = make([]string, len(p.opts.Sections))
	for k, s := range p.opts.Sections {
		o.Sections[k] = s.Name
		switch {
		case count[k+1] > 0:
			delete(p.done.emptySaid, s.Name)
		case !p.done.emptySaid[s.Name]: // a Session says it once, while it lasts
			if p.done.emptySaid == nil {
				p.done.emptySaid = make(map[string]bool)
			}
			p.done.emptySaid[s.Name] = true
			p.found.warn("", fmt.Errorf("section %q: no listed page matches its include globs; it has no sitemap file", diag.Excerpt(s.Name)))
		}
	}
	o.Section = func(i int) int { return int(of[i]) }
	return o
}

// sectionOf returns the number (from 1) of the first of sections whose
// include globs match path, or 0.
func sectionOf(sections []Section, path string) uint16 {
	for k, s := range sections {
		for _, p := range s.Include {
			if doublestar.MatchUnvalidated(p, path) {
				return uint16(k + 1)
			}
		}
	}
	return 0
}
