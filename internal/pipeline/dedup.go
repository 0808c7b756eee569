package pipeline

import (
	"fmt"

	"github.com/sitemapgen/sitemapgen/mapping"
)

// dedupPass is the duplicates pass. It drops the duplicate URLs from the
// sorted records (records.dedup), and reports each with a warning and a
// skip. A page that an extra URL's record gives values to takes them,
// and a note says so.
type dedupPass struct {
	// cleanURLs is Options.Map.CleanURLs: a page /a beside a folder /a/
	// is a duplicate too.
	cleanURLs bool
	// explain hears each duplicate and each merge, for --explain.
	explain *explainer
	found   findings
}

func (b *builder) dedupPass() *dedupPass {
	return &dedupPass{cleanURLs: b.opts.Map.CleanURLs, explain: b.explain}
}

// run drops the duplicates from the order of recs. When only is not nil (a Session's update),
// it reports only the duplicates where either page's path is in only.
func (p *dedupPass) run(recs *records, only map[string]bool) findings {
	recs.dedup(p.cleanURLs, func(path, loc, keptPath, keptLoc string) {
		if only != nil && !only[path] && !only[keptPath] {
			return
		}
		if loc == keptLoc {
			p.found.warn(path, fmt.Errorf("duplicate URL %s (also from %s); listed once", loc, keptPath))
		} else {
			p.found.warn(path, fmt.Errorf("duplicate URL %s: hosts serve it as %s (from %s); listed once, as that", loc, keptLoc, keptPath))
		}
		p.found.skip(path, mapping.Duplicate, "also "+keptLoc+" from "+keptPath)
		p.explain.duplicate(path, keptLoc, keptPath)
	}, func(path, extraPath string, took []string) {
		if only == nil || only[path] {
			p.found.note(path, extraNote(took, extraPath))
		}
		p.explain.merged(path, extraPath, took)
	})
	return p.found
}
