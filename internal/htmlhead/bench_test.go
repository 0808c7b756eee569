package htmlhead

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tdewolff/parse/v2"
	thtml "github.com/tdewolff/parse/v2/html"
	"golang.org/x/net/html"

	"github.com/sitemapgen/sitemapgen/internal/sitegen"
)

// BenchmarkHeadLexers compares reading the head of a typical built page
// (a content page of a generated site, internal/sitegen: a head of about
// 1.5 KB) with this
// package's reader and with two general HTML lexers doing the same work
// (stop at the head's end, read the attributes of meta and link tags):
// this package's lexer, github.com/tdewolff/parse/v2/html and
// golang.org/x/net/html. HeadReader is the whole of reading a head with
// the lexer: finding the values, decoding those used. The numbers chose
// to lex heads here:
//
//	go test ./internal/htmlhead -run '^$' -bench HeadLexers -benchmem
func BenchmarkHeadLexers(b *testing.B) {
	page := contentPage(b)
	head := int64(bytes.Index(page, []byte("</head>")))
	b.Run("HeadReader", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(head)
		hr := &HeadReader{}
		for b.Loop() {
			if _, err := hr.Read(bytes.NewReader(page)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("lexer", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(head)
		buf := make([]byte, 0, len(page))
		var l lexer
		for b.Loop() {
			buf = append(buf[:0], page...)
			lexerScan(&l, buf)
		}
	})
	b.Run("tdewolff", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(head)
		buf := make([]byte, 0, len(page)+1)
		for b.Loop() {
			buf = append(buf[:0], page...)
			tdewolffScan(buf)
		}
	})
	b.Run("x-net-html", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(head)
		for b.Loop() {
			xnetScan(page)
		}
	})
}

// lexerScan does with this package's lexer what tdewolffScan and
// xnetScan do, for BenchmarkHeadLexers.
func lexerScan(l *lexer, page []byte) (n int) {
	l.reset(page)
	for {
		switch l.next() {
		case tokEOF:
			return n
		case tokStartTag:
			if !headTag(l.name) {
				return n
			}
			if string(l.name) == "meta" || string(l.name) == "link" {
				for _, a := range l.attrs {
					n += len(a.key) + len(a.val)
				}
			}
		case tokEndTag:
			if string(l.name) == "head" {
				return n
			}
		case tokText, tokRawText:
			n += len(l.text)
		}
	}
}

// tdewolffScan does with github.com/tdewolff/parse/v2/html what HeadReader
// does with its lexer, for BenchmarkHeadLexers.
func tdewolffScan(page []byte) (n int) {
	l := thtml.NewLexer(parse.NewInputBytes(page))
	meta := false
	for {
		tt, data := l.Next()
		switch tt {
		case thtml.ErrorToken:
			return n
		case thtml.StartTagToken:
			name := l.Text()
			if !headTag(name) {
				return n
			}
			meta = string(name) == "meta" || string(name) == "link"
		case thtml.AttributeToken:
			if meta {
				n += len(l.AttrKey()) + len(l.AttrVal())
			}
		case thtml.EndTagToken:
			if string(l.Text()) == "head" {
				return n
			}
		default:
			n += len(data)
		}
	}
}

// xnetScan does with golang.org/x/net/html what HeadReader does with its
// lexer, for BenchmarkHeadLexers.
func xnetScan(page []byte) (n int) {
	z := html.NewTokenizer(bytes.NewReader(page))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return n
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			if !headTag(name) {
				return n
			}
			if hasAttr && (string(name) == "meta" || string(name) == "link") {
				for more := true; more; {
					var k, v []byte
					k, v, more = z.TagAttr()
					n += len(k) + len(v)
				}
			}
		case html.EndTagToken:
			if name, _ := z.TagName(); string(name) == "head" {
				return n
			}
		}
	}
}

// contentPage returns the first content page of a small generated site.
func contentPage(b *testing.B) []byte {
	b.Helper()
	dir := filepath.Join(b.TempDir(), "site")
	var manifest bytes.Buffer
	if _, err := sitegen.Generate(dir, sitegen.Options{Pages: sitegen.MinPages, Seed: 1, Manifest: &manifest}); err != nil {
		b.Fatal(err)
	}
	entries, err := sitegen.ReadManifest(&manifest)
	if err != nil {
		b.Fatal(err)
	}
	for _, e := range entries {
		if e.Kind == sitegen.Page {
			page, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(e.Path)))
			if err != nil {
				b.Fatal(err)
			}
			return page
		}
	}
	b.Fatal("no content page in the generated site")
	return nil
}

// structuredBlock is a JSON-LD block of 2.5 KB as a news site's
// article page writes it: an @graph of the site, the page and its
// breadcrumb, the article, and the video it plays.
const structuredBlock = `{"@context":"https://schema.org","@graph":[` +
	`{"@type":"WebSite","@id":"https://news.example/#website","url":"https://news.example/","name":"Harbour News","inLanguage":"en-GB","publisher":{"@id":"https://news.example/#org"}},` +
	`{"@type":"Organization","@id":"https://news.example/#org","name":"Harbour News","logo":{"@type":"ImageObject","url":"https://news.example/logo.png","width":600,"height":60}},` +
	`{"@type":"WebPage","@id":"https://news.example/2026/11/crane/#webpage","url":"https://news.example/2026/11/crane/","name":"The night shift at the crane","isPartOf":{"@id":"https://news.example/#website"},` +
	`"breadcrumb":{"@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,"name":"Home","item":"https://news.example/"},{"@type":"ListItem","position":2,"name":"Port","item":"https://news.example/port/"},{"@type":"ListItem","position":3,"name":"The night shift at the crane"}]}},` +
	`{"@type":"NewsArticle","@id":"https://news.example/2026/11/crane/#article","headline":"The night shift at the crane","description":"Two nights on the quay with the crew who keep the cranes running, from the first lights at nine to the last ship at dawn.",` +
	`"datePublished":"2026-11-24T21:30:00+01:00","dateModified":"2026-11-25T08:10:00+01:00","inLanguage":"en-GB","wordCount":1412,"articleSection":["Port","People"],"keywords":["harbour","cranes","night shift","logistics"],` +
	`"author":[{"@type":"Person","name":"A. Quayside","url":"https://news.example/authors/quayside/"}],"publisher":{"@id":"https://news.example/#org"},"mainEntityOfPage":{"@id":"https://news.example/2026/11/crane/#webpage"},` +
	`"image":[{"@type":"ImageObject","url":"https://news.example/2026/11/crane/crane-16x9.jpg","width":1600,"height":900},"https://news.example/2026/11/crane/crane-4x3.jpg","https://news.example/2026/11/crane/crane-1x1.jpg"],` +
	`"video":{"@type":"VideoObject","name":"A night at the crane","description":"Nine hours on the quay in four minutes: the crane, the crew and the ships they load.","thumbnailUrl":["https://news.example/2026/11/crane/video-16x9.jpg","https://news.example/2026/11/crane/video-4x3.jpg"],` +
	`"contentUrl":"https://media.news.example/2026/11/crane/night.mp4","embedUrl":"https://news.example/embed/night-at-the-crane","duration":"PT4M12S","uploadDate":"2026-11-24T20:00:00+01:00","isFamilyFriendly":true,` +
	`"interactionStatistic":{"@type":"InteractionCounter","interactionType":{"@type":"https://schema.org/WatchAction"},"userInteractionCount":3120},"publication":{"@type":"BroadcastEvent","isLiveBroadcast":false}}}]}`

// structuredPage returns an article page of about 18 KB: a head of meta
// and link tags, a nav, an article of paragraphs, figures and links, a
// footer, and scripts; with block as its JSON-LD, when not empty.
func structuredPage(block string) []byte {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en-GB\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	b.WriteString("<title>The night shift at the crane · Harbour News</title>\n<meta name=\"description\" content=\"Two nights on the quay with the crew who keep the cranes running.\">\n")
	b.WriteString("<link rel=\"canonical\" href=\"https://news.example/2026/11/crane/\">\n<link rel=\"stylesheet\" href=\"/css/main.4f2a9c.css\">\n<link rel=\"icon\" href=\"/favicon.ico\">\n")
	for _, p := range [][2]string{{"og:title", "The night shift at the crane"}, {"og:type", "article"}, {"og:url", "https://news.example/2026/11/crane/"},
		{"og:image", "https://news.example/2026/11/crane/crane-16x9.jpg"}, {"article:published_time", "2026-11-24T21:30:00+01:00"}, {"article:modified_time", "2026-11-25T08:10:00+01:00"}} {
		fmt.Fprintf(&b, "<meta property=%q content=%q>\n", p[0], p[1])
	}
	if block != "" {
		b.WriteString("<script type=\"application/ld+json\">" + block + "</script>\n")
	}
	b.WriteString("<script async src=\"/js/analytics.js\"></script>\n</head>\n<body>\n<header><nav><ul>\n")
	for i := range 30 {
		fmt.Fprintf(&b, "<li><a href=\"/section-%d/\" class=\"nav-link\">Section %d</a></li>\n", i, i)
	}
	b.WriteString("</ul></nav></header>\n<main>\n<article class=\"post\">\n<h1>The night shift at the crane</h1>\n")
	for i := 0; b.Len() < 18_000; i++ {
		fmt.Fprintf(&b, "<p>The %d. crane lights come on at nine, and the crew walks the quay before the first ship is tied up. "+
			"Read <a href=\"/2026/11/crane-%d/\">the earlier report</a> and <em>the timetable</em> of the port.</p>\n", i, i)
		if i%4 == 3 {
			fmt.Fprintf(&b, "<figure><img src=\"/img/crane-%d.jpg\" alt=\"The crane at %d\" width=\"800\" height=\"450\" loading=\"lazy\"><figcaption>Hour %d.</figcaption></figure>\n", i, i, i)
		}
	}
	b.WriteString("</article>\n</main>\n<footer><p>&copy; Harbour News</p></footer>\n<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}</script>\n</body>\n</html>\n")
	return []byte(b.String())
}

// BenchmarkStructured reads a page of about 18 KB whole with a
// StructuredReader: with a 2.5 KB JSON-LD block that holds an article
// and a video (video), and without JSON-LD (none). JSONLD compares reading
// the block alone with the reader's scanner and decoding it with
// encoding/json into an any:
//
//	go test ./internal/htmlhead -run '^$' -bench Structured -benchmem
func BenchmarkStructured(b *testing.B) {
	for _, page := range []struct {
		name  string
		block string
	}{{"video", structuredBlock}, {"none", ""}} {
		b.Run(page.name, func(b *testing.B) {
			data := structuredPage(page.block)
			buf := make([]byte, len(data))
			var sr StructuredReader
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				copy(buf, data)
				out := sr.Read(buf)
				if page.block != "" && (len(out.Videos) != 1 || len(out.Articles) != 2) {
					b.Fatalf("%d videos, %d articles", len(out.Videos), len(out.Articles))
				}
			}
		})
	}
	block := []byte(structuredBlock)
	b.Run("JSONLD/scanner", func(b *testing.B) {
		var vs []Video
		var as []Article
		r := &jsonLD{videos: &vs, articles: &as, maxDepth: DefaultJSONDepth, maxItems: DefaultJSONItems}
		b.ReportAllocs()
		b.SetBytes(int64(len(block)))
		for b.Loop() {
			vs, as = vs[:0], as[:0]
			if !r.read(block, 1) {
				b.Fatal(r.msg)
			}
		}
	})
	b.Run("JSONLD/encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(block)))
		for b.Loop() {
			var doc any
			if err := json.Unmarshal(block, &doc); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkLinksPlaces reads the links of a list page of 200 entries,
// each a title and an excerpt with a link, in a theme's frame, without
// and with their places (LinkReader.Places):
//
//	go test ./internal/htmlhead -run '^$' -bench LinksPlaces -benchmem
func BenchmarkLinksPlaces(b *testing.B) {
	var page bytes.Buffer
	page.WriteString(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Posts</title></head><body>` +
		`<header><nav><ul><li><a href="/">Home</a><li><a href="/about/">About</a></ul></nav></header><main><ul class="posts">`)
	for i := range 200 {
		fmt.Fprintf(&page, `<li><article class="post"><h2><a href="/posts/%d/">Post %d</a></h2>`+
			`<p class="excerpt">An excerpt that links to <a href="/docs/%d/">a page</a>, with <em>some</em> text.</p></article></li>`, i, i, i)
	}
	page.WriteString(`</ul></main><footer><p>&copy; 2025 <a href="/">Site</a></p></footer></body></html>`)
	for _, places := range []bool{false, true} {
		b.Run(fmt.Sprintf("Places=%v", places), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(page.Len()))
			lr := LinkReader{Others: true, Places: places}
			buf := make([]byte, 0, page.Len())
			for b.Loop() {
				buf = append(buf[:0], page.Bytes()...)
				lr.Links(buf, func(Link) {})
			}
		})
	}
}
