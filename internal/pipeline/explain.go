package pipeline

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/validate"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/walker"
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
	// AlternatesFrom says where a listed page's alternates came from:
	// "the page's head", or the part of the generator that gave them (its
	// sitemap, or its translations of the page's source). It is "" for
	// none.
	AlternatesFrom string
	// ExtraFrom, when set, is the record of extra URLs (NAME:LINE) that
	// gave the values ExtraTook names (lastmod, changefreq, priority,
	// alternates, images). The record may be the only one to give its
	// URL, or it may give a page's URL too, and then its values win over
	// the page's own.
	ExtraFrom string
	ExtraTook []string
	// TransformFrom, when set, is the line the per-URL hook wrote back
	// (NAME:LINE). The values TransformTook names changed what is
	// written. For a URL the hook added, it is the line that added the
	// URL.
	TransformFrom string
	TransformTook []string
	// NoLastMod says why a listed page has no lastmod.
	NoLastMod string
	// Source, in a join, is the path of the source file the page is built
	// from, relative to the site folder as warnings name it. It is "" for
	// none. SourceShared says another source has the page's URL too, so
	// neither dates the page.
	Source       string
	SourceShared bool
	// Generator, when set, is the generator's own entry for the page in
	// its sitemaps, which the second look compares with ours: whether
	// they list it, and its lastmod there (builder.genEntry).
	Generator string
	// NotWalked, when set, is why the walk never handed the file over
	// (walker.Why): a hidden or excluded file or folder, or no include
	// pattern that matches it. Decision then holds only the URL that the
	// file's path gives.
	NotWalked error
}

// Listed reports whether the page is in the sitemap.
func (e *Explanation) Listed() bool {
	return e.Decision.Skip == "" && e.DuplicateOf == "" && e.NotWalked == nil
}

// explainer collects the Explanations a build was asked for.
type explainer struct {
	mapper  *mapping.Mapper
	rules   []mapping.Rule
	targets []string
	paths   map[string]int // relative path → target index
	urls    map[string]int // URL → target index
	found   []bool         // by target
	rels    [][]string     // by target: the paths under the root it may name
	list    []*Explanation
	byPath  map[string]*Explanation
	root    string
	walk    walker.Options
	// every, in a whole build, receives every page's decision as the
	// build writes it (Report.Page, --verbose). It gets each page's
	// explanation once the build has dated the page; a list page is dated
	// by the newest page it lists. So --verbose, --explain and the
	// summary give one account. told ends it.
	every func(path string, d *mapping.Decision)
	told  bool
}

// genAccount is what the explanations tell of the generator's own
// sitemaps. The builder gives it to finish, at the end of the build; the
// passes that hold the explainer never reach it.
type genAccount interface {
	// genAlternatesFrom says where the generator's alternates of a
	// record came from. It returns "" when the record's head gave them.
	genAlternatesFrom(idx int32) string
	// genEntry says what the generator's own sitemaps say of a URL whose
	// lastmod as written is ours, "" without them.
	genEntry(loc string, ours time.Time) string
}

func newExplainer(opts Options, m *mapping.Mapper) *explainer {
	e := &explainer{
		mapper: m, rules: opts.Map.Rules, targets: opts.Explain,
		paths: map[string]int{}, urls: map[string]int{}, found: make([]bool, len(opts.Explain)),
		rels: make([][]string, len(opts.Explain)), byPath: map[string]*Explanation{},
		root: opts.Root, walk: opts.Walk,
	}
	root, _ := filepath.Abs(opts.Root)
	origin := originOf(m.BaseURL())
	addPath := func(rel string, i int) {
		rel = filepath.ToSlash(filepath.Clean(rel))
		e.paths[rel] = i
		e.rels[i] = append(e.rels[i], rel)
		// A folder names its index page.
		e.paths[path.Join(rel, "index.html")] = i
		e.paths[path.Join(rel, "index.htm")] = i
	}
	site, _ := fsx.OpenRoot(opts.Root) // nil when it cannot be opened: the build says why
	if site != nil {
		defer site.Close()
	}
	addURL := func(u string, i int) {
		e.urls[u] = i
		if site == nil {
			return
		}
		// The page of the file a static host serves at u: a page is
		// wanted by the URL of its file too (tags/index.html at
		// /tags/index.html, 404.html at /404), and --explain can say why
		// the walk left such a file out.
		if rel := validate.ServedBy(site, m.BaseURL(), u); rel != "" {
			e.paths[rel] = i
			e.rels[i] = append(e.rels[i], rel)
		}
	}
	for i, t := range opts.Explain {
		if u, err := mapping.NormalizeURL(t, nil); err == nil {
			addURL(u, i)
			continue
		}
		// "/blog/" may be a URL path or a path on this machine: try both.
		if strings.HasPrefix(t, "/") {
			if u, err := mapping.NormalizeURL(origin+t, nil); err == nil {
				addURL(u, i)
			}
		}
		if abs, err := filepath.Abs(t); err == nil {
			if rel, err := filepath.Rel(root, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				addPath(rel, i)
			}
		}
		if !filepath.IsAbs(t) {
			addPath(t, i) // relative to the site folder
		}
	}
	return e
}

func (e *explainer) wanted() bool { return len(e.targets) > 0 || e.every != nil }

// skipped records a page that the pipeline left out before mapping it:
// its own output, or a link not followed. --verbose otherwise reports
// these by their warning, or not at all for sitemapgen's own files, so
// skipped records only a target's.
func (e *explainer) skipped(path string, reason mapping.Reason) {
	if d := (&mapping.Decision{URL: sitemap.URL{Loc: e.mapper.Loc(path)}, Skip: reason}); len(e.targets) > 0 && e.matches(path, d) {
		e.page(path, d)
	}
}

// notWalked explains, for a target that no page matched, the file it
// names under the root that the walk left out. It reports whether it
// found one.
func (e *explainer) notWalked(i int) bool {
	for _, rel := range e.rels[i] {
		if rel == "." || strings.HasPrefix(rel, "../") {
			continue
		}
		if st, err := fsx.Stat(e.root, rel); err == nil && st.IsDir() {
			rel = path.Join(rel, "index.html") // a folder names its index page
		}
		why := walker.Why(e.root, rel, e.walk)
		if why == nil || errors.Is(why, fs.ErrNotExist) {
			continue
		}
		x := &Explanation{Path: rel, NotWalked: why}
		x.Decision.URL.Loc = e.mapper.Loc(rel)
		e.list = append(e.list, x)
		return true
	}
	return false
}

// page records the decision about the page at path, when it is wanted.
// A page is wanted by its path, its URL, or the URL its path gives
// before a canonical link changed it.
func (e *explainer) page(path string, d *mapping.Decision) {
	if !e.wanted() {
		return
	}
	hit := false
	for _, i := range []int{e.lookup(e.paths, path), e.lookup(e.urls, d.URL.Loc), e.lookup(e.urls, e.mapper.Loc(path))} {
		if i >= 0 {
			e.found[i], hit = true, true
		}
	}
	if !hit && e.every == nil {
		return
	}
	x := &Explanation{Path: path, Decision: *d}
	// The records keep this list, shared by the pages of a cluster that
	// declare the same one (records.share). The explanation keeps its own
	// copy.
	x.Decision.URL.Alternates = slices.Clone(d.URL.Alternates)
	if d.Rule > 0 {
		x.RuleMatch = e.rules[d.Rule-1].Match
	}
	e.list = append(e.list, x)
	e.byPath[path] = x
}

// matches reports whether the page at path is one --explain asks about.
// It only reads the explainer's maps, so the walk's goroutines may call
// it at once.
func (e *explainer) matches(path string, d *mapping.Decision) bool {
	return len(e.targets) > 0 && (e.lookup(e.paths, path) >= 0 || e.lookup(e.urls, d.URL.Loc) >= 0 || e.lookup(e.urls, e.mapper.Loc(path)) >= 0)
}

func (e *explainer) lookup(m map[string]int, key string) int {
	if i, ok := m[key]; ok && key != "" {
		return i
	}
	return -1
}

// source records the source file src that the page at path is built
// from. shared says another source has the page's URL too.
func (e *explainer) source(path, src string, shared bool) {
	if x := e.byPath[path]; x != nil {
		x.Source, x.SourceShared = src, shared
	}
}

// robots records that robots.txt left the page at path out.
func (e *explainer) robots(path, because string) {
	if x := e.byPath[path]; x != nil {
		x.Decision.Skip, x.Decision.Because = mapping.RobotsTxt, because
	}
}

// stale records that stalePass left the page at path out. because says
// why.
func (e *explainer) stale(path, because string) {
	if x := e.byPath[path]; x != nil {
		x.Decision.Skip, x.Decision.Because = mapping.StaleOutput, because
	}
}

// warning adds a warning to the explanation of the page at path.
func (e *explainer) warning(path, msg string) {
	if x := e.byPath[path]; x != nil {
		x.Decision.Warnings = append(x.Decision.Warnings, msg)
	}
}

// merged records that the page at path took the values took from the
// extra URL's record at from. When the record's own explanation is
// asked for, it says the page is what is listed.
func (e *explainer) merged(path, from string, took []string) {
	if x := e.byPath[path]; x != nil {
		x.ExtraFrom, x.ExtraTook = from, took
	}
	if y := e.byPath[from]; y != nil && from != path {
		y.DuplicateOf = y.Decision.URL.Loc + " (from " + path + ", the page of its URL, which takes the values it gives)"
	}
}

// transformed records that the hook's line from changed the values took
// of the page at path.
func (e *explainer) transformed(path, from string, took []string) {
	if x := e.byPath[path]; x != nil {
		x.TransformFrom, x.TransformTook = from, took
	}
}

// dropped records that the hook name left the page at path out.
func (e *explainer) dropped(path, name string) {
	if x := e.byPath[path]; x != nil {
		x.Decision.Skip, x.Decision.Because = mapping.Transformed, "not written back by "+name
	}
}

func (e *explainer) duplicate(path, keptLoc, keptPath string) {
	if x := e.byPath[path]; x != nil {
		x.DuplicateOf = keptLoc + " (from " + keptPath + ")"
	}
}

// finish hands the explanations to report, in walk order, with the
// alternates as they will be written, and what gen tells of the
// generator's own sitemaps (nil for nothing). It covers the pages found and the
// files under the root that the walk left out. Then it fails when a
// target named neither.
func (e *explainer) finish(recs *records, gen genAccount, report func(Explanation)) error {
	var missing []string
	for i, ok := range e.found {
		if !ok && !e.notWalked(i) {
			missing = append(missing, e.targets[i])
		}
	}
	if report != nil || e.every != nil {
		slices.SortStableFunc(e.list, func(a, b *Explanation) int { return walkOrder(a.Path, b.Path) })
		e.report(recs, gen, func(x Explanation) {
			if e.every != nil && x.NotWalked == nil {
				e.every(x.Path, &x.Decision)
			}
			if report != nil && (x.NotWalked != nil || e.matches(x.Path, &x.Decision)) {
				report(x)
			}
		})
		e.told = true
	}
	if len(missing) > 0 {
		return fmt.Errorf("--explain: no page has the path or URL %s", strings.Join(missing, ", "))
	}
	return nil
}

// flush tells every the pages' decisions as they are, in walk order,
// when the build ended before finish told them: a page could not be
// read, or --strict found problems. Nothing has dated them since.
func (e *explainer) flush() {
	if e.every == nil || e.told {
		return
	}
	e.told = true
	slices.SortStableFunc(e.list, func(a, b *Explanation) int { return walkOrder(a.Path, b.Path) })
	for _, x := range e.list {
		if x.NotWalked == nil {
			e.every(x.Path, &x.Decision)
		}
	}
}

// report hands each explanation to report, with the alternates of a
// listed page as they will be written, and what gen tells of the
// generator's sitemaps.
func (e *explainer) report(recs *records, gen genAccount, report func(Explanation)) {
	altsFrom := func(int32) string { return "" }
	if gen != nil {
		altsFrom = gen.genAlternatesFrom
	}
	for _, x := range e.list {
		if x.Listed() {
			declared := x.Decision.URL.Alternates
			x.Decision.URL.Alternates = nil
			if i, ok := recs.find(x.Decision.URL.Loc); ok {
				written := recs.At(i)
				if x.ExtraFrom != "" { // show the values written, the record's among them
					d := &x.Decision
					d.URL.ChangeFreq, d.URL.Priority = written.ChangeFreq, written.Priority
					if slices.Contains(x.ExtraTook, "lastmod") {
						d.URL.LastMod, d.LastModFrom, d.LastModSource = written.LastMod, x.ExtraFrom, LastModExtra
					}
				}
				if x.TransformFrom != "" { // show the values written, the hook's among them
					d := &x.Decision
					d.URL.ChangeFreq, d.URL.Priority, d.URL.Images = written.ChangeFreq, written.Priority, written.Images
					if slices.Contains(x.TransformTook, "lastmod") {
						d.URL.LastMod, d.LastModFrom, d.LastModSource = written.LastMod, x.TransformFrom, LastModTransform
					}
				}
				x.Decision.URL.Alternates = written.Alternates
				if slices.Contains(x.TransformTook, "alternates") {
					x.AlternatesFrom, declared = x.TransformFrom, nil
				} else if len(declared) > 0 {
					x.AlternatesFrom = cmp.Or(altsFrom(recs.order[i]), "the page's head")
				} else if from := altsFrom(recs.order[i]); from != "" {
					x.AlternatesFrom = from
					if r := recs.rec(recs.order[i]); r.alts > 0 {
						declared, _ = recs.declared(r.alts - 1)
					}
				}
				if d := &x.Decision; recs.siteWideOf(recs.order[i]) && d.LastModSource == mapping.LastModMeta {
					d.Stamps = append(d.Stamps, fmt.Sprintf("%s %s is the site's date, not this page's: %s", d.LastModFrom, d.URL.LastMod.Format(time.RFC3339), recs.siteWideWhy(recs.order[i])))
					d.URL.LastMod, d.LastModFrom, d.LastModSource = d.Next.LastMod, d.Next.From, d.Next.Source
					if _, ok := recs.fallback(recs.order[i]); ok && !written.LastMod.Equal(d.URL.LastMod) {
						d.Stamps = append(d.Stamps, fmt.Sprintf("%s %s is sitemapgen's fallback, not a date the generator gives: a list page is dated by what it shows", d.LastModFrom, d.URL.LastMod.Format(time.RFC3339)))
						d.URL.LastMod, d.LastModFrom, d.LastModSource = time.Time{}, "", ""
					}
				}
				if d := &x.Decision; recs.stamped(recs.order[i]) && mapping.Stampable(d.LastModSource) {
					d.Stamps = append(d.Stamps, fmt.Sprintf("%s %s is the build's time: not a lastmod (more than half of the URLs have a lastmod on %s from a source a build may stamp)", d.LastModFrom, d.URL.LastMod.Format(time.RFC3339), dayString(recs.stamps.day)))
					d.URL.LastMod, d.LastModFrom, d.LastModSource = d.Next.LastMod, d.Next.From, d.Next.Source
				}
				if d := &x.Decision; d.LastModSource == mapping.LastModMTime && recs.stamps.mtime.drops(d.URL.LastMod.Unix()) {
					// The file's time is a build's (mtimePass).
					d.Stamps = append(d.Stamps, fmt.Sprintf("mtime %s is the time a build, a copy or a checkout wrote the file, not a lastmod: %s", d.URL.LastMod.Format(time.RFC3339), recs.stamps.mtime.whyOf(d.URL.LastMod.Unix())))
					d.URL.LastMod, d.LastModFrom, d.LastModSource = time.Time{}, "", ""
				}
				// The set's rule dates a list page by the newest page it lists,
				// or by its code. Show what the build writes.
				if t, ok := recs.listed[recs.order[i]]; ok && written.LastMod.Equal(time.Unix(t, 0)) && !written.LastMod.Equal(x.Decision.URL.LastMod) {
					d := &x.Decision
					from := cmp.Or(recs.listedWhy.by[recs.order[i]], "the newest page it lists")
					if !d.URL.LastMod.IsZero() {
						d.Stamps = append(d.Stamps, fmt.Sprintf("%s %s is older than %s", d.LastModFrom, d.URL.LastMod.Format(time.RFC3339), from))
					}
					d.URL.LastMod, d.LastModFrom, d.LastModSource = written.LastMod, from, LastModListed
					if recs.listedWhy.gen[recs.order[i]] {
						d.LastModSource = mapping.LastModSitemap
					}
				}
			}
			for _, a := range declared {
				if !slices.Contains(x.Decision.URL.Alternates, a) {
					x.DroppedAlternates = append(x.DroppedAlternates, a)
				}
			}
			if x.Decision.URL.LastMod.IsZero() {
				x.NoLastMod = e.mapper.NoLastModWhy(&x.Decision)
			}
		}
		if gen != nil && x.Decision.URL.Loc != "" {
			var ours time.Time
			if x.Listed() {
				ours = x.Decision.URL.LastMod
			}
			x.Generator = gen.genEntry(x.Decision.URL.Loc, ours)
		}
		report(*x)
	}
}
