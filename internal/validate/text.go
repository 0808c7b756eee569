package validate

// Text sitemaps: one absolute URL a line, UTF-8, at most 50,000 URLs and
// 50 MiB, nothing else in the file (sitemaps.org, "Text file").

import (
	"errors"
	"fmt"

	"github.com/sitemapgen/sitemapgen/internal/sitemapfile"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// textFile reads a text sitemap: each line that is not blank is a URL,
// checked as a <loc> is (its form, its host or scope, listed twice, with
// Site served and allowed by robots.txt). Its first line decides whether
// the file is a text sitemap at all; with Read, every line does.
func (fc *fileCheck) textFile(cr *sitemapfile.Stream) error {
	fc.isSitemap = true
	fc.form = formText
	ts := sitemapfile.NewTextScanner(fc.ctx, cr)
	for ts.Scan() {
		v, n := ts.Text, ts.Line
		fc.line = n
		if err := sitemapfile.CheckTextLine(v); err != nil && (fc.each != nil || fc.entries == 0) {
			fc.stop(KindElement, n, "%v", err)
			return nil
		}
		if fc.entries++; fc.entries == sitemap.MaxURLs+1 {
			fc.over = n
		}
		fc.loc(v, n)
		if urlProblem(v) == "" {
			fc.duplicate(v, n)
		}
		if fc.each != nil {
			fc.each(Entry{Loc: v, Line: n})
		}
	}
	fc.line = ts.Line
	switch err := ts.Err(); {
	case errors.Is(err, sitemapfile.ErrLineTooLong):
		fc.stop(KindElement, ts.Line+1, "%v", err)
		return nil
	case err != nil:
		return err
	}
	if fc.entries == 0 {
		fc.addf(KindElement, 0, "no URL: a text sitemap lists one absolute URL a line")
	}
	return nil
}

// The forms of a sitemap file.
const (
	formXML  = iota // a <urlset> or a <sitemapindex>
	formText        // one URL a line
	formRSS         // an RSS 2.0 feed
	formAtom        // an Atom 0.3 or 1.0 feed
)

// entriesOf says n entries of the file's form, for a message.
func (fc *fileCheck) entriesOf(n int) string {
	switch fc.form {
	case formText:
		return fmt.Sprintf("%d URLs", n)
	case formRSS, formAtom:
		return fmt.Sprintf("%d <%s> entries", n, entryWord(fc.form))
	}
	return fmt.Sprintf("%d <%s> entries", n, fc.entryName())
}
