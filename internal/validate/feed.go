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

// rfc822 are the forms of an RSS date (RFC 822, with four-digit years
// as RFC 1123 has them, or two), the day of the week optional.
var rfc822 = func() []string {
	var out []string
	for _, day := range []string{"Mon, ", ""} {
		for _, year := range []string{"2006", "06"} {
			for _, clock := range []string{"15:04:05", "15:04"} {
				for _, zone := range []string{"-0700", "MST"} {
					out = append(out, day+"_2 Jan "+year+" "+clock+" "+zone)
				}
			}
		}
	}
	return out
}()

// feedDate says what keeps v from being the date of an entry of a feed
// of form (formRSS, formAtom) in the namespace ns, or "".
func feedDate(form int, ns, v string) string {
	switch {
	case form == formRSS:
		w := v
		if z, ok := strings.CutSuffix(w, " UT"); ok {
			w = z + " +0000" // RFC 822's universal time, which Go's MST form does not take
		}
		for _, layout := range rfc822 {
			if _, err := time.Parse(layout, w); err == nil {
				return ""
			}
		}
		return "an RFC 822 date, as RSS 2.0 has it (Mon, 02 Jan 2006 15:04:05 -0700)"
	case ns == atomNS:
		if _, err := time.Parse(time.RFC3339, v); err == nil {
			return ""
		}
		return "an RFC 3339 date-time, as Atom 1.0 has it (2006-01-02T15:04:05Z)"
	case validDate(v) || w3cOnly(v):
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
