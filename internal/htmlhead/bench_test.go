package htmlhead

import (
	"bytes"
	"os"
	"path/filepath"
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
