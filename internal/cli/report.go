package cli

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/writer"
)

// summary is the one line that ends a build.
func summary(res *pipeline.Result, c *config.Config) string {
	var b strings.Builder
	dryRun := c.Values.DryRun
	if dryRun {
		b.WriteString("dry run: ")
	}
	sitemaps, others := sitemapFiles(res.Write.Written)
	fmt.Fprintf(&b, "%s found", plural(res.Pages, "page"))
	if res.ExtraURLs > 0 {
		fmt.Fprintf(&b, ", %s read", plural(res.ExtraURLs, "extra URL"))
	}
	if t := res.Transformed; t != nil {
		fmt.Fprintf(&b, ", the transform edited %d, dropped %d, added %d", t.Edited, t.Dropped, t.Added)
	}
	fmt.Fprintf(&b, ", %s", plural(res.URLs.Len(), "URL"))
	verb := "written to"
	if dryRun {
		verb = "would be written to"
	}
	fmt.Fprintf(&b, " in %s %s %s", plural(sitemaps, "sitemap file"), verb, c.Build.Write.Dir)
	if len(others) > 0 {
		fmt.Fprintf(&b, " (with %s)", others)
	}
	if n := len(res.Write.Removed); n > 0 {
		if dryRun {
			fmt.Fprintf(&b, ", %s would be removed", plural(n, "stale file"))
		} else {
			fmt.Fprintf(&b, ", %s removed", plural(n, "stale file"))
		}
	}
	if c.Build.Map.Videos {
		fmt.Fprintf(&b, ", %s", plural(videoEntries(res.URLs), "video"))
	}
	if c.Build.Map.News != nil {
		if n := res.Write.NewsURLs; n > 0 {
			fmt.Fprintf(&b, ", %s in the news sitemap", plural(n, "article"))
		} else {
			b.WriteString(", no news sitemap (no article published in the two days before the build)")
		}
	}
	if len(res.Skipped) > 0 {
		reasons := make([]mapping.Reason, 0, len(res.Skipped))
		total := 0
		for r, n := range res.Skipped {
			reasons = append(reasons, r)
			total += n
		}
		slices.Sort(reasons)
		parts := make([]string, len(reasons))
		for i, r := range reasons {
			parts[i] = r.Counted(res.Skipped[r])
		}
		fmt.Fprintf(&b, "; skipped %d (%s)", total, strings.Join(parts, ", "))
	}
	if res.Warnings > 0 {
		fmt.Fprintf(&b, "; %s", plural(res.Warnings, "warning"))
	}
	if res.Unjoined > 0 {
		fmt.Fprintf(&b, "; %s with no source file", plural(res.Unjoined, "URL"))
	}
	if len(res.LastMod) > 0 {
		why := ""
		switch {
		case res.MTimeDropped:
			why = "file times look like a build's, and no other source knows"
		case c.MTimeLeftOut != "":
			why = "no source knows; file times are " + c.MTimeLeftOut
		}
		b.WriteString("; lastmod: ")
		b.WriteString(lastModCounts(res.LastMod, why))
		if res.Stamps > 0 {
			fmt.Fprintf(&b, " (%s passed over: the build's time)", plural(res.Stamps, "date"))
		}
	}
	if s := res.SecondLook; s.Settled() {
		fmt.Fprintf(&b, "; second look at %s's own sitemap: %s", s.Generator, secondLook(s))
	}
	elapsed := res.Elapsed.Round(time.Millisecond)
	if elapsed == 0 {
		elapsed = res.Elapsed.Round(time.Microsecond)
	}
	fmt.Fprintf(&b, "; %s", elapsed)
	return b.String()
}

// secondLook says what the second look at the generator's own sitemap
// settled, difference by difference (docs/lastmod.md, "A second look").
func secondLook(s *pipeline.SecondLook) string {
	var parts []string
	add := func(n int, what string) {
		if n > 0 {
			parts = append(parts, what)
		}
	}
	add(s.Taken, fmt.Sprintf("%d of its dates taken (list pages, pages no source dates)", s.Taken))
	add(s.Kept, fmt.Sprintf("%d of our dates kept over its own (front matter, git, the newest page a list shows)", s.Kept))
	add(s.Late, fmt.Sprintf("%d of its dates passed over (a build's time)", s.Late))
	add(s.Drafts, plural(s.Drafts, "draft")+" it built listed")
	add(s.NoPage, fmt.Sprintf("%d of its URLs that no page has left out", s.NoPage))
	add(s.Lists, plural(s.Lists, "list page")+" it leaves out listed")
	add(len(s.LeftOut), plural(len(s.LeftOut), "other page")+" it leaves out listed (see the warning)")
	return strings.Join(parts, ", ")
}

// noneLine is the one line a build prints instead of the summary when
// every page was left out on purpose: "every page found is noindex (12
// noindex, 1 error page): no sitemap written, and the earlier one
// removed". When the sitemaps of generator went too, because a build
// takes them over, it adds "; Hugo's own removed too: sitemap.xml".
func noneLine(res *pipeline.Result, generator string, dryRun bool) string {
	var b strings.Builder
	written, removed := "written", "removed"
	if dryRun {
		b.WriteString("dry run: ")
		written, removed = "would be written", "would be removed"
	}
	b.WriteString(res.NoneListed.What())
	fmt.Fprintf(&b, ": no sitemap %s", written)
	set := len(res.Write.Removed) > 0
	robots := slices.Contains(res.Write.Written, "robots.txt")
	switch {
	case set && robots:
		fmt.Fprintf(&b, ", and the earlier one %s, with its Sitemap: lines of robots.txt", removed)
	case set:
		fmt.Fprintf(&b, ", and the earlier one %s", removed)
	case robots:
		fmt.Fprintf(&b, ", and the Sitemap: lines of an earlier one %s from robots.txt", removed)
	}
	if t := res.Write.TakenOver; len(t) > 0 {
		fmt.Fprintf(&b, "; %s's own %s %s too: %s", cmp.Or(generator, "the generator"), pluralWord(len(t), "sitemap"), removed, strings.Join(t, ", "))
	}
	return b.String()
}

// videoEntries returns the number of video entries of urls.
func videoEntries(urls sitemap.URLs) int {
	if v, ok := urls.(interface{ VideoEntries() int }); ok {
		return v.VideoEntries()
	}
	n := 0
	for i := range urls.Len() {
		n += len(urls.At(i).Videos)
	}
	return n
}

// jsonSummary is what --json prints: the summary line's numbers, for
// programs. The npm package's API resolves to it.
type jsonSummary struct {
	Dir     string `json:"dir"`    // the site folder walked
	OutDir  string `json:"outDir"` // where the files went: Dir, or --out
	BaseURL string `json:"baseUrl"`
	DryRun  bool   `json:"dryRun"`
	Pages   int    `json:"pages"`
	Extra   int    `json:"extraUrls,omitempty"` // the records of extra URLs read
	// Transform counts what the per-URL hook did, when there is one.
	Transform *pipeline.Transformed `json:"transform,omitempty"`
	URLs      int                   `json:"urls"`
	Files     []string              `json:"files"`   // the sitemap files, relative to OutDir
	Removed   []string              `json:"removed"` // stale files removed (or, dry, to remove)
	Skipped   map[string]int        `json:"skipped"` // reason → pages
	Warnings  int                   `json:"warnings"`
	LastMod   map[string]int        `json:"lastmod"` // source → pages, "none" for none
	// Videos counts the video entries written, with --videos. News
	// counts the articles in the news sitemap, with --news-name.
	Videos    *int  `json:"videos,omitempty"`
	News      *int  `json:"news,omitempty"`
	ElapsedMS int64 `json:"elapsedMs"`
	// NotWritten says why no sitemap was written. Either the build was
	// a preview (previews: skip), or every page found was left out on
	// purpose (pipeline.NoneListed: "every page found is noindex (…)").
	NotWritten string `json:"notWritten,omitempty"`
}

// printJSON prints the summary of a build as one line of JSON on
// standard output, when on is set. res is nil when the build wrote
// nothing by design.
func printJSON(e *env, on bool, c *config.Config, res *pipeline.Result) error {
	if !on {
		return nil
	}
	s := jsonSummary{Dir: c.Build.Root, OutDir: c.Build.Write.Dir, BaseURL: c.Build.Map.BaseURL, DryRun: c.Values.DryRun,
		Files: []string{}, Removed: []string{}, Skipped: map[string]int{}, LastMod: map[string]int{}, NotWritten: c.SkipWrite}
	if res != nil {
		s.Pages, s.URLs, s.Warnings, s.ElapsedMS = res.Pages, res.URLs.Len(), res.Warnings, res.Elapsed.Milliseconds()
		s.Extra, s.Transform = res.ExtraURLs, res.Transformed
		for r, n := range res.Skipped {
			s.Skipped[string(r)] = n
		}
		for src, n := range res.LastMod {
			s.LastMod[cmp.Or(string(src), "none")] = n
		}
		if w := res.Write; w != nil {
			s.Files = slices.DeleteFunc(append(s.Files, w.Written...), func(name string) bool { return name == "robots.txt" })
			s.Removed = append(s.Removed, w.Removed...)
			if c.Build.Map.News != nil {
				s.News = &w.NewsURLs
			}
		}
		if c.Build.Map.Videos {
			n := videoEntries(res.URLs)
			s.Videos = &n
		}
		if res.NoneListed != nil {
			s.NotWritten = res.NoneListed.What()
		}
	}
	return json.NewEncoder(e.stdout).Encode(s)
}

// afterWrite says what a whole build's write means beyond the summary:
// whether the generator's sitemaps were taken over or kept, and whether
// no crawler reads the robots.txt written.
func afterWrite(w io.Writer, res *pipeline.Result, c *config.Config) {
	generatorSitemaps(w, res, c)
	selfAlternates(w, res, c)
	robotsOffRoot(w, res, c)
}

// selfAlternates says in one line how many pages' heads name their
// other languages but not the page itself. The generator's translations
// added each such page to its own alternates.
func selfAlternates(w io.Writer, res *pipeline.Result, c *config.Config) {
	if res.SelfAlternates == 0 || c.Values.Quiet {
		return
	}
	fmt.Fprintf(w, "sitemapgen: %s hreflang links name the other languages but not the page itself (a theme's range .Translations?); each page is among its own alternates, as %s's translations give it: a cluster lists each of its pages\n",
		map[bool]string{true: "1 page's", false: fmt.Sprintf("%d pages'", res.SelfAlternates)}[res.SelfAlternates == 1], cmp.Or(c.Generator, "the generator"))
}

// robotsOffRoot warns, with --robots, when the base URL has a path
// (Jekyll's baseurl: /blog). The robots.txt written is served under that
// path, but crawlers read robots.txt only at the host's root. The
// warning says which lines to put there.
func robotsOffRoot(w io.Writer, res *pipeline.Result, c *config.Config) {
	if !c.Values.Robots || c.Values.Quiet || res.Write == nil {
		return
	}
	base, err := url.Parse(c.Build.Map.BaseURL)
	if err != nil || base.Path == "" || base.Path == "/" {
		return
	}
	root := (&url.URL{Scheme: base.Scheme, Host: base.Host, Path: "/robots.txt"}).String()
	lines := make([]string, len(res.Write.Entries))
	for i, e := range res.Write.Entries {
		lines[i] = "  Sitemap: " + e
	}
	fmt.Fprintln(w, diag.Format(&diag.Diagnostic{
		File: filepath.Join(c.Build.Write.Dir, "robots.txt"),
		Msg:  fmt.Sprintf("served at %s, where crawlers never read it: they read robots.txt only at the host's root, %s", strings.TrimSuffix(c.Build.Map.BaseURL, "/")+"/robots.txt", root),
		Hint: "put " + map[bool]string{true: "this line", false: "these lines"}[len(lines) == 1] + " in " + root + ":\n" + strings.Join(lines, "\n"),
	}, diag.Warning))
}

// sitemapFiles counts the XML sitemaps among the files a write put in
// place: urlsets and indexes, gzipped or not. It names the others: the
// text sitemaps ("sitemap.txt", or "3 text sitemaps") and robots.txt.
func sitemapFiles(written []string) (int, string) {
	var sitemaps, texts int
	var text, robots, viewer string
	for _, name := range written {
		switch {
		case strings.HasSuffix(name, ".xml"), strings.HasSuffix(name, ".xml.gz"):
			sitemaps++
		case name == "robots.txt":
			robots = name
		case name == writer.ViewerName:
			viewer = name
		default:
			texts++
			text = name
		}
	}
	if texts > 1 {
		text = fmt.Sprintf("%d text sitemaps", texts)
	}
	var others []string
	for _, o := range []string{text, viewer, robots} {
		if o != "" {
			others = append(others, o)
		}
	}
	return sitemaps, strings.Join(others, " and ")
}

// danglingSitemapLinks warns about pages whose <link rel="sitemap">
// names a generator's sitemap that the build took over, once a file.
// Astro's docs, for example, tell users to link its sitemap-index.xml.
// After the deploy, each such link points at nothing.
func danglingSitemapLinks(w io.Writer, res *pipeline.Result, takenOver []string) {
	if len(res.SitemapLinks) == 0 {
		return
	}
	basePath := "/"
	if u, err := url.Parse(res.BaseURL); err == nil && u.Path != "" {
		basePath = u.Path
	}
	ours := "sitemap.xml"
	if res.Write != nil && len(res.Write.Entries) > 0 {
		e := res.Write.Entries[0] // at the base URL, or at sitemaps_url: a file at the top of the folder
		ours = e[strings.LastIndexByte(e, '/')+1:]
	}
	for _, name := range takenOver {
		n, href := 0, ""
		for h, count := range res.SitemapLinks {
			u, err := url.Parse(h)
			if err != nil {
				continue
			}
			p := u.Path
			if strings.HasPrefix(p, "/") {
				p = strings.TrimPrefix(p, basePath)
			}
			if p == name {
				n += count
				if href == "" || h < href {
					href = h // the least, for the same words every run
				}
			}
		}
		if n > 0 {
			fmt.Fprintf(w, "sitemapgen: warning: %s link to %s (<link rel=\"sitemap\" href=%q>), which the build removed: point the link at %s, the sitemap written, in the layout that adds it\n",
				plural(n, "page"), name, diag.URL(href), "/"+strings.TrimPrefix(basePath, "/")+ours)
		}
	}
}

// generatorSitemaps says which of the generator's own sitemaps in the
// output folder the build removed (or, in a dry run, would remove). With
// keep_generator_sitemaps, it warns about each one kept beside ours.
func generatorSitemaps(w io.Writer, res *pipeline.Result, c *config.Config) {
	if c.Generator == "" || res.Write == nil || c.Values.Quiet {
		return
	}
	dir := c.Build.Write.Dir
	if !c.Values.KeepGenerator {
		wr := res.Write
		if n := slices.DeleteFunc(slices.Clone(wr.Aliases), func(name string) bool {
			return slices.Contains(wr.Answered, name) || slices.Contains(wr.Again, name)
		}); len(n) > 0 {
			verb, one := "replaced", len(n) == 1
			if c.Values.DryRun {
				verb = "would replace"
			}
			fmt.Fprintf(w, "sitemapgen: %s %s's own %s at %s %s with %s that %s to ours, for search engines given %s: %s\n",
				verb, c.Generator, pluralWord(len(n), "sitemap"), map[bool]string{true: "its", false: "their"}[one], pluralWord(len(n), "URL"),
				map[bool]string{true: "one", false: "ones"}[one], map[bool]string{true: "leads", false: "lead"}[one],
				map[bool]string{true: "it", false: "them"}[one], strings.Join(n, ", "))
		}
		if n := wr.Answered; len(n) > 0 {
			verb := "wrote"
			if c.Values.DryRun {
				verb = "would write"
			}
			fmt.Fprintf(w, "sitemapgen: %s, at the %s of %s's own sitemaps that its build no longer writes, for search engines given them, files that lead to ours: %s\n",
				verb, pluralWord(len(n), "URL"), c.Generator, strings.Join(n, ", "))
		}
		removed := slices.DeleteFunc(slices.Clone(wr.TakenOver), func(name string) bool { return slices.Contains(wr.Unanswered, name) })
		if n := removed; len(n) > 0 {
			verb := "removed"
			if c.Values.DryRun {
				verb = "would remove"
			}
			them := "them"
			if len(n) == 1 {
				them = "it"
			}
			fmt.Fprintf(w, "sitemapgen: %s %s's own %s, which ours replace: %s (--keep-generator-sitemaps keeps %s)\n",
				verb, c.Generator, pluralWord(len(n), "sitemap"), strings.Join(n, ", "), them)
		}
		for _, name := range wr.Unanswered {
			entry := "the sitemap written"
			if len(wr.Entries) > 0 {
				entry = diag.URL(wr.Entries[0])
			}
			fmt.Fprintln(w, diag.Format(&diag.Diagnostic{File: filepath.Join(dir, filepath.FromSlash(name)),
				Msg: fmt.Sprintf("%s's own sitemap removed: no URL of ours lies under /%s/, and a sitemap there may list only those (search engines ignore the others); one given its URL gets a 404: give it %s (--keep-generator-sitemaps keeps the file)", c.Generator, path.Dir(name), entry)}, diag.Warning))
		}
		for _, name := range wr.Partial {
			fmt.Fprintln(w, diag.Format(&diag.Diagnostic{File: filepath.Join(dir, filepath.FromSlash(name)),
				Msg: "answers at the URL of " + c.Generator + "'s own sitemap with the files of the first index of ours alone (an index lists no index): submit the other index files too, or raise max_bytes"}, diag.Warning))
		}
		danglingSitemapLinks(w, res, wr.TakenOver)
		return
	}
	ours := make(map[string]bool)
	for _, name := range append(slices.Clone(res.Write.Written), res.Write.Kept...) {
		ours[name] = true
	}
	kept, err := writer.ForeignSitemaps(dir, res.GeneratorSitemaps, func(name string) bool { return ours[name] })
	if err != nil {
		return
	}
	for _, name := range kept {
		fmt.Fprintln(w, diag.Format(&diag.Diagnostic{File: filepath.Join(dir, filepath.FromSlash(name)),
			Msg: c.Generator + "'s own sitemap, kept beside ours (keep_generator_sitemaps): search engines read its URLs twice"}, diag.Warning))
	}
}

// lastModCounts says how many listed pages took their lastmod from each
// source, most first. Last, it says how many have none, with why when
// why is given: "97 git, 3 meta, 12 none (why)".
func lastModCounts(m map[mapping.LastModSource]int, why string) string {
	srcs := make([]mapping.LastModSource, 0, len(m))
	for s := range m {
		srcs = append(srcs, s)
	}
	slices.SortFunc(srcs, func(a, b mapping.LastModSource) int {
		if (a == "") != (b == "") {
			if a == "" {
				return 1
			}
			return -1
		}
		if m[a] != m[b] {
			return m[b] - m[a]
		}
		return strings.Compare(string(a), string(b))
	})
	parts := make([]string, len(srcs))
	for i, s := range srcs {
		name := string(s)
		if name == "" {
			name = "none"
			if why != "" {
				name += " (" + why + ")"
			}
		}
		parts[i] = fmt.Sprintf("%d %s", m[s], name)
	}
	return strings.Join(parts, ", ")
}

// reporter prints a build's warnings, skips and progress.
type reporter struct {
	root             string
	extras           []string // the names of the sources of extra URLs, whose records' paths are NAME:LINE
	w                io.Writer
	explainTo        io.Writer // where --explain prints
	dates            sitemap.DateFormat
	quiet, verbose   bool
	tty              bool
	progressing      bool
	start, lastPrint time.Time
	// Without --verbose, the warnings about a place are grouped by
	// cause, and finish tells them. Otherwise a site's thousand hreflang
	// links without their slash would bury the summary. --verbose prints
	// each warning as it comes.
	causes causes
}

// causes groups warnings by cause. print tells the causes in the order
// they came. A cause with at most causeEach warnings is told with each
// of them. A cause with more takes one line: its first warning as the
// example, and how many more there were.
type causes struct {
	by    map[string]*cause
	order []string
}

// cause is a kind of warning a run told.
type cause struct {
	told []string // its first warnings, as printed, at most causeEach
	n    int      // how many there were
}

// causeEach is the most warnings of one cause that a run prints one by
// one without --verbose. A few pages' problems are each told; more take
// one line.
const causeEach = 3

// add counts the warning err, printed as shown, under its cause.
func (g *causes) add(err, shown error) {
	key := causeOf(err)
	c, ok := g.by[key]
	if !ok {
		if g.by == nil {
			g.by = map[string]*cause{}
		}
		c = &cause{}
		g.by[key] = c
		g.order = append(g.order, key)
	}
	if c.n++; c.n <= causeEach {
		c.told = append(c.told, diag.Format(shown, diag.Warning))
	}
}

// print tells the warnings added, by cause, and then forgets them. For a
// cause of at most causeEach warnings it prints each. For a larger one
// it prints one line, with the first and how many more there were:
// "public/a.html:5: warning: … (and 413 more like it: --verbose prints
// each)".
func (g *causes) print(w io.Writer) {
	for _, key := range g.order {
		c := g.by[key]
		if c.n <= causeEach {
			for _, t := range c.told {
				fmt.Fprintln(w, t)
			}
			continue
		}
		line, rest, _ := strings.Cut(c.told[0], "\n") // a hint on lines of its own stays below
		line += fmt.Sprintf(" (and %d more like it: --verbose prints each)", c.n-1)
		if rest != "" {
			line += "\n" + rest
		}
		fmt.Fprintln(w, line)
	}
	*g = causes{}
}

func newReporter(root string, w io.Writer, quiet, verbose bool) *reporter {
	r := &reporter{root: root, w: w, quiet: quiet, verbose: verbose, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			r.tty = true
		}
	}
	return r
}

func (r *reporter) report() pipeline.Report {
	rep := r.events()
	if r.verbose {
		// Set Page only with --verbose: a Page callback makes the build
		// keep every page's decision until the walk ends.
		rep.Page = func(path string, d *mapping.Decision) {
			r.endProgress()
			fmt.Fprintf(r.w, "%s: %s\n", r.path(path), r.oneLine(d))
		}
		rep.LeftOut = func(path string, why error) {
			r.endProgress()
			fmt.Fprintf(r.w, "%s: not walked: %v\n", r.path(path), why)
		}
	}
	return rep
}

func (r *reporter) events() pipeline.Report {
	return pipeline.Report{
		Warn: func(path string, err error) {
			if r.quiet {
				return
			}
			shown := r.at(path, err)
			if d, ok := errors.AsType[*diag.Diagnostic](err); !r.verbose && (path != "" || ok && d.File != "") {
				// Group a warning at a page, or at a file of the
				// project (a server build's manifest), by its cause.
				r.causes.add(err, shown)
				return
			}
			r.endProgress()
			fmt.Fprintln(r.w, diag.Format(shown, diag.Warning))
		},
		Error: func(path string, err error) {
			r.endProgress()
			fmt.Fprintln(r.w, diag.Format(r.at(path, err), diag.Error))
		},
		Skip: func(path string, reason mapping.Reason, because string) {
			// Page tells the pages that mapping judged.
			if r.verbose && !slices.Contains(mapping.PageReasons, reason) {
				r.endProgress()
				fmt.Fprintf(r.w, "%s: skipped: %s%s\n", r.path(path), reason, parens(because))
			}
		},

		Note: func(path, note string) {
			if r.verbose {
				r.endProgress()
				fmt.Fprintf(r.w, "%s: %s\n", r.path(path), note)
			}
		},
		Explain: r.explain,
		Progress: func(files int) {
			// Show progress only on a terminal, and only once a run is
			// long enough to wonder about.
			now := time.Now()
			if r.quiet || !r.tty || now.Sub(r.start) < time.Second || now.Sub(r.lastPrint) < 200*time.Millisecond {
				return
			}
			r.lastPrint = now
			r.progressing = true
			fmt.Fprintf(r.w, "\rsitemapgen: %d files…", files)
		},
	}
}

// settings says, under --verbose, where the settings came from.
func (r *reporter) settings(c *config.Config) {
	if !r.verbose {
		return
	}
	cfg := "no " + config.DefaultFile
	if c.ConfigFile != "" {
		cfg = "config " + c.ConfigFile
	}
	fmt.Fprintf(r.w, "sitemapgen: %s; base URL %s (from %s); site %s\n", cfg, c.Build.Map.BaseURL, c.BaseURLFrom, c.Build.Root)
	if c.LastModOrder != "" {
		fmt.Fprintf(r.w, "sitemapgen: lastmod as the generator dates pages: %s\n", c.LastModOrder)
	}
}

// at places err, a problem with the file or folder at path (relative
// to the site folder), where the user sees it. The place is the path as
// typed from the working directory, with the line when err gives one.
// With no path, err names its place itself, if it has one.
func (r *reporter) at(path string, err error) error {
	if path == "" {
		return err
	}
	var d *diag.Diagnostic
	if errors.As(err, &d) && d.File == path {
		shown := *d
		shown.File = r.path(path)
		return &shown
	}
	return &diag.Diagnostic{File: r.path(path), Msg: err.Error()}
}

// finish ends a run's report. It clears the progress line and prints
// the warnings about a place, by cause (causes.print).
func (r *reporter) finish() {
	r.endProgress()
	r.causes.print(r.w)
}

// maxCauseBytes is the most bytes of a warning's message causeOf reads.
const maxCauseBytes = 1 << 10

// causeOf returns the cause of a warning. The cause is the message (its
// first maxCauseBytes) with what varies from one page to another taken
// out, so the same problem on many pages is one cause. It takes out
// URLs, a language code (hreflang fr alternate … is one cause in every
// language), quoted values, paths and numbers, in that order. Each is a
// pass over the message that takes out what a regular expression would;
// report_test.go holds each pass to its expression. A pass looks at each
// byte once or twice. The regular expressions cost 50 µs a warning, or
// 7 s for a server build's 140,000 routes rendered on demand.
func causeOf(err error) string {
	var msg string
	var d *diag.Diagnostic
	if errors.As(err, &d) {
		msg = d.Msg
		if d.Err != nil {
			msg += ": " + d.Err.Error()
		}
	} else {
		msg = err.Error()
	}
	if len(msg) > maxCauseBytes {
		// A message that quotes a value whole may be megabytes. Its
		// first bytes tell its cause.
		cut := maxCauseBytes
		for cut > 0 && !utf8.RuneStart(msg[cut]) {
			cut--
		}
		msg = msg[:cut]
		for _, q := range []string{`"`, "`"} {
			if strings.Count(msg, q)%2 == 1 {
				msg += q // close the quote, so the cut value is still taken out
			}
		}
	}
	msg = replaceEach(msg, causeURL, "URL")
	msg = replaceEach(msg, causeLang, "hreflang L")
	msg = replaceEach(msg, causeQuoted, "Q")
	msg = replaceEach(msg, causePath, "P")
	return replaceEach(msg, causeNumber, "N")
}

// replaceEach replaces with repl each match that find finds in s, from
// the left. find(s, i) returns the first match that begins at i or
// after, as [start, end), with end past start. kept is how many bytes
// of s at start stay before repl. start is -1 when there is no match.
func replaceEach(s string, find func(s string, i int) (start, end, kept int), repl string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		start, end, kept := find(s, i)
		if start < 0 {
			break
		}
		if b.Len() == 0 {
			b.Grow(len(s))
		}
		b.WriteString(s[last : start+kept])
		b.WriteString(repl)
		last, i = end, end
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// space says whether c is white space as a regular expression's \s is:
// \t, \n, \f, \r or a space.
func space(c byte) bool {
	return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}

func letter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func digit(c byte) bool  { return '0' <= c && c <= '9' }

// causeURL finds a URL: [A-Za-z][A-Za-z0-9+.-]*://[^\s"'<>()]*.
func causeURL(s string, i int) (int, int, int) {
	for i < len(s) {
		if !letter(s[i]) {
			i++
			continue
		}
		// A scheme started at any letter of this run would end where
		// this one does. So either the run begins a URL at its first
		// letter, or no letter in it does.
		j := i + 1
		for j < len(s) && (letter(s[j]) || digit(s[j]) || strings.IndexByte("+.-", s[j]) >= 0) {
			j++
		}
		if !strings.HasPrefix(s[j:], "://") {
			i = j
			continue
		}
		end := j + 3
		for end < len(s) && !space(s[end]) && strings.IndexByte(`"'<>()`, s[end]) < 0 {
			end++
		}
		return i, end, 0
	}
	return -1, 0, 0
}

// causeLang finds a language code: \bhreflang [A-Za-z0-9-]+.
func causeLang(s string, i int) (int, int, int) {
	const word = "hreflang "
	for {
		k := strings.Index(s[i:], word)
		if k < 0 {
			return -1, 0, 0
		}
		start := i + k
		end := start + len(word)
		for end < len(s) && (letter(s[end]) || digit(s[end]) || s[end] == '-') {
			end++
		}
		if end > start+len(word) && (start == 0 || !wordByte(s[start-1])) {
			return start, end, 0
		}
		i = start + 1
	}
}

// wordByte says whether c is a byte of a word as \b sees it.
func wordByte(c byte) bool { return letter(c) || digit(c) || c == '_' }

// causeQuoted finds a quoted value: "[^"]*", '[^'\s][^']*' or `[^`]*`.
func causeQuoted(s string, i int) (int, int, int) {
	for ; i < len(s); i++ {
		switch q := s[i]; q {
		case '"', '`':
			if k := strings.IndexByte(s[i+1:], q); k >= 0 {
				return i, i + 1 + k + 1, 0
			}
		case '\'':
			if i+1 < len(s) && s[i+1] != '\'' && !space(s[i+1]) {
				if k := strings.IndexByte(s[i+2:], '\''); k >= 0 {
					return i, i + 2 + k + 1, 0
				}
			}
		}
	}
	return -1, 0, 0
}

// causePath finds a path: (^|[\s(])[^\s(]*/[^\s:;,)]*, keeping the
// byte before it. A path starts at the start of the message, or after
// white space or a (. It is a run of other bytes that holds a /. The
// path is the run up to its last /, then what follows up to white
// space, :, ;, , or ).
func causePath(s string, i int) (int, int, int) {
	for ; i < len(s); i++ {
		from := i + 1 // after the byte kept
		switch {
		case space(s[i]) || s[i] == '(':
		case i == 0:
			from = 0
		default:
			continue
		}
		run := from
		for run < len(s) && !space(s[run]) && s[run] != '(' {
			run++
		}
		slash := strings.LastIndexByte(s[from:run], '/')
		if slash < 0 {
			continue
		}
		end := from + slash + 1
		for end < len(s) && !space(s[end]) && strings.IndexByte(":;,)", s[end]) < 0 {
			end++
		}
		return i, end, from - i
	}
	return -1, 0, 0
}

// causeNumber finds a number: [0-9]+.
func causeNumber(s string, i int) (int, int, int) {
	for ; i < len(s); i++ {
		if digit(s[i]) {
			end := i + 1
			for end < len(s) && digit(s[end]) {
				end++
			}
			return i, end, 0
		}
	}
	return -1, 0, 0
}

// endProgress clears the progress line, if one is shown.
func (r *reporter) endProgress() {
	if r.progressing {
		fmt.Fprint(r.w, "\r\033[K")
		r.progressing = false
	}
}

// oneLine is --verbose's account of a page.
func (r *reporter) oneLine(d *mapping.Decision) string {
	if d.Skip != "" {
		return fmt.Sprintf("skipped: %s%s", d.Skip, parens(d.Because))
	}
	var why []string
	if d.Because != "" {
		why = append(why, d.Because)
	}
	if d.LastModFrom != "" {
		why = append(why, "lastmod from "+d.LastModFrom)
	}
	if d.Rule > 0 {
		why = append(why, fmt.Sprintf("rule %d", d.Rule))
	}
	if d.ChangeFreqFromSource || d.PriorityFromSource {
		why = append(why, "front matter sitemap: block")
	}
	if n := len(d.URL.Alternates); n > 0 {
		why = append(why, plural(n, "alternate"))
	}
	return "listed as " + d.URL.Loc + parens(strings.Join(why, "; "))
}

func parens(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}

// path shows a path relative to the site folder as the user would type it.
func (r *reporter) path(rel string) string {
	if strings.Contains(rel, "://") { // a URL, not a path
		return rel
	}
	for _, x := range r.extras {
		if strings.HasPrefix(rel, x+":") { // a record of extra URLs, named as given
			return rel
		}
	}
	p := filepath.Join(r.root, filepath.FromSlash(rel))
	if strings.HasSuffix(rel, "/") { // a folder
		p += string(filepath.Separator)
	}
	return diag.Quote(p)
}

// extraNames returns the names of the sources of extra URLs.
func extraNames(xs []pipeline.Extra) []string {
	names := make([]string, len(xs))
	for i, x := range xs {
		names[i] = x.Name
	}
	return names
}
