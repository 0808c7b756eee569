package writer

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/atomicfile"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/robots"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// Options configure Write.
type Options struct {
	// Dir is the folder the files are written to. It is created when
	// missing.
	Dir string
	// RecordDir, when set, is the folder the record (RecordName) of Dir
	// is kept in, instead of Dir itself: a folder no server serves, for a
	// Dir that is a folder of the project's own files its server serves
	// as they are (Next.js's public/, committed). It is created when
	// missing. The record's names are still Dir's files.
	RecordDir string
	// BaseURL is the absolute URL at which Dir is served, ending in "/";
	// index entries and robots.txt lines are built on it.
	BaseURL string
	// MaxURLs is the most URLs per urlset or text file; 0 means
	// sitemap.MaxURLs. Index files hold up to sitemap.MaxURLs entries.
	MaxURLs int
	// MaxBytes bounds every file: each stays under this many uncompressed
	// bytes. 0 means sitemap.DefaultMaxBytes.
	MaxBytes int
	// Gzip writes .xml.gz files instead of .xml.
	Gzip bool
	// Filename names the entry file, the one robots.txt names and a
	// search engine is given: "" for sitemap.xml, else a name
	// CheckFilename allows (Astro's sitemap-index.xml, a renamed Hugo
	// sitemap). With Gzip, ".gz" is added. The shards and the further
	// index files keep their names.
	Filename string
	// XSL, when set, is the URL of an XSLT stylesheet that a browser
	// shows the files with: every sitemap and index file Write makes
	// starts, after its XML declaration, with <?xml-stylesheet
	// type="text/xsl" href="XSL"?>. The text sitemaps and the viewer
	// have none.
	XSL string
	// Text also writes the plain-text sitemap, one URL a line.
	Text bool
	// TextName names the text sitemap (a file name ending in .txt, see
	// CheckTextName; "" for sitemap.txt): a peer's name, which its users
	// may have submitted (hexo-generator-sitemap's path). Split past the
	// limits, its files are NAME-1.txt, NAME-2.txt ….
	TextName string
	// Robots adds the Sitemap: lines to robots.txt, creating it if needed.
	Robots bool
	// SitemapsURL is the URL the sitemap files are served at, when not
	// BaseURL (a CDN's folder, sitemap_generator's sitemaps_host and
	// sitemaps_path): the index's entries, Result.Entries and robots.txt's
	// Sitemap: lines name the files there; the pages keep BaseURL. ""
	// is BaseURL. Like it, it ends in "/".
	SitemapsURL string
	// KeepBase, when set, is the base URL the generator's own sitemap
	// gave, which this Write replaces: the record keeps it (a line "URL,
	// tab, base"; RecordedBase), so that a later run, which finds ours in
	// that file's place, finds the site's base URL again. A Write without
	// it keeps the one the record has.
	KeepBase string
	// RobotsHook, with Robots, is given the robots.txt Write would write
	// (the set's Sitemap: lines merged into the one there) and returns
	// the one to write instead (--robots-transform). It runs before
	// anything is written: its error fails the Write, the folder left as
	// it was. A dry run does not run it; a check compares what it
	// returns.
	RobotsHook func(robots []byte) ([]byte, error)
	// Viewer also writes sitemap.html ([ViewerName]), a page that shows
	// the set to a person (see [ViewerPage]), first; robots.txt and the
	// index do not name it.
	Viewer bool
	// LastModFormat chooses how dates are written.
	LastModFormat sitemap.DateFormat
	// DryRun encodes everything, reports what would be written, and
	// writes and removes nothing.
	DryRun bool
	// Check writes nothing and reports, in Result.Differ, the files
	// whose bytes on disk differ from what Write would write: missing,
	// changed, stale ones it would remove, robots.txt. For CI.
	Check bool
	// TakeOver, when set, names the sitemap files another tool writes
	// into Dir (a site generator's own: Hugo's en/sitemap.xml, Astro's
	// sitemap-index.xml, MkDocs' sitemap.xml.gz), by their path relative
	// to Dir; a folder's path with a final "/" says the tool keeps the
	// folder to itself (Nuxt's __sitemap__/). Those found (see
	// ForeignSitemaps) are replaced once this Write's files are in place:
	// each one a search engine may have been given keeps answering, with
	// a file of this set that leads to its URLs (an alias, see
	// aliases.go; Result.Aliases), and the others go (Result.TakenOver).
	// The robots.txt lines that named them are replaced by this set's,
	// with or without Robots. A dry run lists them and removes nothing.
	TakeOver func(name string) bool
	// TakenUnchanged, with TakeOver, is called before anything is
	// written or removed, once every file of the set is made (and before
	// Withdraw removes anything). Its error says that the generator's
	// sitemaps are no longer those the caller read: the generator wrote
	// them again meanwhile. The Write then fails with that error and
	// leaves the folder as it was, because replacing them would lose what
	// they say unread.
	TakenUnchanged func() error
	// Answer names, with TakeOver or without it (the user's
	// published_sitemaps), sitemap files of a folder (by their path
	// relative to Dir) that the generator published and whose build no
	// longer leaves them (Docusaurus' LOCALE/sitemap.xml once its
	// sitemap plugin is off; its build empties Dir, the record with it):
	// each whose folder is in Dir and holds URLs of the set answers with
	// an alias, as a file of the generator's found there would; one whose
	// folder holds none is left alone, unsaid. A name at the root
	// (Astro's sitemap-0.xml, which its plugin no longer writes) answers
	// with an index of the set, unless it is one of the set's own names
	// (a shard's, with its hash).
	Answer []string
	// Sections names the sections, in the order the index lists them
	// (each a SectionName): the URLs Section puts in section k (from 1)
	// go to files of their own, sitemap-NAME-N-HASH.xml for
	// Sections[k-1], split past the limits as the other shards are. With
	// Sections or Extra (or a URL with News) the entry file is always an
	// index, however few the URLs.
	Sections []string
	// Section gives the section of the URL at i: k (from 1) for
	// Sections[k-1], 0 (or a number no section has) for none: the URL goes
	// to the shards sitemap-N-HASH.xml, listed after the sections'. Write
	// calls it once for each URL, in order, before it encodes any; nil puts
	// every URL in no section.
	Section func(i int) int
	// Extra lists the absolute URLs of sitemaps another application
	// serves, which the index lists, as given and without a lastmod, after
	// its own files. The caller checks that they may be listed (the
	// protocol's scope).
	Extra []string
	// State, when set, makes Write leave alone every file whose bytes it
	// would not change (Result.Kept), and count the URLs that changed
	// since the last successful Write with the same State
	// (Result.URLChanges). Use one State per output folder, and the same
	// one for every Write of a process (watch mode). DryRun ignores it.
	State *State
	// RobotsBytes is the largest robots.txt that Robots rewrites, or that
	// is read for its Sitemap: lines (limits.robots_bytes): a larger one
	// fails a Write with Robots before anything is written. 0 means its
	// default.
	RobotsBytes int
	// OutputBytes is the largest of its own files Write reads back from
	// Dir: its record (RecordName), and a sitemap.html it did not record,
	// read for the viewer's mark (limits.output_bytes). A larger record
	// fails the Write before anything is written. 0 means its default.
	OutputBytes int
}

// Result describes what Write did (or, in a dry run, would do).
type Result struct {
	// Written lists the files put in place, in the order they were renamed.
	Written []string
	// Removed lists the stale sitemap files removed (or, in a dry run,
	// that would be): files an earlier Write recorded that this one does
	// not write.
	Removed []string
	// TakenOver lists, with Options.TakeOver, the other tools' sitemap
	// files removed (or, in a dry run, that would be), relative to Dir,
	// with "/" separators: those an index of theirs lists beside it
	// (Astro's sitemap-0.xml), and those of a folder no URL of the set
	// lies under (Unanswered).
	TakenOver []string
	// Aliases lists, with Options.TakeOver, the other tools' sitemap
	// files whose URL now answers with a file of this set that leads to
	// every URL it may list (see aliases.go), relative to Dir, sorted.
	// Partial lists those of them that lead to the URLs of the first
	// index file alone: a set of several index files, which no one index
	// can list.
	Aliases, Partial []string
	// Answered lists those of Aliases at a name of Options.Answer where
	// no file was: the generator's build no longer writes it.
	Answered []string
	// Again lists those of Aliases whose file was an earlier Write's
	// alias: no file of the generator's was there to replace.
	Again []string
	// Unanswered lists the files of TakenOver in a folder under which no
	// URL of the set lies (Hugo's fr/sitemap.xml when no page of the
	// set is French): a sitemap there may list no other, and one
	// without a URL is invalid, so its URL no longer answers.
	Unanswered []string
	// Recorded lists the files of the set as the record now lists them
	// (in no set order): what Recorded would read back once the write is
	// done.
	Recorded []string
	// Robots is the content of robots.txt as the write left it, when the
	// write changed the file (it is then in Written); nil otherwise. The
	// checks after a write read it rather than the file again.
	Robots []byte
	// Entries lists the absolute URLs of the entry files that robots.txt
	// names: sitemap.xml and any further index files.
	Entries []string
	// Unlinked lists the entry files beyond sitemap.xml when robots.txt
	// does not name them: no crawler finds them unless they are submitted.
	Unlinked []string
	// Shards is the number of <urlset> files, the news sitemap's aside.
	Shards int
	// NewsURLs is the number of URLs written to the news sitemap files
	// (or, in a dry run, that would be): those whose News is set.
	NewsURLs int
	// Kept lists, with Options.State, the files left alone because
	// their bytes would not change, in commit order.
	Kept []string
	// Differ lists, with Options.Check, the files that would change:
	// written (missing or with other bytes) or removed, and robots.txt.
	Differ []string
	// URLChanges counts, with Options.State, the URLs added, removed or
	// changed since the last successful Write with that State; nil on
	// the first, and without a State.
	URLChanges *URLChanges
}

// URLChanges counts the URLs of a Write that differ from the last one's:
// new ones, gone ones, and ones whose <url> element changed, in the
// urlset or in the news sitemap.
type URLChanges struct {
	Added, Removed, Changed int
}

// ErrNoURLs is returned for an empty URL list: Write never writes an empty
// sitemap.
var ErrNoURLs = errors.New("no URLs to write")

// RecordTooBigError reports one entry that alone does not fit in a file of
// Options.MaxBytes.
type RecordTooBigError struct {
	Loc       string
	Size, Max int
}

func (e *RecordTooBigError) Error() string {
	return fmt.Sprintf("%s: its entry takes %d bytes with the file's header and footer; files stay under %d bytes (max_bytes)", e.Loc, e.Size, e.Max)
}

// Write writes the sitemap files for urls, as Options say. When it fails,
// the folders it made for Options.Dir are removed again (if still empty):
// a failed run leaves the file system as it was.
func Write(urls sitemap.URLs, opts Options) (*Result, error) {
	var made []string
	if !opts.DryRun && !opts.Check {
		made = atomicfile.MissingDirs(opts.Dir)
	}
	res, err := write(urls, opts)
	if err != nil {
		for _, dir := range made { // deepest first
			fsx.RemoveEmptyNamed(dir) // only while empty: never a file made there since
		}
	}
	return res, err
}

// write does the work of Write. When it fails, Write removes the
// folders it made.
func write(urls sitemap.URLs, opts Options) (*Result, error) {
	if urls.Len() == 0 {
		return nil, ErrNoURLs
	}
	if err := opts.fillDefaults(); err != nil {
		return nil, err
	}
	root, err := openOutput(opts, time.Now())
	if err != nil {
		return nil, err
	}
	if root != nil {
		defer root.Close()
	}
	rec, err := openRecord(root, opts)
	if err != nil {
		return nil, err
	}
	if rec.root != root {
		defer rec.root.Close()
	}
	previous, kinds := recordNames(rec.lines)
	t := newTxn(opts, root, previous, kinds)
	defer t.abort()
	res, err := t.write(urls)
	if err != nil {
		return nil, err
	}
	res.TakenOver = t.foreign
	if opts.Check {
		return t.check(res, previous)
	}
	if t.state != nil {
		if err := t.writeChanged(res); err != nil {
			return nil, err
		}
	}
	keep, names, lines := t.recordLines(res, rec.lines)
	if opts.DryRun {
		return t.dryRun(res, previous, keep, names), nil
	}
	return t.replace(res, rec, previous, keep, lines)
}

// openOutput makes the output folder and opens it. Every file of the set
// is then made, renamed and removed inside that open folder, never
// through a link out of it. It returns nil in a dry run or a check,
// which write nothing.
//
// With Options.Robots, openOutput checks robots.txt before anything is
// written, because the set and robots.txt change together. It also
// removes the temporary files that earlier runs left behind
// (atomicfile.RemoveStaleIn, with start as this run's start).
func openOutput(opts Options, start time.Time) (*fsx.Root, error) {
	if opts.DryRun || opts.Check {
		return nil, nil
	}
	if err := fsx.MkdirAllNamed(opts.Dir, 0o755); err != nil {
		return nil, err
	}
	root, err := openRoot(opts.Dir)
	if err != nil {
		return nil, err
	}
	if opts.Robots {
		if err := robotsUsable(root, opts.RobotsBytes); err != nil {
			root.Close()
			return nil, err
		}
	}
	atomicfile.RemoveStaleIn(root, ".", start)
	return root, nil
}

// A recordFile is the list of files an earlier Write made, as this Write
// found it.
type recordFile struct {
	// root is the open folder that holds the record file. It is the
	// output folder unless Options.RecordDir names another. It is nil
	// when nothing is written, and for Withdraw when RecordDir does not
	// exist.
	root *fsx.Root
	// lines are the record's lines, with those of a left record.
	lines []string
	// left is true when an earlier Write kept its record in Dir, before
	// Options.RecordDir moved it (a Next.js public/ an earlier version
	// wrote). The files it lists belong to the set too, and the old
	// record file goes once the new one lists them.
	left bool
}

// openRecord opens the folder of the record and reads the record's
// lines. It makes Options.RecordDir when needed. When nothing is written
// (root is nil), it only reads the record, if there is one.
func openRecord(root *fsx.Root, opts Options) (recordFile, error) {
	rec := recordFile{root: root}
	if root != nil && opts.RecordDir != "" {
		if err := fsx.MkdirAllNamed(opts.RecordDir, 0o755); err != nil {
			return recordFile{}, err
		}
		var err error
		if rec.root, err = openRoot(opts.RecordDir); err != nil {
			return recordFile{}, err
		}
	}
	var err error
	if rec.root != nil {
		rec.lines, err = readRecordLines(rec.root, opts.OutputBytes)
	} else {
		rec.lines, err = recordLinesIn(opts.RecordFolder(), opts.OutputBytes)
	}
	if err == nil {
		var old []string
		old, rec.left, err = leftRecord(root, rec.root, opts.OutputBytes)
		rec.lines = append(rec.lines, old...)
	}
	if err != nil {
		if rec.root != root {
			rec.root.Close()
		}
		return recordFile{}, err
	}
	return rec, nil
}

// newTxn starts the transaction of one Write into root. previous and
// kinds are the names the record lists and their kinds (recordNames).
// A check plans into a fresh State and writes nothing. A Write with
// Options.State plans into that State.
func newTxn(opts Options, root *fsx.Root, previous []string, kinds map[string]string) *txn {
	t := &txn{opts: opts, root: root, recorded: previous, recordKind: kinds}
	switch {
	case opts.Check:
		t.state = NewState()
		t.state.begin()
	case opts.State != nil && !opts.DryRun:
		t.state = opts.State
		t.state.begin()
	}
	if t.state != nil {
		// The keys of the State's elements depend on the lastmod format
		// (keyOf).
		t.state.nextFormat = opts.LastModFormat
	}
	return t
}

// dryRun fills res for a dry run. The files it would write are names.
// It would remove the files of previous that it does not keep and that
// are still ours.
func (t *txn) dryRun(res *Result, previous []string, keep map[string]bool, names []string) *Result {
	res.Written = names
	for _, name := range previous {
		if !keep[name] && t.stale(name) {
			res.Removed = append(res.Removed, name)
		}
	}
	return res
}

// replace puts the planned files in place and removes the old ones.
// previous are the names the old record lists, keep the names of the new
// set, and lines the new record's lines.
//
// The steps run in an order that a crash cannot break:
//   - A name the commit cannot rename a file to fails the run before the
//     record is written, and so does a robots hook that fails. The
//     folder then stays as it was.
//   - The record lists the old and the new files until the old ones are
//     gone. A run killed in between leaves nothing unaccounted for.
//   - A record that lists the same files is not written again.
func (t *txn) replace(res *Result, rec recordFile, previous []string, keep map[string]bool, lines []string) (*Result, error) {
	if err := t.placeable(); err != nil {
		return nil, err
	}
	if err := t.hookRobots(res); err != nil {
		return nil, err
	}
	if err := t.opts.takenUnchanged(); err != nil {
		return nil, err
	}
	sameRecord := !rec.left && sameNames(rec.lines, lines)
	if !sameRecord {
		if err := writeRecord(rec.root, append(slices.Clone(rec.lines), lines...)); err != nil {
			return nil, err
		}
	}
	err := t.commit(res)
	if t.state != nil {
		t.state.update(t.root, t.files, err == nil)
	}
	if err == nil && failAfterCommit != nil {
		err = failAfterCommit()
	}
	if err != nil {
		return nil, err
	}
	if res.Removed, err = removeStale(t.root, previous, keep, t.stale); err != nil {
		return nil, err
	}
	if res.TakenOver, err = removeStale(t.root, t.foreign, nil, nil); err != nil {
		return nil, err
	}
	if !sameRecord {
		if err := writeRecord(rec.root, lines); err != nil {
			return nil, err
		}
	}
	res.Recorded, _ = recordNames(lines)
	if rec.left {
		if err := t.root.RemoveRegular(RecordName); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	if len(res.Written) == 0 && len(res.Removed) == 0 && len(res.TakenOver) == 0 && sameRecord {
		return res, nil
	}
	return res, t.root.SyncDir(".")
}

// takenUnchanged asks TakenUnchanged, with TakeOver, whether the
// generator's sitemaps are still those the caller read.
func (opts *Options) takenUnchanged() error {
	if opts.TakeOver == nil || opts.TakenUnchanged == nil {
		return nil
	}
	return opts.TakenUnchanged()
}

// fillDefaults sets the bounds and URLs that opts leaves empty, and
// checks that the URLs end in /.
func (opts *Options) fillDefaults() error {
	if opts.MaxURLs <= 0 || opts.MaxURLs > sitemap.MaxURLs {
		opts.MaxURLs = sitemap.MaxURLs
	}
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = sitemap.DefaultMaxBytes
	}
	if opts.MaxBytes > sitemap.MaxBytes {
		opts.MaxBytes = sitemap.MaxBytes
	}
	if !strings.HasSuffix(opts.BaseURL, "/") {
		return fmt.Errorf("base URL %q does not end in /", opts.BaseURL)
	}
	if opts.SitemapsURL == "" {
		opts.SitemapsURL = opts.BaseURL
	}
	if !strings.HasSuffix(opts.SitemapsURL, "/") {
		return fmt.Errorf("sitemaps URL %q does not end in /", opts.SitemapsURL)
	}
	if opts.RobotsBytes <= 0 {
		opts.RobotsBytes = limits.Default.RobotsBytes
	}
	if opts.OutputBytes <= 0 {
		opts.OutputBytes = limits.Default.OutputBytes
	}
	return nil
}

// recordLines returns the lines of the record this Write leaves, the
// names of its files, and those names as a set. It also notes in res the
// sitemaps that robots.txt will not name.
func (t *txn) recordLines(res *Result, record []string) (keep map[string]bool, names, lines []string) {
	keep = make(map[string]bool, len(t.files))
	for _, f := range t.files {
		keep[f.name] = true
		names = append(names, f.name)
		lines = append(lines, recordLine(f.name, t.kind(f)))
	}
	// The Sitemap: lines robots.txt will name, ours: those of this Write
	// with Robots, else the ones an earlier Write put there, which stay.
	if t.opts.Robots {
		for _, e := range res.Entries {
			lines = append(lines, recordLine(e, kindRobots))
		}
	} else {
		for _, u := range robotsLines(record) {
			lines = append(lines, recordLine(u, kindRobots))
		}
	}
	// The base URL the generator's sitemap gave, which this Write
	// replaces: this Write's, else the one an earlier Write kept.
	if base := cmp.Or(t.opts.KeepBase, baseLine(record)); base != "" {
		lines = append(lines, recordLine(base, kindBase))
	}
	if !t.opts.Robots && len(res.Entries) > 1 {
		for _, e := range res.Entries[1:] {
			res.Unlinked = append(res.Unlinked, e[len(t.opts.SitemapsURL):])
		}
	}
	return keep, names, lines
}

// failAfterCommit, when set (tests), fails a Write after its commit, as
// removing an old file, writing the record or syncing the folder may.
var failAfterCommit func() error

// sameNames reports whether a and b hold the same names, in any order.
func sameNames(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(slices.Compact(a), slices.Compact(b))
}

// txn holds the files of one Write until they are renamed into place.
type txn struct {
	opts    Options
	state   *State   // with a State, write plans and writeChanged writes
	files   []*file  // in commit order
	foreign []string // with Options.TakeOver, other tools' sitemaps to remove
	// aliases are, with Options.TakeOver, the other tools' sitemaps that
	// answer with a file of the set (aliases.go); scopes those of them in
	// a folder, which take its URLs as they are encoded.
	aliases, scopes []*alias
	// head is what every file has after its XML declaration: the
	// stylesheet's instruction (Options.XSL), or nothing.
	head string
	// news are the URLs with News, as the shards' encoding meets them
	// (takeNews): in loc order, or section by section with sections.
	news []newsURL
	// recorded are the names the folder's record lists: the files an
	// earlier Write made there; recordKind the kind of those that have
	// one (kindEntry, kindAlias).
	recorded   []string
	recordKind map[string]string
	// root is the output folder, held while it is written: every file of
	// the set is made, renamed and removed inside it. Nil when nothing is
	// written (a dry run, a check).
	root *fsx.Root
	// spare is the buffer of the last file closed, for the next (close).
	spare *bufio.Writer
	// robots is, with Options.RobotsHook, the robots.txt to write, as
	// the hook returned it (hookRobots); nil without one.
	robots []byte
}

// commit renames the files into place in order, then updates robots.txt.
func (t *txn) commit(res *Result) error {
	for _, f := range t.files {
		if f.kept {
			res.Kept = append(res.Kept, f.name)
			continue
		}
		if err := rename(t.root, f.tmpRel, f.name); err != nil {
			return err
		}
		f.renamed = true
		f.tmp = nil
		res.Written = append(res.Written, f.name)
	}
	taken := t.takenOver()
	if t.opts.Robots || len(taken) > 0 && robotsNames(t.root, t.opts.BaseURL, taken, t.opts.RobotsBytes) || t.robotsOrphaned() {
		content, changed, err := updateRobots(t.root, t.opts.BaseURL, t.opts.SitemapsURL, res.Entries, taken, t.opts.RobotsBytes, t.robots)
		if err != nil {
			return err
		}
		if changed {
			res.Written = append(res.Written, robotsName)
			res.Robots = content
		}
	}
	return nil
}

// robotsOrphaned reports whether, in a generator's output folder
// (Options.TakeOver), robots.txt has a Sitemap: line of this tool's names
// under the base URL whose file the folder will not have once the set is
// written: not a file of the set, and missing or a file of an earlier
// set, which goes (a sitemap.xml, when --gzip writes sitemap.xml.gz). The
// generator writes its robots.txt with every build, as it writes its
// sitemaps: the line goes with them, replaced by the set's, as a line
// naming a sitemap taken over does. A file there that is neither the
// set's nor an earlier one's is the site's own, and its line stays.
func (t *txn) robotsOrphaned() bool {
	if t.opts.TakeOver == nil || robotsUsable(t.root, t.opts.RobotsBytes) != nil {
		return false
	}
	data, _, err := readRobots(t.root, t.opts.RobotsBytes)
	if err != nil {
		return false
	}
	for _, sl := range robots.Sitemaps(data) {
		rest, ok := cutPrefixURL(sl.URL, t.opts.SitemapsURL)
		if !ok || !robotsOwn(rest) || t.hasFile(rest) {
			continue
		}
		if _, err := t.root.Lstat(rest); errors.Is(err, fs.ErrNotExist) || err == nil && slices.Contains(t.recorded, rest) {
			return true
		}
	}
	return false
}
