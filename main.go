// Command sitemapgen writes complete, valid sitemaps for a built static site.
//
// Run "sitemapgen --help" for the flags, and see README.md for the
// configuration file.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/sitemapgen/sitemapgen/build"
	"github.com/sitemapgen/sitemapgen/config"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// Exit statuses.
const (
	exitOK     = 0
	exitFailed = 1 // the build or validation failed
	exitUsage  = 2 // usage or configuration error
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run runs the command line args and returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	cmd := "build"
	if len(args) > 0 {
		switch args[0] {
		case "build", "version", "help":
			cmd, args = args[0], args[1:]
		}
	}
	switch cmd {
	case "version":
		fmt.Fprintln(stdout, "sitemapgen", version())
		return exitOK
	case "help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	return runBuild(ctx, args, stdout, stderr, os.Getenv)
}

func runBuild(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	fl, err := parseBuildFlags(args)
	if errors.Is(err, errHelp) {
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	if err != nil {
		fmt.Fprintf(stderr, "sitemapgen: %v\nRun 'sitemapgen --help' for usage.\n", err)
		return exitUsage
	}
	s, err := config.Resolve(fl, getenv)
	if err != nil {
		fmt.Fprintf(stderr, "sitemapgen: %v\n", err)
		return exitUsage
	}
	if st, err := os.Stat(s.Build.Root); err != nil || !st.IsDir() {
		msg := "no such folder"
		if err == nil {
			msg = "not a folder"
		} else if !errors.Is(err, fs.ErrNotExist) {
			msg = err.Error()
		}
		fmt.Fprintf(stderr, "sitemapgen: %s: %s (the site to map)\n", s.Build.Root, msg)
		return exitUsage
	}

	rep := newReporter(s.Build.Root, stderr, s.Quiet, s.Verbose)
	s.Build.Report = rep.report()
	res, err := build.Run(ctx, s.Build)
	rep.endProgress()
	if err != nil {
		fmt.Fprintf(stderr, "sitemapgen: %v\n", err)
		return exitFailed
	}
	if s.DryRun {
		for _, u := range res.URLs {
			fmt.Fprintln(stdout, u.Loc)
		}
	}
	if !s.Quiet {
		fmt.Fprintln(stderr, summary(res, s))
	}
	return exitOK
}

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
		fmt.Fprintf(&b, ", %s removed", plural(n, "stale file"))
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

// version reports the module version and, for a build from a checkout, the
// commit.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := info.Main.Version
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = "+dirty"
			}
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v += " (" + rev + modified + ")"
	}
	return v
}
