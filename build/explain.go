package build

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// Explanation is why a page is in the sitemap or not, and where each of
// its values came from.
type Explanation struct {
	// Path is the page's path relative to the site folder.
	Path string
	// Decision is mapping's decision about the page.
	Decision mapping.Decision
	// RuleMatch is the glob of the rule that set changefreq and priority.
	RuleMatch string
	// DuplicateOf names the URL and path a duplicate page was listed as.
	DuplicateOf string
	// DroppedAlternates are alternates left out because they are not
	// themselves in the sitemap.
	DroppedAlternates []sitemap.Alternate
}

// Listed reports whether the page is in the sitemap.
func (e *Explanation) Listed() bool { return e.Decision.Skip == "" && e.DuplicateOf == "" }

// explainer collects the Explanations a build was asked for.
type explainer struct {
	rules   []mapping.Rule
	targets []string
	paths   map[string]int // relative path → target index
	urls    map[string]int // URL → target index
	found   []bool         // by target
	list    []*Explanation
	byPath  map[string]*Explanation
	byLoc   map[string]*Explanation
}

func newExplainer(opts Options, m *mapping.Mapper) *explainer {
	e := &explainer{
		rules: opts.Map.Rules, targets: opts.Explain,
		paths: map[string]int{}, urls: map[string]int{}, found: make([]bool, len(opts.Explain)),
		byPath: map[string]*Explanation{}, byLoc: map[string]*Explanation{},
	}
	root, _ := filepath.Abs(opts.Root)
	origin := originOf(m.BaseURL())
	for i, t := range opts.Explain {
		if u, err := mapping.NormalizeURL(t, nil); err == nil {
			e.urls[u] = i
			continue
		}
		if strings.HasPrefix(t, "/") {
			if _, err := os.Stat(t); err != nil { // not a file: a URL path
				if u, err := mapping.NormalizeURL(origin+t, nil); err == nil {
					e.urls[u] = i
				}
				continue
			}
		}
		if abs, err := filepath.Abs(t); err == nil {
			if rel, err := filepath.Rel(root, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				e.paths[filepath.ToSlash(rel)] = i
			}
		}
		e.paths[filepath.ToSlash(filepath.Clean(t))] = i
	}
	return e
}

func (e *explainer) wanted() bool { return len(e.targets) > 0 }

// page records the decision about the page at path, if it is wanted.
func (e *explainer) page(path string, d *mapping.Decision) {
	if !e.wanted() {
		return
	}
	hit := false
	if i, ok := e.paths[path]; ok {
		e.found[i], hit = true, true
	}
	if i, ok := e.urls[d.URL.Loc]; ok && d.URL.Loc != "" {
		e.found[i], hit = true, true
	}
	if !hit {
		return
	}
	x := &Explanation{Path: path, Decision: *d}
	if d.Rule > 0 {
		x.RuleMatch = e.rules[d.Rule-1].Match
	}
	e.list = append(e.list, x)
	e.byPath[path] = x
	if d.Skip == "" {
		e.byLoc[d.URL.Loc] = x
	}
}

func (e *explainer) duplicate(path, keptLoc, keptPath string) {
	if x := e.byPath[path]; x != nil {
		x.DuplicateOf = keptLoc + " (from " + keptPath + ")"
		if e.byLoc[x.Decision.URL.Loc] == x {
			delete(e.byLoc, x.Decision.URL.Loc)
		}
	}
}

func (e *explainer) droppedAlternate(loc string, a sitemap.Alternate) {
	if x := e.byLoc[loc]; x != nil {
		x.DroppedAlternates = append(x.DroppedAlternates, a)
	}
}

// finish hands the explanations to report, in walk order, or fails when a
// target matched no page.
func (e *explainer) finish(report func(Explanation)) error {
	var missing []string
	for i, ok := range e.found {
		if !ok {
			missing = append(missing, e.targets[i])
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("--explain: no page has the path or URL %s", strings.Join(missing, ", "))
	}
	if report != nil {
		for _, x := range e.list {
			final := *x
			if x.Listed() {
				// Alternates as written: filtered after the page was seen.
				final.Decision.URL.Alternates = slicesWithout(x.Decision.URL.Alternates, x.DroppedAlternates)
			}
			report(final)
		}
	}
	return nil
}

func slicesWithout(all, drop []sitemap.Alternate) []sitemap.Alternate {
	var out []sitemap.Alternate
	for _, a := range all {
		dropped := false
		for _, d := range drop {
			if a == d {
				dropped = true
				break
			}
		}
		if !dropped {
			out = append(out, a)
		}
	}
	return out
}
