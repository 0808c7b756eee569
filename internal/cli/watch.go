package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/gcpace"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/internal/postbuild"
	"github.com/sitemapgen/sitemapgen/watch"
	"github.com/sitemapgen/sitemapgen/writer"
)

// startSessionPacer starts the collector's pacer of a watch session (a
// test counts its calls).
var startSessionPacer = func() func() { return gcpace.StartAt(gcpace.SessionKnee) }

// watchUsage is watch's --help.
var watchUsage = sync.OnceValue(func() string {
	return `sitemapgen watch writes the sitemaps of a site, then keeps them current
while the site changes, until Ctrl-C (SIGINT) or SIGTERM, which exit 0.

Usage:
  sitemapgen watch [flags] [DIR]

It builds once, then watches DIR (and the source folder of --source or
--mode content, sitemap.yaml and the generator's configuration) and, after
each burst of changes, reads again only the pages that changed and rewrites
only the sitemap files whose bytes change (the index last). A change to
sitemap.yaml reloads it; an invalid one is reported and the last good one
kept. Run it beside 'hugo server --renderToDisk', 'hugo --watch', 'jekyll
serve', 'eleventy --serve' or an editor (docs/watch.md: generators and dev
servers). A site folder the generator has not made yet is waited for.

Each rebuild prints one line:
  sitemapgen: +3 −1 ~2 URLs, 2 files written, 14 ms
(URLs added, removed and changed; files written; time taken).

Examples:
  sitemapgen watch --base-url https://example.com/ public
  sitemapgen watch public --source content --debounce 500ms

Flags: every flag of build (sitemapgen --help) but --dry-run, --explain,
--check, --changes, --json and --transform, and
` + config.Settings.Only(config.WatchCommand).Help(config.WatchCommand, 17) + `
Exit status: 0 stopped by a signal, 2 a usage or configuration error at start
(later errors are reported and watching goes on).
`
})

// refusedInWatch are the flags of build that watch does not take. Some
// ask a build to write nothing. transform runs a hook on the records,
// and watch keeps the records between writes, so it would edit them
// again.
var refusedInWatch = []string{"dry-run", "explain", "transform"}

// refused reports a flag of build that watch or audit does not take.
func refused(line *config.Line[config.Values], command string) error {
	names := refusedInWatch
	if command == config.AuditCommand {
		names = refusedInAudit
	}
	for _, name := range names {
		if line.Given(name) {
			return fmt.Errorf("--%s is for build, not %s", name, command)
		}
	}
	return nil
}

// runWatch runs "sitemapgen watch". It runs a build, then after every
// burst of changes it rebuilds what changed, until ctx is done (SIGINT,
// SIGTERM).
func runWatch(ctx context.Context, e *env, args []string) error {
	c, line, err := configure(e, config.WatchCommand, args)
	if c == nil {
		return err // --help, or the command line is wrong
	}
	if c.Build.Transform != nil {
		// Watch keeps the records between writes and edits some of
		// them, so a hook's edits would be applied again to its own.
		return usagef("transform: watch runs no per-URL hook: run it with sitemapgen build")
	}
	if c.SkipWrite != "" {
		say(e.stderr, false, "%s: no sitemap written, nothing watched", c.SkipWrite)
		return nil
	}
	if c.Values.NoWait && !siteToCome(c) {
		// When another run writes the folder now, watch fails at once.
		// Its later builds wait for such a run, since it ends.
		lock, err := lockOutput(ctx, e, c, true)
		if err != nil {
			return err
		}
		lock.Release()
	}
	w := &watcher{line: line, e: e, tuneGC: e.getenv("GOGC") == "", warned: map[string]bool{}, gone: map[string]bool{}}
	for {
		if siteToCome(c) {
			// Started with its generator, which has not made the site's
			// folder yet.
			next, err := w.awaitSite(ctx, c)
			if err != nil {
				return usage(err)
			}
			if next == nil { // ctx is done
				return nil
			}
			c = next
			continue
		}
		next, err := w.run(ctx, c)
		if err != nil {
			return usage(err)
		}
		if next == nil { // ctx is done
			return nil
		}
		c = next // new folders to watch
	}
}

// watcher is the state of "sitemapgen watch" across rebuilds. Its
// methods run one at a time on the callback goroutine of watch.Run, or
// before it starts.
type watcher struct {
	line   *config.Line[config.Values] // the command line, resolved again after a change of configuration
	e      *env
	tuneGC bool            // pace the collector (startSessionPacer), unless GOGC is set
	warned map[string]bool // the outputs' warnings said, each once a session
	// gone holds the roots the watch said were removed or renamed away.
	// Each is said once a session, because a generator that makes its
	// output folder anew does so every build. Only the watch's Warn
	// uses it.
	gone map[string]bool
	// failing holds the errors said since the last build that worked.
	// Each is said once while it lasts, because a folder renamed away
	// fails every rebuild the same way. It is said again after a build
	// has worked.
	failing map[string]bool
	// rootGone is set while the site's folder is missing.
	rootGone bool
	// said holds the notices a session says once. A generator that
	// empties or removes its output on every build (astro build) would
	// otherwise have them said at each build.
	said map[string]bool
	// listed is set once a build of the session has listed pages. When
	// a rebuild then finds none, the generator's build has emptied the
	// site's folder; the include list is not wrong.
	listed bool
	// awaited is set when watch has waited for the site's folder to be
	// made (awaitSite), until the first build's end: a first build that
	// finds no page to list is the generator's build under way.
	awaited bool
	// unanswered is when a batch first changed the sources (the join's
	// folder) since the last batch that changed a page of the site's
	// folder. A dev server that renders to memory (plain hugo server)
	// changes no file of the site. It is zero when there is none.
	unanswered time.Time

	s      *config.Config
	rep    *reporter
	sess   *pipeline.Session
	inputs map[string]bool // absolute paths of s.Inputs
	extras map[string]bool // absolute paths of the files of extra URLs (extra_urls)
	// restart is set when a configuration change changes what is
	// watched. It ends run with the new settings.
	restart *config.Config
	stop    context.CancelFunc
	out     *postbuild.Outputs // the feed and key file, after each write
	// others are the files written besides the sitemap set (robots.txt,
	// the feed, the key file), by their name in the output folder. Each
	// stamp is as the last write left the file.
	others map[string]stamp

	// mu keeps a rebuild apart from a write the clock asks for (news),
	// so one goroutine at a time uses the Session.
	mu sync.Mutex
	// news is the timer of the next write the news window asks for. An
	// article leaves the news sitemap when it is two days old, and one
	// dated later than the last write enters it, with no file changed.
	news *time.Timer
}

// run builds with s, then watches the site and rebuilds it until ctx is
// done. It then returns nil, nil. When a change of the settings changes
// what is watched, run returns the new settings.
func (w *watcher) run(ctx context.Context, s *config.Config) (*config.Config, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w.stop = cancel
	if err := w.use(s); err != nil {
		return nil, err
	}
	if w.tuneGC {
		// A session holds the site's records, its State and the watches
		// for hours. The pacer lets the heap grow by an eighth of what
		// is live between collections, as a build does
		// (internal/gcpace), and by at least gcpace.SessionKnee. It
		// runs from the setting up of the watches and the first build,
		// its write included, through every rebuild. At 1,000,000
		// pages, a session at GOGC 25 from the end of its first build
		// peaked at 1.75x the build's memory after 20 changes
		// (bench/RESULTS.md, issue 71).
		defer startSessionPacer()()
	}
	roots, files := watched(s)
	// A commit, a checkout or git add changes the git dates of the
	// pages. So run watches the repository's HEAD, branch and index,
	// not its whole folder.
	files = append(files, pipeline.GitWatched(ctx, s.Build)...)
	walk, err := firstWalk(s)
	if err != nil {
		return nil, err
	}
	ready := make(chan struct{})
	watching := make(chan struct{})
	built := make(chan struct{})
	errc := make(chan error, 1)
	opts := w.watchOptions(s, roots, files, walk, ready, watching)
	go func() {
		errc <- watch.Run(ctx, opts, func(b watch.Batch) {
			select {
			case <-built:
			case <-ctx.Done():
				return
			}
			w.rebuild(ctx, b)
		})
	}()
	// The first build starts once the watches are set. The watches of
	// the roots and other files may still be added meanwhile; what
	// changed before each was added is found by its time. So a change
	// made while the first build runs comes in the first batch.
	select {
	case <-ready:
	case err := <-errc:
		return nil, err
	}
	debug.FreeOSMemory() // This frees what setting up the watches left behind.
	w.firstBuild(ctx, walk)
	close(built)
	select {
	case <-watching:
	case <-ctx.Done():
	}
	if ctx.Err() == nil {
		say(w.e.stderr, w.s.Values.Quiet, "watching %s for changes (Ctrl-C to stop)", strings.Join(roots, ", "))
	}
	// Watch mode runs for hours, so run gives back the first build's
	// garbage once watching. A change made meanwhile waits for this
	// collection at most (a few tenths of a second at 1,000,000 pages).
	debug.FreeOSMemory()
	err = <-errc
	w.mu.Lock()
	if w.news != nil {
		w.news.Stop()
	}
	w.mu.Unlock()
	if err != nil {
		return nil, err
	}
	return w.restart, nil
}

// firstWalk returns the walk that lets the first build add the watches
// of the site's folders as it finds them, before it lists them. It
// returns nil with --content, whose walk reads another folder, and with
// served paths, whose walk reads only a part of the site.
func firstWalk(s *config.Config) (*watch.Walk, error) {
	if s.Build.Content != nil || s.Build.Served != nil {
		return nil, nil
	}
	return watch.NewWalk(s.Build.Root)
}

// watchOptions returns the options of the watch over roots and files.
// The watch closes ready once its watches are set, and watching once
// the watches that the first build's walk adds are set too.
func (w *watcher) watchOptions(s *config.Config, roots, files []string, walk *watch.Walk, ready, watching chan struct{}) watch.Options {
	return watch.Options{
		Roots:    roots,
		Files:    files,
		Debounce: s.Values.Watch.Debounce,
		MaxWait:  s.Values.Watch.MaxWait,
		Poll:     s.Values.Watch.Poll,

		MaxWatches: s.Values.Watch.MaxWatches,
		NoFanotify: !s.Values.Watch.Fanotify,
		Walk:       walk,
		// The events of our own output still come, so that a rebuild
		// notices when someone else removed or changed a file.
		Ignore:   joinSkips(s.Build),
		Ready:    func() { close(ready) },
		Watching: func() { close(watching) },
		Warn:     w.warn,
	}
}

// warn prints a warning of the watch. It prints a warning that a root
// is gone only once.
func (w *watcher) warn(err error) {
	msg := diag.Format(err, diag.Warning)
	if errors.Is(err, watch.ErrRootGone) {
		if w.gone[msg] {
			return
		}
		w.gone[msg] = true
	}
	fmt.Fprintln(w.e.stderr, msg)
}

// firstBuild runs the first build. When walk is set, the build walks
// the site's folders with it, so that the watch adds their watches, and
// walk then learns whether the build walked the whole site. firstBuild
// also sets the first timer of the news window.
func (w *watcher) firstBuild(ctx context.Context, walk *watch.Walk) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if walk.Taken() {
		w.s.Build.Walk.Folders = walk.Folders
	}
	walked := w.build(ctx)
	w.s.Build.Walk.Folders = nil
	walk.Done(walked && ctx.Err() == nil)
	w.scheduleNews(ctx)
}

// scheduleNews sets the timer of the next write the news window asks
// for, when the Session has articles: the first time an article enters
// the two days before the write or leaves them. The caller holds w.mu.
func (w *watcher) scheduleNews(ctx context.Context) {
	if w.news != nil {
		w.news.Stop()
		w.news = nil
	}
	if w.sess == nil || ctx.Err() != nil {
		return
	}
	next := w.sess.NewsChange(time.Now())
	if next.IsZero() {
		return
	}
	// Fire a second past the edge, because the window is closed at its
	// end.
	w.news = time.AfterFunc(time.Until(next)+time.Second, func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		if ctx.Err() != nil || w.sess == nil {
			return
		}
		w.locked(ctx, func() {
			res, err := w.sess.Rewrite(ctx)
			w.rep.finish()
			if ctx.Err() == nil {
				w.done(res, err, false, nil)
			}
		})
		w.scheduleNews(ctx)
	})
}

// use makes s the settings of the session's builds, before the first.
func (w *watcher) use(s *config.Config) error {
	beside(s)
	w.s, w.restart = s, nil
	out, err := w.outputs(s)
	if err != nil {
		return err
	}
	w.out = out
	w.setInputs()
	// Make the --out folder, as a build does, so that its host files are
	// watched from the start.
	return fsx.MkdirAllNamed(s.Build.Write.Dir, 0o755)
}

// beside sets what watch mode's builds do differently from build's. They
// run beside a dev server, and its pages' canonical and alternate links
// name http://localhost:PORT/ (mapping.Options.DevServer).
func beside(s *config.Config) { s.Build.Map.DevServer = true }

// watched returns the folders to watch (the site, the sources) and the
// single files (the configuration, the host files outside the site).
func watched(s *config.Config) (roots, files []string) {
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
	for _, x := range b.Extra {
		if x.File != "" {
			files = append(files, x.File)
		}
	}
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

// joinSkips returns what the watches leave out of a join's source
// folder, which is a project folder for Jekyll and the generators that
// route files. They leave out its node_modules and the folders its walk
// excludes by name. They never leave out the site folder, though it may
// be one of those.
func joinSkips(b pipeline.Options) func(path string) bool {
	if b.Join == nil {
		return func(string) bool { return false }
	}
	joinAbs, err1 := filepath.Abs(b.Join.Dir)
	rootAbs, err2 := filepath.Abs(b.Root)
	if err1 != nil || err2 != nil {
		return func(string) bool { return false }
	}
	skip := map[string]bool{"node_modules": true}
	for _, e := range b.Join.Walk.Exclude {
		if !strings.ContainsAny(e, "*?[{") {
			skip[filepath.Clean(filepath.FromSlash(e))] = true
		}
	}
	return func(path string) bool {
		rel, err := filepath.Rel(joinAbs, path)
		if err != nil || rel == "." || strings.HasPrefix(rel, "..") || path == rootAbs || strings.HasPrefix(path, rootAbs+string(filepath.Separator)) {
			return false
		}
		first, _, _ := strings.Cut(rel, string(filepath.Separator))
		return skip[rel] || first == "node_modules"
	}
}

func (w *watcher) setInputs() {
	w.inputs = make(map[string]bool)
	for _, f := range w.s.Inputs {
		if abs, err := filepath.Abs(f); err == nil {
			w.inputs[abs] = true
		}
	}
	w.extras = make(map[string]bool)
	for _, x := range w.s.Build.Extra {
		if abs, err := filepath.Abs(x.File); err == nil && x.File != "" {
			w.extras[abs] = true
		}
	}
}

// build runs the first, whole build of a session. It reports whether
// the build's walk of the site's folder ended; the build may have failed
// after the walk. The caller holds w.mu.
func (w *watcher) build(ctx context.Context) (walked bool) {
	w.setReporter()
	w.locked(ctx, func() {
		sess, res, err := pipeline.Start(ctx, w.s.Build)
		w.rep.finish()
		w.sess = sess
		w.done(res, err, true, nil)
		walked = res != nil && res.Walked
	})
	return walked
}

// locked runs write while it holds the lock of the output folder. It
// first waits for another run that holds the lock. So a build beside
// watch writes between two of watch's writes, never during one. Watch's
// next write reads the folder's record again and replaces that build's
// set whole.
func (w *watcher) locked(ctx context.Context, write func()) {
	lock, err := lockOutput(ctx, w.e, w.s, false)
	if err != nil {
		if ctx.Err() == nil {
			w.fail(err)
		}
		return
	}
	defer lock.Release()
	write()
}

// setReporter makes the reporter of w.s's builds.
func (w *watcher) setReporter() {
	w.rep = newReporter(w.s.Build.Root, w.e.stderr, w.s.Values.Quiet, w.s.Values.Verbose)
	w.rep.extras = extraNames(w.s.Build.Extra)
	w.rep.explainTo, w.rep.dates = w.e.stdout, w.s.Build.Write.LastModFormat
	w.s.Build.Report = w.rep.events()
}

// rebuild handles one batch of changes.
func (w *watcher) rebuild(ctx context.Context, b watch.Batch) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, p := range b.Paths {
		if w.inputs[p] {
			w.reload(ctx)
			return
		}
	}
	for _, p := range b.Paths {
		if w.extras[p] && w.sess != nil {
			// Read the records whole: build the set again as a fresh
			// build does, and read a command's output again.
			w.whole(ctx)
			return
		}
	}
	// The site's folder was removed or renamed away, and the watch said
	// so. A build now would fail. Taking the lock would make the output
	// folder again, and the watch would see the root back and gone
	// again. So nothing is done until the folder is back.
	if _, err := fsx.StatNamed(w.s.Build.Root); errors.Is(err, fs.ErrNotExist) {
		w.rootGone = true
		return
	} else if w.rootGone {
		w.rootGone = false
		w.once("back", "%s is back; building again (said once: a generator that builds the folder anew does this every build)", w.s.Build.Root)
	}
	paths, folders := w.notOurs(b.Paths), w.notOurs(b.Folders)
	w.rendered(paths, time.Now())
	if w.sess == nil { // the first build could not take the lock
		w.build(ctx)
		w.scheduleNews(ctx)
		return
	}
	defer w.scheduleNews(ctx)
	w.locked(ctx, func() {
		res, err := w.sess.Update(ctx, paths, folders)
		var drifted map[string]stamp
		if err == nil && res.Write == nil && ctx.Err() == nil {
			if drifted = w.othersDrifted(); len(drifted) > 0 {
				res, err = w.sess.Rewrite(ctx)
			}
		}
		w.rep.finish()
		if ctx.Err() != nil {
			return
		}
		w.done(res, err, false, drifted)
	})
}

// notOurs returns paths without watch's own output, which is not pages.
// After any batch, Update checks whether the sitemap files are still as
// it left them, and watch checks the other files it wrote.
func (w *watcher) notOurs(paths []string) []string {
	outAbs, _ := filepath.Abs(w.s.Build.Write.Dir)
	others := w.otherNames()
	return slices.DeleteFunc(slices.Clone(paths), func(p string) bool {
		return filepath.Dir(p) == outAbs && (writer.IsOwnName(filepath.Base(p)) || slices.Contains(others, filepath.Base(p)) || slices.Contains(w.s.Build.OwnFiles, filepath.Base(p)))
	})
}

// once says the notice of key, formatted, the first time only.
func (w *watcher) once(key, format string, args ...any) {
	if w.said[key] {
		return
	}
	if w.said == nil {
		w.said = make(map[string]bool)
	}
	w.said[key] = true
	say(w.e.stderr, w.s.Values.Quiet, format, args...)
}

// memoryAfter is how long the sources of a Hugo site may go on changing
// while no page of its site folder changes. After that, watch asks
// whether hugo server renders to memory. hugo --watch and hugo server
// --renderToDisk write their first page well within it after a change.
// Their watcher hands its changes over every half second, and a partial
// rebuild writes as it renders.
const memoryAfter = 10 * time.Second

// rendered warns, once a session, that hugo server may render to
// memory. It warns when a batch changed a Hugo site's sources at least
// memoryAfter after the batch that first changed them, and no page of
// the site's folder changed in between. hugo server renders to memory
// unless given --renderToDisk, and then the sitemap cannot follow. A
// count of batches is no sign by itself: two saves a moment apart are
// two batches before hugo --watch writes. paths are the batch's paths,
// without watch's own output. now is when the batch came.
func (w *watcher) rendered(paths []string, now time.Time) {
	j := w.s.Build.Join
	if j == nil || j.Preset == nil || w.said["memory"] {
		return
	}
	rootAbs, err1 := filepath.Abs(w.s.Build.Root)
	srcAbs, err2 := filepath.Abs(j.Dir)
	if err1 != nil || err2 != nil {
		return
	}
	site, sources := false, false
	for _, p := range paths {
		switch {
		case within(p, rootAbs):
			site = true
		case within(p, srcAbs):
			sources = true
		}
	}
	switch {
	case site:
		w.unanswered = time.Time{}
		return
	case !sources:
		return
	case w.unanswered.IsZero():
		w.unanswered = now
		return
	}
	waited := now.Sub(w.unanswered)
	if waited < memoryAfter {
		return
	}
	if w.said == nil {
		w.said = make(map[string]bool)
	}
	w.said["memory"] = true // ask once a session, whatever the answer
	if msg := devServerHint(j, w.s.Build.Root, fmt.Sprintf("%s changed %s ago and %s has not since", j.Dir, waited.Round(time.Second), w.s.Build.Root)); msg != "" {
		fmt.Fprintln(w.e.stderr, diag.Format(errors.New(msg), diag.Warning))
	}
}

// devServerHint says what to run instead of the dev server of the join's
// generator that may write no page into the site's folder, after what
// happened (the sources changed, the site did not): the option that makes
// it write its pages (hugo server --renderToDisk), or a loop that builds
// the site after each change (mkdocs serve writes nothing there). It
// returns "" when the generator's dev server writes its pages.
func devServerHint(j *pipeline.Sources, site, what string) string {
	out := generator.RulesOf(j.Preset).Output
	command := out.DevServer
	switch {
	case command == "":
		return ""
	case out.ToDisk != "":
		return fmt.Sprintf("%s: is %s rendering to memory? watch reads the pages written there; run %s with %s (docs/watch.md)", what, command, command, out.ToDisk)
	}
	loop := strings.ReplaceAll(out.Rebuild, "{sources}", j.Dir)
	return fmt.Sprintf("%s: is %s running? it builds the site into a temporary folder and writes nothing to %s, so watch has no page to read; build the site after each change instead, as this loop does: %s (docs/watch.md)", what, command, site, loop)
}

// within reports whether path is dir or in it.
func within(path, dir string) bool {
	return path == dir || strings.HasPrefix(path, dir+string(filepath.Separator))
}

// stamp is what Lstat says of a file. The zero stamp means no regular
// file.
type stamp struct {
	size  int64
	mtime time.Time
}

// stampOf returns the stamp of the file name in the output folder dir.
// It looks inside dir, through the one door.
func stampOf(dir, name string) stamp {
	fi, err := fsx.Lstat(dir, name)
	if err != nil || !fi.Mode().IsRegular() {
		return stamp{}
	}
	return stamp{size: fi.Size(), mtime: fi.ModTime()}
}

// otherNames are the names of the files watch writes into the output
// folder besides the sitemap set: robots.txt with --robots, the feed and
// the key file.
func (w *watcher) otherNames() []string {
	names := w.out.Names()
	if w.s.Build.Write.Robots {
		names = append(names, "robots.txt")
	}
	return names
}

// stampOthers records the files written besides the sitemap set as a
// write left them.
func (w *watcher) stampOthers() {
	w.others = make(map[string]stamp)
	for _, name := range w.otherNames() {
		w.others[name] = stampOf(w.s.Build.Write.Dir, name)
	}
}

// othersDrifted returns the files written besides the sitemap set that
// are no longer as the last write left them, with their stamps now.
// Someone else removed, replaced, wrote or touched them. A drifted file
// is written again, as a build writes it: robots.txt keeps someone
// else's lines, and another tool's feed is left alone.
func (w *watcher) othersDrifted() map[string]stamp {
	var drifted map[string]stamp
	for name, was := range w.others {
		if now := stampOf(w.s.Build.Write.Dir, name); now != was {
			if drifted == nil {
				drifted = make(map[string]stamp)
			}
			drifted[name] = now
		}
	}
	return drifted
}

// whole builds everything again with the same configuration, after a
// file of extra URLs changed. The caller holds w.mu.
func (w *watcher) whole(ctx context.Context) {
	w.setReporter()
	w.locked(ctx, func() {
		res, err := w.sess.Restart(ctx, w.s.Build)
		w.rep.finish()
		w.done(res, err, true, nil)
	})
	w.scheduleNews(ctx)
}

// reload reads the configuration again after one of its files changed.
// An invalid configuration is reported and the last good one kept.
func (w *watcher) reload(ctx context.Context) {
	s, err := settle(w.line, w.e.getenv)
	var out *postbuild.Outputs
	if err == nil {
		beside(s)
		out, err = w.outputs(s)
	}
	if err != nil {
		fmt.Fprintln(w.e.stderr, diag.Format(err, ""))
		say(w.e.stderr, false, "configuration not reloaded; still building with the last good one")
		return
	}
	oldRoots, oldFiles := watched(w.s)
	newRoots, newFiles := watched(s)
	if !slices.Equal(oldRoots, newRoots) || !slices.Equal(oldFiles, newFiles) {
		say(w.e.stderr, s.Values.Quiet, "configuration changed what is watched; starting again")
		w.restart = s
		w.stop()
		return
	}
	say(w.e.stderr, s.Values.Quiet, "configuration reloaded")
	w.s, w.out = s, out
	w.setInputs()
	w.setReporter()
	w.locked(ctx, func() {
		res, err := w.sess.Restart(ctx, w.s.Build)
		w.rep.finish()
		w.done(res, err, true, nil)
	})
	w.scheduleNews(ctx)
}

// outputs checks and prepares the settings of what watch writes besides
// the sitemaps: the feed and the key file. A changes file is for build
// only. A problem that leaves a file unwritten is said once a session,
// not after every rebuild.
func (w *watcher) outputs(s *config.Config) (*postbuild.Outputs, error) {
	if s.Values.Changes != "" {
		return nil, usage(errors.New("changes: is for build, not watch"))
	}
	return prepareOutputs(s, w.e.getenv, nil, func(err error) {
		if msg := diag.Format(err, diag.Warning); !w.warned[msg] {
			w.warned[msg] = true
			fmt.Fprintln(w.e.stderr, msg)
		}
	})
}

// fail says err, unless it was said since the last build that worked.
func (w *watcher) fail(err error) {
	msg := diag.Format(fmt.Errorf("%w; still watching", err), "")
	if w.failing[msg] {
		return
	}
	if w.failing == nil {
		w.failing = make(map[string]bool)
	}
	w.failing[msg] = true
	fmt.Fprintln(w.e.stderr, msg)
}

// done prints the outcome of a build: the summary after a whole build,
// a line of changes after an update, or the error. drifted holds files
// besides the sitemap set; each counts as written when it was written
// again.
func (w *watcher) done(res *pipeline.Result, err error, whole bool, drifted map[string]stamp) {
	if err == nil && res != nil && res.Write != nil && w.s.Writes() {
		if res.NoneListed == nil { // no feed of no page
			err = w.out.Write(res.URLs, postbuild.Answers{}) // watch writes no changes file
		}
		w.stampOthers()
		for name, was := range drifted {
			if w.others[name] != was && !slices.Contains(res.Write.Written, name) {
				res.Write.Written = append(res.Write.Written, name)
			}
		}
	}
	if err != nil && !whole && w.listed && errors.Is(err, pipeline.ErrNoPages) {
		// The site's folder was emptied after a build that listed pages.
		// Its generator's build is under way (astro build empties dist/
		// first). Say it once; the rebuild after the pages are back
		// writes.
		w.once("emptied", "%s was emptied, as a generator's build does; the sitemaps are written again once its pages are back (said once)", w.s.Build.Root)
		return
	}
	if first := w.awaited; first {
		w.awaited = false
		if errors.Is(err, pipeline.ErrNoPages) || errors.Is(err, pipeline.ErrAllSkipped) {
			// The generator has just made the folder watch waited for,
			// and is writing its pages (its 404 page first, which is
			// skipped). The next build says what it finds.
			say(w.e.stderr, w.s.Values.Quiet, "%s was made; the sitemaps are written once its generator has written its pages", w.s.Build.Root)
			return
		}
	}
	if err != nil {
		w.fail(err)
		return
	}
	clear(w.failing) // it works again, so a failure after this is news
	if res != nil && res.URLs != nil && res.URLs.Len() > 0 {
		w.listed = true
	}
	if res == nil || res.Write == nil {
		return
	}
	if res.NoneListed != nil {
		say(w.e.stderr, w.s.Values.Quiet, "%s", noneLine(res, w.s.Generator, false))
		return
	}
	if whole {
		afterWrite(w.e.stderr, res, w.s)
	}
	if whole && res.Write.URLChanges == nil {
		say(w.e.stderr, w.s.Values.Quiet, "%s", summary(res, w.s))
		return
	}
	say(w.e.stderr, w.s.Values.Quiet, "%s", changeLine(res))
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
