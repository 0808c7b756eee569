package writer

import (
	"bytes"
	"cmp"
	"errors"
	"io/fs"
	"slices"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/atomicfile"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/robots"
)

// Withdraw removes from Options.Dir the sitemap set an earlier Write put
// there, for a build that lists no URL on purpose (every page noindex):
// with Options.Robots, first the Sitemap: lines of robots.txt that name
// this tool's files under BaseURL (so that robots.txt never names a file
// that is gone), then every file the folder's record ([RecordName])
// lists, index files before the shards they list, then the record
// itself. A run killed part way leaves the record listing what is left,
// which the next run removes. With TakeOver, the generator's own
// sitemaps go too, as a Write takes them over (they would list the pages
// left out), and the lines of robots.txt that name them. Nothing else is
// touched: no file the record does not list, no other line of
// robots.txt, no robots.txt without Options.Robots or a line naming a
// file taken over. Every file is removed inside the folder held open, as
// Write removes its stale files.
//
// Result.Removed lists the files removed, and Result.Written robots.txt
// when it changed. With DryRun it removes nothing and lists what it
// would; with Check it removes nothing and lists in Result.Differ what
// differs from a withdrawn set (a recorded file still there, robots.txt
// with a line of ours). With State, the State knows no file afterwards,
// and Result.URLChanges counts every URL of its last Write removed.
func Withdraw(opts Options) (*Result, error) {
	res, err := withdraw(opts)
	if err == nil && opts.State != nil && !opts.DryRun && !opts.Check {
		res.URLChanges = opts.State.withdrawn()
	}
	return res, err
}

// withdraw does the work of Withdraw. Withdraw then updates the State.
func withdraw(opts Options) (*Result, error) {
	if opts.RobotsBytes <= 0 {
		opts.RobotsBytes = limits.Default.RobotsBytes
	}
	res := &Result{}
	root, err := openRoot(opts.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return res, nil // There is no folder, so nothing of ours is in it.
	}
	if err != nil {
		return nil, err
	}
	defer root.Close()
	if opts.Robots {
		// robots.txt is checked before anything is removed, because the
		// set and robots.txt change together.
		if err := robotsUsable(root, opts.RobotsBytes); err != nil {
			return nil, err
		}
	}
	dry := opts.DryRun || opts.Check
	if !dry {
		atomicfile.RemoveStaleIn(root, ".", time.Now())
	}
	rec, err := findRecord(root, opts)
	if err != nil {
		return nil, err
	}
	if rec.root != nil && rec.root != root {
		defer rec.root.Close()
	}
	previous, kinds := recordNames(rec.lines)
	ours := func(name string) bool { return stillOurs(root, kinds[name], name) }
	var foreign []string
	if opts.TakeOver != nil {
		// The generator's own sitemaps go, but not the files our record
		// lists: those go as ours (an alias at a name of the generator's
		// may be among them).
		if foreign, err = foreignSitemapsIn(root, opts.TakeOver, func(name string) bool { return slices.Contains(previous, name) }); err != nil {
			return nil, err
		}
	}
	if !dry {
		if err := opts.takenUnchanged(); err != nil {
			return nil, err
		}
	}
	if opts.Robots || len(foreign) > 0 && robotsNamesAny(root, opts.BaseURL, foreign, opts.RobotsBytes) {
		content, changed, err := withdrawRobots(root, opts, foreign, dry)
		if err != nil {
			return nil, err
		}
		if changed && opts.Check {
			res.Differ = append(res.Differ, robotsName)
		} else if changed {
			res.Written = append(res.Written, robotsName)
			res.Robots = content
		}
	}
	if dry {
		withdrawDry(root, previous, ours, foreign, opts.Check, res)
		return res, nil
	}
	return removeRecorded(root, rec, previous, ours, foreign, res)
}

// findRecord opens the folder of the record, if it exists, and reads the
// record's lines. A record that an earlier Write kept in Dir, before
// Options.RecordDir took it, is read too: its files go, and then it does.
func findRecord(root *fsx.Root, opts Options) (recordFile, error) {
	rec := recordFile{root: root}
	if opts.RecordDir != "" {
		var err error
		switch rec.root, err = openRoot(opts.RecordDir); {
		case errors.Is(err, fs.ErrNotExist):
			rec.root = nil
		case err != nil:
			return recordFile{}, err
		}
	}
	var err error
	if rec.root != nil {
		rec.lines, err = readRecordLines(rec.root, opts.OutputBytes)
	}
	if err == nil {
		var old []string
		old, rec.left, err = leftRecord(root, rec.root, opts.OutputBytes)
		rec.lines = append(rec.lines, old...)
	}
	if err != nil {
		if rec.root != nil && rec.root != root {
			rec.root.Close()
		}
		return recordFile{}, err
	}
	return rec, nil
}

// withdrawDry fills res for a dry run or a check, and removes nothing.
// res.Removed lists the recorded files that are still there and still
// ours, and res.TakenOver the foreign ones. With check, res.Differ lists
// them all, before what it held already.
func withdrawDry(root *fsx.Root, previous []string, ours func(string) bool, foreign []string, check bool, res *Result) {
	for _, name := range previous {
		if st, err := root.Lstat(name); err == nil && st.Mode().IsRegular() && ours(name) {
			res.Removed = append(res.Removed, name)
		}
	}
	slices.Sort(res.Removed)
	res.Removed = slices.Compact(res.Removed)
	res.TakenOver = foreign
	if check {
		res.Differ = append(append(slices.Clone(res.Removed), foreign...), res.Differ...)
	}
}

// removeRecorded removes the files of previous that are still ours, the
// foreign files, and then the record itself. It notes in res what it
// removed and returns res. When there was nothing to remove, it does
// not sync the folders.
func removeRecorded(root *fsx.Root, rec recordFile, previous []string, ours func(string) bool, foreign []string, res *Result) (*Result, error) {
	var err error
	if res.Removed, err = removeStale(root, previous, nil, ours); err != nil {
		return nil, err
	}
	if res.TakenOver, err = removeStale(root, foreign, nil, nil); err != nil {
		return nil, err
	}
	if rec.left {
		if err := root.RemoveRegular(RecordName); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	err = fs.ErrNotExist
	if rec.root != nil {
		err = rec.root.RemoveRegular(RecordName)
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if len(res.Written) == 0 && len(res.Removed) == 0 && len(res.TakenOver) == 0 && !rec.left {
			return res, nil // Nothing was there.
		}
	case err != nil:
		return nil, err
	case rec.root != root:
		if err := rec.root.SyncDir("."); err != nil {
			return nil, err
		}
	}
	return res, root.SyncDir(".")
}

// robotsNamesAny reports whether the robots.txt of the folder root
// (usable, read within max bytes) has a Sitemap: line naming one of the
// files of names under baseURL: once they are gone, a line that names
// one is dead.
func robotsNamesAny(root *fsx.Root, baseURL string, names []string, max int) bool {
	if robotsUsable(root, max) != nil {
		return false
	}
	old, _, err := readRobots(root, max)
	if err != nil {
		return false
	}
	for _, sl := range robots.Sitemaps(old) {
		if rest, ok := cutPrefixURL(sl.URL, baseURL); ok && slices.Contains(names, rest) {
			return true
		}
	}
	return false
}

// withdrawRobots removes from the robots.txt of the folder root (read
// within opts.RobotsBytes) the Sitemap: lines that name this tool's files
// under opts.BaseURL, or the files of foreign (paths relative to the
// folder), what is left given to opts.RobotsHook (but in a dry run), and
// reports whether the file changes, with its new content; with dry, it
// only reports. A robots.txt that does not exist is left as it is.
func withdrawRobots(root *fsx.Root, opts Options, foreign []string, dry bool) ([]byte, bool, error) {
	old, st, err := readRobots(root, opts.RobotsBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	merged := mergeRobots(old, opts.BaseURL, cmp.Or(opts.SitemapsURL, opts.BaseURL), nil, foreign)
	if !opts.DryRun {
		if merged, err = hookedRobots(opts, merged); err != nil {
			return nil, false, err
		}
	}
	if bytes.Equal(merged, old) {
		return nil, false, nil
	}
	if dry {
		return nil, true, nil
	}
	return merged, true, atomicfile.WriteIn(root, robotsName, merged, st.Mode().Perm())
}

// withdrawn makes the State know no file, as after a Write of no URL:
// the next Write writes every file, and counts each of its URLs added.
// It returns the URLs of the last Write counted removed; nil when there
// was none.
func (st *State) withdrawn() *URLChanges {
	st.begin()
	changes := st.diff()
	clear(st.files)
	st.takeNext() // as update after a Write of no file
	st.writes++
	st.news, st.nextNews = st.nextNews, st.news[:0]
	st.plan, st.shards = "", st.shards[:0]
	return changes
}
