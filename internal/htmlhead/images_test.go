package htmlhead

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
)

// readImages returns a page's images, and its base as "base HREF" first
// when it has one.
func readImages(ir *ImageReader, page []byte) []string {
	var out []string
	base, _ := ir.Images(bytes.Clone(page), func(src []byte) {
		out = append(out, normalize(src))
	})
	if base != nil {
		out = append([]string{"base " + normalize(base)}, out...)
	}
	return out
}

// xnetImages is the oracle: the same images as golang.org/x/net/html's
// tokenizer finds them, by the same rules.
func xnetImages(page []byte) []string {
	z := html.NewTokenizer(bytes.NewReader(page))
	type found struct {
		src  string
		main bool
	}
	var all []found
	var base *string
	inert, picture, inMain, hasMain := 0, 0, 0, false
	add := func(src string, main bool) {
		src = strings.Trim(src, " \t\n\f\r")
		if src == "" || len(src) >= 5 && strings.EqualFold(src[:5], "data:") {
			return
		}
		all = append(all, found{src, main})
	}
	addSet := func(v string, main bool) {
		Srcset([]byte(v), func(u []byte) { add(string(u), main) })
	}
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			var out []string
			if base != nil {
				out = append(out, "base "+normalize([]byte(*base)))
			}
			for _, f := range all {
				if f.main || !hasMain {
					out = append(out, normalize([]byte(f.src)))
				}
			}
			return out
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			attrs := map[string]string{}
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				if _, ok := attrs[string(k)]; !ok {
					attrs[string(k)] = string(v)
				}
			}
			n := string(name)
			if n == "template" {
				inert++
			}
			if inert > 0 {
				continue
			}
			switch n {
			case "base":
				if h, ok := attrs["href"]; ok && base == nil {
					base = &h
				}
			case "meta":
				og := func(k string) bool {
					v, ok := attrs[k]
					v = strings.ToLower(strings.Trim(v, " \t\n\f\r"))
					return ok && (v == "og:image" || v == "og:image:url")
				}
				if c, ok := attrs["content"]; ok && (og("property") || og("name")) {
					add(c, true)
				}
			case "main", "article":
				inMain++
				hasMain = true
			case "picture":
				picture++
			case "source":
				if s, ok := attrs["srcset"]; ok && picture > 0 {
					addSet(s, inMain > 0)
				}
			case "img":
				if s, ok := attrs["src"]; ok {
					add(s, inMain > 0)
				}
				if s, ok := attrs["srcset"]; ok {
					addSet(s, inMain > 0)
				}
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			switch string(name) {
			case "template":
				if inert > 0 {
					inert--
				}
			case "main", "article":
				if inert == 0 && inMain > 0 {
					inMain--
				}
			case "picture":
				if inert == 0 && picture > 0 {
					picture--
				}
			}
		}
	}
}

func TestImages(t *testing.T) {
	tests := []struct {
		name, page string
		want       []string
	}{
		{"img src", `<body><p><img src="/a.png"> <IMG SRC=b.jpg alt=x>`, []string{"/a.png", "b.jpg"}},
		{"og:image first, in the head", `<head><meta property="og:image" content="https://example.com/og.png"></head><body><img src=/a.png>`,
			[]string{"https://example.com/og.png", "/a.png"}},
		{"og:image by name, og:image:url", `<meta name=OG:Image content=/1.png><meta property="og:image:url" content=/2.png><meta property=og:title content=/no.png>`,
			[]string{"/1.png", "/2.png"}},
		{"srcset", `<img src=a.png srcset="a-400.png 400w, a-800.png 800w,a-1600.png 1600w">`,
			[]string{"a.png", "a-400.png", "a-800.png", "a-1600.png"}},
		{"picture", `<picture><source type=image/avif srcset="x.avif 1x, x2.avif 2x"><source srcset=x.webp><img src=x.jpg></picture>`,
			[]string{"x.avif", "x2.avif", "x.webp", "x.jpg"}},
		{"source outside picture", `<video><source src=v.mp4 srcset=no.png></video>`, nil},
		{"data URLs left out", `<img src="data:image/png;base64,AAAA"><img src=" DATA:x"><img src=/yes.png>`, []string{"/yes.png"}},
		{"entities and spaces", "<img src=\"\n /a.png?x=1&amp;y=2 \">", []string{"/a.png?x=1&y=2"}},
		{"empty src", `<img src=""><img src>`, nil},
		{"relative and protocol-relative as written", `<img src=../up.png><img src=//cdn.example.com/c.png>`, []string{"../up.png", "//cdn.example.com/c.png"}},
		{"main only when there is one", `<body><header><img src=/logo.png></header><main><img src=/in.png></main><footer><img src=/out.png></footer>`,
			[]string{"/in.png"}},
		{"articles", `<img src=/side.png><article><img src=/a1.png></article><img src=/between.png><article><img src=/a2.png></article>`,
			[]string{"/a1.png", "/a2.png"}},
		{"og:image with main", `<meta property=og:image content=/og.png><img src=/nav.png><main><img src=/m.png></main>`,
			[]string{"/og.png", "/m.png"}},
		{"body without main", `<img src=/1.png><div><img src=/2.png></div>`, []string{"/1.png", "/2.png"}},
		{"comments, scripts, templates, noscript", `<!-- <img src=/c.png> --><script>"<img src=/s.png>"</script><template><img src=/t.png></template><noscript><img src=/n.png></noscript><img src=/y.png>`,
			[]string{"/y.png"}},
		{"base", `<head><base href=/static/><base href=/no/></head><img src=x.png>`, []string{"base /static/", "x.png"}},
		{"repeats kept for the caller", `<img src=/a.png><img src=/a.png>`, []string{"/a.png", "/a.png"}},
		{"cut tag at the end", `<img src=/a.png><img src="/b`, []string{"/a.png"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var ir ImageReader
			got := readImages(&ir, []byte(tt.page))
			if !slices.Equal(got, tt.want) {
				t.Errorf("images %q, want %q", got, tt.want)
			}
			if want := xnetImages([]byte(tt.page)); !slices.Equal(got, want) {
				t.Errorf("images %q, x/net/html says %q", got, want)
			}
		})
	}
}

func TestSrcset(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a.png", "a.png"},
		{"a.png 1x, b.png 2x", "a.png|b.png"},
		{" a.png  400w ,b.png 800w  ", "a.png|b.png"},
		{"a.png,b.png", "a.png,b.png"}, // no space: one URL with a comma inside
		{"a.png, b.png", "a.png|b.png"},
		{"a.png,, b.png,", "a.png|b.png"}, // trailing commas end a URL
		{",,, a.png", "a.png"},
		{"a.png 1.5x, b.png 2.0e1x, c.png 1e-1x", "a.png|b.png|c.png"},
		{"a.png 100w 200h, b.png 200h", "a.png"},                  // a height needs a width
		{"a.png 100w 2x, b.png 1x 1x, c.png 0w", ""},              // conflicting, repeated, zero
		{"a.png .5x, b.png -1x, c.png 1.x, d.png 1x", "d.png"},    // not valid floating-point numbers
		{"a.png foo, b.png 100", ""},                              // unknown descriptors
		{"a.png (x, y) 1x, b.png", "b.png"},                       // a parenthesised descriptor is unknown: a dropped, the comma inside it no separator
		{"image.svg?a=1,2 1x, b.png 2x", "image.svg?a=1,2|b.png"}, // a comma inside a URL
		{"", ""},
	}
	for _, tt := range tests {
		var got []string
		Srcset([]byte(tt.in), func(u []byte) { got = append(got, string(u)) })
		if s := strings.Join(got, "|"); s != tt.want {
			t.Errorf("Srcset(%q) = %q, want %q", tt.in, s, tt.want)
		}
	}
}

// TestImagesCut: a tag with more attributes than MaxAttrs ends the
// images there, and says so.
func TestImagesCut(t *testing.T) {
	page := "<img src=/a>" + "<p " + strings.Repeat("x ", 20) + "><img src=/b>"
	ir := ImageReader{MaxAttrs: 10}
	var got []string
	_, cut := ir.Images([]byte(page), func(src []byte) { got = append(got, string(src)) })
	if !cut || !slices.Equal(got, []string{"/a"}) {
		t.Errorf("cut %v, images %q; want cut after /a", cut, got)
	}
}

// TestImagesMany reads a page of 1,500 images, all of them: the caller
// applies the protocol's limit.
func TestImagesMany(t *testing.T) {
	var b strings.Builder
	for i := range 1500 {
		fmt.Fprintf(&b, "<figure><img src=\"/img/%d.png\" alt=\"%d\"></figure>\n", i, i)
	}
	var ir ImageReader
	n := 0
	ir.Images([]byte(b.String()), func([]byte) { n++ })
	if n != 1500 {
		t.Errorf("%d images, want 1500", n)
	}
}

func FuzzImages(f *testing.F) {
	for _, s := range lexSeeds {
		f.Add([]byte(s))
	}
	f.Add([]byte(`<meta property=og:image content=/og.png><base href=/b/><picture><source srcset="a.avif 1x, b.avif 2x"><img src=c.png srcset="c-1.png 100w, c-2.png (x) 200w"></picture>`))
	f.Add([]byte(`<img src=/nav.png><main><template><img src=/t.png></template><article><img src="data:x"><img src=/m.png></article></main>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		defer fuzzbound.Check(t)()
		ir := ImageReader{MaxAttrs: 1 << 30}
		got, want := readImages(&ir, data), xnetImages(data)
		if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) || slices.Equal(got, want) {
			return
		}
		if alt, ok := withoutBareLessThan(data); ok {
			if slices.Equal(readImages(&ir, alt), xnetImages(alt)) {
				return // x/net/html's difference, and only that (see FuzzLexer)
			}
		}
		t.Fatalf("input %q\nImageReader: %q\nx/net/html:  %q", data, got, want)
	})
}

// FuzzSrcset checks the srcset parser's candidates: each a non-empty run
// of the value without whitespace, none starting with a comma, in order.
func FuzzSrcset(f *testing.F) {
	f.Add([]byte("a.png 1x, b.png 2x"))
	f.Add([]byte("a,b, c (1, 2) 100w,, d 1e3x"))
	f.Fuzz(func(t *testing.T, v []byte) {
		defer fuzzbound.Check(t)()
		at := 0
		Srcset(v, func(u []byte) {
			i := bytes.Index(v[at:], u)
			if len(u) == 0 || i < 0 || u[0] == ',' || bytes.ContainsAny(u, " \t\n\f\r") {
				t.Fatalf("srcset %q: candidate %q", v, u)
			}
			at += i + len(u)
		})
	})
}
