package writer

import (
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

// XHTMLNamespace is the namespace of the <xhtml:link> hreflang alternates.
const XHTMLNamespace = "http://www.w3.org/1999/xhtml"

// The fixed parts of the files.
const (
	xmlDecl    = `<?xml version="1.0" encoding="UTF-8"?>` + "\n"
	urlsetOpen = xmlDecl + `<urlset xmlns="` + sitemap.Namespace + `">` + "\n"
	// newsOpen declares the news namespace, and no other: a news
	// sitemap's <url> holds its <loc> and <news:news> alone.
	newsOpen    = xmlDecl + `<urlset xmlns="` + sitemap.Namespace + `" xmlns:news="` + sitemap.NewsNamespace + `">` + "\n"
	urlsetClose = "</urlset>\n"
	indexOpen   = xmlDecl + `<sitemapindex xmlns="` + sitemap.Namespace + `">` + "\n"
	indexClose  = "</sitemapindex>\n"
)

// stylesheet returns the <?xml-stylesheet?> processing instruction that
// has a browser show a file with the XSLT stylesheet at href
// ([Options.XSL]), and a newline; "" for none. The pseudo-attribute's
// value is escaped as an attribute's is: a browser reads it so, and
// neither "?>" nor a quote can end the instruction early.
func stylesheet(href string) string {
	if href == "" {
		return ""
	}
	return `<?xml-stylesheet type="text/xsl" href="` + string(appendEscaped(nil, href)) + `"?>` + "\n"
}

// withHead returns start, the beginning of a file (the XML declaration,
// then the root's start tag), with head between the two: the
// stylesheet's processing instruction, an alias's mark. One head for
// every file a Write makes keeps identical input byte-identical.
func withHead(start, head string) string {
	if head == "" {
		return start
	}
	return xmlDecl + head + start[len(xmlDecl):]
}

// appendURL appends the <url> element of u to b: its values, then its
// alternates, images and videos. A field of the alternates, images or
// videos written here is one State.fieldsSum hashes. u.News is not
// written here: only the news sitemap has it (appendNewsURL).
func appendURL(b []byte, u *sitemap.URL, f sitemap.DateFormat) []byte {
	b = append(b, "  <url>\n    <loc>"...)
	b = appendEscaped(b, u.Loc)
	b = append(b, "</loc>\n"...)
	b = appendLastMod(b, u.LastMod, f)
	if s := u.ChangeFreq.String(); s != "" {
		b = append(b, "    <changefreq>"...)
		b = append(b, s...)
		b = append(b, "</changefreq>\n"...)
	}
	if u.Priority.IsSet() && u.Priority != sitemap.DefaultPriority {
		b = append(b, "    <priority>"...)
		b = u.Priority.Append(b)
		b = append(b, "</priority>\n"...)
	}
	for _, a := range u.Alternates {
		b = append(b, `    <xhtml:link rel="alternate" hreflang="`...)
		b = appendEscaped(b, a.Lang)
		b = append(b, `" href="`...)
		b = appendEscaped(b, a.Href)
		b = append(b, "\"/>\n"...)
	}
	if len(u.Images) > 0 {
		b = appendImages(b, u.Images)
	}
	if len(u.Videos) > 0 {
		b = appendVideos(b, u.Videos, f)
	}
	return append(b, "  </url>\n"...)
}

// appendImages appends an <image:image> element for each image.
func appendImages(b []byte, images []sitemap.Image) []byte {
	for _, im := range images {
		b = append(b, "    <image:image>\n      <image:loc>"...)
		b = appendEscaped(b, im.Loc)
		b = append(b, "</image:loc>\n    </image:image>\n"...)
	}
	return b
}

// appendVideos appends a <video:video> element for each video, its
// children in the order of sitemap-video.xsd's sequence, each only when
// it is set: a duration of 0 or less, a zero date and an unset Flag are
// left out. The dates are written in f, as lastmod is. Whether a video
// has what the schema requires (a thumbnail, a title, a description,
// and a content or a player location) is the caller's to say: the writer
// writes what it is given.
func appendVideos(b []byte, videos []sitemap.Video, f sitemap.DateFormat) []byte {
	for i := range videos {
		v := &videos[i]
		b = append(b, "    <video:video>\n"...)
		b = appendVideoText(b, "thumbnail_loc", v.ThumbnailLoc)
		b = appendVideoText(b, "title", v.Title)
		b = appendVideoText(b, "description", v.Description)
		b = appendVideoText(b, "content_loc", v.ContentLoc)
		b = appendVideoText(b, "player_loc", v.PlayerLoc)
		if v.Duration > 0 {
			b = append(b, "      <video:duration>"...)
			b = strconv.AppendInt(b, int64(v.Duration), 10)
			b = append(b, "</video:duration>\n"...)
		}
		b = appendVideoDate(b, "expiration_date", v.ExpirationDate, f)
		b = appendVideoDate(b, "publication_date", v.PublicationDate, f)
		b = appendVideoText(b, "family_friendly", v.FamilyFriendly.String())
		b = appendVideoText(b, "requires_subscription", v.RequiresSubscription.String())
		b = appendVideoText(b, "live", v.Live.String())
		b = append(b, "    </video:video>\n"...)
	}
	return b
}

// appendVideoText appends <video:NAME>v</video:NAME>, v escaped, unless
// v is empty.
func appendVideoText(b []byte, name, v string) []byte {
	if v == "" {
		return b
	}
	b = append(b, "      <video:"...)
	b = append(b, name...)
	b = append(b, '>')
	b = appendEscaped(b, v)
	b = append(b, "</video:"...)
	b = append(b, name...)
	return append(b, ">\n"...)
}

// appendVideoDate appends <video:NAME> with t in format f, unless t is
// one AppendLastMod writes nothing for.
func appendVideoDate(b []byte, name string, t time.Time, f sitemap.DateFormat) []byte {
	n := len(b)
	b = append(b, "      <video:"...)
	b = append(b, name...)
	b = append(b, '>')
	m := len(b)
	if b = sitemap.AppendLastMod(b, t, f); len(b) == m {
		return b[:n]
	}
	b = append(b, "</video:"...)
	b = append(b, name...)
	return append(b, ">\n"...)
}

// appendNewsURL appends the <url> element of the news sitemap for the
// page at loc: its <loc> and its <news:news>, children in
// sitemap-news.xsd's order, the publication date in f. Every child is
// one the schema requires, and is written even when empty: a News
// holds what the schema asks (the caller sets it only for an article
// it can say all of).
func appendNewsURL(b []byte, loc string, n *sitemap.News, f sitemap.DateFormat) []byte {
	b = append(b, "  <url>\n    <loc>"...)
	b = appendEscaped(b, loc)
	b = append(b, "</loc>\n    <news:news>\n      <news:publication>\n        <news:name>"...)
	b = appendEscaped(b, n.PublicationName)
	b = append(b, "</news:name>\n        <news:language>"...)
	b = appendEscaped(b, n.Language)
	b = append(b, "</news:language>\n      </news:publication>\n      <news:publication_date>"...)
	b = sitemap.AppendLastMod(b, n.PublicationDate, f)
	b = append(b, "</news:publication_date>\n      <news:title>"...)
	b = appendEscaped(b, n.Title)
	return append(b, "</news:title>\n    </news:news>\n  </url>\n"...)
}

// urlsetHeader is the start of a urlset file, declaring the xhtml
// namespace when a URL of the set has alternates, the image namespace
// when one has images and the video namespace when one has videos.
func urlsetHeader(alternates, images, videos bool) string {
	if !alternates && !images && !videos {
		return urlsetOpen
	}
	h := xmlDecl + `<urlset xmlns="` + sitemap.Namespace + `"`
	if alternates {
		h += ` xmlns:xhtml="` + XHTMLNamespace + `"`
	}
	if images {
		h += ` xmlns:image="` + sitemap.ImageNamespace + `"`
	}
	if videos {
		h += ` xmlns:video="` + sitemap.VideoNamespace + `"`
	}
	return h + ">\n"
}

// appendIndexEntry appends the <sitemap> element of an index entry.
func appendIndexEntry(b []byte, loc string, lastmod time.Time, f sitemap.DateFormat) []byte {
	b = append(b, "  <sitemap>\n    <loc>"...)
	b = appendEscaped(b, loc)
	b = append(b, "</loc>\n"...)
	b = appendLastMod(b, lastmod, f)
	return append(b, "  </sitemap>\n"...)
}

func appendLastMod(b []byte, t time.Time, f sitemap.DateFormat) []byte {
	const open = "    <lastmod>"
	n := len(b)
	b = sitemap.AppendLastMod(append(b, open...), t, f)
	if len(b) == n+len(open) { // no date to write
		return b[:n]
	}
	return append(b, "</lastmod>\n"...)
}

// asIs marks the bytes appendEscaped copies without looking further: the
// ASCII characters XML carries as they are.
var asIs = func() (t [256]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		t[c] = true
	}
	t['\t'], t['\n'] = true, true
	for _, c := range "&<>'\"" {
		t[c] = false
	}
	return t
}()

// appendEscaped appends s to b as XML character data: the five characters
// XML reserves become the entities the protocol names (&amp; &apos; &quot;
// &gt; &lt;), a carriage return becomes &#13;, and characters XML 1.0
// cannot carry (other control characters, invalid UTF-8, U+FFFE, U+FFFF)
// become U+FFFD.
func appendEscaped(b []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); {
		for i < len(s) && asIs[s[i]] {
			i++
		}
		if i == len(s) {
			break
		}
		c := s[i]
		var esc string
		width := 1
		if c < utf8.RuneSelf {
			switch {
			case c == '&':
				esc = "&amp;"
			case c == '<':
				esc = "&lt;"
			case c == '>':
				esc = "&gt;"
			case c == '\'':
				esc = "&apos;"
			case c == '"':
				esc = "&quot;"
			case c == '\r':
				esc = "&#13;" // a raw CR would be read back as a newline
			case c < ' ' && c != '\t' && c != '\n':
				esc = "\uFFFD"
			default:
				i++
				continue
			}
		} else {
			r, size := utf8.DecodeRuneInString(s[i:])
			width = size
			if r == utf8.RuneError && size == 1 || r == 0xFFFE || r == 0xFFFF {
				esc = "\uFFFD"
			} else {
				i += size
				continue
			}
		}
		b = append(b, s[start:i]...)
		b = append(b, esc...)
		i += width
		start = i
	}
	return append(b, s[start:]...)
}
