package extraurls

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/hreflang"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// Format is how the records are written.
type Format string

// The formats.
const (
	Text  Format = "text"
	JSONL Format = "jsonl"
	CSV   Format = "csv"
)

// MaxLine is the longest line read, in bytes: a JSON record with a
// thousand images fits.
const MaxLine = 1 << 20

// FormatOf returns the format of the file name: JSON lines for .jsonl and
// .ndjson, CSV for .csv, text for any other.
func FormatOf(name string) Format {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".jsonl", ".ndjson":
		return JSONL
	case ".csv":
		return CSV
	}
	return Text
}

// Sniff returns the format of a command's output from its first line
// that is not blank or a comment: an object is JSON lines, a row with a
// field "loc" is a CSV header, anything else text.
func Sniff(first []byte) Format {
	line := bytes.TrimSpace(first)
	switch {
	case bytes.HasPrefix(line, []byte("{")):
		return JSONL
	case bytes.Contains(line, []byte(",")):
		for f := range strings.SplitSeq(string(line), ",") {
			if strings.Trim(strings.TrimSpace(f), `"`) == "loc" {
				return CSV
			}
		}
	case string(line) == "loc":
		return CSV
	}
	return Text
}

// A Record is one extra URL: its line, and its values. URL.Loc is
// normalized; a value the record does not give is zero.
type Record struct {
	Line int
	URL  sitemap.URL
}

// Read reads the records of r, named name in its errors, in format f
// ("" sniffs it from the first line), and calls fn with each, in order.
// It stops at the first line that is wrong, with a *diag.Diagnostic at
// name:line, or at fn's first error, which it returns as it is.
func Read(r io.Reader, name string, f Format, fn func(Record) error) error {
	return readRecords(r, name, f, false, nil, fn)
}

// ReadUnquoted is Read for a file the repository's settings name
// (extra_urls: in sitemap.yaml): an error names the line and what was
// expected there, and quotes nothing of it. A pull request can name any
// file of the tree, one the CI wrote a secret into (.env) among them,
// and a line that is not a URL is not one of the records it meant.
func ReadUnquoted(r io.Reader, name string, f Format, fn func(Record) error) error {
	return readRecords(r, name, f, true, nil, fn)
}

// ReadKnown is Read, but a line of text or JSON lines for which known,
// when not nil, returns true (the line trimmed of spaces, valid until it
// returns) is passed over without being read: the caller knows it
// already (the per-URL hook's answer that is the record it was given,
// byte for byte).
func ReadKnown(r io.Reader, name string, f Format, known func(line []byte) bool, fn func(Record) error) error {
	return readRecords(r, name, f, false, known, fn)
}

// readRecords is Read, ReadUnquoted and ReadKnown.
func readRecords(r io.Reader, name string, f Format, unquoted bool, known func(line []byte) bool, fn func(Record) error) error {
	failed := &firstError{r: r}
	br := bufio.NewReaderSize(failed, 64<<10)
	if f == "" {
		f = sniff(br)
	}
	rd := &reader{name: name, codes: &hreflang.Checker{}, unquoted: unquoted}
	if f == CSV {
		return rd.csv(br, fn)
	}
	sc := bufio.NewScanner(br)
	sc.Buffer(make([]byte, 0, 64<<10), MaxLine)
	n := 0
	for sc.Scan() {
		if failed.err != nil {
			// The scanner hands over what it holds before the error, the
			// last line cut short among it: not a record.
			return placed(name, failed.err)
		}
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if n == 1 {
			line = bytes.TrimPrefix(line, []byte("\ufeff")) // a byte order mark, as editors on Windows write
		}
		if len(line) == 0 || line[0] == '#' || known != nil && known(line) {
			continue
		}
		rec := Record{Line: n}
		var err error
		if f == JSONL {
			err = rd.json(line, &rec.URL)
		} else {
			rec.URL.Loc, err = loc("", string(line))
		}
		if err != nil {
			return rd.at(n, err)
		}
		if err := fn(rec); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return rd.at(n+1, fmt.Errorf("a line longer than %d bytes", MaxLine))
		}
		return placed(name, err)
	}
	return nil
}

// firstError reads r, keeping its first error other than io.EOF.
type firstError struct {
	r   io.Reader
	err error
}

func (f *firstError) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err != nil && err != io.EOF && f.err == nil {
		f.err = err
	}
	return n, err
}

// sniff peeks at the first lines of br for its format, reading nothing
// of it.
func sniff(br *bufio.Reader) Format {
	buf, _ := br.Peek(64 << 10)
	buf = bytes.TrimPrefix(buf, []byte("\ufeff"))
	for len(buf) > 0 {
		line, rest, _ := bytes.Cut(buf, []byte("\n"))
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] != '#' {
			return Sniff(t)
		}
		buf = rest
	}
	return Text
}

// placed returns a read error: the door's and the command's name their
// file or command already.
func placed(name string, err error) error {
	var d *diag.Diagnostic
	if errors.As(err, &d) {
		return err
	}
	return &diag.Diagnostic{File: name, Msg: err.Error(), Err: err}
}

type reader struct {
	name     string
	codes    *hreflang.Checker
	unquoted bool // ReadUnquoted's: no value of the file in a message
}

// at returns the error err at line: the one place a line's message is
// made. Read by ReadUnquoted, the message is what a [valueError] says
// without its value.
func (rd *reader) at(line int, err error) error {
	if ve, ok := errors.AsType[*valueError](err); ok && rd.unquoted {
		return &diag.Diagnostic{File: rd.name, Line: line, Msg: ve.bare + " (the line is not shown: the settings name this file)"}
	}
	return &diag.Diagnostic{File: rd.name, Line: line, Msg: err.Error(), Err: err}
}

// A valueError is what is wrong with a value of a line: msg quotes the
// value (an excerpt, escaped), bare says what was expected without it.
// Every error of a line that quotes something of it is one.
type valueError struct {
	msg, bare string
}

func (e *valueError) Error() string { return e.msg }

// wrong returns the valueError of msg, bare.
func wrong(msg, bare string) error {
	return &valueError{msg: msg, bare: bare}
}

// loc returns the URL s, normalized, or what is wrong with it; what is
// the value's name in a line of several ("loc"), "" for a line of text.
func loc(what, s string) (string, error) {
	u, err := mapping.NormalizeURL(s, nil)
	if err != nil {
		bare := "not an absolute http(s) URL"
		if what != "" {
			bare = what + " is " + bare
		}
		return "", wrong(fmt.Sprintf("%s: %v", diag.URL(s), err), bare)
	}
	return u, nil
}

// jsonRecord is a JSON line, as decoded.
type jsonRecord struct {
	Loc        *string
	LastMod    *string
	ChangeFreq *string
	Priority   json.RawMessage
	Alternates []jsonAlternate
	Images     []jsonImage
}

type jsonAlternate struct{ Hreflang, Href *string }

type jsonImage struct{ Loc *string }

// field returns where the value of key goes, nil for a key not taken.
func (j *jsonRecord) field(key string) any {
	switch key {
	case "loc":
		return &j.Loc
	case "lastmod":
		return &j.LastMod
	case "changefreq":
		return &j.ChangeFreq
	case "priority":
		return &j.Priority
	case "alternates":
		return objects(func() fields {
			j.Alternates = append(j.Alternates, jsonAlternate{})
			a := &j.Alternates[len(j.Alternates)-1]
			return func(key string) any {
				switch key {
				case "hreflang":
					return &a.Hreflang
				case "href":
					return &a.Href
				}
				return nil
			}
		})
	case "images":
		return objects(func() fields {
			j.Images = append(j.Images, jsonImage{})
			im := &j.Images[len(j.Images)-1]
			return func(key string) any {
				if key == "loc" {
					return &im.Loc
				}
				return nil
			}
		})
	}
	return nil
}

// fields returns where the value of an object's key goes: a value
// json.Decoder.Decode fills, or objects; nil for a key not taken.
type fields func(key string) any

// objects is a list of objects: each call adds one and returns its
// fields.
type objects func() fields

// object decodes the next value of dec, a JSON object or null, member by
// member into what field returns for its key, the key matched exactly:
// encoding/json matches a struct's keys ignoring case, and the names a
// record takes are the sitemap's own, in lowercase.
func object(dec *json.Decoder, field fields) error {
	if ok, err := open(dec, '{', "an object"); !ok {
		return err
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := t.(string)
		switch v := field(key).(type) {
		case nil:
			return fmt.Errorf("unknown field %q", key)
		case objects:
			err = list(dec, v)
		default:
			err = dec.Decode(v)
		}
		if err != nil {
			return err
		}
	}
	_, err := dec.Token() // the closing brace
	return err
}

// open reads the next token of dec: true when it is delim (what names
// it); false and no error when it is null.
func open(dec *json.Decoder, delim json.Delim, what string) (bool, error) {
	t, err := dec.Token()
	if err != nil || t == nil {
		return false, err
	}
	if t != delim {
		return false, errors.New("not " + what)
	}
	return true, nil
}

// list decodes the next value of dec, a JSON array of objects or null,
// each object into the fields next returns.
func list(dec *json.Decoder, next objects) error {
	if ok, err := open(dec, '[', "a list"); !ok {
		return err
	}
	for dec.More() {
		if err := object(dec, next()); err != nil {
			return err
		}
	}
	_, err := dec.Token() // the closing bracket
	return err
}

func (rd *reader) json(line []byte, u *sitemap.URL) error {
	var j jsonRecord
	dec := json.NewDecoder(bytes.NewReader(line))
	if err := object(dec, j.field); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF // the line ends inside the object
		}
		const want = "not a JSON object of loc, lastmod, changefreq, priority, alternates, images"
		return wrong(want+": "+diag.Excerpt(strings.TrimPrefix(err.Error(), "json: ")), want)
	}
	if dec.More() {
		return errors.New("more than one JSON value on the line")
	}
	if j.Loc == nil {
		return errors.New("no loc")
	}
	var err error
	if u.Loc, err = loc("loc", *j.Loc); err != nil {
		return err
	}
	if j.LastMod != nil {
		if u.LastMod, err = lastmod(*j.LastMod); err != nil {
			return err
		}
	}
	if j.ChangeFreq != nil {
		if u.ChangeFreq, err = changefreq(*j.ChangeFreq); err != nil {
			return err
		}
	}
	if len(j.Priority) > 0 && string(j.Priority) != "null" {
		p := string(j.Priority)
		if uq, err := strconv.Unquote(p); err == nil {
			p = uq
		}
		if u.Priority, err = priority(p); err != nil {
			return err
		}
	}
	for _, a := range j.Alternates {
		if a.Hreflang == nil || a.Href == nil {
			return errors.New("an alternate without hreflang and href")
		}
		if err := rd.alternate(u, *a.Hreflang, *a.Href); err != nil {
			return err
		}
	}
	for _, im := range j.Images {
		if im.Loc == nil {
			return errors.New("an image without loc")
		}
		if err := image(u, *im.Loc); err != nil {
			return err
		}
	}
	return nil
}

// lastmod reads a date as the pages' are read.
func lastmod(s string) (time.Time, error) {
	t, ok := frontmatter.ParseDate(s)
	if !ok {
		const want = "is not a date (2024-05-01, or 2024-05-01T09:30:00Z with its zone)"
		return time.Time{}, wrong(fmt.Sprintf("lastmod %q %s", diag.Excerpt(s), want), "lastmod "+want)
	}
	return t, nil
}

// changefreq reads one of the protocol's values.
func changefreq(s string) (sitemap.ChangeFreq, error) {
	c, err := sitemap.ParseChangeFreq(s)
	if err != nil {
		return 0, wrong(err.Error(), "changefreq is not one of "+strings.Join(sitemap.ChangeFreqNames, ", "))
	}
	return c, nil
}

// priority reads a priority, a number from 0.0 to 1.0.
func priority(s string) (sitemap.Priority, error) {
	p, err := sitemap.ParsePriority(s)
	if err != nil {
		return p, wrong(err.Error(), "priority is not a number from 0.0 to 1.0")
	}
	return p, nil
}

func (rd *reader) alternate(u *sitemap.URL, lang, href string) error {
	if msg := rd.codes.Code(lang); msg != "" {
		return wrong(msg, "an alternate's hreflang is not a BCP 47 language code")
	}
	h, err := mapping.NormalizeURL(href, nil)
	if err != nil {
		return wrong(fmt.Sprintf("alternate %s: %v", diag.URL(href), err), "an alternate's href is not an absolute http(s) URL")
	}
	u.Alternates = append(u.Alternates, sitemap.Alternate{Lang: lang, Href: h})
	return nil
}

func image(u *sitemap.URL, s string) error {
	if len(u.Images) == sitemap.MaxImages {
		return fmt.Errorf("more than %d images", sitemap.MaxImages)
	}
	l, err := mapping.NormalizeURL(s, nil)
	if err != nil {
		return wrong(fmt.Sprintf("image %s: %v", diag.URL(s), err), "an image's loc is not an absolute http(s) URL")
	}
	u.Images = append(u.Images, sitemap.Image{Loc: l})
	return nil
}

// columns are the columns a CSV header may name.
var columns = []string{"loc", "lastmod", "changefreq", "priority", "alternates", "images"}

func (rd *reader) csv(r io.Reader, fn func(Record) error) error {
	cr := csv.NewReader(&lineBound{r: r})
	cr.ReuseRecord = true
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	head, err := cr.Read()
	if err != nil {
		if err == io.EOF {
			return nil
		}
		return rd.csvErr(err)
	}
	col := map[string]int{}
	for i, h := range head {
		h = strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))
		if !contains(columns, h) {
			want := "is not one of " + strings.Join(columns, ", ")
			return rd.at(1, wrong(fmt.Sprintf("column %q %s", diag.Excerpt(h), want), "a column of the header "+want))
		}
		if _, ok := col[h]; ok {
			return rd.at(1, fmt.Errorf("column %s named twice", h))
		}
		col[h] = i
	}
	if _, ok := col["loc"]; !ok {
		return rd.at(1, errors.New("no column loc in the header"))
	}
	width := len(head)
	for {
		row, err := cr.Read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return rd.csvErr(err)
		}
		line, _ := cr.FieldPos(0)
		if len(row) == 1 && strings.TrimSpace(row[0]) == "" {
			continue
		}
		if len(row) != width {
			return rd.at(line, fmt.Errorf("%d fields; the header names %d", len(row), width))
		}
		rec := Record{Line: line}
		if err := rd.row(row, col, &rec.URL); err != nil {
			return rd.at(line, err)
		}
		if err := fn(rec); err != nil {
			return err
		}
	}
}

func (rd *reader) row(row []string, col map[string]int, u *sitemap.URL) error {
	get := func(name string) string {
		if i, ok := col[name]; ok {
			return strings.TrimSpace(row[i])
		}
		return ""
	}
	var err error
	if u.Loc, err = loc("loc", get("loc")); err != nil {
		return err
	}
	if s := get("lastmod"); s != "" {
		if u.LastMod, err = lastmod(s); err != nil {
			return err
		}
	}
	if s := get("changefreq"); s != "" {
		if u.ChangeFreq, err = changefreq(s); err != nil {
			return err
		}
	}
	if s := get("priority"); s != "" {
		if u.Priority, err = priority(s); err != nil {
			return err
		}
	}
	for pair := range strings.FieldsSeq(get("alternates")) {
		lang, href, ok := strings.Cut(pair, "=")
		if !ok {
			return wrong(fmt.Sprintf("alternate %q is not hreflang=href", diag.Excerpt(pair)), "an alternate is not hreflang=href")
		}
		if err := rd.alternate(u, lang, href); err != nil {
			return err
		}
	}
	for im := range strings.FieldsSeq(get("images")) {
		if err := image(u, im); err != nil {
			return err
		}
	}
	return nil
}

func (rd *reader) csvErr(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return rd.at(pe.StartLine, pe.Err)
	}
	if errors.Is(err, errLongLine) {
		return &diag.Diagnostic{File: rd.name, Msg: err.Error(), Err: err}
	}
	return placed(rd.name, err)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

var errLongLine = fmt.Errorf("a line longer than %d bytes", MaxLine)

// lineBound reads r, failing on a line longer than MaxLine: encoding/csv
// keeps a whole line (a quoted field's many) in memory.
type lineBound struct {
	r   io.Reader
	run int // bytes since the last newline
}

func (l *lineBound) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	for _, c := range p[:n] {
		if c == '\n' {
			l.run = 0
		} else if l.run++; l.run > MaxLine {
			return 0, errLongLine
		}
	}
	return n, err
}
