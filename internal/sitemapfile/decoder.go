package sitemapfile

import (
	"bufio"
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// Limits bound what one file may hold. A zero field takes its default
// (see [Limits.Or]). Past a bound, the reading stops with a
// [*LimitError].
type Limits struct {
	// MaxBytes bounds the file's bytes, compressed and uncompressed.
	MaxBytes int64
	// MaxDepth bounds how deep its elements nest.
	MaxDepth int
	// MaxElements bounds how many elements it holds.
	MaxElements int
}

// The default limits: bounds on the memory and time a hostile file (a
// gzip that expands to gigabytes, a million nested elements) can take.
// A sitemap nests four elements deep (six with the video extension) and
// a 50 MiB one holds at most about 1,500,000 elements.
const (
	MaxDepth    = 64
	MaxElements = 2_500_000
)

// Or returns l with each zero bound set to its default:
// [sitemap.MaxBytes], [MaxDepth] and [MaxElements].
func (l Limits) Or() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = sitemap.MaxBytes
	}
	if l.MaxDepth <= 0 {
		l.MaxDepth = MaxDepth
	}
	if l.MaxElements <= 0 {
		l.MaxElements = MaxElements
	}
	return l
}

// ErrUTF16 is the error of [NewDecoder] for a file that starts with a
// UTF-16 byte-order mark.
var ErrUTF16 = errors.New("file starts with a UTF-16 byte-order mark; sitemaps must be UTF-8")

// Decoder reads the XML tokens of a sitemap file within its [Limits],
// noting the line each starts on. It reads a DOCTYPE declaration by
// XML's grammar (doctype.go), which encoding/xml leaves unread. It
// stops when its context is done, checked every few thousand tokens.
type Decoder struct {
	d   *xml.Decoder
	ctx context.Context
	lim Limits

	// Line is the line where the token last read starts.
	Line int

	depth, elements int  // elements open and read, for the limits
	doctype         bool // a DOCTYPE declaration was read
	tokens          int  // tokens read, to check the context now and then
}

// NewDecoder returns a Decoder of the XML in r, with the bounds of lim
// (defaults filled in by the caller). A UTF-8 byte-order mark is passed
// over; a UTF-16 one fails with [ErrUTF16]. A declared encoding other
// than UTF-8 is read as UTF-8, after charset is called with its label
// (charset may be nil).
func NewDecoder(ctx context.Context, r io.Reader, lim Limits, charset func(label string)) (*Decoder, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	switch b, _ := br.Peek(3); {
	case bytes.HasPrefix(b, []byte("\xef\xbb\xbf")): // UTF-8 byte-order mark: allowed
		br.Discard(3)
	case bytes.HasPrefix(b, []byte("\xff\xfe")) || bytes.HasPrefix(b, []byte("\xfe\xff")):
		return nil, ErrUTF16
	}
	d := &Decoder{d: xml.NewDecoder(br), ctx: ctx, lim: lim}
	d.d.CharsetReader = func(label string, in io.Reader) (io.Reader, error) {
		if charset != nil {
			charset(label)
		}
		return in, nil
	}
	return d, nil
}

// InputOffset is the offset in the input of the end of the token last
// read, as xml.Decoder says it.
func (d *Decoder) InputOffset() int64 { return d.d.InputOffset() }

// Next reads the next token, noting the line it starts on. It fails
// with a [*LimitError] past the depth and element bounds, with an
// *xml.SyntaxError for a DOCTYPE that is not well-formed or a
// declaration where none may stand, and with the context's error when
// it is done.
func (d *Decoder) Next() (xml.Token, error) {
	d.Line, _ = d.d.InputPos()
	if d.tokens++; d.tokens%4096 == 0 {
		if err := d.ctx.Err(); err != nil {
			return nil, err
		}
	}
	tok, err := d.d.Token()
	switch t := tok.(type) {
	case xml.StartElement:
		d.depth++
		d.elements++
		if d.depth > d.lim.MaxDepth {
			return nil, &LimitError{fmt.Sprintf("elements nested more than %d deep; stopped reading here", d.lim.MaxDepth)}
		}
		if d.elements > d.lim.MaxElements {
			return nil, &LimitError{fmt.Sprintf("more than %d elements; stopped reading here", d.lim.MaxElements)}
		}
	case xml.EndElement:
		d.depth--
	case xml.Directive:
		if err := d.directive(t); err != nil {
			return nil, err
		}
	}
	return tok, err
}

// Skip reads up to the end of the element just started, as
// xml.Decoder.Skip does, within the bounds of Next.
func (d *Decoder) Skip() error {
	for depth := 1; depth > 0; {
		tok, err := d.Next()
		if err != nil {
			return err
		}
		switch tok.(type) {
		case xml.StartElement:
			depth++
		case xml.EndElement:
			depth--
		}
	}
	return nil
}

// directive checks the declaration t (<!t>) just read: a DOCTYPE, the
// only one of the document, before its root element.
func (d *Decoder) directive(t xml.Directive) error {
	word := t
	if i := bytes.IndexAny(t, " \t\r\n["); i >= 0 {
		word = t[:i]
	}
	var at int
	var msg string
	switch {
	case d.elements > 0:
		msg = fmt.Sprintf("a declaration (<!%s) inside or after the root element: it may stand only before it", diag.Excerpt(string(word)))
	case string(word) != "DOCTYPE":
		msg = fmt.Sprintf("<!%s is no declaration a document holds outside its DOCTYPE", diag.Excerpt(string(word)))
	case d.doctype:
		msg = "a second DOCTYPE declaration"
	default:
		d.doctype = true
		var deep bool
		at, msg, deep = checkDoctype(t, d.lim.MaxDepth)
		switch {
		case deep:
			return &LimitError{fmt.Sprintf("a content model of the DOCTYPE nested more than %d deep; stopped reading here", d.lim.MaxDepth)}
		case msg == "":
			return nil
		}
		msg = "in the DOCTYPE declaration, " + msg
	}
	return &xml.SyntaxError{Msg: msg, Line: d.Line + bytes.Count(t[:at], []byte("\n"))}
}
