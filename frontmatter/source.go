// Reading the front matter of source files.
//
// [ReadSource] reads the YAML (--- … ---), TOML (+++ … +++) or JSON ({ … })
// block at the top of a Markdown, HTML or AsciiDoc source file, as Hugo,
// Jekyll, Eleventy and Astro write them. github.com/adrg/frontmatter finds
// the block; YAML is decoded with gopkg.in/yaml.v3, TOML with
// github.com/BurntSushi/toml and JSON with encoding/json, each into generic
// values from which [Source] picks the keys it knows, so that one value of
// the wrong type loses that key and no other. What is wrong becomes a
// [Problem] that names the line of the file; so does a url or permalink
// that cannot be a path on the site ([CheckURLPath]): one that names
// another host or climbs above the site's root.

package frontmatter

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
	fm "github.com/adrg/frontmatter"
	"gopkg.in/yaml.v3"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

// MaxSourceBytes is the most bytes ReadSource reads of one file: front
// matter that does not end within them is reported as never closed.
const MaxSourceBytes = 1 << 20

// sourceChunk is how many bytes ReadSource reads at a time.
const sourceChunk = 4 << 10

// Source is what a source file's front matter says; zero values where it
// says nothing. Keys are matched without regard to case, as Hugo does
// (lastMod, publishdate); when a key appears more than once, the first
// counts (in the file's order for YAML and TOML, in byte order of the keys
// for the members of a nested JSON object).
type Source struct {
	// Format is "yaml", "toml" or "json"; "" when the file has no front
	// matter, or front matter that is never closed.
	Format string
	// Lastmod is the first of the keys lastmod, last_modified_at,
	// modified, updated, date and publishDate that holds a date.
	Lastmod time.Time
	// LastmodKey is the key Lastmod came from, as written in the file.
	LastmodKey string
	// Date is the key date.
	Date time.Time
	// PublishDate is publishDate, or else pubdate, or else published when
	// it holds a date (Hugo's aliases).
	PublishDate time.Time
	// ExpiryDate is expiryDate, or else unpublishdate.
	ExpiryDate time.Time
	// Draft is draft: true.
	Draft bool
	// Unpublished is Jekyll's published: false.
	Unpublished bool
	// Headless is Hugo's headless: true, or build: {render: never} (also
	// render: false, and the older key _build).
	Headless bool
	// URL is the key url. A value that CheckURLPath refuses (another
	// host, a climb above the root …) is kept as written and is also a
	// Problem; the generator presets list no page at it.
	URL string
	// Permalink is the key permalink, kept and reported as URL is.
	Permalink string
	// Slug is the key slug.
	Slug string
	// Title is the key title.
	Title string
	// Aliases are Hugo's aliases, then Jekyll's redirect_from: paths that
	// redirect to the page. Each is a list, or a single string.
	Aliases []string
	// Categories are categories (a list, or a string of space-separated
	// names as Jekyll allows), then category (one name, or a list),
	// without repeats.
	Categories []string
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
	// inside the block; "yes" counts as true.
	Exclude bool
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
func ReadSource(r io.Reader) (*Source, error) {
	in := &sourceInput{r: r}
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
	if format == nil {
		return src, nil
	}
	p := &sourceParse{in: in, src: src, open: 1 + bytes.Count(in.buf[:start], newline), start: start}
	// Parse hands back the body it read, which sourceInput has cut short.
	if _, err := fm.Parse(in, p, format); err != nil {
		return nil, fmt.Errorf("read front matter: %w", err)
	}
	if p.readErr != nil {
		return nil, fmt.Errorf("read front matter: %w", p.readErr)
	}
	if !p.closed {
		msg := fmt.Sprintf("front matter opened with %s on line %d is never closed", delim, p.open)
		if in.capped {
			msg = fmt.Sprintf("front matter opened with %s on line %d is not closed within the first %d MiB", delim, p.open, MaxSourceBytes>>20)
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
// reads no more than MaxSourceBytes, drops a byte order mark at the start,
// and reports io.EOF once done is set: when the front matter has been read.
type sourceInput struct {
	r      io.Reader
	buf    []byte // what was read from r, without the byte order mark
	off    int    // how much of buf fm.Parse has had
	n      int    // bytes read from r, the byte order mark included
	done   bool   // the front matter has been read
	bom    bool   // the start has been checked for a byte order mark
	eof    bool   // r is at its end, or n has reached MaxSourceBytes
	capped bool   // n has reached MaxSourceBytes
	err    error  // r's error, other than io.EOF
}

// more reads the next chunk of r into buf. It reports false when there is
// no more to read: at the end of r, at the limit, or after an error.
func (in *sourceInput) more() bool {
	for empty := 0; !in.eof && in.err == nil; empty++ {
		want := min(sourceChunk, MaxSourceBytes-in.n)
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
		if in.n >= MaxSourceBytes {
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

// Read is what fm.Parse reads: the file, up to where the front matter ends.
func (in *sourceInput) Read(p []byte) (int, error) {
	if in.done {
		return 0, io.EOF
	}
	return in.readAt(&in.off, p)
}

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

// field is one key of the front matter and its value.
type field struct {
	key  string // as written; with its parent's, as "sitemap.priority"
	name string // lowercase, as looked up
	line int    // the key's line in the file; 0 when yet to be found (TOML)
	val  any    // the decoded value; fields for a nested mapping
	raw  string // YAML: a scalar as written, for text
	prim toml.Primitive
}

// fields are the keys of a mapping, in order.
type fields []field

// get returns the first field called name.
func (fs fields) get(name string) (field, bool) {
	for _, f := range fs {
		if f.name == name {
			return f, true
		}
	}
	return field{}, false
}

// sourceKeys are the keys Source reads, and nestedKeys those it reads from
// the mappings sitemap and build.
var (
	sourceKeys = map[string]bool{
		"lastmod": true, "last_modified_at": true, "modified": true, "updated": true,
		"date": true, "publishdate": true, "pubdate": true, "published": true,
		"expirydate": true, "unpublishdate": true, "draft": true, "headless": true,
		"build": true, "_build": true, "url": true, "permalink": true, "slug": true,
		"title": true, "aliases": true, "redirect_from": true, "categories": true,
		"category": true, "sitemap": true,
	}
	nestedKeys = map[string]bool{
		"exclude": true, "disable": true, "changefreq": true, "priority": true,
		"lastmod": true, "render": true,
	}
)

// nested reports whether the key name holds a mapping Source reads.
func nested(name string) bool { return name == "sitemap" || name == "build" || name == "_build" }

// unmarshalYAML decodes YAML front matter for fm.Parse.
func unmarshalYAML(data []byte, v any) error {
	p := v.(*sourceParse)
	p.in.done, p.closed = true, true
	p.src.Format = "yaml"
	p.end = p.open + bytes.Count(data, newline) + 1
	var doc yaml.Node
	if err := guard(func() error { return yaml.Unmarshal(data, &doc) }); err != nil {
		line, msg := yamlError(err)
		p.problem(p.bodyLine(line), "YAML: %s", msg)
		return nil
	}
	root := &doc
	if root.Kind == yaml.DocumentNode {
		if len(root.Content) == 0 {
			return nil
		}
		root = root.Content[0]
	}
	root = unalias(root)
	switch {
	case root.Kind == yaml.MappingNode:
		p.apply(p.yamlFields(root, "", sourceKeys))
	case root.Kind == 0, root.Kind == yaml.ScalarNode && root.Tag == "!!null":
	case root.Kind == yaml.SequenceNode:
		p.problem(p.bodyLine(root.Line), "YAML: the front matter is a list, not keys and values")
	default:
		p.problem(p.bodyLine(root.Line), "YAML: the front matter is a single value, not keys and values")
	}
	return nil
}

// yamlError splits an error of yaml.v3 into the line it names (0 when
// none) and the rest of its message.
func yamlError(err error) (line int, msg string) {
	msg = strings.TrimPrefix(err.Error(), "yaml: ")
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if n, after, ok := strings.Cut(rest, ": "); ok {
			if line, err := strconv.Atoi(n); err == nil {
				return line, after
			}
		}
	}
	return 0, msg
}

// unalias follows YAML aliases to the node they name.
func unalias(n *yaml.Node) *yaml.Node {
	for i := 0; n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

// yamlFields returns the keys of the mapping m that are in known, with
// their values decoded. Parent is the key m belongs to, or "".
func (p *sourceParse) yamlFields(m *yaml.Node, parent string, known map[string]bool) fields {
	var fs fields
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], unalias(m.Content[i+1])
		if k.Kind != yaml.ScalarNode {
			continue
		}
		f := field{key: parent + k.Value, name: strings.ToLower(k.Value), line: p.bodyLine(k.Line)}
		if !known[f.name] {
			continue
		}
		switch {
		case v.Kind == yaml.MappingNode && parent == "" && nested(f.name):
			f.val = p.yamlFields(v, f.key+".", nestedKeys)
		default:
			if err := guard(func() error { return v.Decode(&f.val) }); err != nil {
				_, msg := yamlError(err)
				p.problem(f.line, "%s: %s", f.key, msg)
				continue
			}
			if v.Kind == yaml.ScalarNode {
				f.raw = v.Value
			}
		}
		fs = append(fs, f)
	}
	return fs
}

// unmarshalTOML decodes TOML front matter for fm.Parse.
func unmarshalTOML(data []byte, v any) error {
	p := v.(*sourceParse)
	p.in.done, p.closed = true, true
	p.src.Format = "toml"
	p.end = p.open + bytes.Count(data, newline) + 1
	var top map[string]toml.Primitive
	var md toml.MetaData
	err := guard(func() (err error) {
		md, err = toml.Decode(string(data), &top)
		return err
	})
	if err != nil {
		line, msg := 0, err.Error()
		if pe, ok := errors.AsType[toml.ParseError](err); ok {
			line, msg = pe.Position.Line, pe.Message
		}
		p.problem(p.bodyLine(line), "TOML: %s", msg)
		return nil
	}
	p.md = &md
	p.apply(p.tomlFields(top, nil, sourceKeys))
	return nil
}

// tomlFields returns the keys of the table m that are in known, with their
// values decoded, in the order of the file. Parent is the key of m, or nil.
func (p *sourceParse) tomlFields(m map[string]toml.Primitive, parent toml.Key, known map[string]bool) fields {
	var fs fields
	seen := make(map[string]bool, len(m))
	for _, k := range p.md.Keys() {
		if len(k) <= len(parent) || !slices.Equal(k[:len(parent)], parent) || seen[k[len(parent)]] {
			continue
		}
		key := k[len(parent)]
		seen[key] = true
		prim, ok := m[key]
		name := strings.ToLower(key)
		if !ok || !known[name] {
			continue
		}
		f := field{key: key, name: name, prim: prim}
		if parent != nil {
			f.key = strings.Join(parent, ".") + "." + key
		}
		if err := guard(func() error { return p.md.PrimitiveDecode(prim, &f.val) }); err != nil {
			p.problem(p.lineOf(f), "%s: %v", f.key, err)
			continue
		}
		if _, ok := f.val.(map[string]any); ok && parent == nil && nested(name) {
			var sub map[string]toml.Primitive
			if err := guard(func() error { return p.md.PrimitiveDecode(prim, &sub) }); err == nil {
				f.val = p.tomlFields(sub, toml.Key{key}, nestedKeys)
			}
		}
		fs = append(fs, f)
	}
	return fs
}

// tomlProbe fails to decode whatever it is given, so that the error says
// where the key is.
type tomlProbe struct{}

var errProbe = errors.New("probe")

// UnmarshalTOML fails.
func (tomlProbe) UnmarshalTOML(any) error { return errProbe }

// lineOf returns the line of f's key in the file. TOML keys have no line
// until one is asked for: the decoder tells only in an error.
func (p *sourceParse) lineOf(f field) int {
	if f.line > 0 {
		return f.line
	}
	if p.md != nil {
		var probe tomlProbe
		err := guard(func() error { return p.md.PrimitiveDecode(f.prim, &probe) })
		if pe, ok := errors.AsType[toml.ParseError](err); ok && pe.Position.Line > 0 {
			return p.bodyLine(pe.Position.Line)
		}
	}
	return p.open
}

// unmarshalJSON decodes JSON front matter for fm.Parse. The object may go
// on past the line of data's closing brace (which may close a nested
// object), so it is decoded from sourceInput, reading on as needed.
func unmarshalJSON(data []byte, v any) error {
	p := v.(*sourceParse)
	pos := p.start
	dec := json.NewDecoder(readerFunc(func(b []byte) (int, error) { return p.in.readAt(&pos, b) }))
	fs, err := p.jsonFields(dec)
	p.in.done = true
	switch {
	case err == nil:
		p.closed = true
		p.end = p.lineAt(dec.InputOffset())
	case p.in.err != nil:
		p.readErr = p.in.err
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		// Never closed.
	default:
		p.closed = true
		p.end = p.open + bytes.Count(bytes.TrimSuffix(data, newline), newline)
		line := p.open
		if se, ok := errors.AsType[*json.SyntaxError](err); ok {
			line = p.lineAt(se.Offset)
		}
		p.problem(line, "JSON: %v", err)
	}
	if p.closed {
		p.src.Format = "json"
		if err == nil {
			p.apply(fs)
		}
	}
	return nil
}

// readerFunc is an io.Reader made of a function.
type readerFunc func([]byte) (int, error)

func (f readerFunc) Read(b []byte) (int, error) { return f(b) }

// lineAt returns the line of the last of the first off bytes of the JSON.
func (p *sourceParse) lineAt(off int64) int {
	end := p.start + int(max(0, min(off-1, int64(len(p.in.buf)-p.start))))
	return p.open + bytes.Count(p.in.buf[p.start:end], newline)
}

// jsonFields decodes a JSON object key by key, so that each key's line is
// known, and returns the keys Source reads. The Offset of a
// *json.SyntaxError it returns is just past the byte at fault, counted
// from the start of the object.
func (p *sourceParse) jsonFields(dec *json.Decoder) (fields, error) {
	// Token's syntax errors are at the byte at fault.
	token := func() (json.Token, error) {
		t, err := dec.Token()
		if se, ok := errors.AsType[*json.SyntaxError](err); ok {
			se.Offset++
		}
		return t, err
	}
	if _, err := token(); err != nil {
		return nil, err
	}
	var fs fields
	for dec.More() {
		t, err := token()
		if err != nil {
			return nil, err
		}
		key, _ := t.(string)
		f := field{key: key, name: strings.ToLower(key), line: p.lineAt(dec.InputOffset())}
		keyEnd := dec.InputOffset()
		var skip json.RawMessage
		v := any(&skip)
		if sourceKeys[f.name] {
			v = &f.val
		}
		if err := dec.Decode(v); err != nil {
			// A number too large for a float64 is this key's problem;
			// the decoder has read past it.
			if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
				p.problem(f.line, "%s: %s is out of range", f.key, te.Value)
				continue
			}
			if se, ok := errors.AsType[*json.SyntaxError](err); ok {
				se.Offset = p.valueError(keyEnd)
			}
			return nil, err
		}
		if !sourceKeys[f.name] {
			continue
		}
		if m, ok := f.val.(map[string]any); ok && nested(f.name) {
			f.val = jsonNested(m, f)
		}
		fs = append(fs, f)
	}
	_, err := token()
	return fs, err
}

// valueError returns the offset just past the byte at fault in the value
// of the key that ends at keyEnd. The Offset of Decode's errors counts
// only the bytes of values it has decoded, so the value is scanned again
// by a decoder of its own; keyEnd when that finds no fault.
func (p *sourceParse) valueError(keyEnd int64) int64 {
	b := p.in.buf[min(p.start+int(keyEnd), len(p.in.buf)):]
	rest := bytes.TrimLeft(b, " \t\r\n")
	if len(rest) == 0 || rest[0] != ':' {
		return keyEnd
	}
	value := keyEnd + int64(len(b)-len(rest)+1)
	var raw json.RawMessage
	err := json.NewDecoder(bytes.NewReader(rest[1:])).Decode(&raw)
	if se, ok := errors.AsType[*json.SyntaxError](err); ok {
		return value + se.Offset
	}
	return keyEnd
}

// jsonNested returns the keys of the object m, the value of parent, that
// Source reads, in byte order, each on its parent's line.
func jsonNested(m map[string]any, parent field) fields {
	var fs fields
	for _, k := range slices.Sorted(maps.Keys(m)) {
		name := strings.ToLower(k)
		if nestedKeys[name] {
			fs = append(fs, field{key: parent.key + "." + k, name: name, line: parent.line, val: m[k]})
		}
	}
	return fs
}

// lastmodKeys are the keys Lastmod may come from, in order.
var lastmodKeys = []string{"lastmod", "last_modified_at", "modified", "updated", "date", "publishdate"}

// apply sets the Source from the front matter's keys.
func (p *sourceParse) apply(fs fields) {
	s := p.src
	s.Date = p.date(fs, "date")
	s.PublishDate = p.date(fs, "publishdate", "pubdate")
	s.ExpiryDate = p.date(fs, "expirydate", "unpublishdate")
	for _, name := range lastmodKeys {
		if f, ok := fs.get(name); ok {
			if t, ok := p.dateOf(f); ok {
				s.Lastmod, s.LastmodKey = t, f.key
				break
			}
		}
	}
	if f, ok := fs.get("published"); ok && f.val != nil {
		if b, ok := toBool(f.val); ok {
			s.Unpublished = !b
		} else if t, ok := toDate(f.val); ok {
			if s.PublishDate.IsZero() {
				s.PublishDate = t
			}
		} else {
			p.problem(p.lineOf(f), "%s: %s is not true, false or a date", f.key, describe(f.val))
		}
	}
	s.Draft = p.flag(fs, "draft")
	s.Headless = p.flag(fs, "headless")
	for _, name := range []string{"build", "_build"} {
		if f, ok := fs.get(name); ok {
			s.Headless = p.render(f) || s.Headless
			break
		}
	}
	s.URL = p.urlPath(fs, "url")
	s.Permalink = p.urlPath(fs, "permalink")
	s.Slug = p.text(fs, "slug")
	s.Title = p.text(fs, "title")
	s.Aliases = p.list(fs, false, "aliases", "redirect_from")
	s.Categories = p.list(fs, true, "categories", "category")
	p.sitemap(fs)
}

// date returns the first of the keys names that holds a date.
func (p *sourceParse) date(fs fields, names ...string) time.Time {
	for _, name := range names {
		if f, ok := fs.get(name); ok {
			if t, ok := p.dateOf(f); ok {
				return t
			}
		}
	}
	return time.Time{}
}

// dateOf returns f's date. A value that is not a date is a problem; an
// empty one says nothing.
func (p *sourceParse) dateOf(f field) (time.Time, bool) {
	if f.val == nil || f.val == "" {
		return time.Time{}, false
	}
	t, ok := toDate(f.val)
	if !ok {
		p.problem(p.lineOf(f), "%s: %s is not a date", f.key, describe(f.val))
	}
	return t, ok
}

// toDate returns v as a date: a YAML timestamp or TOML date, or a string
// that ParseDate reads. TOML's local dates and date-times are taken as UTC.
func toDate(v any) (time.Time, bool) {
	switch v := v.(type) {
	case string:
		return ParseDate(v)
	case time.Time:
		switch v.Location().String() {
		case "time-local":
			return time.Time{}, false
		case "date-local", "datetime-local":
			v = time.Date(v.Year(), v.Month(), v.Day(), v.Hour(), v.Minute(), v.Second(), v.Nanosecond(), time.UTC)
		}
		if y := v.Year(); y < 1 || y > 9999 {
			return time.Time{}, false
		}
		return v, true
	}
	return time.Time{}, false
}

// toBool returns v as a boolean: true, false, or those words as strings.
func toBool(v any) (b, ok bool) {
	switch v := v.(type) {
	case bool:
		return v, true
	case string:
		switch s := strings.TrimSpace(v); {
		case strings.EqualFold(s, "true"):
			return true, true
		case strings.EqualFold(s, "false"):
			return false, true
		}
	}
	return false, false
}

// flag returns the boolean key name; anything but true or false is a
// problem.
func (p *sourceParse) flag(fs fields, name string) bool {
	f, ok := fs.get(name)
	if !ok || f.val == nil {
		return false
	}
	b, ok := toBool(f.val)
	if !ok {
		p.problem(p.lineOf(f), "%s: %s is not true or false", f.key, describe(f.val))
	}
	return b
}

// render reports whether Hugo's build options f say the page is not
// rendered: render: never, or false.
func (p *sourceParse) render(f field) bool {
	fs, ok := f.val.(fields)
	if !ok {
		if f.val != nil {
			p.problem(p.lineOf(f), "%s: %s is not a mapping", f.key, describe(f.val))
		}
		return false
	}
	r, ok := fs.get("render")
	if !ok || r.val == nil {
		return false
	}
	if b, ok := toBool(r.val); ok {
		return !b
	}
	if s, ok := r.val.(string); ok {
		switch strings.ToLower(strings.TrimSpace(s)) {
		case "never":
			return true
		case "always", "link":
			return false
		}
	}
	p.problem(p.lineOf(r), "%s: %s is not always, link or never", r.key, describe(r.val))
	return false
}

// text returns the key name as text: a string, or a number or boolean as
// written. A list or mapping is a problem.
func (p *sourceParse) text(fs fields, name string) string {
	f, ok := fs.get(name)
	if !ok {
		return ""
	}
	s, ok := toText(f)
	if !ok {
		p.problem(p.lineOf(f), "%s: %s is not text", f.key, describe(f.val))
	}
	return strings.TrimSpace(s)
}

// urlPath returns the key name as text, as text does. A value that
// cannot be a path on the site (see CheckURLPath) is a problem, and is
// kept: the preset that reads the key refuses it.
func (p *sourceParse) urlPath(fs fields, name string) string {
	s := p.text(fs, name)
	if s == "" {
		return ""
	}
	if err := CheckURLPath(s); err != nil {
		f, _ := fs.get(name)
		p.problem(p.lineOf(f), "%s: %s %v; no page is listed at it", f.key, describe(s), err)
	}
	return s
}

// toText returns f's value as text.
func toText(f field) (string, bool) {
	switch v := f.val.(type) {
	case nil:
		return "", true
	case string:
		return v, true
	case fields, map[string]any, map[any]any, []any, []map[string]any:
		return "", false
	}
	if f.raw != "" {
		return f.raw, true
	}
	switch v := f.val.(type) {
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64), true
	case time.Time:
		return v.Format(time.RFC3339), true
	default:
		return fmt.Sprint(v), true
	}
}

// list returns the keys names as one list of text without repeats. A key
// holds a list, or a single value; with split, the first key's string is
// split at white space, as Jekyll does for categories.
func (p *sourceParse) list(fs fields, split bool, names ...string) []string {
	var out []string
	add := func(s string) {
		if s = strings.TrimSpace(s); s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	for i, name := range names {
		f, ok := fs.get(name)
		if !ok {
			continue
		}
		items, isList := f.val.([]any)
		if !isList {
			s, ok := toText(f)
			switch {
			case !ok:
				p.problem(p.lineOf(f), "%s: %s is neither a list nor text", f.key, describe(f.val))
			case split && i == 0:
				for _, w := range strings.Fields(s) {
					add(w)
				}
			default:
				add(s)
			}
			continue
		}
		for _, item := range items {
			s, ok := toText(field{val: item})
			if !ok {
				p.problem(p.lineOf(f), "%s: an item of the list is %s, not text", f.key, describe(item))
				continue
			}
			add(s)
		}
	}
	return out
}

// sitemap sets the Source's Sitemap from the key sitemap.
func (p *sourceParse) sitemap(fs fields) {
	f, ok := fs.get("sitemap")
	if !ok || f.val == nil {
		return
	}
	s := &p.src.Sitemap
	sub, ok := f.val.(fields)
	if !ok {
		if b, ok := toYes(f.val); ok {
			s.Exclude = !b
		} else {
			p.problem(p.lineOf(f), "%s: %s is neither false nor a mapping", f.key, describe(f.val))
		}
		return
	}
	for _, name := range []string{"exclude", "disable"} {
		if f, ok := sub.get(name); ok && f.val != nil {
			b, ok := toYes(f.val)
			if !ok {
				p.problem(p.lineOf(f), "%s: %s is not true or false", f.key, describe(f.val))
			}
			s.Exclude = s.Exclude || b
		}
	}
	if f, ok := sub.get("changefreq"); ok && f.val != nil {
		str, _ := f.val.(string)
		c, err := sitemap.ParseChangeFreq(strings.ToLower(strings.TrimSpace(str)))
		if err != nil {
			p.problem(p.lineOf(f), "%s: %s is not one of %s", f.key, describe(f.val), strings.Join(sitemap.ChangeFreqNames, ", "))
		}
		s.ChangeFreq = c
	}
	if f, ok := sub.get("priority"); ok && f.val != nil {
		var pr sitemap.Priority
		var err error
		if x, ok := toFloat(f.val); ok {
			pr, err = sitemap.PriorityOf(x)
		} else if str, ok := f.val.(string); ok {
			pr, err = sitemap.ParsePriority(strings.TrimSpace(str))
		} else {
			err = errors.New("not a number")
		}
		if err != nil {
			p.problem(p.lineOf(f), "%s: %s is not a number from 0.0 to 1.0", f.key, describe(f.val))
		}
		s.Priority = pr
	}
	if f, ok := sub.get("lastmod"); ok {
		s.Lastmod, _ = p.dateOf(f)
	}
}

// toYes returns v as a boolean, as toBool does, also taking "yes" and "no".
func toYes(v any) (b, ok bool) {
	if s, ok := v.(string); ok {
		switch s = strings.TrimSpace(s); {
		case strings.EqualFold(s, "yes"):
			return true, true
		case strings.EqualFold(s, "no"):
			return false, true
		}
	}
	return toBool(v)
}

// toFloat returns v as a number.
func toFloat(v any) (float64, bool) {
	switch v := v.(type) {
	case int:
		return float64(v), true
	case int64:
		return float64(v), true
	case uint64:
		return float64(v), true
	case float64:
		return v, true
	}
	return 0, false
}

// describe returns a value for a problem's message: a string quoted (and
// cut short when long), a number as it is, or what kind of value it is.
func describe(v any) string {
	switch v := v.(type) {
	case nil:
		return "an empty value"
	case string:
		if len(v) > 60 {
			cut := 57
			for cut > 0 && !utf8.RuneStart(v[cut]) {
				cut--
			}
			v = v[:cut] + "…"
		}
		return strconv.Quote(v)
	case fields, map[string]any, map[any]any:
		return "a mapping"
	case []any, []map[string]any:
		return "a list"
	case time.Time:
		switch v.Location().String() {
		case "time-local":
			return v.Format(time.TimeOnly)
		case "date-local":
			return v.Format(time.DateOnly)
		case "datetime-local":
			return v.Format("2006-01-02T15:04:05.999999999")
		}
		return v.Format(time.RFC3339Nano)
	}
	return fmt.Sprint(v)
}
