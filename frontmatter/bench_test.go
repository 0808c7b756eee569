package frontmatter

import (
	"bytes"
	"os"
	"testing"

	"golang.org/x/net/html"
)

// BenchmarkHeadLexers compares reading the head of a typical built page
// (testdata/page.html, a gen-site page with a 1.7 KB head) with this
// package's reader and with golang.org/x/net/html's tokenizer doing the
// same work: stop at the head's end, read the attributes of meta and link
// tags. The numbers chose the lexer:
//
//	go test ./frontmatter -run '^$' -bench HeadLexers -benchmem
func BenchmarkHeadLexers(b *testing.B) {
	page, err := os.ReadFile("testdata/page.html")
	if err != nil {
		b.Fatal(err)
	}
	head := int64(bytes.Index(page, []byte("</head>")))
	b.Run("tdewolff", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(head)
		hr := &HeadReader{}
		for b.Loop() {
			if _, err := hr.Read(bytes.NewReader(page)); err != nil {
				b.Fatal(err)
			}
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
			if !headTag(string(name)) {
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
