package sitemapfile

// Text sitemaps: one absolute URL a line, UTF-8, at most 50,000 URLs and
// 50 MiB, nothing else in the file (sitemaps.org, "Text file").

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// maxTextLine is the longest line of a text sitemap read: a URL is
// shorter than 2,048 characters, so a longer line is no text sitemap's.
const maxTextLine = 64 << 10

// ErrLineTooLong is the error of a [TextScanner] for a line longer than
// any URL of a sitemap: the file is no text sitemap.
var ErrLineTooLong = fmt.Errorf("not a text sitemap: a line longer than %d bytes (a URL is shorter than %d characters)", maxTextLine, sitemap.MaxLocLength)

// TextScanner reads the lines of a text sitemap that are not blank, each
// with the white space around it trimmed (and a byte-order mark before
// the first). It stops when its context is done, checked every few
// thousand lines.
type TextScanner struct {
	sc  *bufio.Scanner
	ctx context.Context
	err error

	// Line is the number of the line last read, blank or not.
	Line int
	// Text is the line Scan last read, trimmed.
	Text string
}

// NewTextScanner returns a TextScanner of r.
func NewTextScanner(ctx context.Context, r io.Reader) *TextScanner {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxTextLine)
	return &TextScanner{sc: sc, ctx: ctx}
}

// Scan reads the next line that is not blank into Text. It returns false
// at the end of the file or on an error, which Err returns.
func (s *TextScanner) Scan() bool {
	for s.sc.Scan() {
		s.Line++
		if s.Line%4096 == 0 {
			if err := s.ctx.Err(); err != nil {
				s.err = err
				return false
			}
		}
		v := s.sc.Text()
		if s.Line == 1 {
			v = strings.TrimPrefix(v, "\uFEFF")
		}
		if s.Text = TrimSpace(v); s.Text != "" {
			return true
		}
	}
	return false
}

// Err returns what stopped Scan before the end of the file: the
// context's error, [ErrLineTooLong] for the line after Line, or the
// error of a read.
func (s *TextScanner) Err() error {
	if s.err != nil {
		return s.err
	}
	err := s.sc.Err()
	if errors.Is(err, bufio.ErrTooLong) {
		return ErrLineTooLong
	}
	return err
}

// CheckTextLine says why v, a line of a text sitemap that is not blank,
// is no line of one: nil when it starts as an absolute http(s) URL does,
// whatever the case of its scheme.
func CheckTextLine(v string) error {
	if scheme, _, ok := strings.Cut(v, "://"); ok && (strings.EqualFold(scheme, "http") || strings.EqualFold(scheme, "https")) {
		return nil
	}
	return fmt.Errorf("not a text sitemap: a line is one absolute URL; got %q", diag.Excerpt(v))
}

// TrimSpace removes XML white space around s, as xsd's whiteSpace
// "collapse" does at the ends.
func TrimSpace(s string) string { return strings.Trim(s, " \t\r\n") }
