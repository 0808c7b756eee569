package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/build"
	"github.com/sitemapgen/sitemapgen/config"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// summary is the one line that ends a build.
func summary(res *build.Result, s *config.Settings) string {
	var b strings.Builder
	b.WriteString("sitemapgen: ")
	if s.DryRun {
		b.WriteString("dry run: ")
	}
	files := len(res.Write.Written)
	fmt.Fprintf(&b, "%s found, %s", plural(res.Pages, "page"), plural(len(res.URLs), "URL"))
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
	elapsed := res.Elapsed.Round(time.Millisecond)
	if elapsed == 0 {
		elapsed = res.Elapsed.Round(time.Microsecond)
	}
	fmt.Fprintf(&b, "; %s", elapsed)
	return b.String()
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

func (r *reporter) report() build.Report {
	return build.Report{
		Warn: func(path string, err error) {
			if !r.quiet {
				r.endProgress()
				fmt.Fprintf(r.w, "%s: warning: %v\n", r.path(path), err)
			}
		},
		Skip: func(path string, reason mapping.Reason) {
			if r.verbose {
				r.endProgress()
				fmt.Fprintf(r.w, "%s: skipped: %s\n", r.path(path), reason)
			}
		},
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

// path shows a path relative to the site folder as the user would type it.
func (r *reporter) path(rel string) string {
	p := filepath.Join(r.root, filepath.FromSlash(rel))
	if strings.HasSuffix(rel, "/") { // a folder
		p += string(filepath.Separator)
	}
	return p
}
