package sitegen

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"html"
	"math/rand/v2"
	"strings"
	"unicode"
	"unicode/utf8"
)

const siteName = "Example Site"

// A section's style decides the folders of its pages.
type style int

const (
	byDate     style = iota // SECTION/YEAR/MONTH/NAME/
	byCategory              // SECTION/CATEGORY[/SUB]/NAME/, with list pages
	flat                    // SECTION/NAME/
)

// sections are the site's top folders, with the share of the content
// pages each gets. Pages of the translated ones are now and then
// translated into languages.
var sections = []struct {
	name       string
	weight     float64
	style      style
	translated bool
}{
	{"posts", 25, byDate, false},
	{"blog", 12, byDate, false},
	{"news", 8, byDate, false},
	{"docs", 14, byCategory, true},
	{"guides", 6, byCategory, true},
	{"tutorials", 4, byCategory, true},
	{"reference", 4, byCategory, false},
	{"products", 4, byCategory, false},
	{"releases", 3, flat, false},
	{"events", 2, byDate, false},
	{"tags", 3, flat, false},
	{"categories", 1, flat, false},
	{"authors", 1, flat, false},
	{"about", 0.3, flat, false},
	{"support", 2, byCategory, false},
	{"careers", 0.5, flat, false},
	{"café", 1.5, byCategory, false},
	{"日本語", 2, byCategory, false},
	{"tips & tricks", 1.5, flat, false},
	{"o'reilly notes", 1, flat, false},
}

// languages are those the translated sections' pages are translated
// into, each in a folder of its name.
var languages = []string{"fr", "de"}

// cumulative holds the sections' shares added up, for pickSection.
var cumulative = func() []float64 {
	var sum float64
	for _, s := range sections {
		sum += s.weight
	}
	out := make([]float64, len(sections))
	var acc float64
	for i, s := range sections {
		acc += s.weight / sum
		out[i] = acc
	}
	return out
}()

// pickSection returns the section a draw r in [0, 1) falls in.
func pickSection(r float64) int {
	for i, c := range cumulative {
		if r < c {
			return i
		}
	}
	return len(sections) - 1
}

type item struct{ href, text string }

// pageData is what a page's HTML is made from.
type pageData struct {
	title, desc string
	up          string // the URL path of the page
	lang        string // "" for English
	section     string
	ogType      string
	robots      string   // the robots meta's content, if any
	canonical   string   // the canonical URL, if not the page's own
	amp         string   // the URL of the page's AMP copy, if any
	alternates  []string // LANG=URLPATH, the hreflang links
	published   string
	modified    string
	bigHead     bool   // a JSON-LD block of about 5 KiB before the article metas
	cover       string // an image beside the page, shown in its body
	paras       int    // paragraphs of text
	items       []item // a list of links
	prev        string // the previous page of a list
}

// page returns the HTML of a page of the site.
func (g *gen) page(d pageData) []byte {
	var b strings.Builder
	b.Grow(4096 + 512*d.paras)
	url := g.base + d.up
	canonical := url
	if d.canonical != "" {
		canonical = d.canonical
	}
	lang := "en"
	if d.lang != "" {
		lang = d.lang
	}
	t := escape(d.title)
	w := func(s ...string) {
		for _, x := range s {
			b.WriteString(x)
		}
	}
	w("<!DOCTYPE html>\n<html lang=\"", lang, "\">\n<head>\n<meta charset=\"utf-8\">\n",
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
		"<title>", t, " · ", siteName, "</title>\n",
		"<meta name=\"description\" content=\"", escape(d.desc), "\">\n")
	if d.robots != "" {
		w("<meta name=\"robots\" content=\"", d.robots, "\">\n")
	}
	w("<link rel=\"canonical\" href=\"", escape(canonical), "\">\n")
	for _, a := range d.alternates {
		l, p, _ := strings.Cut(a, "=")
		w("<link rel=\"alternate\" hreflang=\"", l, "\" href=\"", escape(g.base+p), "\">\n")
	}
	if d.amp != "" {
		w("<link rel=\"amphtml\" href=\"", escape(d.amp), "\">\n")
	}
	w("<link rel=\"alternate\" type=\"application/rss+xml\" title=\"", siteName, "\" href=\"", g.base, "/index.xml\">\n",
		"<link rel=\"preload\" href=\"/assets/fonts/sans.woff2\" as=\"font\" type=\"font/woff2\" crossorigin>\n",
		"<link rel=\"stylesheet\" href=\"/assets/css/site.css\">\n",
		"<link rel=\"stylesheet\" href=\"/assets/css/print.css\" media=\"print\">\n",
		"<link rel=\"icon\" href=\"/favicon.ico\">\n")
	if d.bigHead {
		w("<script type=\"application/ld+json\">{\"@context\":\"https://schema.org\",\"@type\":\"Article\",\"headline\":\"",
			strings.ReplaceAll(t, `"`, `\"`), "\",\"articleBody\":\"", g.pad, "\"}</script>\n")
	}
	w("<meta property=\"og:title\" content=\"", t, "\">\n",
		"<meta property=\"og:type\" content=\"", d.ogType, "\">\n",
		"<meta property=\"og:url\" content=\"", escape(canonical), "\">\n",
		"<meta property=\"og:site_name\" content=\"", siteName, "\">\n")
	if d.section != "" {
		w("<meta property=\"article:section\" content=\"", escape(d.section), "\">\n")
	}
	if d.published != "" {
		w("<meta property=\"article:published_time\" content=\"", d.published, "\">\n")
	}
	if d.modified != "" {
		w("<meta property=\"article:modified_time\" content=\"", d.modified, "\">\n")
	}
	w("<meta name=\"twitter:card\" content=\"summary\">\n",
		"<script src=\"/assets/js/site.js\" defer></script>\n",
		"</head>\n<body>\n", g.nav, "<main>\n<article>\n<h1>", t, "</h1>\n")
	if d.published != "" {
		w("<time datetime=\"", d.published, "\">", d.published[:10], "</time>\n")
	}
	for range d.paras {
		w(g.paras[g.rng.IntN(len(g.paras))], "\n")
	}
	if d.cover != "" {
		w("<figure><img src=\"", d.cover, "\" alt=\"", t, "\" width=\"640\" height=\"360\"></figure>\n")
	}
	if len(d.items) > 0 {
		w("<ul class=\"list\">\n")
		for _, it := range d.items {
			w("<li><a href=\"", escape(it.href), "\">", escape(it.text), "</a></li>\n")
		}
		w("</ul>\n")
	}
	if d.prev != "" {
		w("<nav class=\"pagination\"><a rel=\"prev\" href=\"", escape(d.prev), "\">Newer</a></nav>\n")
	}
	w("</article>\n</main>\n<footer class=\"site-footer\"><p>&copy; 2024 ", siteName,
		" · <a href=\"/about/\">About</a> · <a href=\"/index.xml\">RSS</a></p></footer>\n</body>\n</html>\n")
	return []byte(b.String())
}

func escape(s string) string { return html.EscapeString(s) }

// title makes a name a title: '-' a space, the first letter upper case.
func title(name string) string {
	s := strings.ReplaceAll(name, "-", " ")
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// urlPath percent-encodes a path as a sitemap writes it (RFC 3986): the
// unreserved characters, the sub-delimiters, ':', '@' and '/' as they
// are, every other byte of its UTF-8 as %XX.
func urlPath(p string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~!$&'()*+,;=:@/", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// png returns a small valid PNG image, 8×8 pixels of noise, with a text
// chunk of extra bytes to vary its size.
func png(r *rand.Rand, extra int) []byte {
	chunk := func(out *bytes.Buffer, typ string, data []byte) {
		binary.Write(out, binary.BigEndian, uint32(len(data)))
		out.WriteString(typ)
		out.Write(data)
		crc := crc32.NewIEEE()
		crc.Write([]byte(typ))
		crc.Write(data)
		binary.Write(out, binary.BigEndian, crc.Sum32())
	}
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	chunk(&out, "IHDR", []byte{0, 0, 0, 8, 0, 0, 0, 8, 8, 2, 0, 0, 0})
	text := []byte("Comment\x00")
	for range extra {
		text = append(text, byte(' '+r.IntN(95)))
	}
	chunk(&out, "tEXt", text)
	var raw bytes.Buffer
	for range 8 {
		raw.WriteByte(0)
		for range 8 * 3 {
			raw.WriteByte(byte(r.IntN(256)))
		}
	}
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(raw.Bytes())
	zw.Close()
	chunk(&out, "IDAT", z.Bytes())
	chunk(&out, "IEND", nil)
	return out.Bytes()
}

const css = `:root{--text:#1d1d1f;--back:#fafafa;--link:#0a58ca}
body{margin:0;font:1rem/1.6 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--text);background:var(--back)}
.site-header,.site-footer{padding:1rem 2rem}.main ul{display:flex;gap:1rem;list-style:none}
article{max-width:42rem;margin:0 auto;padding:0 1rem}a{color:var(--link)}
`

const js = `(()=>{const t=document.querySelector(".menu-toggle");if(t)t.addEventListener("click",()=>document.body.classList.toggle("open"));})();
`

const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="6" fill="#0a58ca"/><path d="M12 24h24M24 12v24" stroke="#fff" stroke-width="4"/></svg>
`
