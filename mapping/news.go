package mapping

import (
	"cmp"
	"fmt"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/frontmatter"
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
	var arts []htmlhead.Article
	if s != nil {
		// An article that names another page's URL is that page's: a
		// blog's index lists its posts as BlogPostings of their own.
		base := m.pageBase(d, s.Base)
		for _, a := range s.Articles {
			if a.URL != "" {
				if u, err := NormalizeURL(a.URL, base); err == nil && !sameURL(u, d.URL.Loc) {
					continue
				}
			}
			arts = append(arts, a)
		}
	}
	// A NewsArticle first, then the other JSON-LD articles, then the
	// Open Graph tag, each in their order.
	best := -1
	for i, a := range arts {
		if a.DatePublished != "" && (best < 0 || articleRank(a.Type) < articleRank(arts[best].Type)) {
			best = i
		}
	}
	var (
		published  time.Time
		title      string
		from, lang string
		line       int
	)
	warn := func(msg string) { d.LineWarnings = append(d.LineWarnings, LineWarning{line, msg}) }
	if best >= 0 {
		a := arts[best]
		from, line = fmt.Sprintf("%s at line %d", a.Type, a.Line), a.Line
		t, ok := frontmatter.ParseDate(a.DatePublished)
		if !ok {
			warn(fmt.Sprintf("%s: datePublished %q is not a date", from, a.DatePublished))
			d.NewsNote = fmt.Sprintf("not in the news sitemap: the date of %s, %q, is not a date", from, a.DatePublished)
			return
		}
		published, title, lang = t, cmp.Or(a.Headline, a.Name), a.InLanguage
	} else if src != nil && !src.Date.IsZero() {
		from, published = "the front matter's date", src.Date
	} else {
		if len(arts) > 0 {
			d.NewsNote = "not in the news sitemap: its article markup gives no date published"
		} else {
			d.NewsNote = "not in the news sitemap: no article markup (JSON-LD NewsArticle or Article, article:published_time) and no front matter date"
		}
		return
	}
	if title == "" && src != nil {
		title = src.Title
	}
	if title == "" && s != nil {
		title = s.Title
	}
	if title = strings.TrimSpace(title); title == "" {
		msg := fmt.Sprintf("not in the news sitemap: the article (%s) has no headline, and the page no title", from)
		warn(msg)
		d.NewsNote = "not in the news sitemap: no headline or title"
		return
	}
	language := n.Language
	if language == "" {
		if lang == "" && s != nil {
			lang = s.Lang
		}
		var ok bool
		if language, ok = NewsLanguage(lang); !ok {
			msg := fmt.Sprintf("not in the news sitemap: the article's language %q is no ISO 639 code (news.language sets the publication's)", lang)
			if lang == "" {
				msg = "not in the news sitemap: the article says no language (JSON-LD inLanguage, <html lang>); news.language sets the publication's"
			}
			warn(msg)
			d.NewsNote = "not in the news sitemap: no language"
			return
		}
	}
	d.URL.News = &sitemap.News{PublicationName: n.Name, Language: language, PublicationDate: published, Title: title}
	when := fmt.Sprintf("published %s (%s)", published.Format(time.RFC3339), from)
	switch now := m.now; {
	case InNewsWindow(published, now):
		d.NewsNote = "in the news sitemap: " + when
	case published.After(now):
		d.NewsNote = "not in the news sitemap yet: " + when + ", after the build"
	default:
		d.NewsNote = "not in the news sitemap: " + when + ", more than two days before the build"
	}
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
	tag = strings.ToLower(strings.ReplaceAll(strings.TrimSpace(tag), "_", "-"))
	primary, rest, _ := strings.Cut(tag, "-")
	if len(primary) < 2 || len(primary) > 3 {
		return "", false
	}
	for _, c := range primary {
		if c < 'a' || c > 'z' {
			return "", false
		}
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
