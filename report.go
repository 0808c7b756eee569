package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// summary is the one line that ends a build.
func summary(res *pipeline.Result, s *config.Settings) string {
	var b strings.Builder
	b.WriteString("sitemapgen: ")
	if s.DryRun {
		b.WriteString("dry run: ")
	}
	files := len(res.Write.Written)
	fmt.Fprintf(&b, "%s found, %s", plural(res.Pages, "page"), plural(res.URLs.Len(), "URL"))
	verb := "written to"
	if s.DryRun {
		verb = "would be written to"
	}
	fmt.Fprintf(&b, " in %s %s %s", plural(files, "file"), verb, s.Build.Write.Dir)
	if n := len(res.Write.Removed); n > 0 {
		if s.DryRun {
			fmt.Fprintf(&b, ", %s would be removed", plural(n, "stale file"))
		} else {
			fmt.Fprintf(&b, ", %s removed", plural(n, "stale file"))
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
			parts[i] = fmt.Sprintf("%d %s", res.Skipped[r], r)
		}
		fmt.Fprintf(&b, "; skipped %d (%s)", total, strings.Join(parts, ", "))
	}
	if res.Warnings > 0 {
		fmt.Fprintf(&b, "; %s", plural(res.Warnings, "warning"))
	}
	if len(res.LastMod) > 0 {
		b.WriteString("; lastmod: ")
		b.WriteString(lastModCounts(res.LastMod))
	}
	elapsed := res.Elapsed.Round(time.Millisecond)
	if elapsed == 0 {
		elapsed = res.Elapsed.Round(time.Microsecond)
	}
	fmt.Fprintf(&b, "; %s", elapsed)
	return b.String()
}

// lastModCounts says how many listed pages took their lastmod from each
// source, most first: "97 mtime, 3 meta".
func lastModCounts(m map[mapping.LastModSource]int) string {
	srcs := make([]mapping.LastModSource, 0, len(m))
	for s := range m {
		srcs = append(srcs, s)
	}
	slices.SortFunc(srcs, func(a, b mapping.LastModSource) int {
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
		}
		parts[i] = fmt.Sprintf("%d %s", m[s], name)
	}
	return strings.Join(parts, ", ")
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// reporter prints a build's warnings, skips and progress.
type reporter struct {
	root             string
	w                io.Writer
	explainTo        io.Writer // where --explain prints
	dates            sitemap.DateFormat
	quiet, verbose   bool
	tty              bool
	progressing      bool
	start, lastPrint time.Time
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
		// Only then: a Page callback makes the build keep every page's
		// decision until the walk ends.
		rep.Page = func(path string, d *mapping.Decision) {
			r.endProgress()
			fmt.Fprintf(r.w, "%s: %s\n", r.path(path), r.oneLine(d))
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
			r.endProgress()
			if path == "" { // the message names its file
				fmt.Fprintf(r.w, "sitemapgen: warning: %v\n", err)
				return
			}
			fmt.Fprintf(r.w, "%s: warning: %v\n", r.path(path), err)
		},
		Error: func(path string, err error) {
			r.endProgress()
			fmt.Fprintf(r.w, "%s: error: %v\n", r.path(path), err)
		},
		Skip: func(path string, reason mapping.Reason, because string) {
			// Pages mapping judged are told by Page.
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
			// Progress only on a terminal, and only once a run is long
			// enough to wonder about.
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
func (r *reporter) settings(s *config.Settings) {
	if !r.verbose {
		return
	}
	cfg := "no " + config.DefaultFile
	if s.ConfigFile != "" {
		cfg = "config " + s.ConfigFile
	}
	fmt.Fprintf(r.w, "sitemapgen: %s; base URL %s (from %s); site %s\n", cfg, s.Build.Map.BaseURL, s.BaseURLFrom, s.Build.Root)
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

// explain prints what --explain asked.
func (r *reporter) explain(x pipeline.Explanation) {
	w, d := r.explainTo, &x.Decision
	fmt.Fprintf(w, "%s\n", r.path(x.Path))
	if d.URL.Loc != "" {
		fmt.Fprintf(w, "  url:         %s\n", d.URL.Loc)
	}
	switch {
	case d.Skip != "":
		fmt.Fprintf(w, "  listed:      no, %s%s\n", d.Skip, parens(d.Because))
	case x.DuplicateOf != "":
		fmt.Fprintf(w, "  listed:      no, a duplicate of %s\n", x.DuplicateOf)
	default:
		fmt.Fprintf(w, "  listed:      yes%s\n", parens(d.Because))
		if lm := sitemap.AppendLastMod(nil, d.URL.LastMod, r.dates); len(lm) > 0 {
			fmt.Fprintf(w, "  lastmod:     %s (%s)\n", lm, d.LastModFrom)
		} else {
			fmt.Fprintf(w, "  lastmod:     none\n")
		}
		rule := "no rule matches"
		if d.Rule > 0 {
			rule = fmt.Sprintf("rule %d, match: %s", d.Rule, x.RuleMatch)
		}
		for _, v := range []struct {
			name, value string
			fromSource  bool
		}{{"changefreq", d.URL.ChangeFreq.String(), d.ChangeFreqFromSource}, {"priority", d.URL.Priority.String(), d.PriorityFromSource}} {
			if v.value == "" {
				v.value = "none"
			}
			from := rule
			if v.fromSource {
				from = "front matter sitemap: block"
			}
			fmt.Fprintf(w, "  %-12s %s (%s)\n", v.name+":", v.value, from)
		}
		for _, a := range d.URL.Alternates {
			fmt.Fprintf(w, "  alternate:   %s %s\n", a.Lang, a.Href)
		}
		for _, a := range x.DroppedAlternates {
			fmt.Fprintf(w, "  left out:    alternate %s %s (not in the sitemap)\n", a.Lang, a.Href)
		}
	}
	for _, warning := range d.Warnings {
		fmt.Fprintf(w, "  warning:     %s\n", warning)
	}
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
	p := filepath.Join(r.root, filepath.FromSlash(rel))
	if strings.HasSuffix(rel, "/") { // a folder
		p += string(filepath.Separator)
	}
	return shown(p)
}

// shown quotes, Go-style, a path that holds a control character or is
// not valid UTF-8: raw, a newline in a name would split a message in two
// (or forge another), and an escape sequence would reach the terminal.
func shown(p string) string {
	if !utf8.ValidString(p) || strings.ContainsFunc(p, unicode.IsControl) {
		return strconv.Quote(p)
	}
	return p
}
