package watch

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
)

// The scan: the folders that have no watch of their own, looked at in
// turns. Each turn looks at the next folders of the pass for at most
// 1/scanShare of the time since the last turn, so that a scan of any size
// takes at most 5 % of a core: a large tree's pass is spread over more
// turns, not made faster. A folder's own state (its modification time
// changes when it gains or loses an entry) says whether to list it again;
// if not, each of its files is statted. A folder found changed gets a
// watch of its own when one can be had (the folders changed last keep
// theirs), so that the next change there is seen at once.

const (
	// scanShare: a turn of the scan takes at most 1/scanShare of the time
	// since the last one: 4 %, which the ticks and the garbage collector
	// take to under 5 % of a core.
	scanShare = 25
	// scanTick is the longest time between two turns.
	scanTick = 250 * time.Millisecond
	// hotMax bounds the folders given a watch because they changed.
	hotMax = 1024
)

// scanDir is a folder the scan looks at: 24 bytes and one string, for
// the million folders of a large site.
type scanDir struct {
	// data is the folder's path from its root, with the system's
	// separators ("" is the root), a NUL, then its entries when it was
	// listed, by name: the name, a NUL, the state's 4 bytes. Hidden names
	// and editors' noise are not kept: no change to them is reported.
	data string
	root uint16 // index in watcher.roots; gone: tidied away at the end of the pass
	self state  // the folder's own state when it was listed; 0: a root not there
}

// newScanDir returns the folder at rel under the root, with entries.
func newScanDir(root uint16, rel, entries string) scanDir {
	return scanDir{root: root, data: rel + "\x00" + entries}
}

// rel is the folder's path from its root.
func (d *scanDir) rel() string { return d.data[:strings.IndexByte(d.data, 0)] }

// isRoot reports whether the folder is its root.
func (d *scanDir) isRoot() bool { return d.data[0] == 0 }

// entries are the folder's entries when it was listed.
func (d *scanDir) entries() string { return d.data[strings.IndexByte(d.data, 0)+1:] }

// setEntries keeps the folder's entries, as listed now.
func (d *scanDir) setEntries(entries string) { d.data = d.rel() + "\x00" + entries }

// gone marks a scanDir that is no longer looked at.
const gone = ^uint16(0)

// scanner is the scan's state, owned by the event loop's goroutine.
type scanner struct {
	dirs   []scanDir
	next   int           // the next folder of the pass
	pass   time.Time     // when the pass began
	cost   time.Duration // the time the pass's turns took
	last   time.Time     // when the last turn ended
	credit time.Duration // what the turns may take: negative after one took more
	dirty  bool          // folders added or gone during the pass: tidy at its end
	from   int           // the folders from this one on were added since the last tidy
	seed   maphash.Seed  // of the keys tidy compares folders by
	told   bool          // the cost of a pass was said
	passes int           // the passes ended
	ended  bool          // the pass has ended: Options.Passed was called
	// files are the states of Options.Files whose folder has no watch.
	files  map[string]state
	ticker *time.Ticker
	// hot are the folders given a watch because the scan found them
	// changed, the oldest first.
	hot []string
	buf []byte // a path being statted, NUL-terminated
	// since is the change time from which the first look at an unlisted
	// folder reports what it finds (scanLater); 0 when none is.
	since int64
}

// unlisted is the own state of a folder the scan has not listed yet
// (scanLater): a folder's own state never has folderBit.
const unlisted = folderBit

// startScan makes the scanner, if there is none: from now on the folders
// given to scanTree are looked at in turns, and the Files whose folders
// have no watch.
func (w *watcher) startScan() {
	if w.scan != nil {
		return
	}
	w.scan = &scanner{pass: time.Now(), last: time.Now(), seed: maphash.MakeSeed()}
	w.scan.ticker = time.NewTicker(min(w.opts.Poll, scanTick))
	w.polling.Store(true)
	w.scanFiles(context.Background()) // what they are now: nothing is reported the first time
}

// stopScan stops the scanner's ticker.
func (w *watcher) stopScan() {
	if w.scan != nil && w.scan.ticker != nil {
		w.scan.ticker.Stop()
	}
}

// split returns the index of the root that holds dir and dir's path from
// it.
func (w *watcher) split(dir string) (uint16, string, bool) {
	r := w.rootOf(dir)
	if r == "" {
		return 0, "", false
	}
	i := slices.Index(w.roots, r)
	rel := strings.TrimPrefix(dir[len(r):], string(filepath.Separator))
	return uint16(i), rel, true
}

// pathOf returns the absolute path of a scanned folder, or of its entry
// name.
func (w *watcher) pathOf(d *scanDir, name string) string {
	p := w.roots[d.root]
	if rel := d.rel(); rel != "" {
		p += string(filepath.Separator) + rel
	}
	if name != "" {
		p += string(filepath.Separator) + name
	}
	return p
}

// pathBytes returns the path of a scanned folder, or of its entry name,
// in the scanner's buffer, where a NUL follows it: for statPath, until
// the next call.
func (w *watcher) pathBytes(d *scanDir, name string) []byte {
	w.scan.buf = w.appendPath(w.scan.buf[:0], d, name)
	return w.scan.buf[:len(w.scan.buf)-1]
}

// appendPath appends the path of a scanned folder, or of its entry name,
// and a NUL, to b.
func (w *watcher) appendPath(b []byte, d *scanDir, name string) []byte {
	b = append(b, w.roots[d.root]...)
	if rel := d.data[:strings.IndexByte(d.data, 0)]; rel != "" {
		b = append(append(b, filepath.Separator), rel...)
	}
	if name != "" {
		b = append(append(b, filepath.Separator), name...)
	}
	return append(b, 0)
}

// scanLater scans dirs and every folder under them from now on, as
// scanTree does, but lists none of them now: each is listed at its first
// look, in the turns of the first pass, which reports what changed since
// now in it (the folder itself when it gained or lost an entry, else its
// files changed), by their change times, and adds its folders, unlisted.
// It is for the start, before the first build or while it runs (the
// folders the watches added meanwhile leave): a million folders listed
// at once took two-thirds of a build's time before watching began, the
// turns take them at 5 % of a core. Where change times cannot be trusted
// so (lazyFrom), it is scanTree.
func (w *watcher) scanLater(dirs ...string) {
	since, ok := w.since, w.since != 0 // the folders watched later report from the same time
	if !ok {
		since, ok = lazyFrom(w.roots)
	}
	if !ok {
		w.scanTree(dirs...)
		return
	}
	w.startScan()
	s := w.scan
	if s.since == 0 {
		s.since = since
	}
	for _, dir := range dirs {
		root, rel, ok := w.split(dir)
		if !ok {
			continue
		}
		d := newScanDir(root, rel, "")
		if !d.isRoot() {
			// Not statted now (a million folders): one gone before the
			// first build is reported gone at its first look.
			d.self = unlisted
			s.dirs = append(s.dirs, d)
			continue
		}
		// A root is listed now, its folders later: the first build writes
		// its files into the root, most often, and the root's first look
		// would take them for another's change, and the root gaining an
		// entry for a whole build to make. A root not there (state 0) is
		// looked at until it is.
		self, entries, folders := w.list(&d)
		d.self = self
		d.setEntries(entries)
		s.dirs = append(s.dirs, d)
		w.addUnlisted(root, rel, dir, folders)
	}
	s.dirty = true
}

// addUnlisted adds the folders of the folder at rel under the root (dir,
// its path) to the scan, unlisted, but those that are roots of their own.
func (w *watcher) addUnlisted(root uint16, rel, dir string, folders []string) {
	s := w.scan
	for _, name := range folders {
		if len(w.roots) > 1 && w.isRoot(filepath.Join(dir, name)) {
			continue // scanned as a root of its own
		}
		sub := newScanDir(root, join(rel, name), "")
		sub.self = unlisted
		s.dirs = append(s.dirs, sub)
	}
}

// firstLook lists the unlisted folder i, reports what changed in it since
// s.since, and adds its folders, unlisted, at the end of the pass.
func (w *watcher) firstLook(ctx context.Context, i int) {
	s := w.scan
	d := &s.dirs[i]
	self, entries, folders, changed := w.listSince(d, s.since)
	d.self = self
	d.setEntries(entries)
	pending := s.from < len(s.dirs) // folders added since the last tidy
	w.addUnlisted(d.root, d.rel(), w.pathOf(d, ""), folders)
	if !pending {
		// Each folder is found once, by its parent: none is a second of
		// another, and tidy need not look at them.
		s.from = len(s.dirs)
	}
	for _, p := range changed {
		w.send(ctx, p)
	}
	if len(changed) > 0 {
		w.promote(ctx, i)
	}
}

// scanTree lists dirs and every folder under them now and scans them
// from now on: a change after this is reported by a later turn. It is for
// the folders that get no watch or lose theirs: before the first build,
// as the watches would have been; while watching, before they are
// reported, to be walked again. A root not there is looked at until it
// is.
func (w *watcher) scanTree(dirs ...string) { w.scanFolders(dirs, true) }

// scanFolders is scanTree, or, without deep, lists and scans dirs alone:
// the folders under them are watched, or scanned already.
func (w *watcher) scanFolders(dirs []string, deep bool) {
	w.startScan()
	s := w.scan
	var level []scanDir
	for _, dir := range dirs {
		if root, rel, ok := w.split(dir); ok {
			level = append(level, newScanDir(root, rel, ""))
		}
	}
	var levels [][]scanDir
	n := 0
	for len(level) > 0 {
		listed, next := w.listLevel(level)
		levels = append(levels, listed)
		n += len(listed)
		level = next
		if !deep {
			break
		}
	}
	if cap(s.dirs)-len(s.dirs) < n {
		// Made at its size when it is made: a million folders are a few
		// tens of MB, and half of that again for growth would stay.
		size := len(s.dirs) + n
		if len(s.dirs) > 0 {
			size += size / 4
		}
		s.dirs = append(make([]scanDir, 0, size), s.dirs...)
	}
	for _, listed := range levels {
		for _, d := range listed {
			if d.self != 0 || d.isRoot() { // a root not there is looked at until it is
				s.dirs = append(s.dirs, d)
			}
		}
	}
	s.dirty = true
}

// listLevel lists the folders of one level of a tree, on every core,
// and returns them, with their folders, the next level.
func (w *watcher) listLevel(level []scanDir) (listed, next []scanDir) {
	workers := min(runtime.GOMAXPROCS(0), 1+len(level)/64)
	subs := make([][]scanDir, workers)
	var wg sync.WaitGroup
	for k := range workers {
		wg.Go(func() {
			for i := k; i < len(level); i += workers {
				d := &level[i]
				self, entries, folders := w.list(d)
				d.self = self
				d.setEntries(entries)
				rel := d.rel()
				for _, name := range folders {
					if len(w.roots) > 1 && w.isRoot(w.pathOf(d, name)) {
						continue // listed as a root of its own
					}
					subs[k] = append(subs[k], newScanDir(d.root, join(rel, name), ""))
				}
			}
		})
	}
	wg.Wait()
	for _, sub := range subs {
		next = append(next, sub...)
	}
	return level, next
}

// join joins a folder's path from its root and an entry's name.
func join(rel, name string) string {
	if rel == "" {
		return name
	}
	return rel + string(filepath.Separator) + name
}

// entry is one entry of a folder as the scan keeps it, and, as read, a
// file's change time.
type entry struct {
	name  string
	st    state
	ctime int64
}

// list returns the folder d's own state, its entries as scanDir keeps
// them, and the names of its folders that are scanned (not hidden,
// not ignored). A folder that cannot be read (no permission) has no
// entries, until its own state changes; one that is gone, or not a
// folder, has the state 0.
func (w *watcher) list(d *scanDir) (self state, entries string, folders []string) {
	self, entries, folders, _ = w.listSince(d, 0)
	return self, entries, folders
}

// testHookListing, if not nil, is called by readFolder between the
// folder's own stat and its listing: tests change the folder there.
var testHookListing func(dir string)

// listSince is list, which also returns, with since, what changed from
// that change time on: the folder itself when it gained or lost an entry
// (its path first, marked a folder), and its files (their paths); a
// folder that cannot be read is reported itself.
func (w *watcher) listSince(d *scanDir, since int64) (self state, entries string, folders, changed []string) {
	dir := w.pathOf(d, "")
	self, selfCtime, ents, err := readFolder(dir, d.isRoot(), since != 0, func(name string, folder bool) bool {
		if hidden(name) || noise(name) {
			return false
		}
		return w.opts.Ignore == nil || !w.ignore(dir+string(filepath.Separator)+name)
	})
	if err != nil {
		// At a first look, what changed since cannot be told: the
		// folder is walked again.
		if since != 0 {
			changed = append(changed, dir+folderMark)
		}
		var b []byte
		b = w.appendPath(b, d, "")
		if _, self, folder, err := statPath(b[:len(b)-1], d.isRoot()); err == nil && folder {
			return self, "", nil, changed
		}
		return 0, "", nil, changed
	}
	if since != 0 {
		if selfCtime >= since { // an entry added or removed: the removed cannot be named
			changed = append(changed, dir+folderMark)
		}
		for _, e := range ents {
			if e.st&folderBit == 0 && e.ctime >= since {
				changed = append(changed, dir+string(filepath.Separator)+e.name)
			}
		}
	}
	n := 0
	for _, e := range ents {
		n += len(e.name) + 5
	}
	var b strings.Builder
	b.Grow(n)
	var four [4]byte
	for _, e := range ents {
		if e.st&folderBit != 0 {
			folders = append(folders, e.name)
		}
		b.WriteString(e.name)
		b.WriteByte(0)
		binary.LittleEndian.PutUint32(four[:], uint32(e.st))
		b.Write(four[:])
	}
	return self, b.String(), folders, changed
}

// entryAt returns the entry of entries at byte offset i, and the offset of
// the next; ok is false past the end.
func entryAt(entries string, i int) (name string, st state, next int, ok bool) {
	if i >= len(entries) {
		return "", 0, i, false
	}
	end := strings.IndexByte(entries[i:], 0)
	if end < 0 || i+end+5 > len(entries) {
		return "", 0, len(entries), false
	}
	name = entries[i : i+end]
	k := i + end + 1
	st = state(uint32(entries[k]) | uint32(entries[k+1])<<8 | uint32(entries[k+2])<<16 | uint32(entries[k+3])<<24)
	return name, st, i + end + 5, true
}

// scanTurn runs one turn of the scan: the next folders of the pass, for as
// long as its credit lasts: 1/scanShare of the time since the last turn,
// less what the last turns took beyond theirs (a folder of thousands of
// files is looked at whole). At the end of a pass, and once Options.Poll
// has passed since it began, a new pass.
func (w *watcher) scanTurn(ctx context.Context) {
	s := w.scan
	now := time.Now()
	// A second's worth at most: after the system slept, or between two
	// passes, a turn does not take a pass at once.
	s.credit = min(s.credit+min(now.Sub(s.last), time.Second)/scanShare, time.Second/scanShare)
	s.last = now
	if s.credit <= 0 {
		return
	}
	if s.next >= len(s.dirs) {
		if now.Sub(s.pass) < w.opts.Poll {
			return
		}
		w.endPass()
		s.next, s.pass, s.cost, s.ended = 0, now, 0, false
		w.scanFiles(ctx)
	}
	for s.next < len(s.dirs) && ctx.Err() == nil {
		i := s.next
		s.next++
		w.visit(ctx, i)
		if s.next%8 == 0 && time.Since(now) >= s.credit {
			break
		}
	}
	end := time.Now()
	s.cost += end.Sub(now)
	s.credit -= end.Sub(now)
	s.last = end
	if s.next >= len(s.dirs) && !s.ended {
		s.ended = true
		if s.passes == 0 && w.limitCause != nil {
			// The first pass has listed every folder: the number that
			// fits the tree can be named.
			scanned := 0
			for i := range s.dirs {
				if s.dirs[i].root != gone {
					scanned++
				}
			}
			w.warn(countWarning(w.limitCause, len(w.dirs)+scanned, len(w.dirs)))
		}
		if w.opts.Passed != nil {
			w.opts.Passed()
		}
	}
}

// endPass tidies the folders after a pass that added or lost some, and
// says once what a pass costs.
func (w *watcher) endPass() {
	s := w.scan
	if s.dirty {
		w.tidy()
	}
	// Said once, after the second pass (the first lists every folder),
	// when the scan is slower than Options.Poll asks and a change waits a
	// second or more: what the limit costs.
	s.passes++
	if every := s.cost * scanShare; !s.told && s.passes == 2 && every > max(w.opts.Poll, time.Second) {
		s.told = true
		are := "are"
		if len(s.dirs) == 1 {
			are = "is"
		}
		w.warn(fmt.Errorf("watch: %s %s scanned, not watched: a pass over them takes %v, kept to 5 %% of a core, so a change there is seen within about %v",
			folders(len(s.dirs)), are, s.cost.Round(time.Millisecond), every.Round(100*time.Millisecond)))
	}
}

// tidy drops the folders gone and, of a folder scanned twice (made
// again, or watched and then not), all but the one listed last, keeping
// the order: only the folders added since the last tidy may be a second.
func (w *watcher) tidy() {
	s := w.scan
	key := func(d *scanDir) uint64 {
		var h maphash.Hash
		h.SetSeed(s.seed)
		h.WriteByte(byte(d.root))
		h.WriteByte(byte(d.root >> 8))
		h.WriteString(d.rel())
		return h.Sum64()
	}
	var last map[uint64]int
	if s.from < len(s.dirs) {
		last = make(map[uint64]int, len(s.dirs)-s.from)
		for i := s.from; i < len(s.dirs); i++ {
			if s.dirs[i].root != gone {
				last[key(&s.dirs[i])] = i
			}
		}
	}
	kept := s.dirs[:0]
	for i := range s.dirs {
		d := s.dirs[i]
		if d.root == gone {
			continue
		}
		if j, ok := last[key(&d)]; last != nil && ok && j != i {
			continue
		}
		kept = append(kept, d)
	}
	clear(s.dirs[len(kept):]) // the strings of those dropped go
	s.dirs, s.from, s.dirty = kept, len(kept), false
}

// scanFiles looks at Options.Files whose folders have no watch.
func (w *watcher) scanFiles(ctx context.Context) {
	s := w.scan
	for f := range w.files {
		if _, ok := w.dirs[filepath.Dir(f)]; ok || w.parentWatched[filepath.Dir(f)] {
			continue
		}
		var now state
		if info, err := os.Lstat(f); err == nil {
			now, _ = stateOf(info)
		}
		if s.files == nil {
			s.files = make(map[string]state)
		}
		if was, ok := s.files[f]; ok && was != now {
			w.send(ctx, f)
		}
		s.files[f] = now
	}
}

// visit looks at the scanned folder i: whether it is still there, and
// whether an entry was added, removed or changed since it was listed.
func (w *watcher) visit(ctx context.Context, i int) {
	s := w.scan
	d := &s.dirs[i]
	if d.root == gone {
		return
	}
	_, self, folder, err := statPath(w.pathBytes(d, ""), d.isRoot())
	if err != nil || !folder {
		dir := w.pathOf(d, "")
		if d.isRoot() { // a root: kept, to be seen when it is back
			if d.self != 0 && !w.parentWatched[filepath.Dir(dir)] {
				w.warn(fmt.Errorf("watch: %s was %w", dir, ErrRootGone))
				w.send(ctx, dir)
			}
			d.self = 0
			d.setEntries("")
			return
		}
		// Gone, or a file now: what was under it went with it.
		d.root, s.dirty = gone, true
		w.send(ctx, dir+folderMark)
		return
	}
	if d.self == unlisted {
		w.firstLook(ctx, i)
		return
	}
	if self == d.self && !w.filesChanged(d) {
		return
	}
	dir := w.pathOf(d, "")
	if d.self == 0 { // a root back: listed afresh, and walked again
		d.root, s.dirty = gone, true
		w.scanTree(dir)
		w.send(ctx, dir)
		return
	}
	_, entries, _ := w.list(d)
	old := d.entries()
	d.self = self
	d.setEntries(entries)
	changed := w.report(ctx, d, old, entries)
	if changed {
		w.promote(ctx, i)
	}
}

// filesChanged reports whether a file of the folder d is no longer as it
// was listed.
func (w *watcher) filesChanged(d *scanDir) bool {
	entries := d.entries()
	for i := 0; ; {
		name, st, next, ok := entryAt(entries, i)
		if !ok {
			return false
		}
		i = next
		if st&folderBit != 0 {
			continue
		}
		if now, _, _, _ := statPath(w.pathBytes(d, name), false); now != st {
			return true
		}
	}
}

// report sends the paths of the entries that differ between two listings
// of the folder d, and scans the folders added; it reports whether any
// did.
func (w *watcher) report(ctx context.Context, d *scanDir, old, now string) bool {
	dir := w.pathOf(d, "")
	changed := false
	i, j := 0, 0
	for {
		on, ost, oi, ook := entryAt(old, i)
		nn, nst, nj, nok := entryAt(now, j)
		switch {
		case !ook && !nok:
			return changed
		case ook && (!nok || on < nn): // removed
			p := dir + string(filepath.Separator) + on
			if ost&folderBit != 0 {
				p += folderMark
			}
			w.send(ctx, p)
			i, changed = oi, true
		case nok && (!ook || nn < on): // added
			p := dir + string(filepath.Separator) + nn
			if nst&folderBit != 0 {
				w.scanTree(p)
			}
			w.send(ctx, p)
			j, changed = nj, true
		default: // the same name
			if ost != nst {
				p := dir + string(filepath.Separator) + nn
				if nst&folderBit != 0 { // another folder, or a file made a folder
					w.scanTree(p)
				}
				if ost&folderBit != 0 { // a folder replaced
					w.send(ctx, p+folderMark)
				}
				w.send(ctx, p)
				changed = true
			}
			i, j = oi, nj
		}
	}
}

// promote gives the scanned folder i, just found changed, a watch of its
// own if one can be had, taking it from the folder given one the longest
// ago when all are taken: the next change there is seen at once.
func (w *watcher) promote(ctx context.Context, i int) {
	s := w.scan
	if w.fsw == nil || w.capacity <= 0 {
		return
	}
	dir := w.pathOf(&s.dirs[i], "")
	for w.count() >= w.capacity {
		if !w.demote(ctx) {
			return
		}
	}
	dir = w.paths.intern(dir) // fsnotify keeps the string it is given
	if err := w.add(dir); err != nil {
		if isLimit(err) {
			w.capacity = w.count()
		}
		return
	}
	w.dirs[dir] = struct{}{}
	s.hot = append(s.hot, dir)
	// A change between the listing and the watch: look once more.
	d := s.dirs[i]
	s.dirs[i].root, s.dirty = gone, true
	if _, self, _, err := statPath(w.pathBytes(&d, ""), d.isRoot()); err == nil && (self != d.self || w.filesChanged(&d)) {
		_, entries, _ := w.list(&d)
		w.report(ctx, &d, d.entries(), entries)
	}
}

// demote takes the watch of the folder given one the longest ago for a
// change, and scans it again; it reports whether there was one.
func (w *watcher) demote(ctx context.Context) bool {
	s := w.scan
	for len(s.hot) > 0 {
		dir := s.hot[0]
		s.hot = s.hot[1:]
		if _, ok := w.dirs[dir]; !ok {
			continue // removed meanwhile
		}
		// Listed first, then unwatched: a change in between is both an
		// event and, later, a difference.
		root, rel, ok := w.split(dir)
		if !ok {
			continue
		}
		if w.hooks.demote != nil {
			w.hooks.demote(dir)
		}
		d := newScanDir(root, rel, "")
		self, entries, _ := w.list(&d)
		d.self = self
		d.setEntries(entries)
		s.dirs = append(s.dirs, d)
		s.dirty = true
		w.unwatch(dir)
		w.gaveBack(ctx, &d)
		return true
	}
	return false
}

// gaveBack reports the folder d, whose watch was just given back to the
// scan after it was listed: fsnotify drops the events of a watch it had
// not read when the watch is removed, and the listing the scan starts
// from already holds the changes they told of (a page written, touched
// or removed a moment before). The folder is walked again, and each
// folder in it that has no watch of its own is listed and scanned, as a
// folder whose creation was such an event would not be (a second listing
// of one scanned already goes at the end of the pass).
func (w *watcher) gaveBack(ctx context.Context, d *scanDir) {
	dir := w.pathOf(d, "")
	entries := d.entries()
	for i := 0; ; {
		name, st, next, ok := entryAt(entries, i)
		if !ok {
			break
		}
		i = next
		if st&folderBit == 0 {
			continue
		}
		p := filepath.Join(dir, name)
		if _, ok := w.dirs[p]; ok || len(w.roots) > 1 && w.isRoot(p) {
			continue
		}
		w.scanTree(p)
	}
	w.send(ctx, dir)
}

// errCapped is the limit Options.MaxWatches sets.
var errCapped = errors.New("--max-watches")
