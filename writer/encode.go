package writer

import (
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
	// urlsetOpenXHTML declares the xhtml namespace, for sets with
	// alternates.
	urlsetOpenXHTML = xmlDecl + `<urlset xmlns="` + sitemap.Namespace + `" xmlns:xhtml="` + XHTMLNamespace + `">` + "\n"
	urlsetClose     = "</urlset>\n"
	indexOpen       = xmlDecl + `<sitemapindex xmlns="` + sitemap.Namespace + `">` + "\n"
	indexClose      = "</sitemapindex>\n"
)

// urlsetOpenImage and urlsetOpenXHTMLImage declare the image namespace
// too, for sets with images.
const (
	urlsetOpenImage      = xmlDecl + `<urlset xmlns="` + sitemap.Namespace + `" xmlns:image="` + sitemap.ImageNamespace + `">` + "\n"
	urlsetOpenXHTMLImage = xmlDecl + `<urlset xmlns="` + sitemap.Namespace + `" xmlns:xhtml="` + XHTMLNamespace + `" xmlns:image="` + sitemap.ImageNamespace + `">` + "\n"
)

// appendURL appends the <url> element of u to b. A field of the
// alternates or images written here is one State.extrasSum hashes.
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

// urlsetHeader is the start of a urlset file, declaring the xhtml
// namespace when a URL of the set has alternates and the image namespace
// when one has images.
func urlsetHeader(alternates, images bool) string {
	switch {
	case alternates && images:
		return urlsetOpenXHTMLImage
	case images:
		return urlsetOpenImage
	case alternates:
		return urlsetOpenXHTML
	}
	return urlsetOpen
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
