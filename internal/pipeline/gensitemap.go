package pipeline

// The generator's own sitemap serves as a lastmod source and a source
// of the pages' hreflang alternates. It is read before the writer
// replaces it, and what it said is kept beside ours, so that the next
// build, a check or a watch session still knows it.

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/sitemapgen/sitemapgen/internal/atomicfile"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/sitemapfile"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/writer"
)

// GenDatesName is the file in the output folder that keeps the lastmods
// and the hreflang alternates of the generator's sitemap, once ours
// replaced it. So a takeover never loses what the replaced file knew,
// and the next build (or sitemapgen --check) reads them where the file
// was.
//
// Its lines in version 2 (genDatesHeader) are:
//
//   - a comment;
//   - the lists of alternates, each once however many URLs share it:
//     three tabs and the list's number (from 1, in order), then for each
//     alternate a tab, a code, a tab and the genHash of its URL in 16
//     hex digits;
//   - a file of the generator's, by its path in the output folder;
//   - under it, a line for each URL the file dated: a tab, the URL's
//     genHash, a tab and the lastmod (RFC 3339);
//   - and a line for each URL the file gave alternates: two tabs, the
//     URL's genHash, a tab and the number of its list.
//
// Version 3 adds two kinds of line under a file: four tabs and the
// file's modification time (RFC 3339), and five tabs and the
// witnessHash of each URL it lists, dated or not (what the second look,
// secondlook.go, and the witness of what the generator builds,
// witness.go, compare the pages with). A reader of version 2 takes them
// for damaged lists of alternates, and passes over them. A reader of
// version 1 passes over the lines of alternates, which open with two
// tabs and so hold no hash, and reads the dates. A line "URL, tab,
// lastmod, tab, file", the form written before version 1, is read too.
const GenDatesName = ".sitemapgen-generator-lastmod"

const genDatesHeader = "# sitemapgen 3: the lastmods, hreflang alternates and URLs of the generator's sitemaps that sitemapgen's replaced, read by its next run: the lists of alternates (three tabs, a number, then a code and a URL's hash for each), then each file's path, then its modification time (four tabs, the time), a line for each URL it dated (a tab, the first 16 hex digits of the SHA-256 of the URL without a final /, index.html or .html, a tab, the lastmod), for each URL it gave alternates (two tabs, the hash, a tab, the number of its list) and for each URL it lists (five tabs, the hash of its path).\n"

// The bounds of GenDatesName's lines:
//
//   - a file's line: a path in the output folder, a folder and a file's
//     name, 255 bytes each on most systems, up to 765 in UTF-8 on macOS;
//   - a date's line: a tab, 16 hex digits, a tab, a date of RFC3339Nano
//     (35 bytes at most) and a newline: 54;
//   - a URL's line of alternates: two tabs, 16 hex digits, a tab, a
//     number of at most 10 digits and a newline: 30;
//   - an alternate in a list: a tab, a code of at most maxGenLang bytes,
//     a tab and 16 hex digits: 82, plus at most once for each its list's
//     opening (three tabs, a number, a newline: 14);
//   - in version 3, a file's time (four tabs, a time of RFC3339Nano, a
//     newline: 40) and a URL it lists (five tabs, 16 hex digits, a
//     newline: 22).
const (
	genFileBytes   = 2*768 + genMTimeBytes
	genMTimeBytes  = 4 + 35 + 1
	genListedBytes = 5 + 16 + 1
	genLineBytes   = 64
	genAltRefBytes = 32
	genAltBytes    = 2 + maxGenLang + 16 + 16
)

// genDatesBound is the most bytes that GenDatesName holds with urls
// dates, as many URLs with alternates, and as many alternates in its
// lists. It bounds what is read of the file.
func genDatesBound(urls int) int {
	return len(genDatesHeader) + limits.MaxGeneratorFiles*(genFileBytes+1) + urls*(genLineBytes+genAltRefBytes+genAltBytes+genListedBytes)
}

// genDates are the lastmods of the generator's own sitemaps, by genHash
// of their URL's genKey. A date costs 24 bytes and its map slot,
// whatever its URL's length.
type genDates struct {
	dates map[uint64]genDate
	// files are the paths of the files the dates were read from, by
	// genDate.file.
	files []string
	// zones are the time zones of the dates, by their offset in minutes.
	// They are made while the dates are read, because lookup, which reads
	// them, is called by several goroutines.
	zones map[int16]*time.Location
	// read names the generator's files the dates were read from, in the
	// folder. What the others gave came from GenDatesName.
	read []string
	// keep says GenDatesName is to be left as it is, with only its time
	// set. The file is past its bound, and a build that cannot read it
	// must not write its dates away.
	keep bool
	// alts are the hreflang alternates the files gave, by genHash of
	// their URL's genKey (see genalts.go).
	alts genAlternates
	// listed holds the URLs the files list, dated or not, by
	// witnessHash, each with the index in genDates.files of the file that
	// lists it: what the second look (secondlook.go) and the witness
	// (witness.go) compare the pages with. witnessing, set before the
	// files are read, keeps when they were written too: mtimes holds, by
	// index, the modification times (Unix nanoseconds) of the files that
	// list pages (not of an index).
	listed     map[uint64]uint16
	witnessing bool
	mtimes     map[uint16]int64
	// after, when not 0, is the last moment (Unix seconds) a date of the
	// files may be a page's: a day after the last commit of the history
	// git read (rule R1 of the second look, setAfter). A later date is a
	// build's time, and lookup passes it over. lastCommit is that commit's
	// date.
	after      int64
	lastCommit time.Time
	// onBase, set before the files are read, maps a URL they name on a
	// dev server's loopback origin to its path on the base URL, as the
	// pages' links are mapped (mapping.Mapper.OnDevServer). It is nil for
	// none.
	onBase func(string) string
}

// genDate is a lastmod: the instant, its zone's offset, and the index
// in genDates.files of the file it came from.
type genDate struct {
	sec  int64
	nsec int32
	zone int16 // minutes east of UTC
	file uint16
}

func newGenDates() *genDates {
	return &genDates{dates: make(map[uint64]genDate), zones: make(map[int16]*time.Location), alts: newGenAlternates(),
		listed: make(map[uint64]uint16), mtimes: make(map[uint16]int64)}
}

// date returns d as a time of its zone.
func (g *genDates) date(d genDate) time.Time {
	t := time.Unix(d.sec, int64(d.nsec))
	if d.zone == 0 {
		return t.UTC()
	}
	return t.In(g.zones[d.zone])
}

// genDateOf returns t, a date from the file at index file, as a
// genDate. It makes t's zone known to g.
func (g *genDates) genDateOf(t time.Time, file int) genDate {
	_, off := t.Zone()
	zone := int16(off / 60)
	if zone != 0 && g.zones[zone] == nil {
		g.zones[zone] = time.FixedZone("", int(zone)*60)
	}
	return genDate{sec: t.Unix(), nsec: int32(t.Nanosecond()), zone: zone, file: uint16(file)}
}

// file returns the index of the file name in g.files, adding it when it
// is new.
func (g *genDates) file(name string) int {
	if i := slices.Index(g.files, name); i >= 0 {
		return i
	}
	g.files = append(g.files, name)
	return len(g.files) - 1
}

// lookup is mapping.Page.Sitemap. It passes over a date later than
// g.after (rule R1).
func (g *genDates) lookup(loc string) (time.Time, string) {
	d, ok := g.dates[genHash(genKey(loc))]
	if !ok || g.late(d) {
		return time.Time{}, ""
	}
	return g.date(d), g.files[d.file]
}

// late reports whether d is more than a day after the last commit
// (genDates.after): a build's time, which rule R1 passes over.
func (g *genDates) late(d genDate) bool { return g.after != 0 && d.sec > g.after }

// genKey is the form in which a URL of the generator's sitemap and ours
// meet. It has no trailing slash, index.html or .html, because the
// generator may write a page's URL in a form of its own.
func genKey(loc string) string {
	loc = strings.TrimSuffix(loc, "index.html")
	loc = strings.TrimSuffix(loc, ".html")
	return strings.TrimSuffix(loc, "/")
}

// genHash is the key that a URL's date is kept by: the first 64 bits of
// the SHA-256 of its genKey. Two of a million URLs share a key by
// chance once in 36 million sites, and no one can choose a URL that
// takes another's date.
func genHash(key string) uint64 {
	sum := sha256.Sum256(unsafe.Slice(unsafe.StringData(key), len(key))) // read only: no copy
	return binary.BigEndian.Uint64(sum[:8])
}

// loadGenDates reads the lastmods and the hreflang alternates of the
// generator's sitemaps in the output folder
// (Options.GeneratorSitemaps). When there are none, it reads those that
// GenDatesName kept. Each file is read inside the output folder
// (sitemapfile.Read: never through a link out of it), within the
// protocol's limits, 50,000 URLs among them. It reads at most
// limits.MaxGeneratorFiles files, limits.generator_urls URLs in all,
// and as many alternates in the lists kept; a list shared by the pages
// of a cluster counts once. An alternate on another host than the base
// URL's is not kept. A file that cannot be read is a warning, and so is
// a bound passed. The pages then take their dates and alternates from
// the other sources.
func (l *loader) loadGenDates(ctx context.Context) {
	l.in.seen = nil
	if takes := l.opts.GeneratorSitemaps; takes != nil {
		l.in.gen = l.readGenSitemaps(ctx, l.opts.Write.Dir, takes)
	}
	l.loadWitness(ctx)
}

// readGenSitemaps reads the generator's sitemaps in dir that takes
// names, as loadGenDates says. dir is the output folder, or the site's
// folder for the witness alone. When there are none, it reads what
// GenDatesName kept there. When some are there, it reads what
// GenDatesName kept of the others that takes names: ours replaced them,
// and the generator has not written them again yet (its build is under
// way, hugo --watch's). So what it reads is whole: each file as the
// generator last wrote it. In the output folder, it notes each file as
// it was before it read it (seenSitemaps), for the write. It returns nil
// when they give nothing.
func (l *loader) readGenSitemaps(ctx context.Context, dir string, takes func(name string) bool) *genDates {
	names, err := writer.ForeignSitemaps(dir, takes, OwnSitemap(dir, stateOf(&l.opts.Write, dir), l.opts.Write.OutputBytes))
	if err != nil {
		l.rep.warn("", fmt.Errorf("the generator's sitemaps not read: %w", err))
		return nil
	}
	if fsx.SamePath(dir, l.opts.Write.Dir) {
		seen := &seenSitemaps{dir: dir, takes: takes, stamps: make(map[string]genStamp, len(names)), generator: l.opts.Generator}
		for _, name := range names {
			if st, ok := stampOf(dir, name); ok {
				seen.stamps[name] = st
			}
		}
		l.in.seen = seen
	}
	if len(names) > limits.MaxGeneratorFiles {
		l.rep.warn("", &diag.Diagnostic{File: dir, Msg: fmt.Sprintf("%d files of the generator's sitemaps, more than %d: those after %s are not read for their lastmods and alternates", len(names), limits.MaxGeneratorFiles, names[limits.MaxGeneratorFiles-1])})
		names = names[:limits.MaxGeneratorFiles]
	}
	g := newGenDates()
	g.witnessing = l.witness != nil
	g.alts.origin = originOf(l.mapper.BaseURL())
	if l.opts.Map.DevServer {
		g.onBase = l.mapper.OnDevServer
	}
	left := l.opts.Limits.Or().GeneratorURLs
	g.alts.left = left
	for _, name := range names {
		path := filepath.Join(dir, filepath.FromSlash(name))
		index, n, err := g.readSitemap(ctx, dir, name, left)
		left -= n
		if ctx.Err() != nil {
			return nil
		}
		if err != nil {
			var over *genOver
			if !errors.As(err, &over) {
				l.rep.warn("", fmt.Errorf("the generator's sitemap: %w; its lastmods and alternates are not used", err))
				continue
			}
			msg := fmt.Sprintf("more than %d entries, the protocol's limit for one sitemap file: those from here on are not read for their lastmods and alternates", sitemap.MaxURLs)
			if over.total {
				msg = fmt.Sprintf("more than %d URLs in the generator's sitemaps (%s): those from here on, and the files after this one, are not read for their lastmods and alternates", l.opts.Limits.Or().GeneratorURLs, limits.GeneratorURLsKey)
			}
			l.rep.warn("", diag.At(path, over.line, msg))
		}
		if !index {
			g.read = append(g.read, name)
		}
		if left == 0 && err != nil {
			break // past limits.generator_urls
		}
	}
	if len(g.read) == 0 {
		l.readKeptGenDates(g, dir, nil)
	} else {
		l.readKeptGenDates(g, dir, func(name string) bool { return takes(name) && !slices.Contains(names, name) })
	}
	l.saidGenAlternates(&g.alts)
	g.alts.done()
	if stamped(g.dates) {
		// Every URL is dated alike (MkDocs dates each page by its build):
		// that is the build's stamp, not a page's date.
		clear(g.dates)
	}
	if len(g.dates) > 0 || len(g.read) > 0 || g.keep || len(g.alts.refs) > 0 || len(g.listed) > 0 {
		return g
	}
	return nil
}

// saidGenAlternates warns about the alternates of the generator's
// sitemaps that were not kept: those past limits.generator_urls, and
// those on another host.
func (l *loader) saidGenAlternates(a *genAlternates) {
	if a.overAt != "" {
		l.rep.warn("", fmt.Errorf("%s: more than %d hreflang alternates in the generator's sitemaps (%s): those from here on are not kept, and their pages take the alternates of their heads or of the generator's translations", a.overAt, l.opts.Limits.Or().GeneratorURLs, limits.GeneratorURLsKey))
	}
	if a.far > 0 {
		what := "1 hreflang alternate"
		if a.far > 1 {
			what = fmt.Sprintf("%d hreflang alternates", a.far)
		}
		l.rep.warn("", fmt.Errorf("%s: %s in the generator's sitemaps name another host than the base URL's (%s/), and are not listed (to list alternates on other hosts, write them in the pages' heads and set hreflang.hosts)", a.farAt, what, a.origin))
	}
}

// genOver is a bound passed while reading a generator's sitemap, at the
// line of the first entry not read. The bound is the protocol's 50,000
// entries a file or, with total, limits.generator_urls.
type genOver struct {
	line  int
	total bool
}

func (o *genOver) Error() string { return "bound passed" }

// readSitemap reads the dates and alternates of the generator's sitemap
// name in dir: at most left of its entries, and at most the protocol's
// 50,000. It returns whether the file is an index (whose entries date
// no page), the number of entries read, and a *genOver for a bound
// passed. The dates and alternates read before the bound are kept.
// Those of a file that cannot be read are not.
func (g *genDates) readSitemap(ctx context.Context, dir, name string, left int) (index bool, n int, err error) {
	file := g.file(name)
	type dated struct {
		key uint64
		d   genDate
	}
	type listed struct {
		key  uint64
		list uint32
	}
	var dates []dated // kept once the whole file is read
	var lists []listed
	var urls []uint64 // what it lists, for the second look and the witness
	var mtime int64
	if g.witnessing {
		if fi, err := fsx.Lstat(dir, name); err == nil {
			mtime = fi.ModTime().UnixNano()
		}
	}
	var alts []genAlt
	var over *genOver
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	path := filepath.Join(dir, filepath.FromSlash(name))
	isIndex, err := sitemapfile.Read(rctx, dir, name, sitemapfile.Limits{}, func(e sitemapfile.Entry) {
		switch {
		case over != nil:
			return
		case n == left || n == sitemap.MaxURLs:
			over = &genOver{line: e.Line, total: n == left}
			cancel() // stop reading
			return
		}
		n++
		index = e.Index
		if e.Index {
			return
		}
		urls = append(urls, witnessHash(e.Loc))
		loc := e.Loc
		if g.onBase != nil {
			loc = g.onBase(loc)
		}
		var key uint64
		keyed := false
		if t, ok := parseLastMod(e.LastMod); ok {
			key, keyed = genHash(genKey(loc)), true
			dates = append(dates, dated{key, g.genDateOf(t, file)})
		}
		if len(e.Alternates) == 0 {
			return
		}
		alts = alts[:0]
		for _, a := range e.Alternates {
			if a.Lang == "" || len(a.Lang) > maxGenLang || strings.ContainsAny(a.Lang, "\t\n\r ") {
				continue
			}
			href := a.Href
			if g.onBase != nil {
				href = g.onBase(href)
			}
			if originOf(href) != g.alts.origin {
				if g.alts.far++; g.alts.far == 1 {
					g.alts.farAt = fmt.Sprintf("%s:%d", path, e.Line)
				}
				continue
			}
			lang, ok := g.alts.lang(a.Lang)
			if !ok {
				continue
			}
			alts = append(alts, genAlt{hash: genHash(genKey(href)), lang: lang})
		}
		if len(alts) == 0 {
			return
		}
		l := g.alts.list(alts)
		if l == 0 {
			if g.alts.overAt == "" {
				g.alts.overAt = fmt.Sprintf("%s:%d", path, e.Line)
			}
			return
		}
		if !keyed {
			key = genHash(genKey(loc))
		}
		lists = append(lists, listed{key, l})
	})
	switch {
	case over != nil && ctx.Err() == nil:
		err = over
	case err != nil:
		return false, n, err
	default:
		index = isIndex
	}
	for _, d := range dates {
		g.dates[d.key] = d.d
	}
	for _, l := range lists {
		g.alts.refs[l.key] = genAltRef{list: l.list, file: uint16(file)}
	}
	// The witness takes a file only with its time.
	if !index && (!g.witnessing || mtime != 0) {
		if g.witnessing {
			g.mtimes[uint16(file)] = mtime
		}
		for _, h := range urls {
			g.listed[h] = uint16(file)
		}
	}
	return index, n, err
}

// OwnSitemap says which files of dir, named as the generator names its
// sitemaps, are ours (sitemap.xml, when ours replaced the generator's
// by writing over it). They are the files our record lists (read within
// max bytes, limits.output_bytes), unless the generator wrote the file
// again since (a build into a folder it does not empty first).
// GenDatesName tells that, because every write of ours ends by writing
// it or setting its time. When the record cannot be read, every file is
// ours: we must never read our own sitemap as the generator's. The
// record and GenDatesName are in state (builder.stateOf): dir, or the
// folder where they are kept for it.
//
// Asked about a URL (https://…), it says whether a Sitemap: line of
// robots.txt that names it was written by an earlier run with --robots
// (writer.RecordedRobots). Such a line says nothing about the site
// either.
func OwnSitemap(dir, state string, max int) func(name string) bool {
	recorded, robots, err := writer.RecordedWithRobots(state, max)
	if err != nil {
		return func(string) bool { return true }
	}
	kept, err := fsx.Lstat(state, GenDatesName)
	if err == nil && !kept.Mode().IsRegular() {
		err = fs.ErrInvalid // not ours: a link, for example
	}
	return func(name string) bool {
		if strings.Contains(name, "://") {
			return slices.Contains(robots, name)
		}
		if !slices.Contains(recorded, name) {
			return false
		}
		if err != nil {
			return true // ours, as far as we know: never read our own as the generator's
		}
		fi, serr := fsx.Lstat(dir, name)
		return serr == nil && !fi.ModTime().After(kept.ModTime())
	}
}

// readKeptGenDates reads into g what GenDatesName kept for dir (in
// stateOf's folder). It reads through the one door, only a
// regular file (never a link, which is not the file we write), within
// the bound that limits.generator_urls gives it, and as many dates.
// With only, it reads only what it kept of the files only names, and
// adds it to what g holds: a URL g dates, gives alternates or lists
// already keeps what g says.
func (l *loader) readKeptGenDates(g *genDates, dir string, only func(name string) bool) {
	dir = stateOf(&l.opts.Write, dir)
	max := l.opts.Limits.Or().GeneratorURLs
	f := l.openKeptGenDates(g, dir, max)
	if f == nil {
		return
	}
	defer f.Close()
	r := &keptReader{g: g, path: filepath.Join(dir, GenDatesName), max: max, warn: l.rep.warn, lists: map[string]uint32{}, only: only}
	r.read(f)
}

// openKeptGenDates opens GenDatesName in dir through the one door, as a
// regular file within its bound. It returns nil with a warning when the
// file is something else or cannot be read, and nil alone when it is
// not there. A file past its bound is left as it is for a larger limit
// (g.keep).
func (l *loader) openKeptGenDates(g *genDates, dir string, max int) *fsx.File {
	path := filepath.Join(dir, GenDatesName)
	fi, err := fsx.Lstat(dir, GenDatesName)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err == nil && !fi.Mode().IsRegular():
		l.rep.warn("", &diag.Diagnostic{File: path, Msg: fmt.Sprintf("%s, not the file sitemapgen writes: not read (a build writes the file in its place)", fsx.Describe(fi.Mode()))})
		return nil
	}
	f, err := fsx.Open(dir, GenDatesName, int64(genDatesBound(max)), limits.GeneratorURLsKey)
	if err == nil && fi.Size() > int64(genDatesBound(max)) {
		f.Close()
		f, err = nil, fsx.TooLarge(path, int64(genDatesBound(max)), limits.GeneratorURLsKey)
	}
	if errors.Is(err, fsx.ErrTooLarge) {
		// Left as it is: a larger limit reads it again.
		g.keep = true
		l.rep.warn("", fmt.Errorf("%w; its dates are not used, and it is left as it is (raise the limit, or remove the file)", err))
		return nil
	}
	if err != nil {
		l.rep.warn(GenDatesName, err)
		return nil
	}
	return f
}

// keptReader reads the lines of GenDatesName into g. Each line's form
// says what it holds: a file's path, then, indented under it, a URL's
// date, a URL's alternates, a list of alternates, the file's
// modification time, or a URL the file lists. A damaged line is passed
// over: no date is better than a wrong one.
type keptReader struct {
	g    *genDates
	path string
	max  int // limits.generator_urls: the most dates, lists and URLs read
	warn func(path string, err error)

	file   int               // the index of the file the lines are under; -1 before one
	line   int               // the line read
	dates  int               // dates read
	urls   int               // URLs given a list of alternates
	listed int               // URLs listed (version 3)
	lists  map[string]uint32 // a list's number as written → 1 + its index in g.alts.lists
	said   bool              // a bound's warning was given
	// only, when not nil, names the files whose lines are read; a URL g
	// knows already keeps what g says of it (readKeptGenDates).
	only func(name string) bool
}

// known reports whether a URL's line, by its key in have, is passed
// over: with only, g knows the URL already from a file read since.
func known[V any](r *keptReader, have map[uint64]V, key uint64) bool {
	if r.only == nil {
		return false
	}
	_, ok := have[key]
	return ok
}

// read reads the file's lines, and warns of a line it cannot read.
func (r *keptReader) read(f io.Reader) {
	sc := bufio.NewScanner(f)
	// A line of the form before version 1 holds a URL. A list of
	// alternates holds as many as limits.generator_urls allows.
	sc.Buffer(nil, genFileBytes+genLineBytes+64<<10+min(r.max, 1<<16)*genAltBytes)
	r.file = -1
	r.g.alts.left = r.max
	for sc.Scan() {
		r.line++
		if !r.readLine(sc.Text()) {
			return
		}
	}
	if err := sc.Err(); err != nil {
		msg := err.Error()
		if d, ok := errors.AsType[*diag.Diagnostic](err); ok {
			msg = d.Msg // larger than its bound: it grew while it was read
		}
		r.warn("", &diag.Diagnostic{File: r.path, Line: r.line + 1, Err: err, Msg: msg + "; the dates and alternates from here on are not used"})
	}
}

// readLine reads one line. It returns false to end the read, when there
// are too many dates.
func (r *keptReader) readLine(text string) bool {
	g := r.g
	switch {
	case text == "" || text[0] == '#':
	case strings.HasPrefix(text, "\t\t\t\t\t"):
		r.listedURL(text[5:])
	case strings.HasPrefix(text, "\t\t\t\t"):
		// The file's modification time (version 3).
		if t, err := time.Parse(time.RFC3339Nano, text[4:]); err == nil && r.file >= 0 && g.witnessing {
			g.mtimes[uint16(r.file)] = t.UnixNano()
		}
	case strings.HasPrefix(text, "\t\t\t"):
		r.altList(text[3:])
	case strings.HasPrefix(text, "\t\t"):
		r.urlAlts(text[2:])
	case text[0] == '\t':
		// A URL's date, under its file.
		h, date, ok := strings.Cut(text[1:], "\t")
		key, herr := hex.DecodeString(h)
		t, tok := parseLastMod(date)
		if !ok || herr != nil || len(key) != 8 || !tok || r.file < 0 || known(r, g.dates, binary.BigEndian.Uint64(key)) {
			return true
		}
		if !r.dated() {
			return false
		}
		g.dates[binary.BigEndian.Uint64(key)] = g.genDateOf(t, r.file)
	case strings.Count(text, "\t") == 2:
		// URL, lastmod, file: the form written before.
		f := strings.Split(text, "\t")
		t, ok := parseLastMod(f[1])
		if !ok || len(g.files) >= limits.MaxGeneratorFiles && !slices.Contains(g.files, f[2]) || r.only != nil && !r.only(f[2]) || known(r, g.dates, genHash(f[0])) {
			return true
		}
		if !r.dated() {
			return false
		}
		g.dates[genHash(f[0])] = g.genDateOf(t, g.file(f[2]))
	case !strings.Contains(text, "\t"):
		// A file's path: the dates after it are its.
		r.file = -1
		if (len(g.files) < limits.MaxGeneratorFiles || slices.Contains(g.files, text)) && (r.only == nil || r.only(text)) {
			r.file = g.file(text)
		}
	}
	return true
}

// dated counts a date. It returns false, with a warning, past the
// bound.
func (r *keptReader) dated() bool {
	if r.dates++; r.dates > r.max {
		r.warn("", diag.At(r.path, r.line, fmt.Sprintf("more than %d dates (%s): those from here on are not used", r.max, limits.GeneratorURLsKey)))
		return false
	}
	return true
}

// over warns, once a read, that a bound was passed.
func (r *keptReader) over(what string) {
	if !r.said {
		r.said = true
		r.warn("", diag.At(r.path, r.line, fmt.Sprintf("more than %d %s (%s): those from here on are not used", r.max, what, limits.GeneratorURLsKey)))
	}
}

// listedURL reads a URL the file lists, by witnessHash (version 3).
func (r *keptReader) listedURL(h string) {
	key, err := hex.DecodeString(h)
	if err != nil || len(key) != 8 || r.file < 0 || known(r, r.g.listed, binary.BigEndian.Uint64(key)) {
		return
	}
	if r.listed++; r.listed > r.max {
		r.over("URLs listed")
		return
	}
	r.g.listed[binary.BigEndian.Uint64(key)] = uint16(r.file)
}

// altList reads a list of alternates: its number, then a code and a
// hash for each.
func (r *keptReader) altList(text string) {
	num, alts, ok := r.g.altList(text)
	if !ok {
		return // damaged: no alternates are better than wrong ones
	}
	l := r.g.alts.list(alts)
	if l == 0 {
		r.over("hreflang alternates")
		return
	}
	r.lists[num] = l
}

// urlAlts reads a URL's alternates, under its file: its hash, and the
// number of its list.
func (r *keptReader) urlAlts(text string) {
	h, num, ok := strings.Cut(text, "\t")
	key, herr := hex.DecodeString(h)
	l := r.lists[num]
	if !ok || herr != nil || len(key) != 8 || l == 0 || r.file < 0 || known(r, r.g.alts.refs, binary.BigEndian.Uint64(key)) {
		return
	}
	if r.urls++; r.urls > r.max {
		r.over("URLs with hreflang alternates")
		return
	}
	r.g.alts.refs[binary.BigEndian.Uint64(key)] = genAltRef{list: l, file: uint16(r.file)}
}

// altList reads a list of alternates written by keepGenDates: its
// number, then a code and a hash for each. ok is false when the list is
// damaged.
func (g *genDates) altList(text string) (num string, alts []genAlt, ok bool) {
	f := strings.Split(text, "\t")
	if len(f) < 3 || len(f)%2 == 0 {
		return "", nil, false
	}
	ok = true
	for i := 1; i < len(f) && ok; i += 2 {
		key, err := hex.DecodeString(f[i+1])
		if ok = err == nil && len(key) == 8 && f[i] != "" && len(f[i]) <= maxGenLang; ok {
			var lang uint16
			if lang, ok = g.alts.lang(f[i]); ok {
				alts = append(alts, genAlt{hash: binary.BigEndian.Uint64(key), lang: lang})
			}
		}
	}
	return f[0], alts, ok
}

// stateOf returns the folder that holds the record and GenDatesName for
// the folder dir, written by the writer's options w. For the output
// folder that is Write.RecordDir when it is set (in a server build,
// whose server serves the output folder as it is). Otherwise it is dir.
func stateOf(w *writer.Options, dir string) string {
	if dir == w.Dir {
		return w.RecordFolder()
	}
	return dir
}

// keepGenDates writes GenDatesName after a write of a generator's site.
// The first time, it writes the dates of the generator's sitemaps that
// it read, which ours replaced by writing over them or removing them
// (or will replace next time). So their dates outlive them. After every
// write, the file ends up later than our files, so that the next run
// knows them for ours (OwnSitemap). Its time is set through the one
// door, never through a link. A link, or anything but a regular file,
// is replaced by the file. g are the dates the build read (writeIn.gen).
func (p *writePass) keepGenDates(g *genDates) {
	if p.opts.GeneratorSitemaps == nil || p.done.write == nil || p.opts.Write.DryRun || p.opts.Write.Check {
		return
	}
	dir, state := p.opts.Write.Dir, p.opts.Write.RecordFolder()
	if p.done.genKept || g != nil && (len(g.read) == 0 || g.keep) {
		// The file holds what this build read, so it only needs to be as
		// new as our files, by the file system's clock. That clock is
		// coarser than time.Now's: a file written after this call may read
		// as older than now.
		var newest time.Time
		for _, f := range p.done.write.Written {
			if fi, err := fsx.Lstat(dir, f); err == nil && fi.ModTime().After(newest) {
				newest = fi.ModTime()
			}
		}
		if newest.IsZero() {
			return
		}
		err := fsx.Chtimes(state, GenDatesName, newest)
		if err == nil || !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, fsx.ErrNotRegular) {
			return
		}
		if g != nil && g.keep {
			return
		}
	}
	p.done.genKept = true
	err := atomicfile.WriteFunc(filepath.Join(state, GenDatesName), 0o644, func(w *bufio.Writer) error {
		w.WriteString(genDatesHeader)
		if g != nil {
			g.write(w)
		}
		return nil
	})
	if err != nil {
		p.found.warn("", fmt.Errorf("the generator's sitemap's lastmods not kept: %w", err))
	}
}

// keysByFile returns the keys of m by the index of the file that file
// gives each value, below n (others are left out), in one array: a
// URL's key costs its 8 bytes, and no slice grows.
func keysByFile[V any](n int, m map[uint64]V, file func(V) uint16) [][]uint64 {
	counts := make([]int, n)
	total := 0
	for _, v := range m {
		if f := int(file(v)); f < n {
			counts[f]++
			total++
		}
	}
	all := make([]uint64, total)
	by := make([][]uint64, n)
	at := 0
	for f, c := range counts {
		by[f] = all[at : at : at+c]
		at += c
	}
	for k, v := range m {
		if f := int(file(v)); f < n {
			by[f] = append(by[f], k)
		}
	}
	return by
}

// write writes g's dates and alternates as GenDatesName's lines. First
// come the lists of alternates that the URLs have, numbered in order.
// Then come the files in order of their paths, each with its dates by
// key, then its URLs' lists by key.
func (g *genDates) write(w *bufio.Writer) {
	byFile := keysByFile(len(g.files), g.dates, func(d genDate) uint16 { return d.file })
	altsOf := make([][]uint64, len(g.files))
	listedBy := keysByFile(len(g.files), g.listed, func(f uint16) uint16 { return f })
	used := make([]bool, len(g.alts.lists))
	for k, r := range g.alts.refs {
		if r.list > 0 && int(r.file) < len(g.files) {
			altsOf[r.file] = append(altsOf[r.file], k)
			used[r.list-1] = true
		}
	}
	order := make([]int, len(g.files))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(g.files[a], g.files[b]) })
	var line []byte
	appendKey := func(k uint64) {
		var key [8]byte
		binary.BigEndian.PutUint64(key[:], k)
		line = hex.AppendEncode(line, key[:])
	}
	// The lists, numbered as written: a list no URL has is left out.
	num := make([]int, len(g.alts.lists))
	n := 0
	for i, l := range g.alts.lists {
		if !used[i] {
			continue
		}
		n++
		num[i] = n
		line = append(line[:0], "\t\t\t"...)
		line = strconv.AppendInt(line, int64(n), 10)
		for _, a := range l {
			line = append(line, '\t')
			line = append(line, g.alts.langs[a.lang]...)
			line = append(line, '\t')
			appendKey(a.hash)
		}
		line = append(line, '\n')
		w.Write(line)
	}
	for _, i := range order {
		keys, alts, urls := byFile[i], altsOf[i], listedBy[i]
		mtime, timed := g.mtimes[uint16(i)]
		if len(keys) == 0 && len(alts) == 0 && len(urls) == 0 && !timed || g.files[i] == "" || g.files[i][0] == '#' || strings.ContainsAny(g.files[i], "\t\n\r") {
			continue
		}
		slices.Sort(keys)
		slices.Sort(alts)
		slices.Sort(urls)
		w.WriteString(g.files[i])
		w.WriteByte('\n')
		if timed {
			line = append(line[:0], "\t\t\t\t"...)
			line = time.Unix(0, mtime).UTC().AppendFormat(line, time.RFC3339Nano)
			line = append(line, '\n')
			w.Write(line)
		}
		for _, k := range urls {
			line = append(line[:0], "\t\t\t\t\t"...)
			appendKey(k)
			line = append(line, '\n')
			w.Write(line)
		}
		for _, k := range keys {
			line = append(line[:0], '\t')
			appendKey(k)
			line = append(line, '\t')
			line = g.date(g.dates[k]).AppendFormat(line, time.RFC3339Nano)
			line = append(line, '\n')
			w.Write(line)
		}
		for _, k := range alts {
			line = append(line[:0], '\t', '\t')
			appendKey(k)
			line = append(line, '\t')
			line = strconv.AppendInt(line, int64(num[g.alts.refs[k].list-1]), 10)
			line = append(line, '\n')
			w.Write(line)
		}
	}
}

// parseLastMod parses a sitemap's lastmod: a W3C date or date and time.
func parseLastMod(s string) (time.Time, bool) {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04Z07:00", time.DateOnly} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// stamped reports whether two or more dates are all the same, as with a
// generator that dates each page by its build (MkDocs).
func stamped(dates map[uint64]genDate) bool {
	var first genDate
	n := 0
	for _, d := range dates {
		if n++; n == 1 {
			first = d
		} else if d.sec != first.sec || d.nsec != first.nsec {
			return false
		}
	}
	return n >= 2
}
