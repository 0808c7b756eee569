package mapping

import (
	"cmp"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// News configures the news sitemap (Options.News).
type News struct {
	// Name is the publication's name, as in Google News
	// (<news:name>).
	Name string
	// Language is the publication's language (<news:language>): an ISO
	// 639 code, two or three letters, or zh-cn or zh-tw. Empty: each
	// article's own, from its JSON-LD inLanguage or the page's <html
	// lang>.
	Language string
}

// setNews gives d.URL.News when the page says it is an article: a
// JSON-LD NewsArticle or Article (datePublished, headline), its
// article:published_time, or the front matter of its source (date,
// title) where the page is joined to it. The first of them that gives a
// date counts, a NewsArticle before any other JSON-LD article and those
// before the Open Graph tag, and an
// article that names another page's URL (a blog index's BlogPostings) is
// not the page's; its title is its headline (or name, which Hugo's schema
// template writes), else the front matter's title, else the page's
// <title>. Every article is kept, however old: which are in the news
// sitemap, those published within sitemap.NewsWindow before the time the
// set is written (InNewsWindow), is the writer's caller's to say, as
// time passes in watch mode. d.NewsNote says, for --explain, whether the
// page is an article and whether it is in the window at Options.Now.
func (m *Mapper) setNews(d *Decision, s *htmlhead.Structured, src *frontmatter.Source) {
	n := m.opts.News
	if n == nil {
		return
	}
	// An article that names another page's URL is that page's: a blog's
	// index lists its posts as BlogPostings of their own. The page's URL
	// is parsed only when an article names one.
	var base *url.URL
	own := func(a *htmlhead.Article) bool {
		if a.URL == "" {
			return true
		}
		if base == nil {
			base = m.pageBase(d, s.Base)
		}
		u, err := NormalizeURL(a.URL, base)
		return err != nil || sameURL(u, d.URL.Loc)
	}
	// A NewsArticle first, then the other JSON-LD articles, then the
	// Open Graph tag, each in their order.
	var best *htmlhead.Article
	found := false
	if s != nil {
		for i := range s.Articles {
			a := &s.Articles[i]
			if !own(a) {
				continue
			}
			found = true
			if a.DatePublished != "" && (best == nil || articleRank(a.Type) < articleRank(best.Type)) {
				best = a
			}
		}
	}
	note := &d.NewsNote
	var (
		published time.Time
		title     string
		lang      string
	)
	warn := func(msg string) { d.LineWarnings = append(d.LineWarnings, LineWarning{note.Line, msg}) }
	switch {
	case best != nil:
		note.From, note.Line = best.Type, best.Line
		t, ok := frontmatter.ParseDate(best.DatePublished)
		if !ok {
			note.Is, note.Raw = NewsBadDate, best.DatePublished
			warn(fmt.Sprintf("%s: datePublished %q is not a date", note.from(), diag.Excerpt(best.DatePublished)))
			return
		}
		published, title, lang = t, cmp.Or(best.Headline, best.Name), best.InLanguage
	case src != nil && !src.Date.IsZero():
		note.From, published = "the front matter's date", src.Date
	case found:
		note.Is = NewsNoDate
		return
	default:
		note.Is = NewsNoArticle
		return
	}
	note.Published = published
	if title == "" && src != nil {
		title = src.Title
	}
	if title == "" && s != nil {
		title = s.Title
	}
	if title = strings.TrimSpace(title); title == "" {
		note.Is = NewsNoTitle
		warn(fmt.Sprintf("not in the news sitemap: the article (%s) has no headline, and the page no title", note.from()))
		return
	}
	language := n.Language
	if language == "" {
		if lang == "" && s != nil {
			lang = s.Lang
		}
		var ok bool
		if language, ok = NewsLanguage(lang); !ok {
			note.Is = NewsNoLanguage
			if lang == "" {
				warn("not in the news sitemap: the article says no language (JSON-LD inLanguage, <html lang>); news.language sets the publication's")
			} else {
				warn(fmt.Sprintf("not in the news sitemap: the article's language %q is no ISO 639 code (news.language sets the publication's)", diag.Excerpt(lang)))
			}
			return
		}
	}
	d.URL.News = &sitemap.News{PublicationName: n.Name, Language: language, PublicationDate: published, Title: title}
	switch now := m.now; {
	case InNewsWindow(published, now):
		note.Is = NewsIn
	case published.After(now):
		note.Is = NewsLater
	default:
		note.Is = NewsOld
	}
}

// NewsNote says whether a page is an article of the news sitemap, and
// why (Decision.NewsNote), for --explain: kept as the facts, made a
// sentence only when it is printed.
type NewsNote struct {
	Is NewsState
	// From is the article's JSON-LD type, "article:published_time", or
	// "the front matter's date"; Line its line.
	From string
	Line int
	// Published is the date published; Raw one that is not a date.
	Published time.Time
	Raw       string
}

// NewsState is what a NewsNote says.
type NewsState uint8

// The states of a NewsNote.
const (
	NewsOff        NewsState = iota // no news sitemap asked for
	NewsIn                          // in the window before the build
	NewsLater                       // published after the build
	NewsOld                         // more than two days before the build
	NewsNoArticle                   // the page says it is no article
	NewsNoDate                      // its article markup gives no date
	NewsBadDate                     // a date that is not one
	NewsNoTitle                     // no headline, no title
	NewsNoLanguage                  // no language
)

// from names where the article was found.
func (n NewsNote) from() string {
	if n.Line == 0 {
		return n.From
	}
	return n.From + " at line " + strconv.Itoa(n.Line)
}

// String says the note as --explain does; "" for NewsOff.
func (n NewsNote) String() string {
	when := func() string {
		return "published " + n.Published.Format(time.RFC3339) + " (" + n.from() + ")"
	}
	switch n.Is {
	case NewsIn:
		return "in the news sitemap: " + when()
	case NewsLater:
		return "not in the news sitemap yet: " + when() + ", after the build"
	case NewsOld:
		return "not in the news sitemap: " + when() + ", more than two days before the build"
	case NewsNoArticle:
		return "not in the news sitemap: no article markup (JSON-LD NewsArticle or Article, article:published_time) and no front matter date"
	case NewsNoDate:
		return "not in the news sitemap: its article markup gives no date published"
	case NewsBadDate:
		return fmt.Sprintf("not in the news sitemap: the date of %s, %q, is not a date", n.from(), diag.Excerpt(n.Raw))
	case NewsNoTitle:
		return "not in the news sitemap: no headline or title"
	case NewsNoLanguage:
		return "not in the news sitemap: no language"
	}
	return ""
}

// InNewsWindow reports whether an article published at t is in the news
// sitemap written at now: published, and at most sitemap.NewsWindow
// before (Google reads no older article).
func InNewsWindow(t, now time.Time) bool {
	return !t.After(now) && now.Sub(t) <= sitemap.NewsWindow
}

// sameURL reports whether two URLs name the same page: equal, or but for
// a final slash.
func sameURL(a, b string) bool {
	return a == b || strings.TrimSuffix(a, "/") == strings.TrimSuffix(b, "/")
}

// articleRank orders the descriptions of a page as an article: a
// NewsArticle (or one of its kinds), another JSON-LD article, Open
// Graph's article:published_time.
func articleRank(typ string) int {
	switch {
	case strings.HasSuffix(typ, "NewsArticle"):
		return 0
	case typ == "article:published_time":
		return 2
	}
	return 1
}

// NewsLanguage returns the <news:language> of a language tag (BCP 47, as
// <html lang> and inLanguage give it): its primary language subtag in
// lower case (en-GB is en), but Chinese, which Google News takes as
// zh-cn or zh-tw (zh-Hans and zh-CN are zh-cn; zh-Hant, zh-TW and zh-HK
// are zh-tw). It reports false when the tag does not start with a
// language of two or three letters.
func NewsLanguage(tag string) (string, bool) {
	tag = strings.TrimSpace(tag)
	end := strings.IndexAny(tag, "-_")
	if end < 0 {
		end = len(tag)
	}
	primary, rest := tag[:end], ""
	if end < len(tag) {
		rest = strings.ToLower(strings.ReplaceAll(tag[end+1:], "_", "-"))
	}
	if len(primary) < 2 || len(primary) > 3 {
		return "", false
	}
	lowered := true
	for i := 0; i < len(primary); i++ {
		switch c := primary[i]; {
		case c >= 'a' && c <= 'z':
		case c >= 'A' && c <= 'Z':
			lowered = false
		default:
			return "", false
		}
	}
	if !lowered {
		primary = strings.ToLower(primary)
	}
	if primary == "zh" {
		for _, sub := range strings.Split(rest, "-") {
			switch sub {
			case "hant", "tw", "hk", "mo":
				return "zh-tw", true
			}
		}
		return "zh-cn", true
	}
	return primary, true
}
