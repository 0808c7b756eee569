package postbuild

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"

	"github.com/sitemapgen/sitemapgen/internal/atomicfile"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// Options say what a build writes after its sitemaps.
type Options struct {
	// Dir is the folder the sitemaps are written into; the key file and
	// the feed go there too.
	Dir string
	// RecordDir is the folder the record of Dir's sitemaps is kept in
	// (writer.Options.RecordFolder): Dir, or a folder no server serves.
	RecordDir string
	// BaseURL is the site's base URL, normalized (mapping.ParseBaseURL).
	BaseURL string
	// SitemapsURL is where the sitemap files are served when not BaseURL
	// (sitemaps_url): the index's entries the changes file follows lie
	// there. "" is BaseURL.
	SitemapsURL string
	// DateFormat is the format of the sitemaps' lastmods, which the
	// changes file compares as written.
	DateFormat sitemap.DateFormat
	// Changes, when set, is the path of the changes file to write. Leave
	// it empty when the build writes nothing (a dry run, a check).
	// ChangesDir is the folder Changes is inside of, as StateDir: "" for
	// a path the user named, followed; else (a path a settings file
	// gives) the file is written, and a leftover removed, only inside
	// it, never through a folder linked out of it.
	Changes    string
	ChangesDir string
	// State is the hash lastmod source's state file, "" when the build
	// keeps none: when it records the previous build's URLs, Changes
	// compares with it rather than with the sitemaps in Dir. StateBytes
	// is the largest state file read (limits.state_bytes; 0: its default).
	State      string
	StateDir   string // the folder State is inside of, as pipeline.Hash.Dir: "" for a path the user named
	StateBytes int
	// OutputBytes is the largest feed.xml read to tell sitemapgen's from
	// another tool's, and the largest record of the files sitemapgen wrote
	// in Dir read for the previous build (limits.output_bytes; 0: its
	// default). A larger feed.xml is not replaced, with a warning.
	OutputBytes int
	// Key, when set, is the IndexNow key: KEY.txt, holding it, is
	// written into Dir.
	Key string
	// Feed, when set, writes feed.xml into Dir; its BaseURL is BaseURL.
	Feed *FeedOptions
	// Say receives a line about each file written; nil says nothing.
	Say func(msg string)
	// Warn receives the problems that leave a file unwritten or the
	// previous build unread without failing the build.
	Warn func(err error)
}

// Outputs are the files one build writes after its sitemaps.
type Outputs struct {
	opts Options
	// The previous build's URLs, for the changes file, and where they
	// came from: the state file, or the sitemaps on disk.
	prev      URLSet
	fromState bool
	first     bool // no previous build found
}

// Prepare sets up the outputs of a build before it runs: for a changes
// file, it reads the previous build before this one replaces it, and
// removes the previous changes file, so that a build that fails leaves
// none to be submitted again. Problems with the previous build are
// warnings: the build then counts as the first.
//
// A folder where one of the files goes fails Prepare, before the build
// writes anything: a failed run leaves the folder as it was.
func Prepare(opts Options) (*Outputs, error) {
	o := &Outputs{opts: opts}
	if opts.Warn == nil {
		o.opts.Warn = func(error) {}
	}
	folder := func(p string, st fs.FileInfo, err error) error {
		if err == nil && st.IsDir() {
			return &diag.Diagnostic{File: p, Msg: "a folder is where this file goes; nothing written"}
		}
		return nil
	}
	if opts.Changes != "" {
		st, err := fsx.StatNamed(o.changesPath())
		if opts.ChangesDir != "" {
			st, err = fsx.Stat(opts.ChangesDir, opts.Changes)
		}
		if err := folder(o.changesPath(), st, err); err != nil {
			return nil, err
		}
	}
	for _, name := range o.Names() {
		st, err := fsx.Stat(opts.Dir, name)
		if err := folder(filepath.Join(opts.Dir, name), st, err); err != nil {
			return nil, err
		}
	}
	if opts.Changes == "" {
		return o, nil
	}
	var (
		ok  bool
		err error
	)
	if opts.State != "" {
		o.prev, ok, err = PreviousFromState(opts.StateDir, opts.State, opts.StateBytes)
		o.fromState = ok
		if err != nil {
			o.opts.Warn(fmt.Errorf("--changes: %w; comparing with the sitemaps in %s", err, opts.Dir))
		}
	}
	if !ok {
		o.prev, ok, err = PreviousFromRecorded(opts.Dir, cmp.Or(opts.RecordDir, opts.Dir), cmp.Or(opts.SitemapsURL, opts.BaseURL), opts.OutputBytes)
		if err != nil {
			o.opts.Warn(fmt.Errorf("--changes: %w; every URL counts as new", err))
		}
	}
	o.first = !ok
	if err := removeFile(opts.Dir, opts.ChangesDir, opts.Changes); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("--changes: %w", err)
	}
	return o, nil
}

// Names are the names of the files the outputs write into Dir: the key
// file and the feed. A build does not list them as pages, and watch mode
// ignores their events.
func (o *Outputs) Names() []string {
	var names []string
	if o.opts.Key != "" {
		names = append(names, o.keyName())
	}
	if o.opts.Feed != nil {
		names = append(names, FeedName)
	}
	return names
}

// Answers are what still answers at the URLs of a build's site besides
// its sitemaps: the pages it found and left out, and the host's redirect
// rules. A URL the previous build listed that neither answers is gone.
type Answers struct {
	// LeftOut are the URLs of the pages the build left out (a redirect
	// stub, a noindex page ...), sorted.
	LeftOut []string
	// Redirects are the host's redirect rules; nil for none.
	Redirects *host.Redirects
}

// gone reports whether nothing answers at loc.
func (a Answers) gone(loc string) bool {
	if _, ok := slices.BinarySearch(a.LeftOut, loc); ok {
		return false
	}
	_, ok := a.Redirects.MatchGone(loc)
	return !ok
}

// maxGone is the most removed URLs without a redirect warned about one by
// one; one more warning counts the others.
const maxGone = 20

// Write writes the outputs of a build whose sitemaps list urls: the
// changes file first, since the build after this one compares with this
// one's sitemaps whether it is written or not, then the key file and the
// feed. Each URL the changes file says removed that nothing in ans
// answers is a warning.
func (o *Outputs) Write(urls sitemap.URLs, ans Answers) error {
	if o.opts.Changes != "" {
		if err := o.writeChanges(urls, ans); err != nil {
			return err
		}
	}
	if o.opts.Key != "" {
		path := filepath.Join(o.opts.Dir, o.keyName())
		if err := writeIfChanged(o.opts.Dir, o.keyName(), []byte(o.opts.Key+"\n")); err != nil {
			return fmt.Errorf("the IndexNow key file: %w", err)
		}
		o.say("IndexNow key file %s written", path)
	}
	if o.opts.Feed != nil {
		return o.writeFeed(urls)
	}
	return o.removeFeed()
}

// removeFeed removes, with the feed off, the feed an earlier build wrote
// into Dir (one OurFeed knows): it would go on giving the URLs of that
// build to the readers that follow it. Another tool's feed.xml stays.
func (o *Outputs) removeFeed() error {
	max := cmp.Or(o.opts.OutputBytes, limits.Default.OutputBytes)
	old, err := fsx.ReadFile(o.opts.Dir, FeedName, max, limits.OutputBytesKey)
	if err != nil || !OurFeed(old) {
		return nil // none, another tool's, or one not read: left as it is
	}
	root, err := fsx.OpenRoot(o.opts.Dir)
	if err != nil {
		return fmt.Errorf("the feed: %w", err)
	}
	defer root.Close()
	if err := root.RemoveRegular(FeedName); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("the feed: %w", err)
	}
	o.say("feed %s removed: the feed is off, and an earlier build wrote it", filepath.Join(o.opts.Dir, FeedName))
	return nil
}

// keyName is the IndexNow key file's name: the key, then .txt.
func (o *Outputs) keyName() string { return o.opts.Key + ".txt" }

func (o *Outputs) say(format string, args ...any) {
	if o.opts.Say != nil {
		o.opts.Say(fmt.Sprintf(format, args...))
	}
}

func (o *Outputs) writeFeed(urls sitemap.URLs) error {
	path := filepath.Join(o.opts.Dir, FeedName)
	// Read through the one door: never through a link out of Dir, only a
	// regular file, within limits.output_bytes.
	max := cmp.Or(o.opts.OutputBytes, limits.Default.OutputBytes)
	old, err := fsx.ReadFile(o.opts.Dir, FeedName, max, limits.OutputBytesKey)
	switch {
	case err == nil && !OurFeed(old):
		// Another tool's feed (jekyll-feed writes feed.xml): not ours to
		// replace.
		o.opts.Warn(&diag.Diagnostic{File: path, Msg: "no feed written: the file is not one sitemapgen wrote (another tool's feed?); remove it, or turn the feed off"})
		return nil
	case errors.Is(err, fsx.ErrTooLarge):
		o.opts.Warn(&diag.Diagnostic{File: path, Err: err, Msg: fmt.Sprintf("larger than %d bytes (%s), not read to tell whether sitemapgen wrote it; no feed written: remove it, or turn the feed off", max, limits.OutputBytesKey)})
		return nil
	}
	entries := make([]FeedEntry, 0, urls.Len())
	for i := range urls.Len() {
		u := urls.At(i)
		entries = append(entries, FeedEntry{URL: u.Loc, Updated: u.LastMod})
	}
	fo := *o.opts.Feed
	fo.BaseURL = o.opts.BaseURL
	err = WriteFeed(path, entries, fo)
	if errors.Is(err, ErrNoFeedEntries) {
		// Not a failure of the sitemaps: say why there is no feed.
		o.opts.Warn(&diag.Diagnostic{File: path, Msg: "no feed written: no URL has a lastmod"})
		return nil
	}
	if err != nil {
		return fmt.Errorf("the feed: %w", err)
	}
	limit := fo.Limit
	if limit == 0 {
		limit = DefaultFeedLimit
	}
	o.say("feed %s written (%d newest URLs)", path, min(len(entries), limit))
	return nil
}

func (o *Outputs) writeChanges(urls sitemap.URLs, ans Answers) error {
	var next URLSet
	if o.fromState {
		// Compared as recorded: the state file the build just saved.
		if st, ok, err := PreviousFromState(o.opts.StateDir, o.opts.State, o.opts.StateBytes); err == nil && ok {
			next = st
		}
	}
	if next == nil {
		next = sitemap.LastMods(urls, o.opts.DateFormat)
		if o.fromState {
			o.fromState = false
			o.first = true // the state file could not be read back
		}
	}
	cs := DiffChanges(o.prev, next)
	if err := WriteChanges(o.opts.Dir, o.opts.ChangesDir, o.opts.Changes, cs, o.opts.BaseURL); err != nil {
		return fmt.Errorf("--changes: %w", err)
	}
	added, removed, changed := CountChanges(cs)
	from := "against the sitemaps in " + o.opts.Dir
	switch {
	case o.first:
		from = "no previous build found: every URL is new"
	case o.fromState:
		from = "against the state file " + o.opts.State
	}
	o.say("changes: +%d ~%d -%d written to %s (%s)", added, changed, removed, o.changesPath(), from)
	o.warnGone(cs, ans)
	return nil
}

// warnGone warns about each removed URL of cs that nothing in ans
// answers, up to maxGone, then counts the others.
func (o *Outputs) warnGone(cs []Change, ans Answers) {
	n := 0
	for _, c := range cs {
		if c.Op != Removed || !ans.gone(c.URL) {
			continue
		}
		if n++; n <= maxGone {
			o.opts.Warn(fmt.Errorf("%s was listed by the last build and is gone with no redirect; add a redirect rule (_redirects, netlify.toml or vercel.json) or keep a page there", c.URL))
		}
	}
	if n > maxGone {
		o.opts.Warn(fmt.Errorf("%d more URLs listed by the last build are gone with no redirect; the changes file lists every removed URL", n-maxGone))
	}
}

// writeIfChanged replaces the file name in dir with data, atomically,
// unless it holds data already: read through the one door, within the
// size of data (a larger file is not the same).
func writeIfChanged(dir, name string, data []byte) error {
	if old, err := fsx.ReadFile(dir, name, len(data), limits.OutputBytesKey); err == nil && bytes.Equal(old, data) {
		return nil
	}
	return atomicfile.Write(filepath.Join(dir, name), data, 0o644)
}

// changesPath is the changes file's path, as seen from the working
// directory.
func (o *Outputs) changesPath() string {
	if o.opts.ChangesDir == "" {
		return o.opts.Changes
	}
	return filepath.Join(o.opts.ChangesDir, o.opts.Changes)
}

// removeFile removes the file at path, never a folder: os.Remove falls
// back to rmdir, which would delete an empty folder made at path after
// Prepare looked. It is removed inside the folder [changesRoot] gives (dir,
// for a path a settings file gives; out, the output folder, when path lies
// in it), never through a link out of it (fsx.Root.Remove).
func removeFile(out, dir, path string) error {
	root, rel, err := changesRoot(out, dir, path, false)
	if err != nil {
		return err
	}
	defer root.Close()
	return root.Remove(rel)
}
