package validate

// Syndication feeds are sitemaps by the protocol (sitemaps.org,
// "Syndication feed": RSS 2.0, Atom 0.3 and 1.0): each RSS <item>'s
// <link>, each Atom <entry>'s <link rel="alternate" href>, is a URL of
// the set, and its <pubDate> (RSS), <updated> (Atom 1.0) or <modified>
// (Atom 0.3) its lastmod. What the protocol and Google say of a sitemap's
// URLs is checked as for a <urlset>: each an absolute http(s) URL of at
// most 2,047 characters, on the file's one host (in its scope with a
// base URL; served by a file of Site and allowed by its robots.txt), at
// most 50,000 of them and 50 MiB in all; and each date in its feed's
// form. A URL listed twice is not looked for: a feed lists what changed,
// and may list a page again. The feed's other elements are its format's
// business, not a sitemap's.

import (
	"encoding/xml"
	"errors"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// The namespaces of Atom's <feed>.
const (
	atomNS   = "http://www.w3.org/2005/Atom"
	atom03NS = "http://purl.org/atom/ns#"
)

// errStopped ends the reading of a file that fc.stop said is no
// sitemap.
var errStopped = errors.New("stopped")

// isFeed reports whether t, a root element, is an RSS or Atom feed's.
func isFeed(t xml.StartElement) bool {
	return t.Name.Local == "rss" && t.Name.Space == "" ||
		t.Name.Local == "feed" && (t.Name.Space == atomNS || t.Name.Space == atom03NS)
}

// feed reads the feed whose root element t was just read.
func (fc *fileCheck) feed(t xml.StartElement) error {
	fc.isSitemap = true
	fc.ns = t.Name.Space
	line := fc.line
	if t.Name.Local == "feed" {
		fc.form = formAtom
		return fc.feedElements(xmlBase("", t), "entry", line)
	}
	fc.form = formRSS
	if v, _ := attrOf(t, "", "version"); trimSpace(v) != "2.0" {
		fc.stop(KindElement, line, "not a sitemap: an RSS feed of version %q; the protocol takes RSS 2.0 (and Atom 0.3 and 1.0)", diag.Excerpt(v))
		return errStopped
	}
	channels := 0
	for {
		tok, err := fc.next()
		if err != nil {
			return err
		}
		switch c := tok.(type) {
		case xml.EndElement:
			if channels == 0 {
				fc.addf(KindElement, line, "<rss> has no <channel>")
			}
			return nil
		case xml.StartElement:
			if c.Name.Space == "" && c.Name.Local == "channel" {
				channels++
				if err := fc.feedElements("", "item", fc.line); err != nil {
					return err
				}
				continue
			}
			if err := fc.skip(); err != nil {
				return err
			}
		}
	}
}

// feedElements reads the content of the element just started, an RSS
// <channel> or an Atom <feed>, up to its end: each child named entry (in
// the feed's namespace) is an entry of the set. base is the xml:base in
// force, or "".
func (fc *fileCheck) feedElements(base, entry string, line int) error {
	for {
		tok, err := fc.next()
		if err != nil {
			return err
		}
		switch c := tok.(type) {
		case xml.EndElement:
			return nil
		case xml.StartElement:
			if c.Name.Space != fc.ns || c.Name.Local != entry {
				if err := fc.skip(); err != nil {
					return err
				}
				continue
			}
			if fc.entries++; fc.entries == sitemap.MaxURLs+1 {
				fc.over = fc.line
			}
			if err := fc.feedEntry(xmlBase(base, c), entry); err != nil {
				return err
			}
		}
	}
}

// feedEntry reads an RSS <item> or an Atom <entry>, just started: its
// URL and its date.
func (fc *fileCheck) feedEntry(base, name string) error {
	line := fc.line
	var link, date, dateName string
	linkLine, dateLine := 0, 0
	for {
		tok, err := fc.next()
		if err != nil {
			return err
		}
		switch c := tok.(type) {
		case xml.EndElement:
			fc.feedEnd(name, line, link, linkLine, date, dateName, dateLine)
			return nil
		case xml.StartElement:
			at := fc.line
			switch l := c.Name.Local; {
			case c.Name.Space != fc.ns:
			case l == "link" && fc.form == formRSS && linkLine == 0:
				v, err := fc.text0()
				if err != nil {
					return err
				}
				link, linkLine = trimSpace(v), at
				continue
			case l == "link" && fc.form == formAtom && linkLine == 0:
				rel, _ := attrOf(c, "", "rel")
				href, ok := attrOf(c, "", "href")
				if rel = trimSpace(rel); ok && (rel == "" || rel == "alternate") {
					link, linkLine = resolve(xmlBase(base, c), trimSpace(href)), at
				}
			case dateLine == 0 && (fc.form == formRSS && l == "pubDate" || fc.form == formAtom && (fc.ns == atomNS && l == "updated" || fc.ns == atom03NS && l == "modified")):
				v, err := fc.text0()
				if err != nil {
					return err
				}
				date, dateName, dateLine = trimSpace(v), l, at
				continue
			}
			if err := fc.skip(); err != nil {
				return err
			}
		}
	}
}

// feedEnd checks an entry read: its URL as a <loc>, its date in its
// feed's form.
func (fc *fileCheck) feedEnd(name string, line int, link string, linkLine int, date, dateName string, dateLine int) {
	if linkLine == 0 {
		want := "<link>"
		if fc.form == formAtom {
			want = `<link rel="alternate" href>`
		}
		fc.addf(KindIgnored, line, "<%s> has no %s: search engines take no URL from it", name, want)
	} else {
		fc.loc(link, linkLine)
		if fc.each != nil {
			fc.each(Entry{Loc: link, LastMod: date, Line: line})
		}
	}
	if dateLine != 0 {
		if msg := feedDate(fc.form, fc.ns, date); msg != "" {
			fc.addf(KindLastmod, dateLine, "<%s> %q is not %s", dateName, diag.Excerpt(date), msg)
		}
	}
}

// text0 reads the text of the element just started, its child elements
// passed over.
func (fc *fileCheck) text0() (string, error) {
	var b strings.Builder
	for depth := 1; ; {
		tok, err := fc.next()
		if err != nil {
			return "", err
		}
		switch c := tok.(type) {
		case xml.CharData:
			if depth == 1 {
				b.Write(c)
			}
		case xml.StartElement:
			depth++
		case xml.EndElement:
			if depth--; depth == 0 {
				return b.String(), nil
			}
		}
	}
}

// rfc822Date reports whether v is an RSS date: RFC 822's date-time
// (section 5), with the four-digit years of RFC 1123 as well as its two.
// Its words are of any case (section 3.4.7); its zone is a name of the
// RFC's, a military letter (any but J) or an offset; white space, a line
// folded and comments may stand between any two of its tokens (section
// 3.1.4). The day of the week is not held to the date, which the RFC
// does not ask.
func rfc822Date(v string) bool {
	t, ok := rfc822Tokens(v)
	if !ok {
		return false
	}
	if len(t) > 1 && t[1] == "," {
		if !slices.ContainsFunc(rfc822Days, func(d string) bool { return strings.EqualFold(d, t[0]) }) {
			return false
		}
		t = t[2:]
	}
	// day month year hh ":" mm [":" ss] zone
	if len(t) != 7 && len(t) != 9 || !digits(t[0]) || len(t[0]) > 2 || !digits(t[2]) || len(t[2]) != 2 && len(t[2]) != 4 {
		return false
	}
	month := slices.IndexFunc(rfc822Months, func(m string) bool { return strings.EqualFold(m, t[1]) })
	clock, zone := t[3:len(t)-1], t[len(t)-1]
	sec := "00"
	if len(clock) == 5 {
		if clock[3] != ":" {
			return false
		}
		sec = clock[4]
	}
	hh, mm := clock[0], clock[2]
	for _, n := range []string{hh, mm, sec} {
		if len(n) != 2 || !digits(n) {
			return false
		}
	}
	if month < 0 || clock[1] != ":" || !rfc822Zone(zone) || atoi(hh) > 23 || atoi(mm) > 59 || atoi(sec) > 59 {
		return false
	}
	y, d := atoi(t[2]), atoi(t[0])
	if len(t[2]) == 2 { // as RFC 2822 reads two digits: 00-49 this century, 50-99 the last
		y += 1900
		if y < 1950 {
			y += 100
		}
	}
	return d >= 1 && d <= time.Date(y, time.Month(month+2), 0, 0, 0, 0, 0, time.UTC).Day()
}

var (
	rfc822Days   = []string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}
	rfc822Months = []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
	rfc822Zones  = []string{"UT", "GMT", "EST", "EDT", "CST", "CDT", "MST", "MDT", "PST", "PDT"}
)

// rfc822Zone reports whether z is a zone of RFC 822: one of its names, a
// military letter (J is not one), or + or - and four digits.
func rfc822Zone(z string) bool {
	switch {
	case len(z) == 1:
		c := z[0] | 0x20
		return 'a' <= c && c <= 'z' && c != 'j'
	case len(z) == 5 && (z[0] == '+' || z[0] == '-'):
		return digits(z[1:])
	}
	return slices.ContainsFunc(rfc822Zones, func(n string) bool { return strings.EqualFold(n, z) })
}

// rfc822Tokens splits v into the lexical tokens of RFC 822 (section
// 3.3), its atoms and specials, leaving out what may stand between any
// two: spaces and tabs, a line break folded (followed by a space or a
// tab; XML reads CRLF as LF) and comments (nested, with quoted pairs).
// ok is false when v holds what the RFC's date has no token for: a
// control character or a line break unfolded, a byte beyond ASCII, an
// unclosed comment.
func rfc822Tokens(v string) (tokens []string, ok bool) {
	for i := 0; i < len(v); {
		switch c := v[i]; {
		case c == ' ' || c == '\t':
			i++
		case c == '\r' || c == '\n':
			j := i + 1
			if c == '\r' && j < len(v) && v[j] == '\n' {
				j++
			}
			if j == len(v) || v[j] != ' ' && v[j] != '\t' {
				return nil, false
			}
			i = j
		case c == '(':
			depth := 0
			for ; ; i++ {
				switch {
				case i == len(v) || v[i] >= 0x80 || v[i] == '\r':
					return nil, false
				case v[i] == '\\':
					if i++; i == len(v) || v[i] >= 0x80 {
						return nil, false
					}
				case v[i] == '(':
					depth++
				case v[i] == ')':
					depth--
				}
				if depth == 0 {
					i++
					break
				}
			}
		case strings.IndexByte(rfc822Specials, c) >= 0:
			tokens = append(tokens, v[i:i+1])
			i++
		case c < ' ' || c >= 0x7f:
			return nil, false
		default:
			j := i
			for j < len(v) && v[j] > ' ' && v[j] < 0x7f && strings.IndexByte(rfc822Specials, v[j]) < 0 {
				j++
			}
			tokens = append(tokens, v[i:j])
			i = j
		}
	}
	return tokens, true
}

// rfc822Specials are the characters RFC 822 makes tokens of their own.
const rfc822Specials = `()<>@,;:\".[]`

// feedDate says what keeps v from being the date of an entry of a feed
// of form (formRSS, formAtom) in the namespace ns, or "".
func feedDate(form int, ns, v string) string {
	switch {
	case form == formRSS:
		if rfc822Date(v) {
			return ""
		}
		return "an RFC 822 date, as RSS 2.0 has it (Mon, 02 Jan 2006 15:04:05 -0700)"
	case ns == atomNS:
		if _, err := time.Parse(time.RFC3339, v); err == nil {
			return ""
		}
		return "an RFC 3339 date-time, as Atom 1.0 has it (2006-01-02T15:04:05Z)"
	case w3cDate(v) || w3cOnly(v):
		return ""
	}
	return "a W3C Datetime, as Atom 0.3 has it (2006-01-02T15:04:05Z)"
}

// attrOf returns the value of t's attribute space:local.
func attrOf(t xml.StartElement, space, local string) (string, bool) {
	for _, a := range t.Attr {
		if a.Name.Space == space && a.Name.Local == local {
			return a.Value, true
		}
	}
	return "", false
}

// xmlBase returns the base in force inside t, where base is in force
// around it: t's xml:base resolved against base.
func xmlBase(base string, t xml.StartElement) string {
	if v, ok := attrOf(t, xmlNS, "base"); ok {
		return resolve(base, trimSpace(v))
	}
	return base
}

// resolve resolves ref against base, when base is an absolute URL; else
// ref is as written.
func resolve(base, ref string) string {
	b, err := url.Parse(base)
	if err != nil || !b.IsAbs() {
		return ref
	}
	r, err := url.Parse(ref)
	if err != nil {
		return ref
	}
	return b.ResolveReference(r).String()
}

// entryWord names an entry of a feed of form, for a message.
func entryWord(form int) string {
	if form == formRSS {
		return "item"
	}
	return "entry"
}
