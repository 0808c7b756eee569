package watch

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fsnotify/fsnotify"
)

// The defaults of the zero values of Options' durations.
const (
	defaultDebounce = 200 * time.Millisecond
	defaultMaxWait  = 2 * time.Second
	defaultPoll     = time.Second
)

// Options configure one [Run]: what it watches, how long it waits before it
// hands a batch over, and whom it tells of problems. A zero duration means
// its default.
type Options struct {
	// Roots are the folders watched recursively: the site, a source
	// folder. Their files are watched through their folders.
	Roots []string

	// Files are single files watched on their own, such as sitemap.yaml,
	// through the folder they are in. Neither the file nor its folder
	// need exist yet: a missing folder is watched for through the
	// nearest folder above it that exists.
	Files []string

	// Debounce is the quiet time, without a new change, before a batch is
	// handed over. Default 200ms.
	Debounce time.Duration

	// MaxWait bounds how long a stream of changes that never pauses delays
	// a batch: a batch is handed over at the latest this long after its
	// first change. Default 2s; never less than Debounce.
	MaxWait time.Duration

	// Ignore, if not nil, rejects more paths, such as sitemapgen's own
	// output files. It is called with absolute paths of files and
	// folders, from several goroutines at once; a rejected folder is not
	// watched.
	Ignore func(path string) bool

	// Poll is the shortest time between two passes of the scan of the
	// folders that have no watch (see the package's doc). Default 1s.
	Poll time.Duration

	// MaxWatches, if above 0, bounds the watches taken (inotify's on
	// Linux): the most folders watched one by one, those of Files
	// included. Past it, as past the system's limit, fanotify watches the
	// filesystems whole where it may (see NoFanotify), else the other
	// folders are scanned.
	MaxWatches int

	// Passed, if not nil, is called after each pass of the scan over the
	// folders that have no watch, on the event loop's goroutine: a change
	// made before the pass began is in a batch by then, or in the next.
	// For tests and benchmarks that wait for a scan.
	Passed func()

	// NoFanotify keeps Run from watching whole filesystems with fanotify
	// past the limit of watches (Linux 5.9 or later, as root): it scans
	// the folders past it instead.
	NoFanotify bool

	// Ready, if not nil, is called once, when a change from then on is
	// seen: the watches (or the polling fallback's first scan) are set
	// up, or, on local filesystems that stamp change times to the
	// nanosecond, the roots' own, the others being added while the first
	// build runs (see the package's doc).
	Ready func()

	// Watching, if not nil, is called once, after Ready, when every
	// folder that is watched from the start has its watch (the others
	// are scanned), and, with Walk, after Walk.Done.
	Watching func()

	// Walk, if not nil, is the first build's walk of one of Roots, which
	// adds the watches of the folders it finds as it goes (see [Walk]).
	Walk *Walk

	// Warn, if not nil, is told of problems that do not stop watching: a
	// root that vanished, a folder that cannot be read, the fallback to
	// polling. It is called on one goroutine, never at the same time as
	// itself.
	Warn func(err error)
}

// ErrRootGone is wrapped by the error [Options.Warn] is told when a root
// is removed or renamed away. A build tool that makes its output folder
// anew on every build does this every build: a caller may say it once.
var ErrRootGone = errors.New("removed or renamed; changes are seen again when it is back")

// Batch is the set of paths that changed, as one rebuild sees them.
type Batch struct {
	// Paths are the changed files and folders, absolute, sorted, each
	// once. A folder means: walk it again. A path may no longer exist:
	// it was removed or renamed away.
	Paths []string

	// Folders are the paths among Paths that were folders before they
	// changed: removed, renamed away, or replaced by a file. What was
	// under them changed too, whatever is there now; the system may not
	// have said so path by path. A scan knows only what it saw at its
	// looks: a file made a folder and a file again between two is not
	// among them, and a caller that read the folder meanwhile (for an
	// earlier batch, or its first build) looks under the path itself.
	Folders []string

	// Polling reports that some folders are scanned, not watched: Paths
	// then may hold what a scan found added, changed or removed.
	Polling bool
}

// Run watches until ctx is done, calling fn with each batch, one at a time,
// on one goroutine. It returns nil when ctx is done, or the error of setting
// up: a root that does not exist or is not a folder, a file of
// Options.Files under something that is not a folder, or nothing to
// watch. Problems after
// that go to Options.Warn and watching goes on.
//
// Run does not report the state it starts from: build before calling it.
// fn must not be nil.
func Run(ctx context.Context, opts Options, fn func(Batch)) error {
	return run(ctx, opts, fn, hooks{})
}

// hooks let the tests look inside and push; all nil in Run.
type hooks struct {
	add      func(dir string) error // called before each watch is added; an error stands for Add's
	ready    func()                 // called once the watches or the polling snapshot are set up
	watching func()                 // called once every folder watched from the start has its watch
	errs     <-chan error           // read beside fsnotify's errors
	pass     func()                 // called at the end of each pass of the scan
	early    bool                   // every watch added before Ready, as where change times cannot be trusted
	// demote is called with a folder whose watch is about to be given
	// back to the scan, before it is listed.
	demote func(dir string)
}

func run(ctx context.Context, opts Options, fn func(Batch), h hooks) error {
	w, err := newWatcher(opts, h)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	paths := make(chan string, 256)
	batches := make(chan []string)
	w.out = paths
	var wg sync.WaitGroup
	wg.Go(func() {
		debouncer{quiet: w.opts.Debounce, maxWait: w.opts.MaxWait}.run(ctx, paths, batches)
	})
	wg.Go(func() {
		for {
			select {
			case <-ctx.Done():
				return
			case p := <-batches:
				if ctx.Err() != nil {
					return
				}
				fn(batchOf(p, w.polling.Load()))
			}
		}
	})
	w.loop(ctx) // returns when ctx is done, with the fsnotify watcher closed
	cancel()
	wg.Wait()
	return nil
}

// folderMark ends a path handed to the debouncer that was a folder
// before it changed (Batch.Folders).
const folderMark = "\x00"

// batchOf makes the Batch of the paths the debouncer gathered.
func batchOf(paths []string, polling bool) Batch {
	b := Batch{Paths: make([]string, 0, len(paths)), Polling: polling}
	for _, p := range paths {
		if f, ok := strings.CutSuffix(p, folderMark); ok {
			b.Folders = append(b.Folders, f)
			p = f
		}
		b.Paths = append(b.Paths, p)
	}
	slices.Sort(b.Paths)
	b.Paths = slices.Compact(b.Paths)
	slices.Sort(b.Folders)
	b.Folders = slices.Compact(b.Folders)
	return b
}

// opFolder marks fanotify's events of a folder, which fsnotify's Op does
// not say.
const opFolder fsnotify.Op = 1 << 31

// watcher holds what the event loop owns. Only the goroutine running loop
// touches it, but for polling, which the callback's goroutine reads.
type watcher struct {
	opts    Options
	hooks   hooks
	roots   []string        // absolute, clean
	files   map[string]bool // Options.Files, absolute, clean
	parents map[string]bool // folders watched for names in them only: those of Files and of roots
	out     chan<- string   // to the debouncer

	fsw    *fsnotify.Watcher
	events <-chan fsnotify.Event // fsnotify's or fanotify's; nil when neither runs
	errs   <-chan error
	paths  slab // the folders' paths, packed

	// dirs is the set of watched folders under roots: a set, not a tree,
	// so that 90,000 folders take a few MB; the rare folder moved away
	// finds its subfolders by a scan.
	dirs map[string]struct{}
	// parentWatched holds the parents that have a watch.
	parentWatched map[string]bool
	// capacity is the most watches there may be: Options.MaxWatches, or
	// as many as the system gave once its limit was met; 0 while neither
	// is known.
	capacity int
	// recent are the folders given a watch last, up to hotMax: at the
	// system's limit, some are given back, for the folders the scan finds
	// changed.
	recent []string
	limit  error // why adding a watch failed for a limit: fanotify or the scan takes over
	// limited is set once the limit was met: the way past it is chosen
	// once.
	limited bool
	// limitCause is the system's limit met, when it was: the scan's first
	// pass says how far to raise it.
	limitCause error
	// away holds the roots said removed or renamed away, until they are
	// back.
	away map[string]bool

	// since is the change time from which a folder watched after Ready
	// reports what changed in it (watchLater); 0 when every watch is
	// added before Ready.
	since int64
	// later are the folders whose watches are added after Ready, in
	// the event loop's turns, breadth first, from laterAt on: kept as
	// the scan keeps its folders, so that those the limit leaves become
	// its own as they are, without a copy of each path while the first
	// build runs. buf holds a path being watched.
	later   []scanDir
	laterAt int
	buf     []byte

	// walk is Options.Walk while the first build's walk tells of its
	// folders; nil before and after.
	walk *Walk
	// watchingSaid is set once Options.Watching was called.
	watchingSaid bool

	fan    *fanWatch // the filesystems' fanotify marks, past the limit of watches
	fanErr error     // why fanotify could not be used
	// old is the fsnotify watcher of the watches taken before fanotify
	// took over at the limit: its events are read until the first build
	// is done, then it is closed (dropOld).
	old     *fsnotify.Watcher
	scan    *scanner // the folders scanned, past the limit
	started bool     // Ready was said: the first build may begin
	polling atomic.Bool
}

// newWatcher checks the options and fills in the defaults.
func newWatcher(opts Options, h hooks) (*watcher, error) {
	if opts.Debounce <= 0 {
		opts.Debounce = defaultDebounce
	}
	if opts.MaxWait <= 0 {
		opts.MaxWait = defaultMaxWait
	}
	opts.MaxWait = max(opts.MaxWait, opts.Debounce)
	if opts.Poll <= 0 {
		opts.Poll = defaultPoll
	}
	if len(opts.Roots) == 0 && len(opts.Files) == 0 {
		return nil, errors.New("watch: nothing to watch")
	}
	w := &watcher{
		opts:    opts,
		hooks:   h,
		files:   make(map[string]bool),
		parents: make(map[string]bool),
		dirs:    make(map[string]struct{}),

		parentWatched: make(map[string]bool),
		away:          make(map[string]bool),
	}
	for _, r := range opts.Roots {
		abs, err := filepath.Abs(r)
		if err != nil {
			return nil, fmt.Errorf("watch: %w", err)
		}
		fi, err := os.Stat(abs)
		if err != nil {
			return nil, fmt.Errorf("watch: %w", err)
		}
		if !fi.IsDir() {
			return nil, fmt.Errorf("watch: %s: not a folder", abs)
		}
		if !slices.Contains(w.roots, abs) {
			w.roots = append(w.roots, abs)
		}
		if parent := filepath.Dir(abs); parent != abs {
			w.parents[parent] = true
		}
	}
	for _, f := range opts.Files {
		abs, err := filepath.Abs(f)
		if err != nil {
			return nil, fmt.Errorf("watch: %w", err)
		}
		parent, missing, err := nearestFolder(abs)
		if err != nil {
			return nil, err
		}
		w.files[abs] = true
		// The file's folder may not be there yet (an Astro project
		// without src/content): the nearest folder above it is
		// watched, and each missing folder is reported, and watched,
		// once it is made.
		for _, m := range missing {
			w.files[m] = true
		}
		w.parents[parent] = true
	}
	return w, nil
}

// nearestFolder returns the folder that holds file, or, where that folder
// does not exist yet, its nearest ancestor that does and the folders
// missing between them (none when file's folder exists). It fails when a
// path on the way is something other than a folder.
func nearestFolder(file string) (parent string, missing []string, err error) {
	parent = filepath.Dir(file)
	for {
		fi, err := os.Stat(parent)
		switch {
		case err == nil && fi.IsDir():
			return parent, missing, nil
		case err == nil:
			return "", nil, fmt.Errorf("watch: %s: %s is not a folder", file, parent)
		case !errors.Is(err, fs.ErrNotExist):
			return "", nil, fmt.Errorf("watch: %s: %w", file, err)
		}
		up := filepath.Dir(parent)
		if up == parent {
			return "", nil, fmt.Errorf("watch: %s: %w", file, err)
		}
		parent, missing = up, append(missing, parent)
	}
}

// loop sets up the watches and handles events (or scans) until ctx is
// done. It closes the fsnotify watcher before it returns.
func (w *watcher) loop(ctx context.Context) {
	defer w.close()
	if k := w.opts.Walk; k != nil {
		defer close(k.stop)
	}
	w.start(ctx)
	w.started = true
	if w.scan != nil { // the folders listed at start are each once
		w.scan.from, w.scan.dirty = len(w.scan.dirs), false
	}
	if w.hooks.ready != nil {
		w.hooks.ready()
	}
	if w.opts.Ready != nil {
		w.opts.Ready()
	}
	w.maybeWatching(ctx)
	for ctx.Err() == nil {
		var tick <-chan time.Time
		if w.scan != nil && w.walk == nil {
			// Not until the first build that walks for the watches ends
			// (Walk.Done): the scan's first looks report what changed
			// from the start on whenever they come, and the build and
			// the watches have the cores meanwhile.
			tick = w.scan.ticker.C
		}
		var later <-chan struct{}
		if w.later != nil {
			later = closed
		}
		var oldEvents <-chan fsnotify.Event
		var oldErrs <-chan error
		if w.old != nil {
			oldEvents, oldErrs = w.old.Events, w.old.Errors
		}
		var walkReqs <-chan *walkReq
		var walkDone <-chan bool
		if w.walk != nil {
			walkReqs, walkDone = w.walk.reqs, w.walk.done
		}
		select {
		case <-ctx.Done():
			return
		case r := <-walkReqs:
			w.walked(ctx, r)
			close(r.handled)
		case complete := <-walkDone:
			w.walkOver(ctx, complete)
		case <-later:
			w.watchLater(ctx)
		case ev, ok := <-w.events:
			if !ok { // closed only by close, which sets it to nil first
				w.events = nil
				continue
			}
			w.handle(ctx, ev)
		case err, ok := <-w.errs:
			if !ok {
				w.errs = nil
				continue
			}
			w.handleError(ctx, err)
		case ev, ok := <-oldEvents:
			if ok {
				w.handle(ctx, ev)
			}
		case err, ok := <-oldErrs:
			if ok && !isLimit(err) {
				w.handleError(ctx, err)
			}
		case err := <-w.hooks.errs:
			w.handleError(ctx, err)
		case <-tick:
			w.scanTurn(ctx)
		}
	}
}

// closed is a closed channel: the event loop's select takes it at once
// while there are watches to add.
var closed = func() chan struct{} { c := make(chan struct{}); close(c); return c }()

// maybeWatching says that every folder watched from the start has its
// watch, once, when none is left to add and the first build's walk, if
// it tells of its folders, is over.
func (w *watcher) maybeWatching(ctx context.Context) {
	if w.watchingSaid || w.later != nil || w.walk != nil {
		return
	}
	w.watchingSaid = true
	w.dropOld(ctx)
	w.watching()
}

// watching says that every folder watched from the start has its watch.
func (w *watcher) watching() {
	if w.hooks.watching != nil {
		w.hooks.watching()
	}
	if w.opts.Watching != nil {
		w.opts.Watching()
	}
}

// start marks the filesystems with fanotify, or creates the fsnotify
// watcher and adds the watches, the parents' first, then the roots'
// breadth first; past the limit, the scan takes over. Where change times
// can be trusted (lazyFrom) and no cap is set, it watches the roots
// alone and leaves the folders under them to the event loop's turns
// (watchLater), so that the first build runs while they are watched.
func (w *watcher) start(ctx context.Context) {
	if w.opts.MaxWatches > 0 {
		w.capacity = w.opts.MaxWatches
	}
	fsw, err := fsnotify.NewWatcher()
	if err != nil {
		if w.atLimit(ctx, err) {
			w.scanLater(w.roots...)
		}
		return
	}
	w.fsw, w.events, w.errs = fsw, fsw.Events, fsw.Errors
	for _, p := range slices.Sorted(maps.Keys(w.parents)) {
		if w.capacity > 0 && w.count() >= w.capacity {
			w.limit = errCapped
			break
		}
		if err := w.add(p); err != nil {
			if isLimit(err) {
				w.limit = err
				break
			}
			if !errors.Is(err, fs.ErrNotExist) {
				w.warn(fmt.Errorf("watch: %s: %w", p, err))
			}
			continue
		}
		w.parentWatched[p] = true
	}
	if w.limit != nil {
		if w.atLimit(ctx, w.limit) {
			w.scanLater(w.roots...)
		}
		return
	}
	if w.capacity == 0 && !w.hooks.early {
		if since, ok := lazyFrom(w.roots); ok {
			w.since = since
			for _, r := range w.roots {
				w.watchRoot(ctx, r)
			}
			return
		}
	}
	for _, r := range w.roots {
		w.addTree(ctx, r, false)
	}
}

// watchRoot watches the root and puts its folders in w.later. The root
// is watched before Ready, as the first build writes its files into it
// most often: watched later, it would be reported changed, a whole build
// to make again.
func (w *watcher) watchRoot(ctx context.Context, root string) {
	if !w.watchDir(root) {
		if w.atLimit(ctx, w.limit) {
			w.scanLater(root)
		}
		return
	}
	if w.takeWalk(root) {
		return // the first build's walk tells of the folders under it
	}
	i := uint16(slices.Index(w.roots, root))
	from := len(w.later)
	_, err := subfoldersSince(root, math.MaxInt64, func(name []byte) { w.queueLater(i, "", root, name) }, nil)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			w.warn(fmt.Errorf("watch: %w", err))
		}
		return
	}
	w.sortLater(from)
}

// queueLater puts the folder name of the folder at rel under the root i
// (dir, its path) at the end of w.later, unless it is left out or is a
// root of its own.
func (w *watcher) queueLater(root uint16, rel, dir string, name []byte) {
	var b strings.Builder
	b.Grow(len(rel) + len(name) + 2)
	if rel != "" {
		b.WriteString(rel)
		b.WriteByte(filepath.Separator)
	}
	b.Write(name)
	b.WriteByte(0)
	d := scanDir{root: root, data: b.String(), self: unlisted}
	if n := d.data[len(d.data)-1-len(name) : len(d.data)-1]; hidden(n) || noise(n) {
		return
	}
	if w.opts.Ignore != nil || len(w.roots) > 1 {
		p := dir + string(filepath.Separator) + string(name)
		if w.ignore(p) || len(w.roots) > 1 && w.isRoot(p) {
			return
		}
	}
	w.later = append(w.later, d)
}

// sortLater sorts the folders of w.later from from on, those of one
// folder, by name: the order of a breadth-first walk, as addTree's.
func (w *watcher) sortLater(from int) {
	slices.SortFunc(w.later[from:], func(a, b scanDir) int { return strings.Compare(a.data, b.data) })
}

// laterStep is how many folders of w.later a turn of the event loop
// watches: a millisecond or two between two looks at the events.
const laterStep = 64

// watchLater adds the watches of the next folders of w.later, breadth
// first, while the first build runs. Each folder is listed after its
// watch is added, as addTree does, and, as the build may have read it
// before, reports what changed in it from the start on (w.since): the
// folder, when it gained or lost an entry, and its files changed, by
// their change times. A change is then read by the build, seen by the
// watch, or found by its time. Past the limit, the folders left are
// scanned, their first look reporting the same way (scanLater).
func (w *watcher) watchLater(ctx context.Context) {
	if w.laterAt >= 4096 && w.laterAt >= len(w.later)/2 { // those done go
		n := copy(w.later, w.later[w.laterAt:])
		clear(w.later[n:])
		w.later, w.laterAt = w.later[:n], 0
	}
	for n := 0; n < laterStep && w.laterAt < len(w.later) && ctx.Err() == nil; n++ {
		i := w.laterAt
		d := w.later[i]
		w.buf = w.appendPath(w.buf[:0], &d, "")
		path := w.buf[:len(w.buf)-1]
		if _, ok := w.dirs[string(path)]; ok {
			// Watched meanwhile by a walk that reported what it found:
			// a folder created, or events lost (everything is walked).
			w.later[i], w.laterAt = scanDir{}, i+1
			continue
		}
		dir := w.paths.internBytes(path)
		if w.fan == nil && !w.watchNew(dir) {
			if w.scanLeft(ctx) {
				return
			}
			// fanotify sees the folder from now on; listed, it says
			// what changed in it before.
		}
		w.later[i], w.laterAt = scanDir{}, i+1 // its path goes with it
		w.listLater(ctx, d.root, d.rel(), dir)
	}
	if w.laterAt == len(w.later) {
		w.later, w.laterAt = nil, 0
		w.maybeWatching(ctx)
	}
}

// scanLeft hands the folders of w.later not watched yet to the scan, at
// the limit: each is listed at its first look, which reports what
// changed in it from the start on (scanLater). It returns false, and
// leaves them in w.later, when fanotify takes over at the limit
// (toFanotify): watchLater then lists them, with no watch, for what
// changed in them before.
func (w *watcher) scanLeft(ctx context.Context) bool {
	fresh := w.scan == nil
	if !w.atLimit(ctx, w.limit) {
		return false
	}
	left := w.later[w.laterAt:]
	w.later, w.laterAt = nil, 0
	s := w.scan
	if s.since == 0 {
		s.since = w.since
	}
	s.dirs = slices.Grow(s.dirs, len(left))
	s.dirs = append(s.dirs, left...)
	s.dirty = true
	if fresh {
		// Each folder once, as at the start: none to tidy.
		s.from, s.dirty = len(s.dirs), false
	}
	w.maybeWatching(ctx)
	return true
}

// close stops whichever of fsnotify, fanotify and the scan is running.
func (w *watcher) close() {
	w.events, w.errs = nil, nil
	if w.fsw != nil {
		w.fsw.Close()
		w.fsw = nil
	}
	if w.old != nil {
		w.old.Close()
		w.old = nil
	}
	if w.fan != nil {
		w.fan.close()
		w.fan = nil
	}
	w.stopScan()
}

// add adds a watch on one folder.
func (w *watcher) add(dir string) error {
	if w.hooks.add != nil {
		if err := w.hooks.add(dir); err != nil {
			return err
		}
	}
	return w.fsw.Add(dir)
}

// count returns the number of watches taken.
func (w *watcher) count() int { return len(w.dirs) + len(w.parentWatched) }

// reserve is how many of capacity watches are kept for the folders the
// scan finds changed.
func reserve(capacity int) int { return min(hotMax, capacity/8) }

// addTree adds watches on dir and every folder under it, breadth first,
// and, if report is set, reports dir and every file under it. Each
// folder's watch is added before the folder is listed, so a file created
// meanwhile is either listed or seen by the watch. At the limit, the
// folders left are scanned.
func (w *watcher) addTree(ctx context.Context, dir string, report bool) {
	if report {
		w.send(ctx, dir)
	}
	if w.fan != nil {
		return // it sees everything
	}
	queue := []string{dir}
	for len(queue) > 0 && ctx.Err() == nil {
		d := queue[0]
		queue = queue[1:]
		if !w.watchDir(d) {
			if !w.atLimit(ctx, w.limit) {
				return // fanotify sees them: what it reported stands for them
			}
			if left := append([]string{d}, queue...); w.started {
				w.scanTree(left...)
			} else {
				w.scanLater(left...) // before the first build: listed in turns
			}
			return
		}
		var file func(name []byte)
		if report {
			file = func(name []byte) {
				if p := filepath.Join(d, string(name)); w.relevant(p) {
					w.send(ctx, p)
				}
			}
		}
		folders, err := subfolders(d, file)
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) { // gone meanwhile: its removal is an event
				w.warn(fmt.Errorf("watch: %w", err))
			}
			continue
		}
		for _, name := range folders {
			if p := filepath.Join(d, name); !w.skipDir(p) {
				queue = append(queue, p)
			}
		}
	}
}

// watchDir adds a watch on dir and puts it in the set. It returns false,
// with w.limit set, when a limit keeps it from being added; a folder that
// cannot be watched for another reason is said and left alone.
func (w *watcher) watchDir(dir string) bool {
	if _, ok := w.dirs[dir]; ok {
		return true
	}
	return w.watchNew(w.paths.intern(dir)) // fsnotify keeps the string it is given: one copy of each path
}

// watchNew is watchDir for a folder not in the set, its path in w.paths.
func (w *watcher) watchNew(dir string) bool {
	if w.capacity > 0 && w.count() >= w.capacity-w.reserve() {
		w.limit = errCapped
		if w.limited {
			w.limit = errLimit
		}
		return false
	}
	if err := w.add(dir); err != nil {
		switch {
		case isLimit(err):
			w.limit = err
			return false
		case errors.Is(err, fs.ErrNotExist):
		default:
			w.warn(fmt.Errorf("watch: %s: %w", dir, err))
		}
		return true
	}
	w.dirs[dir] = struct{}{}
	if !w.limited {
		if len(w.recent) == hotMax {
			w.recent = w.recent[1:]
		}
		w.recent = append(w.recent, dir)
	}
	return true
}

// reserve is how many watches are kept for the folders the scan finds
// changed: none before the limit is known.
func (w *watcher) reserve() int {
	if w.limited && w.scan != nil {
		return 0 // the scan takes them as it needs
	}
	return reserve(w.capacity)
}

// atLimit is called when a limit keeps a watch from being added: the
// first time, it watches the filesystems whole with fanotify, where it
// may (toFanotify), or sets the scan up, and says so. It returns true
// when the scan takes the folders past the limit, false when fanotify
// sees them.
func (w *watcher) atLimit(ctx context.Context, cause error) bool {
	if w.limited {
		return w.fan == nil
	}
	w.limited = true
	if w.toFanotify(ctx, cause) {
		return false
	}
	watched := w.count()
	if w.capacity == 0 {
		w.capacity = watched
	}
	w.startScan()
	if cause != errCapped && w.fsw != nil {
		// Some watches given back, the last taken (the deepest, breadth
		// first), for the folders the scan finds changed. The folders
		// under them that have no watch are scanned (gaveBack; once the
		// first build began, or by the caller).
		var back []string
		for n := reserve(w.capacity); n > 0 && len(w.recent) > 0; n-- {
			dir := w.recent[len(w.recent)-1]
			w.recent = w.recent[:len(w.recent)-1]
			back = append(back, dir)
		}
		n := len(w.scan.dirs)
		for _, dir := range back {
			if w.hooks.demote != nil {
				w.hooks.demote(dir)
			}
		}
		w.scanFolders(back, false) // listed, then unwatched: a change between is both
		for _, dir := range back {
			w.unwatch(dir)
		}
		if w.started { // before the first build, no change is reported
			for i, end := n, len(w.scan.dirs); i < end; i++ {
				w.gaveBack(ctx, &w.scan.dirs[i])
			}
		}
	}
	w.recent = nil
	if isLimit(cause) {
		w.limitCause = cause
	}
	w.warn(limitWarning(cause, watched, w.capacity, w.fanErr))
	return true
}

// toFanotify watches the filesystems of the roots and the parents whole
// with fanotify from now on, at the limit of watches, where the process
// may (Linux 5.9 or later, as root, unless Options.NoFanotify), and says
// so with what it costs. fanotify's marks come before the watches are
// let go: the events of the watches are read until the first build is
// done (dropOld), and a folder listed after the marks is seen whole. It
// returns false where fanotify cannot be used.
func (w *watcher) toFanotify(ctx context.Context, cause error) bool {
	if w.opts.NoFanotify {
		return false
	}
	fan, err := openFanotify(w.marks(), w.interest())
	if err != nil {
		w.fanErr = err
		return false
	}
	watched := w.count()
	w.fan, w.old, w.fsw = fan, w.fsw, nil
	w.events, w.errs = fan.events, fan.errs
	w.recent = nil
	w.warn(fanotifyWarning(cause, watched))
	if w.watchingSaid {
		w.dropOld(ctx)
	}
	return true
}

// dropOld lets go of the watches taken before fanotify took over, once
// every folder watched from the start is seen by it: the events already
// come are read first.
func (w *watcher) dropOld(ctx context.Context) {
	if w.old == nil {
		return
	}
	for drained := false; !drained; {
		select {
		case ev, ok := <-w.old.Events:
			if ok {
				w.handle(ctx, ev)
			} else {
				drained = true
			}
		default:
			drained = true
		}
	}
	w.old.Close()
	w.old = nil
	clear(w.dirs)
	clear(w.parentWatched)
}

// errLimit stands for the limit met before, when the capacity is reached
// again.
var errLimit = errors.New("the limit of watches reached")

// marks returns the folders whose filesystems fanotify marks: the roots
// and the parents.
func (w *watcher) marks() []string {
	return append(slices.Clone(w.roots), slices.Sorted(maps.Keys(w.parents))...)
}

// interest returns what fanotify's reader keeps: the entries of a folder
// under a root, and names in a parent, under the names they were given.
// The kernel names a folder by its real path: a root given through a
// symbolic link (a site folder that is a link, /tmp on some systems) is
// found by its target's, and named back. It reads copies, which nothing
// changes, and allocates only the paths it keeps: the events of the
// whole filesystem pass through it.
func (w *watcher) interest() func(dir string, name []byte) (string, bool) {
	type name struct{ real, given string }
	var roots, parents []name
	for _, r := range w.roots {
		roots = append(roots, name{realPath(r), r})
	}
	for p := range w.parents {
		parents = append(parents, name{realPath(p), p})
	}
	sep := string(filepath.Separator)
	return func(dir string, entry []byte) (string, bool) {
		for _, r := range roots {
			if within(dir, r.real) {
				if len(entry) == 0 {
					return r.given + dir[len(r.real):], true
				}
				return r.given + dir[len(r.real):] + sep + string(entry), true
			}
		}
		for _, p := range parents {
			if dir == p.real && len(entry) > 0 {
				return p.given + sep + string(entry), true
			}
		}
		return "", false
	}
}

// realPath is path with its symbolic links resolved, or path itself when
// they cannot be.
func realPath(path string) string {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		return real
	}
	return path
}
