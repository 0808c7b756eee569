package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/watch"
	"github.com/sitemapgen/sitemapgen/writer"
)

// watchGCPercent is GOGC in watch mode, unless the environment sets one.
// Watch mode holds the site's records and the watches for hours: a heap
// that may grow to 1.25× what is live, not Go's default 2×, keeps it under
// twice a one-shot build's memory (bench/watch.sh: 1.5× measured 2.1) for
// about 10 ms more per rebuild at 100,000 pages.
const watchGCPercent = 25

// watchFlags are the flags only watch has.
type watchFlags struct {
	debounce, maxWait, poll time.Duration
}

// runWatch runs "sitemapgen watch": a build, then a rebuild of what changed
// after every burst of changes, until ctx is done (SIGINT, SIGTERM).
func runWatch(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	s, fl, wf, code, ok := settings(args, true, stdout, stderr, getenv)
	if !ok {
		return code
	}
	if s.SkipWrite != "" {
		fmt.Fprintf(stderr, "sitemapgen: %s: no sitemap written, nothing watched\n", s.SkipWrite)
		return exitOK
	}
	if s.Changes != "" {
		fmt.Fprintln(stderr, "sitemapgen: changes: is for build, not watch")
		return exitUsage
	}
	w := &watcher{fl: fl, wf: wf, getenv: getenv, stdout: stdout, stderr: stderr, tuneGC: getenv("GOGC") == ""}
	for {
		next, err := w.run(ctx, s)
		if err != nil {
			fmt.Fprintf(stderr, "sitemapgen: %v\n", err)
			return exitUsage
		}
		if next == nil { // ctx is done
			return exitOK
		}
		s = next // new folders to watch
	}
}

// watcher is the state of "sitemapgen watch" across rebuilds. Its methods
// run on the callback goroutine of watch.Run, one at a time, or before it
// starts.
type watcher struct {
	fl             config.Flags
	wf             watchFlags
	getenv         func(string) string
	stdout, stderr io.Writer
	tuneGC         bool // set GOGC as watchGCPercent says

	s      *config.Settings
	rep    *reporter
	sess   *pipeline.Session
	inputs map[string]bool // absolute paths of s.Inputs
	// restart, set by a configuration change that changes what is
	// watched, ends run with the new settings.
	restart *config.Settings
	stop    context.CancelFunc
	ex      *extras // the feed and key file, after each write
}

// run builds with s, then watches and rebuilds until ctx is done (it
// returns nil, nil) or the settings change what is watched (it returns
// them).
func (w *watcher) run(ctx context.Context, s *config.Settings) (*config.Settings, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w.s, w.stop, w.restart = s, cancel, nil
	ex, err := startExtras(s, w.getenv, w.stderr, false)
	if err != nil {
		return nil, err
	}
	w.ex = ex
	w.setInputs()
	roots, files := watched(s)
	outAbs, _ := filepath.Abs(s.Build.Write.Dir)
	robots := s.Build.Write.Robots
	ready := make(chan struct{})
	built := make(chan struct{})
	errc := make(chan error, 1)
	go func() {
		errc <- watch.Run(ctx, watch.Options{
			Roots:    roots,
			Files:    files,
			Debounce: w.wf.debounce,
			MaxWait:  w.wf.maxWait,
			Poll:     w.wf.poll,
			Ignore: func(path string) bool {
				// Our own output: the sitemap files and robots.txt.
				if filepath.Dir(path) != outAbs {
					return false
				}
				name := filepath.Base(path)
				return writer.IsOwnName(name) || robots && name == "robots.txt" || w.ex != nil && w.ex.owns(name)
			},
			Ready: func() { close(ready) },
			Warn: func(err error) {
				fmt.Fprintf(w.stderr, "sitemapgen: warning: %v\n", err)
			},
		}, func(b watch.Batch) {
			select {
			case <-built:
			case <-ctx.Done():
				return
			}
			w.rebuild(ctx, b)
		})
	}()
	// The first build starts once the watches are set: a change made
	// while it runs comes in the first batch.
	select {
	case <-ready:
	case err := <-errc:
		return nil, err
	}
	if w.tuneGC {
		debug.SetGCPercent(watchGCPercent)
	}
	debug.FreeOSMemory() // what setting the watches up left behind
	w.build(ctx)
	debug.FreeOSMemory() // the first build's garbage: watch mode runs for hours
	close(built)
	if ctx.Err() == nil && !w.s.Quiet {
		fmt.Fprintf(w.stderr, "sitemapgen: watching %s for changes (Ctrl-C to stop)\n", strings.Join(roots, ", "))
	}
	if err := <-errc; err != nil {
		return nil, err
	}
	return w.restart, nil
}

// watched returns the folders to watch (the site, the sources) and the
// single files (the configuration, the host files outside the site).
func watched(s *config.Settings) (roots, files []string) {
	b := s.Build
	root := b.Root
	if b.Content != nil {
		root = b.Content.Dir
	}
	roots = []string{root}
	if b.Join != nil {
		roots = append(roots, b.Join.Dir)
	}
	files = slices.Clone(s.Inputs)
	for _, d := range b.HostDirs {
		for _, name := range host.Files() {
			files = append(files, filepath.Join(d, name))
		}
	}
	for _, d := range b.RedirectDirs {
		for _, name := range host.RedirectFiles() {
			files = append(files, filepath.Join(d, name))
		}
	}
	return roots, files
}

func (w *watcher) setInputs() {
	w.inputs = make(map[string]bool)
	for _, f := range w.s.Inputs {
		if abs, err := filepath.Abs(f); err == nil {
			w.inputs[abs] = true
		}
	}
}

// build runs the first, whole build of a session.
func (w *watcher) build(ctx context.Context) {
	w.setReporter()
	sess, res, err := pipeline.Start(ctx, w.s.Build)
	w.rep.endProgress()
	w.sess = sess
	w.done(res, err, true)
}

// setReporter makes the reporter of w.s's builds.
func (w *watcher) setReporter() {
	w.rep = newReporter(w.s.Build.Root, w.stderr, w.s.Quiet, w.s.Verbose)
	w.rep.explainTo, w.rep.dates = w.stdout, w.s.Build.Write.LastModFormat
	w.s.Build.Report = w.rep.events()
}

// rebuild handles one batch of changes.
func (w *watcher) rebuild(ctx context.Context, b watch.Batch) {
	for _, p := range b.Paths {
		if w.inputs[p] {
			w.reload(ctx)
			return
		}
	}
	res, err := w.sess.Update(ctx, b.Paths)
	w.rep.endProgress()
	if ctx.Err() != nil {
		return
	}
	w.done(res, err, false)
}

// reload reads the configuration again after one of its files changed.
// An invalid configuration is reported and the last good one kept.
func (w *watcher) reload(ctx context.Context) {
	s, err := config.Resolve(w.fl, w.getenv)
	if err == nil {
		err = folderError(s)
	}
	var ex *extras
	if err == nil && s.Changes != "" {
		err = errors.New("changes: is for build, not watch")
	}
	if err == nil {
		ex, err = startExtras(s, w.getenv, w.stderr, false)
	}
	if err != nil {
		fmt.Fprintf(w.stderr, "sitemapgen: %v\nsitemapgen: configuration not reloaded; still building with the last good one\n", err)
		return
	}
	oldRoots, oldFiles := watched(w.s)
	newRoots, newFiles := watched(s)
	if !slices.Equal(oldRoots, newRoots) || !slices.Equal(oldFiles, newFiles) {
		if !s.Quiet {
			fmt.Fprintln(w.stderr, "sitemapgen: configuration changed what is watched; starting again")
		}
		w.restart = s
		w.stop()
		return
	}
	if !s.Quiet {
		fmt.Fprintln(w.stderr, "sitemapgen: configuration reloaded")
	}
	w.s, w.ex = s, ex
	w.setInputs()
	w.setReporter()
	res, err := w.sess.Restart(ctx, w.s.Build)
	w.rep.endProgress()
	w.done(res, err, true)
}

// done prints the outcome of a build: the summary after a whole one, a
// line of changes after an update, or the error.
func (w *watcher) done(res *pipeline.Result, err error, whole bool) {
	if err == nil && res != nil {
		err = w.ex.finish(res)
	}
	if err != nil {
		fmt.Fprintf(w.stderr, "sitemapgen: %v; still watching\n", err)
		return
	}
	if w.s.Quiet || res == nil || res.Write == nil {
		return
	}
	if whole && res.Write.URLChanges == nil {
		fmt.Fprintln(w.stderr, summary(res, w.s))
		return
	}
	fmt.Fprintln(w.stderr, "sitemapgen: "+changeLine(res))
}

// changeLine is the one line of a rebuild: "+3 −1 ~2 URLs, 2 files
// written, 14 ms".
func changeLine(res *pipeline.Result) string {
	var b strings.Builder
	if c := res.Write.URLChanges; c != nil {
		fmt.Fprintf(&b, "+%d −%d ~%d URLs, ", c.Added, c.Removed, c.Changed)
	}
	b.WriteString(plural(len(res.Write.Written), "file"))
	b.WriteString(" written")
	if n := len(res.Write.Removed); n > 0 {
		fmt.Fprintf(&b, ", %d removed", n)
	}
	if res.Warnings > 0 {
		fmt.Fprintf(&b, ", %s", plural(res.Warnings, "warning"))
	}
	fmt.Fprintf(&b, ", %d ms", res.Elapsed.Milliseconds())
	return b.String()
}

// folderError reports a site or source folder that is missing.
func folderError(s *config.Settings) error {
	if st, err := os.Stat(s.Build.Root); err != nil || !st.IsDir() {
		msg := "no such folder"
		if err == nil {
			msg = "not a folder"
		} else if !errors.Is(err, os.ErrNotExist) {
			msg = err.Error()
		}
		if s.RootFrom != "" && errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("%s: %s (the site folder, from %s); build the site first", s.Build.Root, msg, s.RootFrom)
		}
		return fmt.Errorf("%s: %s (the site to map)", s.Build.Root, msg)
	}
	if j := s.Build.Join; j != nil {
		if st, err := os.Stat(j.Dir); err != nil || !st.IsDir() {
			return fmt.Errorf("%s: not a folder (source:, the source files)", j.Dir)
		}
	}
	return nil
}
