// Package sitemapfile reads sitemap files as a stream: a <urlset>, a
// <sitemapindex> or a text sitemap (one URL a line), plain or gzip. It
// hands each entry to a callback with its values as written, and checks
// nothing the protocol says of them: that is package validate's job,
// which reads its files through the same door, decoder and bounds.
//
// # Bounds
//
// A file is opened inside its folder through package fsx: never through
// a symbolic link out of it, never a file that is not regular. Its bytes
// are bounded, compressed and uncompressed (a gzip bomb stops at the
// bound), and so are how deep its elements nest and how many it holds
// ([Limits]). Entities are never expanded: encoding/xml knows only
// XML's five, and a DOCTYPE is read by XML's grammar and not used.
package sitemapfile

import (
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
)

// Entry is one <url> of a urlset, or <sitemap> of an index, or one line
// of a text sitemap, as [Read] hands it out: its values as written,
// white space around them trimmed.
type Entry struct {
	Loc, LastMod, ChangeFreq, Priority string
	// Alternates are its <xhtml:link rel="alternate">, in order.
	Alternates []Alternate
	// Line is the line its element starts on.
	Line int
	// Index is true for a <sitemap> of an index, false for a <url>.
	Index bool
}

// Alternate is an <xhtml:link rel="alternate" hreflang href>.
type Alternate struct{ Lang, Href string }

// Set sets the field of e that the child element name holds: loc,
// lastmod, changefreq or priority.
func (e *Entry) Set(name, v string) {
	switch name {
	case "loc":
		e.Loc = v
	case "lastmod":
		e.LastMod = v
	case "changefreq":
		e.ChangeFreq = v
	case "priority":
		e.Priority = v
	}
}

// XHTMLNamespace is the namespace of <xhtml:link>.
const XHTMLNamespace = "http://www.w3.org/1999/xhtml"

// The child elements of <url> and <sitemap> that an [Entry] holds.
var (
	urlFields     = []string{"loc", "lastmod", "changefreq", "priority"}
	sitemapFields = []string{"loc", "lastmod"}
)

// Read reads the sitemap file rel inside the folder dir, within lim, and
// hands each entry that has a <loc> to fn, in order; it reports whether
// the file is an index. A file whose name ends in .txt or .txt.gz is a
// text sitemap, any other XML. The values of an entry and their order
// are not checked: only what stops the reading is an error, a
// [*diag.Diagnostic] at its place (a file that cannot be read or
// decompressed, XML that is not well-formed, a bound passed, a root
// element other than <urlset> or <sitemapindex>, no root element, a line
// of a text sitemap that is no URL). Read stops when ctx is done, checked
// every few thousand tokens, and returns its error.
//
// Read is package validate's ReadIn without its feeds: the two read the
// same entries and fail alike (TestSameAsValidate).
func Read(ctx context.Context, dir, rel string, lim Limits, fn func(Entry)) (index bool, err error) {
	r := &reader{ctx: ctx, lim: lim.Or(), path: filepath.Join(dir, filepath.FromSlash(rel)), each: fn}
	line, err := r.read(dir, rel)
	if err := ctx.Err(); err != nil {
		return false, err
	}
	if err != nil {
		return false, diag.At(r.path, line, err.Error())
	}
	return r.index, nil
}

// reader reads one file for [Read].
type reader struct {
	ctx   context.Context
	lim   Limits
	path  string
	each  func(Entry)
	d     *Decoder
	index bool   // the root is sitemapindex
	ns    string // the root's namespace, taken for the sitemap namespace
}

// read reads the file, and returns what stopped it and at which line.
func (r *reader) read(dir, rel string) (line int, err error) {
	s, gzipped, closeFile, err := OpenIn(dir, rel, r.lim.MaxBytes)
	if err != nil {
		if pe, ok := errors.AsType[*fs.PathError](err); ok {
			err = pe.Err
		}
		return 0, err
	}
	defer closeFile()
	if IsText(rel) {
		ts := NewTextScanner(r.ctx, s)
		err = r.text(ts)
		line = ts.Line
		if errors.Is(err, ErrLineTooLong) {
			return line + 1, err
		}
	} else if err = r.xml(s); r.d != nil {
		line = r.d.Line
	}
	if st, ok := errors.AsType[*stopError](err); ok {
		return st.line, st.err
	}
	var le *LimitError
	var se *xml.SyntaxError
	switch {
	case errors.As(s.Err(), &le) || errors.As(err, &le):
		return line, le
	case r.ctx.Err() != nil:
		return 0, r.ctx.Err()
	case s.Err() != nil && gzipped:
		return 0, fmt.Errorf("cannot decompress: %v", s.Err())
	case s.Err() != nil:
		return 0, fmt.Errorf("cannot read: %v", s.Err())
	case errors.As(err, &se):
		return se.Line, fmt.Errorf("not well-formed XML: %s", se.Msg)
	}
	return 0, err
}

// stopError is what makes a file no sitemap, found at line: it stops
// the reading, whatever else went wrong with it.
type stopError struct {
	line int
	err  error
}

func (e *stopError) Error() string { return e.err.Error() }

// text reads a text sitemap.
func (r *reader) text(ts *TextScanner) error {
	for ts.Scan() {
		if err := CheckTextLine(ts.Text); err != nil {
			return &stopError{ts.Line, err}
		}
		r.each(Entry{Loc: ts.Text, Line: ts.Line})
	}
	return ts.Err()
}

// xml reads the file as XML: prolog, root element, what follows.
func (r *reader) xml(s io.Reader) error {
	d, err := NewDecoder(r.ctx, s, r.lim, nil)
	if err != nil {
		return &stopError{0, err}
	}
	r.d = d
	rootSeen := false
	for {
		tok, err := d.Next()
		if err == io.EOF {
			if !rootSeen {
				return &stopError{0, errors.New("not a sitemap: no root element found")}
			}
			return nil
		} else if err != nil {
			return err
		}
		t, ok := tok.(xml.StartElement)
		switch {
		case !ok:
		case rootSeen:
			if err := d.Skip(); err != nil {
				return err
			}
		case t.Name.Local == "urlset" || t.Name.Local == "sitemapindex":
			rootSeen = true
			if err := r.root(t); err != nil {
				return err
			}
		default:
			return &stopError{d.Line, fmt.Errorf("not a sitemap: root element is %s, not <urlset> or <sitemapindex>%s", ElementName(t.Name, ""), notFeed(t))}
		}
	}
}

// notFeed ends the message of a root element that is not a sitemap's:
// RSS and Atom feeds are sitemaps to the protocol, which Read does not
// read.
func notFeed(t xml.StartElement) string {
	if t.Name.Local == "rss" && t.Name.Space == "" ||
		t.Name.Local == "feed" && (t.Name.Space == "http://www.w3.org/2005/Atom" || t.Name.Space == "http://purl.org/atom/ns#") {
		return " (a feed, which is read only when checked)"
	}
	return ", nor an RSS 2.0 or Atom feed"
}

// root reads the <urlset> or <sitemapindex> element t.
func (r *reader) root(t xml.StartElement) error {
	r.index = t.Name.Local == "sitemapindex"
	r.ns = t.Name.Space
	entry := "url"
	if r.index {
		entry = "sitemap"
	}
	for {
		tok, err := r.d.Next()
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.EndElement:
			return nil
		case xml.StartElement:
			if t.Name.Space == r.ns && t.Name.Local == entry {
				err = r.entry()
			} else {
				err = r.d.Skip()
			}
			if err != nil {
				return err
			}
		}
	}
}

// allowed reports whether the element t may hold what an entry reads:
// in the sitemap's namespace, or in another declared one.
func (r *reader) allowed(t xml.StartElement) bool {
	s := t.Name.Space
	return s == r.ns || s != "" && strings.Contains(s, ":") // encoding/xml leaves an unknown prefix in Space
}

// entry reads a <url> or <sitemap> element just started, and hands it
// to each when it has a <loc>.
func (r *reader) entry() error {
	fields := urlFields
	if r.index {
		fields = sitemapFields
	}
	e := Entry{Line: r.d.Line, Index: r.index}
	var seen [4]bool
	for {
		tok, err := r.d.Next()
		if err != nil {
			return err
		}
		t, ok := tok.(xml.StartElement)
		if !ok {
			if _, end := tok.(xml.EndElement); end {
				if seen[0] {
					r.each(e)
				}
				return nil
			}
			continue
		}
		i := slices.Index(fields, t.Name.Local)
		switch {
		case !r.allowed(t) || t.Name.Space == r.ns && i < 0:
		case t.Name.Space != r.ns:
			if t.Name.Space == XHTMLNamespace && t.Name.Local == "link" {
				e.Alternates = appendAlternate(e.Alternates, t)
			}
		default:
			v, err := r.value()
			if err != nil {
				return err
			}
			if !seen[i] {
				seen[i] = true
				e.Set(t.Name.Local, TrimSpace(v))
			}
			continue
		}
		if err := r.d.Skip(); err != nil {
			return err
		}
	}
}

// value reads the text of a simple element just started; its child
// elements are passed over.
func (r *reader) value() (string, error) {
	var b strings.Builder
	for {
		tok, err := r.d.Next()
		if err != nil {
			return "", err
		}
		switch c := tok.(type) {
		case xml.CharData:
			b.Write(c)
		case xml.StartElement:
			if err := r.d.Skip(); err != nil {
				return "", err
			}
		case xml.EndElement:
			return b.String(), nil
		}
	}
}

// appendAlternate appends to alts the alternate that the <xhtml:link> t
// gives: one with rel="alternate", an href and a hreflang.
func appendAlternate(alts []Alternate, t xml.StartElement) []Alternate {
	rel, href, lang, _ := LinkAttrs(t)
	if rel == nil || href == nil || lang == nil || !strings.EqualFold(TrimSpace(*rel), "alternate") {
		return alts
	}
	return append(alts, Alternate{Lang: TrimSpace(*lang), Href: TrimSpace(*href)})
}

// LinkAttrs returns the attributes rel, href, hreflang and media of the
// <xhtml:link> t, as written: each the last one of its name without a
// namespace, nil for one t does not have.
func LinkAttrs(t xml.StartElement) (rel, href, lang, media *string) {
	for i, a := range t.Attr {
		if a.Name.Space != "" {
			continue
		}
		switch a.Name.Local {
		case "rel":
			rel = &t.Attr[i].Value
		case "href":
			href = &t.Attr[i].Value
		case "hreflang":
			lang = &t.Attr[i].Value
		case "media":
			media = &t.Attr[i].Value
		}
	}
	return rel, href, lang, media
}

// prefixes are the usual prefixes of the namespaces of extension
// elements, that messages show them with.
var prefixes = map[string]string{
	XHTMLNamespace: "xhtml",
	"http://www.google.com/schemas/sitemap-image/1.1": "image",
	"http://www.google.com/schemas/sitemap-video/1.1": "video",
	"http://www.google.com/schemas/sitemap-news/0.9":  "news",
}

// Prefix returns the usual prefix of the namespace space, "" for none.
func Prefix(space string) string { return prefixes[space] }

// ElementName shows an element or attribute name with its usual prefix,
// none in the namespace ns (the sitemap's), its parts quoted at most as
// diag.Excerpt bounds them.
func ElementName(n xml.Name, ns string) string {
	local := diag.Excerpt(n.Local)
	switch {
	case n.Space == "" || n.Space == ns:
		return "<" + local + ">"
	case prefixes[n.Space] != "":
		return "<" + prefixes[n.Space] + ":" + local + ">"
	case !strings.Contains(n.Space, ":"):
		return "<" + diag.Excerpt(n.Space) + ":" + local + ">"
	}
	return "<{" + diag.Excerpt(n.Space) + "}" + local + ">"
}
