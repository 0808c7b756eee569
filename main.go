// Command sitemapgen writes complete, valid sitemaps for a built static site.
//
// Run "sitemapgen --help" for the flags, and see README.md for the
// configuration file.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
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
		case "build", "watch", "validate", "init", "submit", "version", "help":
			cmd, args = args[0], args[1:]
		}
	}
	switch cmd {
	case "version", "help":
		if len(args) > 0 {
			fmt.Fprintf(stderr, "sitemapgen: %s takes no arguments; got %s\n", cmd, strings.Join(args, " "))
			return exitUsage
		}
		if cmd == "version" {
			fmt.Fprintln(stdout, "sitemapgen", version())
		} else {
			fmt.Fprint(stdout, usage)
		}
		return exitOK
	}
	switch cmd {
	case "watch":
		return runWatch(ctx, args, stdout, stderr, os.Getenv)
	case "validate":
		return runValidate(args, stdout, stderr)
	case "init":
		return runInit(args, stdout, stderr, os.Getenv)
	case "submit":
		return runSubmit(ctx, args, stdout, stderr, os.Getenv)
	}
	return runBuild(ctx, args, stdout, stderr, os.Getenv)
}

func runBuild(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	s, _, _, code, ok := settings(args, false, stdout, stderr, getenv)
	if !ok {
		return code
	}

	if s.SkipWrite != "" {
		if !s.Quiet {
			fmt.Fprintf(stderr, "sitemapgen: %s: no sitemap written\n", s.SkipWrite)
		}
		return exitOK
	}
	ex, err := startExtras(s, getenv, stderr, true)
	if err != nil {
		fmt.Fprintf(stderr, "sitemapgen: %v\n", err)
		return exitUsage
	}
	rep := newReporter(s.Build.Root, stderr, s.Quiet, s.Verbose)
	rep.explainTo, rep.dates = stdout, s.Build.Write.LastModFormat
	rep.settings(s)
	s.Build.Report = rep.report()
	res, err := pipeline.Run(ctx, s.Build)
	rep.endProgress()
	if err != nil {
		fmt.Fprintf(stderr, "sitemapgen: %v\n", err)
		return exitFailed
	}
	if len(s.Explain) > 0 {
		return exitOK // the explanations were the output
	}
	if s.Check {
		return checked(res, s, stdout, stderr)
	}
	if s.DryRun {
		for i := range res.URLs.Len() {
			fmt.Fprintln(stdout, res.URLs.At(i).Loc)
		}
	}
	if !s.Quiet {
		fmt.Fprintln(stderr, summary(res, s))
	}
	if err := ex.finish(res); err != nil {
		fmt.Fprintf(stderr, "sitemapgen: %v\n", err)
		return exitFailed
	}
	return exitOK
}

// checked reports the outcome of --check: the files that differ from what
// a build would write, and exit 1 if any does.
func checked(res *pipeline.Result, s *config.Settings, stdout, stderr io.Writer) int {
	for _, name := range res.Write.Differ {
		why := "differs from what a build writes"
		if slices.Contains(res.Write.Removed, name) {
			why = "stale: a build removes it"
		}
		fmt.Fprintf(stdout, "%s: %s\n", filepath.Join(s.Build.Write.Dir, name), why)
	}
	if n := len(res.Write.Differ); n > 0 {
		fmt.Fprintf(stderr, "sitemapgen: %s out of date; run sitemapgen without --check to write them\n", plural(n, "file"))
		return exitFailed
	}
	if !s.Quiet {
		fmt.Fprintf(stderr, "sitemapgen: the sitemaps in %s are up to date (%s)\n", s.Build.Write.Dir, plural(len(res.Write.Written), "file"))
	}
	return exitOK
}

// settings parses the arguments of build (with watch, of watch),
// resolves the configuration, and checks the folders it names. When ok is
// false the command ends there, with code: help was printed, or the
// arguments or the configuration are wrong.
func settings(args []string, watch bool, stdout, stderr io.Writer, getenv func(string) string) (s *config.Settings, fl config.Flags, wf watchFlags, code int, ok bool) {
	help, cmd := usage, "sitemapgen"
	if watch {
		help, cmd = watchUsage, "sitemapgen watch"
	}
	fl, wf, err := parseFlags(args, watch)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, help)
		return nil, fl, wf, exitOK, false
	}
	if err != nil {
		fmt.Fprintf(stderr, "sitemapgen: %v\nRun '%s --help' for usage.\n", err, cmd)
		return nil, fl, wf, exitUsage, false
	}
	s, err = config.Resolve(fl, getenv)
	if err != nil {
		fmt.Fprintf(stderr, "sitemapgen: %v\n", err)
		return nil, fl, wf, exitUsage, false
	}
	for _, w := range s.Warnings {
		fmt.Fprintf(stderr, "sitemapgen: warning: %v\n", w)
	}
	if s.Detected != "" && !s.Quiet {
		fmt.Fprintf(stderr, "sitemapgen: %s\n", s.Detected)
	}
	if s.SkipWrite != "" {
		return s, fl, wf, exitOK, true // no folder needed: nothing is read
	}
	if err = folderError(s); err != nil {
		fmt.Fprintf(stderr, "sitemapgen: %v\n", err)
		return nil, fl, wf, exitUsage, false
	}
	return s, fl, wf, exitOK, true
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
