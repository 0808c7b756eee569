package validate

// Text sitemaps: one absolute URL a line, UTF-8, at most 50,000 URLs and
// 50 MiB, nothing else in the file (sitemaps.org, "Text file").

import (
	"bufio"
	"errors"
	"fmt"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// maxTextLine is the longest line of a text sitemap read: a URL is
// shorter than 2,048 characters, so a longer line is no text sitemap's.
const maxTextLine = 64 << 10

// textFile reads a text sitemap: each line that is not blank is a URL,
// checked as a <loc> is (its form, its host or scope, listed twice, with
// Site served and allowed by robots.txt). Its first line decides whether
// the file is a text sitemap at all; with Read, every line does.
func (fc *fileCheck) textFile(cr *countReader) error {
	fc.isSitemap = true
	fc.form = formText
	sc := bufio.NewScanner(cr)
	sc.Buffer(make([]byte, 0, 4096), maxTextLine)
	n := 0
	for sc.Scan() {
		n++
		fc.line = n
		if n%4096 == 0 {
			if err := fc.ctx.Err(); err != nil {
				return err
			}
		}
		v := sc.Text()
		if n == 1 {
			v = strings.TrimPrefix(v, "\uFEFF")
		}
		if v = trimSpace(v); v == "" {
			continue
		}
		if !httpURL(v) && (fc.each != nil || fc.entries == 0) {
			fc.stop(KindElement, n, "not a text sitemap: a line is one absolute URL; got %q", diag.Excerpt(v))
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
	switch err := sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		fc.stop(KindElement, n+1, "not a text sitemap: a line longer than %d bytes (a URL is shorter than %d characters)", maxTextLine, sitemap.MaxLocLength)
		return nil
	case err != nil:
		return err
	}
	if fc.entries == 0 {
		fc.addf(KindElement, 0, "no URL: a text sitemap lists one absolute URL a line")
	}
	return nil
}

// httpURL reports whether v starts as an absolute http(s) URL does,
// whatever the case of its scheme.
func httpURL(v string) bool {
	scheme, _, ok := strings.Cut(v, "://")
	return ok && (strings.EqualFold(scheme, "http") || strings.EqualFold(scheme, "https"))
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
