package postbuild

import (
	"bytes"
	"container/heap"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sitemapgen/sitemapgen/internal/atomicfile"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// generatorElem is the feed's atom:generator: it tells sitemapgen's feed
// from another tool's, which Ours will not let a build replace.
const generatorElem = `  <generator uri="https://github.com/sitemapgen/sitemapgen">sitemapgen</generator>` + "\n"

// OurFeed reports whether data, the content of a feed file, is a feed
// sitemapgen wrote (it names sitemapgen as its generator).
func OurFeed(data []byte) bool { return bytes.Contains(data, []byte(generatorElem)) }

const (
	// FeedName is the feed's file name, beside the sitemaps.
	FeedName = "feed.xml"
	// Namespace is the Atom 1.0 namespace of <feed>.
	Namespace = "http://www.w3.org/2005/Atom"
	// DefaultFeedLimit is the number of entries when Options.Limit is 0.
	DefaultFeedLimit = 20
	// MaxFeedLimit is the largest Options.Limit.
	MaxFeedLimit = 10000
)

// ErrNoFeedEntries reports a feed with no entry to list: no entry has a date
// (see [SelectFeed]).
var ErrNoFeedEntries = errors.New("feed: no page has a modification date")

// FeedEntry is one page of the feed.
type FeedEntry struct {
	// URL is the page's absolute URL, percent-encoded as in a sitemap's
	// <loc> (see sitemap.CheckLoc), a valid URI (RFC 3986), and not
	// XML-escaped. It is the entry's atom:id, so it must be unique among
	// the entries and differ from the feed's own URL.
	URL string
	// Updated is when the page last changed. An entry without it (the zero
	// Time) is left out of the feed, as is one whose year, in UTC, is
	// outside 1–9999.
	Updated time.Time
	// Title is the entry's title; when empty or blank, the URL's path,
	// decoded for display ("/posts/hello/", "/" for the home page).
	Title string
}

// FeedOptions configure Encode and Write.
type FeedOptions struct {
	// BaseURL is the site's absolute URL, ending in "/". It is the feed's
	// rel="alternate" link.
	BaseURL string
	// Title is the feed's title, and the name of its author. When empty,
	// the title is the base URL's host and path ("example.com/blog/") and
	// the author's name its host.
	Title string
	// Limit is the most entries; 0 means DefaultLimit. It must be from 0
	// to MaxLimit.
	Limit int
	// SelfURL is the feed's own absolute URL, its atom:id and its
	// rel="self" link; empty means BaseURL followed by Name.
	SelfURL string
}

// resolved are Options checked, with their defaults filled in.
type resolved struct {
	base, self, title, author string
	limit                     int
}

func (o FeedOptions) resolve() (resolved, error) {
	r := resolved{base: o.BaseURL, self: o.SelfURL, limit: o.Limit}
	u, err := checkURL(r.base)
	if err != nil {
		return r, fmt.Errorf("feed: base URL: %w", err)
	}
	if !strings.HasSuffix(r.base, "/") {
		return r, fmt.Errorf("feed: base URL %q does not end in /", r.base)
	}
	if r.self == "" {
		r.self = r.base + FeedName
	}
	if _, err := checkURL(r.self); err != nil {
		return r, fmt.Errorf("feed: feed URL: %w", err)
	}
	switch {
	case r.limit == 0:
		r.limit = DefaultFeedLimit
	case r.limit < 0 || r.limit > MaxFeedLimit:
		return r, fmt.Errorf("feed: limit %d is not from 1 to %d", r.limit, MaxFeedLimit)
	}
	r.title, r.author = o.Title, o.Title
	if strings.TrimSpace(o.Title) == "" {
		r.title, r.author = u.Host+u.Path, u.Host
	}
	return r, nil
}

// checkURL parses loc, which must be an absolute http(s) URL that
// sitemap.CheckLoc accepts and, since it becomes an atom:id, a URI per
// RFC 3986: only the characters it allows, "%" only in a %XX escape, and a
// host.
func checkURL(loc string) (*url.URL, error) {
	if err := sitemap.CheckLoc(loc); err != nil {
		return nil, err
	}
	for i := 0; i < len(loc); i++ {
		switch c := loc[i]; {
		case strings.IndexByte("\"<>\\^`{|}", c) >= 0:
			return nil, fmt.Errorf("URL %q has %q, which a URI cannot", loc, c)
		case c == '%' && (i+2 >= len(loc) || !isHex(loc[i+1]) || !isHex(loc[i+2])):
			return nil, fmt.Errorf("URL %q has a %% that starts no %%XX escape", loc)
		}
	}
	u, err := url.Parse(loc)
	if err != nil {
		return nil, err
	}
	if u.Host == "" {
		return nil, fmt.Errorf("URL %q has no host", loc)
	}
	return u, nil
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// dated reports whether t can be an entry's date: set, and with a four-digit
// year in UTC, as RFC 3339 requires (sitemap.AppendLastMod drops the same
// dates from a sitemap).
func dated(t time.Time) bool {
	y := t.UTC().Year()
	return !t.IsZero() && y >= 1 && y <= 9999
}

// before reports whether a comes before b in a feed: newer first (to the
// second, the precision the feed shows), then by URL, then by title, then
// by the exact time, so that the order is the same whatever the input's.
func before(a, b FeedEntry) bool {
	if as, bs := a.Updated.Unix(), b.Updated.Unix(); as != bs {
		return as > bs
	}
	if a.URL != b.URL {
		return a.URL < b.URL
	}
	if a.Title != b.Title {
		return a.Title < b.Title
	}
	return a.Updated.After(b.Updated)
}

// lastFirst is a heap whose root is the entry that comes last in a feed.
type lastFirst []FeedEntry

func (h lastFirst) Len() int           { return len(h) }
func (h lastFirst) Less(i, j int) bool { return before(h[j], h[i]) }
func (h lastFirst) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *lastFirst) Push(x any)        { *h = append(*h, x.(FeedEntry)) }
func (h *lastFirst) Pop() any {
	old := *h
	e := old[len(old)-1]
	*h = old[:len(old)-1]
	return e
}

// SelectFeed returns the limit most recently updated entries, newest first;
// entries updated in the same second come in URL order. Entries without a
// date (see [FeedEntry.Updated]) are left out: a feed of changes needs dates.
// The result does not depend on the order of entries, which SelectFeed leaves
// as it is. A limit of 0 or less selects nothing.
//
// SelectFeed keeps at most limit entries in memory besides its input, however
// many pages the site has.
func SelectFeed(entries []FeedEntry, limit int) []FeedEntry {
	if limit <= 0 {
		return nil
	}
	h := make(lastFirst, 0, min(limit, len(entries)))
	for _, e := range entries {
		switch {
		case !dated(e.Updated):
		case len(h) < limit:
			heap.Push(&h, e)
		case before(e, h[0]):
			h[0] = e
			heap.Fix(&h, 0)
		}
	}
	// Popping the heap yields the entries last first.
	sel := make([]FeedEntry, len(h))
	for i := len(sel) - 1; i >= 0; i-- {
		sel[i] = heap.Pop(&h).(FeedEntry)
	}
	return sel
}

// EncodeFeed writes the Atom feed of entries to w: the opts.Limit newest, as
// [SelectFeed] picks them, so the order of entries does not matter. Every
// entry, listed or not, must have a URL that sitemap.CheckLoc accepts and
// that is a valid URI (RFC 3986), unique among them and other than the
// feed's own; EncodeFeed writes nothing
// and returns an error otherwise, or [ErrNoFeedEntries] when no entry has a
// date.
func EncodeFeed(w io.Writer, entries []FeedEntry, opts FeedOptions) error {
	b, err := encode(entries, opts)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

func encode(entries []FeedEntry, opts FeedOptions) ([]byte, error) {
	o, err := opts.resolve()
	if err != nil {
		return nil, err
	}
	seen := make(map[string]struct{}, len(entries))
	for _, e := range entries {
		if _, err := checkURL(e.URL); err != nil {
			return nil, fmt.Errorf("feed: entry: %w", err)
		}
		if _, dup := seen[e.URL]; dup {
			return nil, fmt.Errorf("feed: URL %q is listed twice", e.URL)
		}
		seen[e.URL] = struct{}{}
		if e.URL == o.self {
			return nil, fmt.Errorf("feed: page %q has the feed's own URL", e.URL)
		}
	}
	sel := SelectFeed(entries, o.limit)
	if len(sel) == 0 {
		return nil, ErrNoFeedEntries
	}

	b := make([]byte, 0, 512+len(sel)*256)
	b = append(b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"...)
	b = append(b, `<feed xmlns="`+Namespace+`">`+"\n"...)
	b = appendElem(b, "  ", "id", o.self)
	b = appendElem(b, "  ", "title", o.title)
	b = appendDate(b, "  ", sel[0].Updated)
	b = append(b, "  <author>\n"...)
	b = appendElem(b, "    ", "name", o.author)
	b = append(b, "  </author>\n"...)
	b = append(b, generatorElem...)
	b = appendLink(b, "  ", "self", "application/atom+xml", o.self)
	b = appendLink(b, "  ", "alternate", "", o.base)
	for _, e := range sel {
		b = append(b, "  <entry>\n"...)
		b = appendElem(b, "    ", "id", e.URL)
		title := e.Title
		if strings.TrimSpace(title) == "" {
			title = displayPath(e.URL)
		}
		b = appendElem(b, "    ", "title", title)
		b = appendDate(b, "    ", e.Updated)
		b = appendLink(b, "    ", "alternate", "", e.URL)
		b = append(b, "  </entry>\n"...)
	}
	return append(b, "</feed>\n"...), nil
}

// displayPath returns the path of loc decoded for people to read, "/" for
// an empty one, with the query, if any, as it is.
func displayPath(loc string) string {
	u, err := url.Parse(loc)
	if err != nil {
		return loc
	}
	p := u.Path
	if p == "" {
		p = "/"
	}
	if u.RawQuery != "" {
		p += "?" + u.RawQuery
	}
	return p
}

func appendElem(b []byte, indent, name, text string) []byte {
	b = append(b, indent...)
	b = append(b, '<')
	b = append(b, name...)
	b = append(b, '>')
	b = appendEscaped(b, text, false)
	b = append(b, "</"...)
	b = append(b, name...)
	return append(b, ">\n"...)
}

// appendDate appends an <updated> element with t in UTC, to the second.
func appendDate(b []byte, indent string, t time.Time) []byte {
	b = append(b, indent...)
	b = append(b, "<updated>"...)
	b = t.UTC().AppendFormat(b, "2006-01-02T15:04:05Z")
	return append(b, "</updated>\n"...)
}

func appendLink(b []byte, indent, rel, typ, href string) []byte {
	b = append(b, indent...)
	b = append(b, `<link rel="`...)
	b = append(b, rel...)
	if typ != "" {
		b = append(b, `" type="`...)
		b = append(b, typ...)
	}
	b = append(b, `" href="`...)
	b = appendEscaped(b, href, true)
	return append(b, "\"/>\n"...)
}

// appendEscaped appends s to b as XML character data, or as an attribute
// value when attr is set: the five characters XML reserves become entities
// (&amp; &lt; &gt; &apos; &quot;), a carriage return becomes &#13; (a raw
// one would be read back as a newline), in an attribute also a tab and a
// newline (which would be read back as spaces), and what XML 1.0 cannot
// carry (other control characters, invalid UTF-8, U+FFFE, U+FFFF) becomes
// U+FFFD.
func appendEscaped(b []byte, s string, attr bool) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 || r == 0xFFFE || r == 0xFFFF {
				b = append(b, "\uFFFD"...)
			} else {
				b = append(b, s[i:i+size]...)
			}
			i += size
			continue
		}
		switch {
		case c == '&':
			b = append(b, "&amp;"...)
		case c == '<':
			b = append(b, "&lt;"...)
		case c == '>':
			b = append(b, "&gt;"...)
		case c == '\'':
			b = append(b, "&apos;"...)
		case c == '"':
			b = append(b, "&quot;"...)
		case c == '\r':
			b = append(b, "&#13;"...)
		case attr && c == '\t':
			b = append(b, "&#9;"...)
		case attr && c == '\n':
			b = append(b, "&#10;"...)
		case c < ' ' && c != '\t' && c != '\n':
			b = append(b, "\uFFFD"...)
		default:
			b = append(b, c)
		}
		i++
	}
	return b
}

// WriteFeed writes the Atom feed of entries, as [EncodeFeed] does, to path
// atomically: through a synced temporary file in the same folder, renamed
// over path with permissions 0644 (atomicfile.WriteFeed, whose temporary
// files the sitemap writer cleans up after a crash). The folder must exist.
// On any error, [ErrNoFeedEntries] among them, path is left as it was.
func WriteFeed(path string, entries []FeedEntry, opts FeedOptions) error {
	b, err := encode(entries, opts)
	if err != nil {
		return err
	}
	if err := atomicfile.Write(path, b, 0o644); err != nil {
		return fmt.Errorf("feed: %w", err)
	}
	return atomicfile.SyncDir(filepath.Dir(path))
}
