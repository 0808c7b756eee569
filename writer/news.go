package writer

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// newsURL is a URL of the news sitemap: its loc, its lastmod and its
// News, as the URLs gave them.
type newsURL struct {
	loc     string
	lastmod time.Time
	news    *sitemap.News
}

// newest is what the index says of a news file with the URL in it: the
// later of the URL's lastmod and its publication date.
func (n *newsURL) newest() time.Time {
	if n.news.PublicationDate.After(n.lastmod) {
		return n.news.PublicationDate
	}
	return n.lastmod
}

// takeNews notes u for the news sitemap when it has News. The shards'
// encoding calls it for every URL, in their order: the news sitemap
// costs no pass over the URLs of its own.
func (t *txn) takeNews(u *sitemap.URL) {
	if u.News != nil {
		t.news = append(t.news, newsURL{u.Loc, u.LastMod, u.News})
	}
}

// newsName is the name of the nth news file (from 1): sitemap-news.xml,
// then sitemap-news-2.xml and up, as the further index files are named.
func newsName(n int, ext string) string {
	if n == 1 {
		return "sitemap-news" + ext
	}
	return "sitemap-news-" + strconv.Itoa(n) + ext
}

// writeNews writes the news sitemap of t.news, in loc order (sorted
// first when sections grouped them), at most sitemap.MaxNewsURLs (and
// Options.MaxURLs) URLs and under Options.MaxBytes a file, and returns
// its files; none when no URL has news. Their names are fixed
// (newsName), not named after their content as shards are: a search
// engine is told of a news sitemap by its name, and the index that
// lists it is renamed after it, so a crawler reading the old index finds
// a complete news file under each name it lists, old or new.
//
// A file of such a name that sitemapgen did not write (another tool's
// news sitemap) fails the Write before anything is put in place, as a
// text sitemap's does.
func (t *txn) writeNews(grouped bool, ext string) ([]*file, error) {
	if len(t.news) == 0 {
		return nil, nil
	}
	if grouped {
		slices.SortFunc(t.news, func(a, b newsURL) int { return strings.Compare(a.loc, b.loc) })
	}
	o := t.opts
	c := &chunker{t: t, gzip: o.Gzip, header: withHead(newsOpen, t.head), footer: urlsetClose, maxCount: min(o.MaxURLs, sitemap.MaxNewsURLs), maxBytes: o.MaxBytes}
	c.elems = func(lo, hi int, emit func([]byte) error) error {
		var elem []byte
		for i := lo; i < hi; i++ {
			n := &t.news[i]
			elem = appendNewsURL(elem[:0], n.loc, n.news, o.LastModFormat)
			if err := emit(elem); err != nil {
				return err
			}
		}
		return nil
	}
	var elem []byte
	for i := range t.news {
		n := &t.news[i]
		elem = appendNewsURL(elem[:0], n.loc, n.news, o.LastModFormat)
		if t.state != nil {
			t.state.newsEntry(n.loc, elem)
		}
		if err := c.add(elem, func() string { return n.loc }, n.newest()); err != nil {
			return nil, err
		}
	}
	if err := c.finish(); err != nil {
		return nil, err
	}
	for i, f := range c.files {
		f.name = newsName(i+1, ext)
		if path, ok, _ := t.ours(f.name, ""); !ok {
			return nil, &diag.Diagnostic{File: path, Msg: "no news sitemap written: the file is not one sitemapgen wrote (another tool's?); remove or rename it, or turn the news sitemap off"}
		}
	}
	return c.files, nil
}
