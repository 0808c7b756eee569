package pipeline

// The per-URL hook (--transform) is a program, or the host's function
// behind two pipes (the JS API). It is given every record that a build
// lists, and answers with the records to write.
//
// # Protocol
//
// Once the records are final (pages and extra URLs merged,
// de-duplicated, judged by robots.txt, dated), each is written to the
// hook as one JSON line, in URL order. The line is an object with the
// sitemap's own element names, the ones internal/extraurls reads: loc;
// lastmod, in the format the sitemap is written in; changefreq;
// priority as a number; alternates [{"hreflang","href"}]; images
// [{"loc"}]. A value the record does not have is left out. The hook
// writes back JSON lines of the same form, in any order. A record of a
// URL it was given is that URL's record as edited: what it gives is
// what is written, and a value it leaves out is none. A URL it was
// given and does not write back is dropped, and a URL it was not given
// is added. Videos and news entries are not given, so a record written
// back keeps the page's.
//
// Writing and reading go on at once: a goroutine writes, and the build
// reads. So a hook that answers as it reads never blocks on a full
// pipe. What the hook writes back is read a line at a time
// (extraurls.Read), and only the records that differ from what it was
// given are kept until it ends. Nothing changes until the hook has
// exited with 0. The build fails before anything is written, naming the
// hook (and the line), on a line that is not such a record, an exit
// status other than 0, a run past limits.command_seconds, or an output
// past limits.extra_urls_bytes.
//
// What the hook writes back is checked as an extra URL is. Every value
// is checked when read (extraurls). An added URL must be under the base
// URL, shorter than the protocol's bound and allowed by robots.txt, or
// it is left out with a warning at NAME:LINE. A URL written back twice
// is listed once, as first written. The second is a warning that names
// both lines. The records are sorted by URL again before they are
// written.

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/extraurls"
	"github.com/sitemapgen/sitemapgen/internal/robots"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// Transform is the per-URL hook.
type Transform struct {
	// Name names the hook in messages, and each line it writes back as
	// NAME:LINE: "the transform 'CMD'".
	Name string
	// Start starts the hook. The records are written to in, which is
	// closed after the last record, and the answers are read from out.
	// Closing out ends the hook. After out was read to the end, Close
	// says whether the hook failed; before that, Close kills it.
	Start func(ctx context.Context) (in io.WriteCloser, out io.ReadCloser, err error)
}

// Transformed counts what the hook did: the records given and those
// written back. Of the URLs given, it counts the ones edited and
// dropped. It counts the URLs added, and of those, the ones left out
// (outside the base URL, too long, disallowed by robots.txt) or written
// back twice.
type Transformed struct {
	Given      int `json:"given"`
	Returned   int `json:"returned"`
	Edited     int `json:"edited"`
	Dropped    int `json:"dropped"`
	Added      int `json:"added"`
	LeftOut    int `json:"leftOut"`
	Duplicates int `json:"duplicates"`
}

// LastModTransform is the lastmod source of a date the hook changed.
const LastModTransform mapping.LastModSource = "transform"

// hookEdit is a record written back that differs from the one given. It
// is kept compact until the hook ends, because a hook may edit every
// record. It holds its position in order, its line, which values
// changed (bits of hookValues), and those values.
type hookEdit struct {
	pos, line int32
	took      uint8
	cf        sitemap.ChangeFreq
	prio      sitemap.Priority
	lastmod   int64 // Unix seconds, or noLastMod
	ext       *hookExt
}

// hookExt is an edit's alternates and images, when either changed.
type hookExt struct {
	alts   []sitemap.Alternate
	images []sitemap.Image
}

// hookAdd is a URL the hook added, kept compact until the hook ends, as
// an edit is.
type hookAdd struct {
	loc     string
	line    int32
	cf      sitemap.ChangeFreq
	prio    sitemap.Priority
	lastmod int64 // Unix seconds, or noLastMod
	ext     *hookExt
}

func newHookAdd(r *extraurls.Record) hookAdd {
	a := hookAdd{loc: r.URL.Loc, line: int32(r.Line), cf: r.URL.ChangeFreq, prio: r.URL.Priority, lastmod: noLastMod}
	if !r.URL.LastMod.IsZero() {
		a.lastmod = r.URL.LastMod.Unix()
	}
	if len(r.URL.Alternates) > 0 || len(r.URL.Images) > 0 {
		a.ext = &hookExt{alts: r.URL.Alternates, images: r.URL.Images}
	}
	return a
}

// url returns the URL a added.
func (a *hookAdd) url() sitemap.URL {
	u := sitemap.URL{Loc: a.loc, ChangeFreq: a.cf, Priority: a.prio}
	if a.lastmod != noLastMod {
		u.LastMod = time.Unix(a.lastmod, 0).UTC()
	}
	if a.ext != nil {
		u.Alternates, u.Images = a.ext.alts, a.ext.images
	}
	return u
}

// hookValues name the values of a record the hook may change, by bit.
var hookValues = [...]string{"lastmod", "changefreq", "priority", "alternates", "images"}

const (
	tookLastMod = 1 << iota
	tookChangeFreq
	tookPriority
	tookAlternates
	tookImages
)

// tookNames names the values of the bits took.
func tookNames(took uint8) []string {
	var names []string
	for i, name := range hookValues {
		if took&(1<<i) != 0 {
			names = append(names, name)
		}
	}
	return names
}

// appendRecord appends u as the hook reads it: a JSON line, with dates
// in f. It is written by hand, because a build writes a hundred
// thousand of them.
func appendRecord(b []byte, u *sitemap.URL, f sitemap.DateFormat) []byte {
	b = append(b, `{"loc":`...)
	b = appendString(b, u.Loc)
	if lm := sitemap.AppendLastMod(nil, u.LastMod, f); len(lm) > 0 {
		b = append(b, `,"lastmod":"`...)
		b = append(b, lm...)
		b = append(b, '"')
	}
	if u.ChangeFreq != 0 {
		b = append(b, `,"changefreq":"`...)
		b = append(b, u.ChangeFreq.String()...)
		b = append(b, '"')
	}
	if u.Priority.IsSet() {
		b = append(b, `,"priority":`...)
		b = u.Priority.Append(b)
	}
	if len(u.Alternates) > 0 {
		b = append(b, `,"alternates":[`...)
		for i, a := range u.Alternates {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"hreflang":`...)
			b = appendString(b, a.Lang)
			b = append(b, `,"href":`...)
			b = appendString(b, a.Href)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if len(u.Images) > 0 {
		b = append(b, `,"images":[`...)
		for i, im := range u.Images {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"loc":`...)
			b = appendString(b, im.Loc)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, "}\n"...)
}

// appendString appends s as a JSON string.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20:
			b = append(b, `\u00`...)
			b = append(b, "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}

// transformPass is the transform pass. It runs the per-URL hook
// (Options.Transform) over the records in order, and applies what the
// hook writes back. On an error it changes nothing.
type transformPass struct {
	// hook is Options.Transform. format is Write.LastModFormat, the
	// format the hook reads and writes dates in.
	hook   *Transform
	format sitemap.DateFormat
	// explain hears what the hook changed, for --explain.
	explain *explainer
	// mapper and rules judge the URLs the hook adds: the base URL and
	// the site's robots.txt (nil for none). robotsWarn is
	// Options.Robots.Warn: a URL robots.txt disallows is listed anyway.
	mapper     *mapping.Mapper
	rules      *robots.Judge
	robotsWarn bool
	// done is what run returns for the Result: Result.Transformed, and
	// the moves that keep Result.LastMod's counts right.
	done  transformed
	found findings
}

// transformed is the transform pass's product for the Result.
type transformed struct {
	stats  *Transformed
	counts counted
}

func (b *builder) transformPass() *transformPass {
	return &transformPass{
		hook: b.opts.Transform, format: b.opts.Write.LastModFormat,
		explain: b.explain, mapper: b.mapper, rules: b.in.robots, robotsWarn: b.opts.Robots.Warn,
	}
}

// run runs the hook on the records s, and applies its answers to them.
// It returns what it changes of the Result (Transformed, the lastmod
// counts) and what it found so far, with the error that ended it, if
// any.
func (p *transformPass) run(ctx context.Context, s *records) (transformed, findings, error) {
	t := p.hook
	f := p.format
	res := &Transformed{Given: s.Len()}
	p.done.stats = res
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	in, out, err := t.Start(ctx)
	if err != nil {
		return p.done, p.found, err
	}

	// One goroutine writes the records to the hook while this one reads
	// the answers, so neither waits on the other's pipe. The writer only
	// reads the records.
	var wg sync.WaitGroup
	var werr error
	wg.Go(func() { werr = writeRecords(in, s, f) })

	h := hookAnswers{name: t.Name, recs: s, format: f, res: res, seen: make([]bool, s.Len()), warn: p.found.warn}
	err = extraurls.ReadKnown(out, t.Name, extraurls.JSONL, h.known, func(r extraurls.Record) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		h.answer(&r)
		return nil
	})
	if err != nil {
		cancel() // the hook is killed, and the writer's pipe with it
	}
	cerr := out.Close()
	cancel()
	wg.Wait()
	switch {
	case err != nil:
		return p.done, p.found, err
	case cerr != nil:
		return p.done, p.found, cerr
	case werr != nil && !stoppedReading(werr):
		return p.done, p.found, fmt.Errorf("%s: writing the records: %w", t.Name, werr)
	}
	p.apply(s, t.Name, res, h.seen, h.edits, h.added)
	return p.done, p.found, nil
}

// writeRecords writes the records of s in order to in, the hook's input,
// one JSON line each with dates in f. It closes in at the end.
func writeRecords(in io.WriteCloser, s *records, f sitemap.DateFormat) error {
	defer in.Close()
	bw := bufio.NewWriterSize(in, 64<<10)
	var line []byte
	for i := range s.Len() {
		u := s.At(i)
		line = appendRecord(line[:0], &u, f)
		if _, err := bw.Write(line); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// hookAnswers gathers what the hook writes back about the records recs,
// until the hook ends.
type hookAnswers struct {
	name   string // the hook's, for messages
	recs   *records
	format sitemap.DateFormat
	res    *Transformed
	warn   func(path string, err error)
	seen   []bool // by position in order: the record was written back
	edits  []hookEdit
	added  []hookAdd
	// next is the position of the record that the hook's next answer
	// most likely is: the one after the last it wrote back.
	next int
	want []byte // the line of the record at next
}

// known reports whether line, an answer of the hook, is the line of the
// record at next, byte for byte. Such an answer is taken without being
// parsed, so a hook that passes most records through costs a comparison
// each.
func (h *hookAnswers) known(line []byte) bool {
	if h.next >= len(h.seen) || h.seen[h.next] {
		return false
	}
	u := h.recs.At(h.next)
	h.want = appendRecord(h.want[:0], &u, h.format)
	if !bytes.Equal(line, h.want[:len(h.want)-1]) {
		return false
	}
	h.res.Returned++
	h.seen[h.next] = true
	h.next++
	return true
}

// answer takes the record r that the hook wrote back. A URL that was
// not given is added; a URL given twice is a duplicate; a record that
// differs from the one given is an edit.
func (h *hookAnswers) answer(r *extraurls.Record) {
	h.res.Returned++
	pos, ok := h.recs.find(r.URL.Loc)
	if !ok {
		h.added = append(h.added, newHookAdd(r)) // its duplicates found once sorted
		return
	}
	h.next = pos + 1
	if h.seen[pos] {
		h.res.Duplicates++
		h.warn(h.name+":"+strconv.Itoa(r.Line), fmt.Errorf("duplicate URL %s (written back before); listed once, as first written back", r.URL.Loc))
		return
	}
	h.seen[pos] = true
	was := h.recs.At(pos)
	if took := hookChanged(&was, &r.URL, h.format); took != 0 {
		e := hookEdit{pos: int32(pos), line: int32(r.Line), took: took, cf: r.URL.ChangeFreq, prio: r.URL.Priority, lastmod: noLastMod}
		if !r.URL.LastMod.IsZero() {
			e.lastmod = r.URL.LastMod.Unix()
		}
		if took&(tookAlternates|tookImages) != 0 {
			e.ext = &hookExt{alts: r.URL.Alternates, images: r.URL.Images}
		}
		h.edits = append(h.edits, e)
	}
}

// stoppedReading reports whether err, of a write of the records, is the
// hook's: it ended, or closed its input, before the last record, having
// answered. What it wrote back is what it says.
func stoppedReading(err error) bool {
	return errors.Is(err, io.ErrClosedPipe) || errors.Is(err, os.ErrClosed) || errors.Is(err, syscall.EPIPE)
}

// hookChanged returns the bits of the values of u, written back, that
// differ from was, given; lastmods compared as written in f.
func hookChanged(was, u *sitemap.URL, f sitemap.DateFormat) uint8 {
	var took uint8
	if !bytes.Equal(sitemap.AppendLastMod(nil, was.LastMod, f), sitemap.AppendLastMod(nil, u.LastMod, f)) {
		took |= tookLastMod
	}
	if was.ChangeFreq != u.ChangeFreq {
		took |= tookChangeFreq
	}
	if was.Priority != u.Priority {
		took |= tookPriority
	}
	if !slices.Equal(was.Alternates, u.Alternates) {
		took |= tookAlternates
	}
	if !slices.Equal(was.Images, u.Images) {
		took |= tookImages
	}
	return took
}

// apply applies what the hook wrote back. It edits the records that
// the hook changed, drops the records that it did not write back, and
// checks and adds the URLs that it added. Then it sorts the records
// again.
func (p *transformPass) apply(s *records, name string, res *Transformed, seen []bool, edits []hookEdit, added []hookAdd) {
	for i := range edits {
		e := &edits[i]
		idx := s.order[e.pos]
		path := s.pathOf(s.rec(idx))
		if from, to, dated := applyEdit(s, idx, e); dated {
			p.done.counts.move(from, to, 1)
		}
		res.Edited++
		p.explain.transformed(path, name+":"+strconv.Itoa(int(e.line)), tookNames(e.took))
	}
	p.dropNotWrittenBack(s, name, res, seen)
	if len(added) == 0 {
		return
	}
	p.addHookURLs(s, name, res, added)
	sortParallel(s.order, s.cmp, 2)
}

// applyEdit gives the record idx of s the values that the edit e changed.
// When e changes the lastmod, dated is true, and from and to are the
// sources of the record's lastmod before and after.
func applyEdit(s *records, idx int32, e *hookEdit) (from, to mapping.LastModSource, dated bool) {
	r := s.rec(idx)
	if e.took&tookLastMod != 0 {
		from, dated = countedSource(s, idx), true
		delete(s.listed, idx)
		s.next.remove(idx)
		r.lastmod, r.src = e.lastmod, 0
		if e.lastmod != noLastMod {
			r.src, to = srcIndex(LastModTransform), LastModTransform
		}
	}
	if e.took&tookChangeFreq != 0 {
		r.cf = e.cf
	}
	if e.took&tookPriority != 0 {
		r.prio = e.prio
	}
	if e.took&tookImages != 0 {
		k := s.extension(idx)
		s.media.set(k, e.ext.images, s.media.videosOf(k), s.media.newsOf(k))
	}
	if e.took&tookAlternates != 0 {
		k := s.extension(idx)
		s.setAlts(k, e.ext.alts)
		s.alts.setShown(k, nil) // as they are
	}
	return from, to, dated
}

// countedSource returns the source of the record idx's lastmod as
// Result.LastMod counts it: LastModListed for a list page that the
// newest page it lists dates.
func countedSource(s *records, idx int32) mapping.LastModSource {
	if _, ok := s.listed[idx]; ok {
		return LastModListed
	}
	return s.source(idx)
}

// dropNotWrittenBack drops from the order the records at the positions
// that seen does not mark: the hook, name, did not write them back.
func (p *transformPass) dropNotWrittenBack(s *records, name string, res *Transformed, seen []bool) {
	out := s.order[:0]
	for pos, idx := range s.order {
		if seen[pos] {
			out = append(out, idx)
			continue
		}
		res.Dropped++
		r := s.rec(idx)
		path, loc := s.pathOf(r), s.locOf(r)
		p.found.skipAt(path, loc, mapping.Transformed, "not written back by "+name)
		p.found.keepLeftOut(loc)
		p.explain.dropped(path, name)
		p.done.counts.moves = append(p.done.counts.moves, countMove{from: countedSource(s, idx), n: 1, gone: true})
	}
	s.order = out
}

// addHookURLs adds the URLs that the hook, name, added, as extra URLs at
// the end of the order. It leaves out, with a warning, a URL added
// twice and a URL that refuseAdded refuses.
func (p *transformPass) addHookURLs(s *records, name string, res *Transformed, added []hookAdd) {
	// Of a URL added twice, the first written back is listed, and the
	// other is a duplicate.
	slices.SortStableFunc(added, func(a, b hookAdd) int { return strings.Compare(a.loc, b.loc) })
	s.extras.begin(name)
	first := 0 // the first of the run of one URL the loop is in
	for i := range added {
		a := &added[i]
		path := name + ":" + strconv.Itoa(int(a.line))
		if i > 0 && added[first].loc == a.loc {
			res.Duplicates++
			p.found.warn(path, fmt.Errorf("duplicate URL %s (also at line %d); listed once", diag.URL(a.loc), added[first].line))
			continue
		}
		first = i
		x := extraurls.Record{Line: int(a.line), URL: a.url()}
		d := mapping.Decision{URL: x.URL, Form: mapping.FormUnknown}
		if !x.URL.LastMod.IsZero() {
			d.LastModSource, d.LastModFrom = LastModTransform, path
		}
		d.Skip, d.Because = refuseAdded(x.URL.Loc, p.mapper, p.rules, p.robotsWarn)
		if d.Skip != "" {
			res.LeftOut++
			p.found.warn(path, fmt.Errorf("%s; not listed", d.Because))
			p.found.skipAt(path, x.URL.Loc, d.Skip, d.Because)
			p.found.keepLeftOut(x.URL.Loc)
			p.explain.page(path, &d)
			continue
		}
		res.Added++
		idx := s.addExtra(&d.URL, x.Line)
		r := s.rec(idx)
		r.setRobots(robotsAllowed)
		if r.lastmod != noLastMod {
			r.src = srcIndex(LastModTransform)
		}
		p.done.counts.moves = append(p.done.counts.moves, countMove{to: s.source(idx), n: 1, came: true})
		s.order = append(s.order, idx)
		if p.explain.matches(path, &d) {
			p.explain.page(path, &d)
			p.explain.transformed(path, path, given(&x.URL))
		}
	}
}

// refuseAdded returns why a URL that the hook added, loc, is not listed,
// and the evidence; it returns no reason when loc is listed. A URL is
// refused when it is too long for the protocol, when it is not under
// the base URL of m, or when the site's robots.txt (rules; nil for none)
// disallows it and robotsWarn does not ask only for a warning.
func refuseAdded(loc string, m *mapping.Mapper, rules *robots.Judge, robotsWarn bool) (mapping.Reason, string) {
	switch {
	case sitemap.CheckLoc(loc) != nil:
		return mapping.LocTooLong, fmt.Sprintf("the URL is %d characters long; the protocol allows fewer than %d", len(loc), sitemap.MaxLocLength)
	case !m.Under(loc):
		return mapping.OutsideBase, fmt.Sprintf("%s is not under the base URL %s", diag.URL(loc), m.BaseURL())
	case rules != nil && rules.Blocked(robots.PathOf(loc)) && !robotsWarn:
		return mapping.RobotsTxt, robots.Because(rules.Why(robots.PathOf(loc)))
	}
	return "", ""
}

// extension returns the index of the record idx's entry in alts,
// images, videos and news, making one when it has none.
func (s *records) extension(idx int32) int32 {
	r := s.rec(idx)
	if r.alts == 0 {
		r.alts = s.alts.entry(idx, 0)
	}
	return r.alts - 1
}
