package frontmatter

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
	fm "github.com/adrg/frontmatter"

	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/uniq"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// MaxSourceBytes is the most bytes ReadSource reads of one file by
// default (Options.MaxBytes): front matter that does not end within them
// is reported as never closed.
const MaxSourceBytes = 1 << 20

// sourceChunk is how many bytes ReadSource reads at a time.
const sourceChunk = 4 << 10

// Source is what a source file's front matter says; zero values where it
// says nothing. Keys are matched without regard to case, as Hugo does
// (lastMod, publishdate); when a key appears more than once, the first
// counts (in the file's order for YAML and TOML, in byte order of the keys
// for the members of a nested JSON object).
type Source struct {
	// Format is "yaml", "toml", "json" or "js" (Options.JavaScript); ""
	// when the file has no front matter, or front matter that is never
	// closed.
	Format string
	// Lastmod is the first of the keys lastmod, last_modified_at,
	// modified, updated, updatedDate, date, publishDate, pubDate and
	// publishedDate that holds a date, or of Options.LastmodKeys.
	Lastmod time.Time
	// LastmodKey is the key Lastmod came from, as written in the file.
	LastmodKey string
	// LastmodZone, when Lastmod was written without a zone and
	// Options.Location read it, names that zone and what set it:
	// "America/Los_Angeles (_config.yml timezone)".
	LastmodZone string
	// Date is the key date.
	Date time.Time
	// DateWord is the key date when it names a date of the file rather
	// than giving one, as Eleventy reads it: "Last Modified", "Created",
	// "git Last Modified" or "git Created".
	DateWord string
	// PublishDate is publishDate, or else pubdate, or else published when
	// it holds a date (Hugo's aliases).
	PublishDate time.Time
	// ExpiryDate is expiryDate, or else unpublishdate.
	ExpiryDate time.Time
	// Draft is draft: true, or a file of a drafts folder (DraftsIn).
	Draft bool
	// DraftsIn is the drafts folder the file is in (Jekyll's _drafts),
	// set by the caller: the file is a draft by its place.
	DraftsIn string
	// Unpublished is Jekyll's published: false.
	Unpublished bool
	// Headless is Hugo's headless: true, or build: {render: never} (also
	// render: false, and the older key _build).
	Headless bool
	// Unlisted is Hugo's build: {list: never} (also list: false, list:
	// local, and the older key _build): the page is built, but in none
	// of the site's collections, and so not in Hugo's sitemap.
	Unlisted bool
	// URL is the key url. A value that CheckURLPath refuses (another
	// host, a climb above the root …) is kept as written and is also a
	// Problem; the generator presets list no page at it.
	URL string
	// Permalink is the key permalink, kept and reported as URL is.
	Permalink string
	// NoPermalink is permalink: false, with which Eleventy writes no
	// page for the template.
	NoPermalink bool
	// Slug is the key slug.
	Slug string
	// ID is the key id (Docusaurus: a doc's id), with Options.ID.
	ID string
	// Title is the key title.
	Title string
	// TranslationKey is Hugo's translationKey: the pages of one key, in
	// each language, are translations of one another.
	TranslationKey string
	// Lang is the key lang: the page's language, where a generator's
	// plugin reads it there (Jekyll's jekyll-polyglot).
	Lang string
	// Aliases are Hugo's aliases, then Jekyll's redirect_from: paths that
	// redirect to the page. Each is a list, or a single string.
	Aliases []string
	// Categories are categories (a list, or a string of space-separated
	// names as Jekyll allows), then category (one name, or a list),
	// without repeats.
	Categories []string
	// Tags are tags (a list, or one name), without repeats: with
	// categories, Hugo's default taxonomies.
	Tags []string
	// Terms are the lists of the keys Options.Terms names (lower-cased),
	// each a list or one name, without repeats; nil without Options.Terms.
	Terms map[string][]string
	// Sitemap is the page's own sitemap: block.
	Sitemap SitemapBlock
	// Lines is the line on which the front matter ends: the line of its
	// closing delimiter, or for JSON the line of the brace that closes the
	// object. It is 0 without front matter and at least 2 with: the
	// opening delimiter has a line of its own, so a JSON object on one
	// line is not front matter.
	Lines int
	// Problems lists what is wrong with the front matter, in the order of
	// their lines.
	Problems []Problem
}

// SitemapBlock is the page's own sitemap: front matter, which overrides
// the site's rules. Keys inside it are matched without regard to case;
// keys other than these are ignored (generators keep their own there, as
// Hugo does filename).
type SitemapBlock struct {
	// Exclude is sitemap: false, or exclude: true or disable: true (Hugo)
	// inside the block; "yes" counts as true. Or one of
	// Options.ExcludeKeys true: ExcludedBy is then that key, as written,
	// and ExcludedWhy, when its reader sets it, what leaves a page out by
	// that key when it is not the project's own sitemap template ("the
	// theme Fluid … leaves the post out").
	Exclude                 bool
	ExcludedBy, ExcludedWhy string
	// Template, when set, is the test by which the project's own
	// sitemap template leaves the page out, by its URL (Exclude is then
	// true).
	Template string
	// ChangeFreq is changefreq, one of the protocol's seven values in any
	// case; zero when unset.
	ChangeFreq sitemap.ChangeFreq
	// Priority is priority, a number or numeric string from 0.0 to 1.0;
	// Priority.IsSet() is false when unset.
	Priority sitemap.Priority
	// Lastmod is lastmod.
	Lastmod time.Time
}

// Problem is something wrong in a file's front matter.
type Problem struct {
	// Line is the line it is on, counted from 1 at the file's first line
	// (not from after the opening delimiter).
	Line int
	// Msg says what is wrong, such as `lastmod: "yesterday" is not a date`
	// or `YAML: mapping values are not allowed in this context`.
	Msg string
	// Dating says Msg is of a value refused as a date under a key that
	// dates the page (Options.LastmodKeys, sitemap.lastmod): the page
	// takes its date from another source, which the caller, who knows
	// it, may add to Msg.
	Dating bool
}

// String returns the problem as "line N: message".
func (p Problem) String() string { return fmt.Sprintf("line %d: %s", p.Line, p.Msg) }

// ReadSource reads the front matter at the start of r. It reads the front
// matter and not the body (at most one more buffer of 4 KiB beyond the
// closing delimiter, and never more than MaxSourceBytes in all: 1 MiB).
// A file whose first line that is not blank opens no front matter is read
// no further than the 4 KiB that hold that line. Malformed front matter is
// a Problem, not an error; the error is for failing reads only.
//
// A byte order mark at the start of the file and CRLF line endings are
// allowed. Dates are read as [ParseDate] reads them, and also as YAML
// timestamps and TOML dates; a date or time without a zone is taken as UTC.
func ReadSource(r io.Reader) (*Source, error) { return ReadSourceWith(r, nil) }

// ReadSourceWith is ReadSource with front matter defaults, as Jekyll's
// defaults: in _config.yml give them: each key of defaults that the file's
// front matter does not set is taken as if it did (sitemap, permalink,
// published, dates …). A file without front matter takes none.
func ReadSourceWith(r io.Reader, defaults map[string]any) (*Source, error) {
	return ReadSourceOptions(r, Options{Defaults: defaults})
}

// Options are what ReadSourceOptions reads besides Source's own keys.
type Options struct {
	// Defaults are front matter defaults, as for ReadSourceWith.
	Defaults map[string]any
	// Terms are the keys whose lists Source.Terms holds: a Hugo site's
	// taxonomies (series, authors …), the keys an Eleventy permalink
	// uses as variables (category), matched without regard to case. A
	// key Source reads for a field of its own (category, slug) is one
	// too.
	Terms []string
	// ID reads the key id into Source.ID (Docusaurus); other generators'
	// pages may use id for anything.
	ID bool
	// ExcludeKeys are top-level keys, lower-cased, whose true leaves the
	// page out as sitemap: false does (Source.Sitemap.Exclude): those a
	// Hugo project's own sitemap template leaves pages out by
	// (sitemap_exclude).
	ExcludeKeys []string
	// LastmodKeys, when not empty, are the keys Source.Lastmod comes
	// from, in order, in place of the default list: those the page's
	// generator reads, lower-cased ("lastmod", "modified", "date" …). A
	// key of a mapping is written with its parent's, as
	// "last_update.date".
	LastmodKeys []string
	// Location is the time zone of a date written without one, as the
	// page's generator reads it (Jekyll's timezone, Hugo's timeZone);
	// nil is UTC. LocationFrom names what set it, for
	// Source.LastmodZone: "_config.yml timezone".
	Location     *time.Location
	LocationFrom string
	// RubyTimestamps reads a YAML timestamp with a time and no zone,
	// written without quotes (date: 2024-05-06 10:00:00), as UTC whatever
	// Location says, as Ruby's YAML and so Jekyll do; a date alone, a
	// time without seconds and a quoted value are read in Location. A
	// date that Ruby's YAML leaves text (quoted, or no YAML timestamp:
	// "2023-01-29 18:30:22 2023 -0800") is read as Ruby's Time.parse
	// reads it, a zone it does not know leaving the time in Location.
	RubyTimestamps bool
	// JavaScript reads front matter that "---js" or "---javascript"
	// opens, as Eleventy does: the literal values of the variables its
	// code declares, or of the object literal it is (see js.go). Other
	// generators read no such front matter.
	JavaScript bool
	// MaxBytes is the most bytes read of the file (0: MaxSourceBytes);
	// MaxDepth the deepest nesting of YAML or TOML front matter taken (0:
	// limits.MaxDepth, 100): deeper front matter is a Problem, and is not
	// read.
	MaxBytes, MaxDepth int
}

// ReadSourceOptions is ReadSource with defaults and the lists of more
// keys.
func ReadSourceOptions(r io.Reader, opts Options) (*Source, error) {
	known, terms := opts.keys()
	defaults := opts.Defaults
	in := &sourceInput{r: r, max: cmp.Or(opts.MaxBytes, MaxSourceBytes)}
	if b, ok := inputBufs.Get().(*[]byte); ok {
		in.buf = (*b)[:0]
	}
	defer func() {
		// Nothing read keeps a part of buf: the decoders copy what they
		// take.
		if cap(in.buf) <= maxPooledInput {
			b := in.buf[:0]
			inputBufs.Put(&b)
		}
	}()
	src := new(Source)
	start, end, ok := in.firstLine()
	if in.err != nil {
		return nil, fmt.Errorf("read front matter: %w", in.err)
	}
	if !ok {
		return src, nil
	}
	delim := string(bytes.TrimSpace(in.buf[start:end]))
	var format *fm.Format
	for _, f := range sourceFormats {
		if f.Start == delim {
			format = f
		}
	}
	if format == nil && opts.JavaScript && jsOpening(delim) {
		format = fm.NewFormat(delim, "---", unmarshalJS)
	}
	if format == nil {
		return src, nil
	}
	p := &sourceParse{in: in, src: src, open: 1 + bytes.Count(in.buf[:start], newline), start: start, defaults: defaultFields(defaults, "", known), known: known, terms: terms, lastmodKeys: opts.LastmodKeys, excludeKeys: opts.ExcludeKeys, maxDepth: cmp.Or(opts.MaxDepth, limits.MaxDepth),
		loc: opts.Location, locFrom: opts.LocationFrom, rubyTimestamps: opts.RubyTimestamps}
	// Parse hands back the body it read, which sourceInput has cut short.
	// It reads through a bufio.Reader, which it takes as it is when it
	// is one of its size: one of the pool's.
	br := lineReaders.Get().(*bufio.Reader)
	br.Reset(in)
	_, err := fm.Parse(br, p, format)
	br.Reset(nil)
	lineReaders.Put(br)
	if err != nil {
		return nil, fmt.Errorf("read front matter: %w", err)
	}
	if p.readErr != nil {
		return nil, fmt.Errorf("read front matter: %w", p.readErr)
	}
	if !p.closed {
		msg := fmt.Sprintf("front matter opened with %s on line %d is never closed", delim, p.open)
		if in.capped {
			msg = fmt.Sprintf("front matter opened with %s on line %d is not closed within the first %d bytes (limits.front_matter_bytes)", delim, p.open, in.max)
		}
		*src = Source{Problems: []Problem{{Line: p.open, Msg: msg}}}
		return src, nil
	}
	src.Lines = p.end
	// A backstop: no problem names a line past what was read.
	last := 1 + bytes.Count(in.buf, newline)
	for i := range src.Problems {
		src.Problems[i].Line = max(1, min(src.Problems[i].Line, last))
	}
	slices.SortStableFunc(src.Problems, func(a, b Problem) int { return a.Line - b.Line })
	return src, nil
}

var newline = []byte{'\n'}

// inputBufs are sourceInput's buffers, kept for the next file; one
// larger than maxPooledInput is left to the collector.
var inputBufs sync.Pool

const maxPooledInput = 64 << 10

// keySets are the keys read and the terms, for each set of options that
// asks for more keys than Source's own, made once: every file of a site
// is read with the same few (a Hugo site's taxonomies, its generator's
// lastmod keys). Past maxKeySets sets the keys are worked out each time.
var keySets sync.Map // keySetsKey → keySet

const maxKeySets = 256

var keySetsLen atomic.Int32

type keySet struct {
	known map[string]bool
	terms []string
}

// keys returns the keys the front matter is read for (sourceKeys, and
// those o asks for besides) and o's terms, lower-cased.
func (o Options) keys() (map[string]bool, []string) {
	if len(o.Terms) == 0 && !o.ID && len(o.LastmodKeys) == 0 && len(o.ExcludeKeys) == 0 {
		return sourceKeys, nil
	}
	var key strings.Builder
	key.WriteString(strconv.FormatBool(o.ID))
	for _, list := range [][]string{o.Terms, o.LastmodKeys, o.ExcludeKeys} {
		key.WriteByte(0)
		for _, k := range list {
			key.WriteString(k)
			key.WriteByte(1)
		}
	}
	if v, ok := keySets.Load(key.String()); ok {
		ks := v.(keySet)
		return ks.known, ks.terms
	}
	known := maps.Clone(sourceKeys)
	known["id"] = o.ID
	for _, k := range o.ExcludeKeys {
		known[k] = true
	}
	for _, k := range o.LastmodKeys {
		top, _, _ := strings.Cut(k, ".")
		known[top] = true
	}
	var terms uniq.List
	for _, t := range o.Terms {
		if t = strings.ToLower(t); terms.Add(t) {
			known[t] = true
		}
	}
	if keySetsLen.Load() < maxKeySets {
		if _, loaded := keySets.LoadOrStore(key.String(), keySet{known, terms.Items()}); !loaded {
			keySetsLen.Add(1)
		}
	}
	return known, terms.Items()
}

// sourceFormats are the front matter formats ReadSource knows. Their
// Unmarshal functions decode into the *sourceParse that ReadSource passes
// to fm.Parse.
var sourceFormats = []*fm.Format{
	fm.NewFormat("---", "---", unmarshalYAML),
	fm.NewFormat("+++", "+++", unmarshalTOML),
	// The JSON object is read from its opening brace to the brace that
	// closes it, which may come after the first line that is only "}".
	{Start: "{", End: "}", Unmarshal: unmarshalJSON, UnmarshalDelims: true},
}

// sourceInput is the reader fm.Parse reads. It keeps what it read in buf,
// reads no more than max bytes, drops a byte order mark at the start,
// and reports io.EOF once done is set: when the front matter has been read.
type sourceInput struct {
	r      io.Reader
	max    int    // the most bytes read from r
	buf    []byte // what was read from r, without the byte order mark
	off    int    // how much of buf fm.Parse has had
	n      int    // bytes read from r, the byte order mark included
	done   bool   // the front matter has been read
	bom    bool   // the start has been checked for a byte order mark
	eof    bool   // r is at its end, or n has reached max
	capped bool   // n has reached max
	err    error  // r's error, other than io.EOF
}

// more reads the next chunk of r into buf. It reports false when there is
// no more to read: at the end of r, at the limit, or after an error.
func (in *sourceInput) more() bool {
	for empty := 0; !in.eof && in.err == nil; empty++ {
		want := min(sourceChunk, in.max-in.n)
		in.buf = slices.Grow(in.buf, want)
		m, err := in.r.Read(in.buf[len(in.buf) : len(in.buf)+want])
		m = max(0, min(m, want))
		in.buf = in.buf[:len(in.buf)+m]
		in.n += m
		switch {
		case err == io.EOF:
			in.eof = true
		case err != nil:
			in.err = err
		case m == 0 && empty >= 100:
			in.err = io.ErrNoProgress
		}
		if in.n >= in.max {
			in.eof, in.capped = true, true
		}
		if !in.bom && (len(in.buf) >= 3 || in.eof || in.err != nil) {
			in.bom = true
			in.buf = bytes.TrimPrefix(in.buf, []byte("\uFEFF"))
		}
		if m > 0 && in.bom {
			return true
		}
	}
	return false
}

// readAt copies buf from *pos to p, reading more of r when *pos is at its
// end, and advances *pos.
func (in *sourceInput) readAt(pos *int, p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if *pos >= len(in.buf) && !in.more() {
		if in.err != nil {
			return 0, in.err
		}
		return 0, io.EOF
	}
	n := copy(p, in.buf[*pos:])
	*pos += n
	return n, nil
}

// Read is what fm.Parse reads: the file, up to where the front matter
// ends, a line at most at a time, so that what fm.Parse has read ahead of
// the closing delimiter's line when the front matter is decoded (and
// then copies as the body) is nothing.
func (in *sourceInput) Read(p []byte) (int, error) {
	if in.done {
		return 0, io.EOF
	}
	if i := bytes.IndexByte(in.buf[min(in.off, len(in.buf)):], '\n'); i >= 0 && i+1 < len(p) {
		p = p[:i+1]
	}
	return in.readAt(&in.off, p)
}

// lineReaders are the buffered readers fm.Parse reads sourceInput
// through: bufio.NewReader's size, which it takes as they are.
var lineReaders = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, 4096) }}

// firstLine finds the first line of the file that is not blank, the one
// that opens front matter if the file has any, and returns where it starts
// and ends in buf. It reports false when the file has no such line, or as
// soon as the part of the line read shows it cannot open front matter.
func (in *sourceInput) firstLine() (start, end int, ok bool) {
	for !in.bom && in.more() {
	}
	scanned := 0
	for {
		for {
			i := bytes.IndexByte(in.buf[scanned:], '\n')
			if i < 0 {
				break
			}
			scanned += i + 1
			if len(bytes.TrimSpace(in.buf[start:scanned])) > 0 {
				return start, scanned, true
			}
			start = scanned
		}
		scanned = len(in.buf)
		if !mayOpen(in.buf[start:]) || !in.more() {
			return 0, 0, false
		}
	}
}

// mayOpen reports whether line, the start of a line, may still turn out
// to be an opening delimiter: blank, or a delimiter or the start of one,
// with nothing after it but white space. fm.Parse trims lines with
// bytes.TrimSpace, so white space is Unicode's.
func mayOpen(line []byte) bool {
	line = bytes.TrimLeftFunc(line, unicode.IsSpace)
	if len(line) == 0 || !utf8.FullRune(line) {
		return true
	}
	for _, f := range sourceFormats {
		k := min(len(line), len(f.Start))
		if string(line[:k]) != f.Start[:k] {
			continue
		}
		rest := bytes.TrimLeftFunc(line[k:], unicode.IsSpace)
		if len(rest) == 0 || !utf8.FullRune(rest) {
			return true
		}
		// "---js": a language's name may follow (Options.JavaScript).
		if k == 3 && f.Start == "---" && jsOpeningStart(rest) {
			return true
		}
	}
	return false
}

// sourceParse is the state of one ReadSource after the opening delimiter.
type sourceParse struct {
	in      *sourceInput
	src     *Source
	open    int   // the line of the opening delimiter
	start   int   // where the opening delimiter's line starts in in.buf
	end     int   // the line on which the front matter ends
	closed  bool  // the front matter was closed and decoded
	readErr error // a failing read while decoding JSON
	md      *toml.MetaData
	// defaults are the fields a key the front matter does not set takes.
	defaults fields
	// known are the keys read: sourceKeys and Options.Terms.
	known map[string]bool
	// maxDepth is the deepest nesting taken (Options.MaxDepth).
	maxDepth int
	// terms are Options.Terms, lower-cased.
	terms []string
	// lastmodKeys are Options.LastmodKeys; nil for the default list.
	lastmodKeys []string
	// excludeKeys are Options.ExcludeKeys.
	excludeKeys []string
	// loc, locFrom and rubyTimestamps are Options.Location,
	// LocationFrom and RubyTimestamps.
	loc            *time.Location
	locFrom        string
	rubyTimestamps bool
}

// problem records what is wrong on line, once.
func (p *sourceParse) problem(line int, format string, args ...any) {
	pr := Problem{Line: line, Msg: fmt.Sprintf(format, args...)}
	if !slices.Contains(p.src.Problems, pr) {
		p.src.Problems = append(p.src.Problems, pr)
	}
}

// bodyLine returns the file's line for line n of the YAML or TOML between
// the delimiters, kept within them.
func (p *sourceParse) bodyLine(n int) int {
	return max(p.open+1, min(p.open+n, p.end))
}

// guard runs a decoder, turning a panic into an error: the decoders are
// not ours, and no file may crash a build.
func guard(decode func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("the decoder failed: %v", v)
		}
	}()
	return decode()
}
