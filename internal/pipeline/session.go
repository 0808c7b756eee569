package pipeline

import (
	"context"
	"errors"
	"io/fs"
	"iter"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/walker"
	"github.com/sitemapgen/sitemapgen/writer"
)

// Session is a build kept in memory for watch mode. It keeps the
// verdict on every page found, so that after a change [Session.Update]
// reads again only the paths that changed. It also keeps the writer's
// state, so that only the sitemap files whose bytes change are written,
// the index last.
//
// After any sequence of changes, a Session writes what [Run] would
// write for the files as they are then. The same records go through the
// same sort, de-duplication and writer.
//
// A Session is used by one goroutine at a time.
type Session struct {
	opts Options
	// b is the last whole build, whose passes each update runs again. h
	// is what the Session holds of it: the resolved options, the records
	// and what the build keeps between updates (kept.go). The Session
	// reads the build's state through h and changes it through b's
	// methods alone (TestSessionKeepsToHeld).
	b     *builder
	h     held
	state *writer.State
	all   []int32 // every record, sorted by loc then path: the order before dedup
	dups  int     // records of all with the loc of the one before; 0: dedup has nothing to do
	whole bool    // the last build failed before judging every page; the next Update is a whole build

	rootAbs, joinAbs string
	hostFiles        map[string]bool // absolute paths of the host files whose rules the mapper holds
	// onDemand holds which of Options.OnDemand the last whole build
	// warned about (builder.warnOnDemand). A restart that finds the same
	// routes says nothing again.
	onDemand *string
	// gitFiles are the repository's files whose change means a commit
	// (GitWatched). They are kept while the git source has no history yet
	// (no commit, or git failed). A change to one of them is a whole
	// build.
	gitFiles map[string]bool
}

// Start runs a whole build, as Run does, and returns the Session that
// keeps it. Start returns the Session even when the build fails, for
// example with no page yet or a page that cannot be written, because a
// later Update may succeed. Options.Explain and Options.Transform must
// be empty.
func Start(ctx context.Context, opts Options) (*Session, *Result, error) {
	if len(opts.Explain) > 0 {
		return nil, nil, errors.New("build: a Session does not explain")
	}
	if opts.Transform != nil {
		return nil, nil, errors.New("build: a Session runs no transform")
	}
	s := &Session{opts: opts, state: writer.NewState()}
	res, err := s.restart(ctx)
	// Only the first walk tells its folders, for watch mode's watches. A
	// later walk covers what changed, with the watches already in place.
	s.opts.Walk.Folders = nil
	if s.b != nil {
		s.b.stopTellingFolders()
	}
	return s, res, err
}

// Restart builds everything again with opts, as Start does. It keeps
// what the writer knows of the files on disk, so only the files whose
// bytes change are written. The Result's Write counts the URLs that
// changed.
func (s *Session) Restart(ctx context.Context, opts Options) (*Result, error) {
	if len(opts.Explain) > 0 {
		return nil, errors.New("build: a Session does not explain")
	}
	if !fsx.SamePath(writeDir(opts), writeDir(s.opts)) {
		s.state = writer.NewState()
	}
	s.opts = opts
	return s.restart(ctx)
}

// writeDir is the folder opts write into.
func writeDir(opts Options) string {
	switch {
	case opts.Write.Dir != "":
		return opts.Write.Dir
	case opts.Content != nil:
		return opts.Content.Dir
	}
	return opts.Root
}

// rereads is how many whole builds in a row restart runs while the
// generator writes its sitemaps again during each (errGeneratorWrote).
// Its build writes them within milliseconds, once its pages are written.
const rereads = 3

// restart builds everything again, keeping the writer's state. A build
// whose write stopped because the generator wrote its sitemaps again
// after the build read them is run again, to read them, at most rereads
// times. After the last, the next Update is a whole build: the file's
// change comes in a later batch.
func (s *Session) restart(ctx context.Context) (*Result, error) {
	for n := 1; ; n++ {
		res, err := s.build(ctx)
		if !errors.Is(err, errGeneratorWrote) {
			return res, err
		}
		s.whole = true
		if n == rereads || ctx.Err() != nil {
			return res, err
		}
	}
}

// build builds everything once, keeping the writer's state.
func (s *Session) build(ctx context.Context) (*Result, error) {
	start := time.Now()
	res := &Result{Skipped: map[mapping.Reason]int{}}
	defer func() { res.Elapsed = time.Since(start) }()
	s.whole = true
	opts := s.opts
	opts.Write.State = s.state
	b, err := newBuilder(ctx, opts, res, sessionBuild)
	if err != nil {
		return res, err
	}
	s.gitFiles = nil
	if !b.readsGit() {
		for _, f := range GitWatched(ctx, opts) {
			if s.gitFiles == nil {
				s.gitFiles = make(map[string]bool)
			}
			s.gitFiles[f] = true
		}
	}
	if s.onDemand == nil {
		s.onDemand = new(string)
	}
	s.b, s.h, s.all = b, b.keep(s.onDemand), nil
	s.rootAbs, _ = filepath.Abs(s.h.opts.Root)
	s.joinAbs = ""
	if j := s.h.opts.Join; j != nil {
		s.joinAbs, _ = filepath.Abs(j.Dir)
	}
	s.hostFiles = make(map[string]bool)
	for _, set := range []struct {
		given bool
		dirs  []string
		names []string
	}{
		{s.opts.Map.Hosts != nil, s.h.opts.HostDirs, host.Files()},
		{s.opts.Map.Redirects != nil, s.h.opts.RedirectDirs, host.RedirectFiles()},
	} {
		if set.given {
			continue
		}
		for _, d := range set.dirs {
			for _, name := range set.names {
				if abs, err := filepath.Abs(filepath.Join(d, name)); err == nil {
					s.hostFiles[abs] = true
				}
			}
		}
	}
	defer b.sayRefused(false) // says them if the walk's error ends the build early
	if err = b.load(ctx); err != nil {
		return res, err
	}
	s.whole = false
	return res, b.runPasses(ctx, passArgs{s: s})
}

// finish judges and writes again from the sorted s.all. After an
// update, only holds the paths of the pages the update read, and only
// their duplicates and hreflang problems are reported. For a rewrite,
// only is empty.
func (s *Session) finish(ctx context.Context, only map[string]bool) error {
	return s.b.runPasses(ctx, passArgs{only: only, s: s})
}

// errWhole is what finish returns for an update after which no page is
// listed. The caller then builds everything again (restart).
var errWhole = errors.New("build: no page listed after an update; a whole build judges why")

// Update builds again after the files and folders at paths changed:
// they were created, written, removed or renamed. Paths are absolute,
// or relative to the working directory, as [watch.Batch] gives them. A
// folder in paths is walked again. folders are the paths that were
// folders before they changed ([watch.Batch.Folders]). Update reads
// again the pages that were under them, whatever is there now. A folder
// may have been replaced by a file, and the system may not have named
// the removal of its files. A path that is a file now, but under which
// the Session read pages, is read the same way, in folders or not: a
// watcher that scans may have seen a file at both its looks. Only the
// pages at or under paths are read again, and, with a join, the built
// pages whose source is among them. A change to a host file (_headers,
// vercel.json, netlify.toml), to the root itself or to a file with
// several hard links is a whole build. So is a batch after which no
// page is listed: whether every page was left out on purpose
// ([Deliberate]) is judged over every page, as [Run] judges it.
//
// The Result counts what this update read. Pages are the pages read
// again, and Skipped and Warnings are theirs. Its Write tells which
// files were written and, in URLChanges, how many URLs were added,
// removed or changed. A batch that touches no page writes nothing, and
// its Result's Write is nil. The exception is a file the Session wrote
// that is no longer on disk as the Session left it: someone else
// removed or changed it, whether or not its own event is among paths.
// Then the files that differ are written again.
func (s *Session) Update(ctx context.Context, paths, folders []string) (*Result, error) {
	res, err := s.update(ctx, paths, folders)
	if err == nil && res.Write == nil && s.b != nil && !s.whole && s.state.Drifted(writeDir(*s.h.opts)) {
		return s.rewrite(ctx, res)
	}
	return res, err
}

// Rewrite writes the set again, as Update does when a file it wrote
// drifted. It writes the sitemap files whose bytes on disk differ, and
// robots.txt's Sitemap: lines with Options.Write.Robots. Watch calls it
// when someone else removed or changed robots.txt or a file written
// after the set (the feed, the key file). The Result's URLs are the
// ones to write these files from. No page is read again.
func (s *Session) Rewrite(ctx context.Context) (*Result, error) {
	if s.b == nil || s.whole || s.b.robotsChanged() {
		return s.restart(ctx)
	}
	start := time.Now()
	res, err := s.rewrite(ctx, &Result{Skipped: map[mapping.Reason]int{}})
	res.Elapsed = time.Since(start)
	return res, err
}

// rewrite writes the set again into res when no page changed. When no
// page is listed, it builds everything again and returns that build's
// Result.
func (s *Session) rewrite(ctx context.Context, res *Result) (*Result, error) {
	s.b.beginUpdate(res, true)
	err := s.finish(ctx, map[string]bool{}) // no page changed, so there is no duplicate to report
	if errors.Is(err, errWhole) || errors.Is(err, errGeneratorWrote) {
		return s.restart(ctx)
	}
	return res, err
}

// update is Update without the check of output that drifted.
func (s *Session) update(ctx context.Context, paths, folders []string) (*Result, error) {
	// A server build's pages come from its manifests (Options.Served). A
	// new build changes them all, so the whole build is read again.
	if s.b == nil || s.whole || s.b.robotsChanged() || s.opts.Served != nil {
		return s.restart(ctx)
	}
	start := time.Now()
	res := &Result{Skipped: map[mapping.Reason]int{}}
	defer func() { res.Elapsed = time.Since(start) }()
	b, h := s.b, s.h
	b.beginUpdate(res, false)
	defer b.sayRefused(false) // says them if the update ends early

	paths, moved, err := b.gitUpdate(ctx, paths, s.rootAbs, s.joinAbs)
	if err != nil {
		return s.restart(ctx)
	}
	// Look at the root's files inside the root, through the one door
	// (lazyRoot).
	root := &lazyRoot{dir: h.opts.Root}
	defer root.close()
	pages, sources, whole := s.changedPaths(root, paths)
	if whole {
		return s.restart(ctx)
	}
	// A page may change through a name outside the root, or through a
	// name made and removed within the batch. So check the pages noted
	// with other names, except those at and under the batch's paths,
	// which are judged again now. If one changed, build everything again.
	if h.linked.changed(root, linkedChecks, pages) {
		return s.restart(ctx)
	}
	// A preset that keeps what it read of the sources' folder forgets it
	// now. It names the sources whose URL changed along with the batch's,
	// such as the pages of a folder that became a bundle. In content mode
	// these are pages; in a join they are sources.
	if c := h.opts.Content; c != nil {
		pages = append(pages, h.src.presetChanged(pages)...)
	}
	if j := h.opts.Join; j != nil {
		sources = append(sources, h.src.presetChanged(sources)...)
	}
	if len(sources) > 0 {
		keys, err := b.updateSources(ctx, sources)
		if err != nil {
			s.whole = true
			return res, err
		}
		pages = append(pages, b.pagesOf(keys)...)
	}
	if len(pages) == 0 {
		if moved && h.opts.GuardMTime {
			// A commit moves the last commit, by which mtimePass judges the
			// files' times, so the set is judged again.
			return s.rewrite(ctx, res)
		}
		return res, nil
	}
	slices.Sort(pages)
	pages = slices.Compact(pages)

	// Forget the pages at and under the paths; then walk the paths and
	// judge what is there now.
	h.upd.collect()
	defer h.upd.empty()
	removed := s.forgetUnder(root, pages, folders)
	s.removeFromOrder(removed)
	b.freeRecords(removed)
	err = b.pages(ctx, func(w walker.Options, fn func(walker.File) error) error {
		return walker.WalkPaths(ctx, h.opts.Root, pages, w, fn)
	})
	if err != nil {
		s.whole = true
		return res, err
	}
	if len(h.upd.touched) == 0 {
		return res, nil // nothing there was or is a page
	}
	s.addToOrder(h.upd.added)
	if err := s.finish(ctx, h.upd.touched); errors.Is(err, errWhole) || errors.Is(err, errGeneratorWrote) {
		// No page listed, or the generator wrote its sitemaps since the
		// last whole build read them: a whole build judges again, reading
		// them.
		return s.restart(ctx)
	} else if err != nil {
		return res, err
	}
	return res, nil
}

// changedPaths sorts the changed paths into the pages under the root and
// the sources under Join.Dir, both relative. It adds the other names of
// pages with hard links. whole is true when a path needs a whole build.
func (s *Session) changedPaths(root *lazyRoot, paths []string) (pages, sources []string, whole bool) {
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			continue
		}
		if s.hostFiles[abs] || s.gitFiles[abs] {
			return nil, nil, true
		}
		if rel, ok := relUnder(s.rootAbs, abs); ok {
			if rel == "" || s.vanished(root, rel) {
				return nil, nil, true
			}
			if s.b.witnessFile(filepath.ToSlash(rel)) {
				// The generator wrote its sitemaps again (a rebuild of hugo
				// --watch). What they witness changed, so a whole build reads
				// them again, as Run does.
				return nil, nil, true
			}
			_, known := s.h.index.get(rel)
			others, whole := s.h.linked.others(root, rel, known)
			if whole {
				return nil, nil, true
			}
			pages = append(append(pages, rel), others...)
		}
		if s.joinAbs != "" {
			if rel, ok := relUnder(s.joinAbs, abs); ok {
				if rel == "" {
					return nil, nil, true
				}
				sources = append(sources, rel)
			}
		}
	}
	return pages, sources, false
}

// forgetUnder forgets the pages at and under pages, and returns the
// records of those that were listed. folders are the paths that were
// folders before the change.
func (s *Session) forgetUnder(root *lazyRoot, pages, folders []string) []int32 {
	return s.b.forgetPages(s.pagesUnder(root, pages, folders))
}

// pagesUnder returns the pages the Session knows at and under pages.
// folders are the paths that were folders before the change.
func (s *Session) pagesUnder(root *lazyRoot, pages, folders []string) []string {
	index := s.h.index
	wereFolders := make(map[string]bool, len(folders))
	for _, f := range folders {
		if abs, err := filepath.Abs(f); err == nil {
			if rel, ok := relUnder(s.rootAbs, abs); ok {
				wereFolders[rel] = true
			}
		}
	}
	return under(index.get, index.all(), pages, func(rel string) bool {
		// A regular file has nothing under it, so there is no need to look,
		// unless it was a folder. A symbolic link may have something under
		// it: a folder replaced by a link to it, or a followed link swapped
		// for one to another folder. What was under its name is judged
		// again.
		if wereFolders[rel] {
			return true
		}
		fi, err := root.Lstat(rel)
		if err != nil || fi.IsDir() || fi.Mode()&fs.ModeSymlink != 0 {
			// The path is gone, or is a folder or a link: forget what the
			// index holds under its name. pageIndex.holds uses folder counts,
			// so it makes no pass over every page when there is nothing.
			return index.holds(rel)
		}
		// A file may have been a folder when its pages were read, but not
		// when the watcher looked. A scan that saw a file, then a file
		// again, does not know the path was a folder in between, when an
		// update (or the first build) read the pages in it. So what the
		// index holds under the name goes. If the index knows the name as a
		// page, it was a file when it was read: read as a folder, its name
		// would have been forgotten. So the common edit of a page does not
		// need to ask.
		if _, known := index.get(rel); known {
			return false
		}
		return index.holds(rel)
	})
}

// presetChanged tells the sources' preset, when it has a
// generator.Changer, which sources at rels changed. It returns the
// other sources the preset names.
func (j *joined) presetChanged(rels []string) []string {
	c := j.rules.Hooks.Changer
	if c == nil || len(rels) == 0 {
		return nil
	}
	return c.Changed(slices.Clone(rels))
}

// NewsChange returns the next time after now when the news sitemap will
// change by time alone. That is when an article's publication first
// enters the window (an article dated after the build) or leaves it
// (two days after). Watch mode writes the set again then (Rewrite).
// NewsChange returns zero when there is no such time: no article, or no
// news sitemap.
func (s *Session) NewsChange(now time.Time) time.Time {
	if s.b == nil || s.h.opts.Map.News == nil {
		return time.Time{}
	}
	var next time.Time
	recs := s.h.recs
	order := recs.order
	if order == nil { // an update failed after the records changed: use every record, as the next judgement does
		order = s.all
	}
	for _, idx := range order {
		r := recs.rec(idx)
		if r.alts == 0 || recs.media.newsOf(r.alts-1) == nil {
			continue
		}
		n := recs.media.newsOf(r.alts - 1)
		for _, t := range []time.Time{n.PublicationDate, n.PublicationDate.Add(sitemap.NewsWindow)} {
			if t.After(now) && (next.IsZero() || t.Before(next)) {
				next = t
			}
		}
	}
	return next
}

// relUnder returns the slash-separated path of abs relative to dir,
// when abs is dir ("") or inside it.
func relUnder(dir, abs string) (string, bool) {
	if abs == dir {
		return "", true
	}
	rest, ok := strings.CutPrefix(abs, dir)
	if !ok || !strings.HasPrefix(rest, string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rest[1:]), true
}

// under returns the paths among all (looked up by get) that are one of
// paths, or lie inside one of them, each once. folder says whether a
// path may be a folder, with paths inside it.
func under[V any](get func(string) (V, bool), all iter.Seq2[string, V], paths []string, folder func(string) bool) []string {
	var out []string
	dirs := make(map[string]bool)
	for _, p := range paths {
		if folder(p) {
			dirs[p] = true
		} else if _, ok := get(p); ok {
			out = append(out, p)
		}
	}
	if len(dirs) == 0 {
		return out
	}
	for k := range all {
		if dirs[k] {
			out = append(out, k) // a file that was a folder's name
			continue
		}
		for d := k; ; {
			i := strings.LastIndexByte(d, '/')
			if i < 0 {
				break
			}
			d = d[:i]
			if dirs[d] {
				out = append(out, k)
				break
			}
		}
	}
	return out
}

// reorderShare is the share of changed records above which the order is
// sorted again rather than patched. Each patch moves the records after
// it.
const reorderShare = 32

// removeFromOrder takes the records at idxs, still whole, out of s.all.
func (s *Session) removeFromOrder(idxs []int32) {
	if len(idxs) == 0 {
		return
	}
	recs := s.h.recs
	recs.unshare()
	if len(idxs) > len(s.all)/reorderShare {
		gone := make(map[int32]bool, len(idxs))
		for _, i := range idxs {
			gone[i] = true
		}
		s.all = slices.DeleteFunc(s.all, func(i int32) bool { return gone[i] })
		s.countDups()
		return
	}
	for _, idx := range idxs {
		if i, ok := slices.BinarySearchFunc(s.all, idx, recs.cmp); ok && s.all[i] == idx {
			s.dups -= s.sameLoc(i) + s.sameLoc(i+1)
			s.all = slices.Delete(s.all, i, i+1)
			s.dups += s.sameLoc(i)
		}
	}
}

// sameLoc is 1 when the record at i in s.all has the loc of the one
// before, else 0.
func (s *Session) sameLoc(i int) int {
	if i <= 0 || i >= len(s.all) {
		return 0
	}
	recs := s.h.recs
	if recs.sameLoc(s.all[i], s.all[i-1]) {
		return 1
	}
	return 0
}

// countDups counts s.dups again, over the whole of s.all, and returns it.
func (s *Session) countDups() int {
	s.dups = 0
	for i := 1; i < len(s.all); i++ {
		s.dups += s.sameLoc(i)
	}
	return s.dups
}

// addToOrder puts the records at idxs into s.all, in order.
func (s *Session) addToOrder(idxs []int32) {
	if len(idxs) == 0 {
		return
	}
	recs := s.h.recs
	recs.unshare()
	if len(idxs) > len(s.all)/reorderShare {
		recs.sort()
		s.all = append(s.all[:0], recs.order...)
		s.countDups()
		return
	}
	for _, idx := range idxs {
		i, _ := slices.BinarySearchFunc(s.all, idx, recs.cmp)
		s.dups -= s.sameLoc(i)
		s.all = slices.Insert(s.all, i, idx)
		s.dups += s.sameLoc(i) + s.sameLoc(i+1)
	}
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// vanished reports whether the page name rel (under the root) is gone
// and the Session never knew it: a name made and removed within one
// batch. It may have been another name of a page (a hard link), and the
// page changed through it. No event for the page's own name reports
// that, so the caller builds everything again. vanished does not look
// at names that no include pattern takes.
func (s *Session) vanished(root *lazyRoot, rel string) bool {
	if _, err := root.Lstat(rel); !errors.Is(err, fs.ErrNotExist) {
		return false
	}
	if _, known := s.h.index.get(rel); known {
		return false
	}
	return walker.Included(s.h.opts.Walk.Include, rel)
}
