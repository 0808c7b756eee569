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

// readLinks returns a page's links as "LINE href" or "LINE base href".
func readLinks(lr *LinkReader, page []byte) []string {
	var out []string
	lr.Links(bytes.Clone(page), func(l Link) {
		kind := ""
		switch {
		case l.Base:
			kind = "base "
		case l.Sitemap:
			kind = "sitemap "
		case l.Other:
			kind = "other "
		}
		out = append(out, fmt.Sprintf("%d %s%q", l.Line, kind, normalize(l.Href)))
	})
	return out
}

// xnetLinks is the oracle: the same links as golang.org/x/net/html's
// tokenizer finds them, the line of each tag counted in its raw tokens.
func xnetLinks(page []byte) []string { return xnetAllLinks(page, false) }

// frameElems are the elements of a page's frame (Link.Chrome), whose
// href is read as no link's.
var frameElems = []string{"nav", "article", "aside", "main", "section", "header", "footer"}

// xnetAllLinks is xnetLinks, with the hrefs of other elements when
// others is set (LinkReader.Others).
func xnetAllLinks(page []byte, others bool) []string {
	z := html.NewTokenizer(bytes.NewReader(page))
	var out []string
	line, inert, baseSeen := 1, 0, false
	for {
		tt := z.Next()
		raw := z.Raw()
		switch tt {
		case html.ErrorToken:
			return out
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			var href, rel []byte
			found, relFound := false, false
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				if string(k) == "href" && !found {
					href, found = bytes.Clone(v), true
				}
				if string(k) == "rel" && !relFound {
					rel, relFound = bytes.Clone(v), true
				}
			}
			switch n := string(name); {
			case n == "template":
				inert++
			case inert > 0 || !found:
			case n == "a":
				out = append(out, fmt.Sprintf("%d %q", line, normalize(href)))
			case n == "base" && !baseSeen:
				baseSeen = true
				out = append(out, fmt.Sprintf("%d base %q", line, normalize(href)))
			case n == "link" && slices.ContainsFunc(strings.Fields(string(rel)), func(f string) bool { return strings.EqualFold(f, "sitemap") }):
				out = append(out, fmt.Sprintf("%d sitemap %q", line, normalize(href)))
			case others && n != "link" && n != "base" && !slices.Contains(frameElems, n):
				out = append(out, fmt.Sprintf("%d other %q", line, normalize(href)))
			}
		case html.EndTagToken:
			if name, _ := z.TagName(); string(name) == "template" && inert > 0 {
				inert--
			}
		}
		line += bytes.Count(raw, []byte("\n"))
	}
}

func TestLinks(t *testing.T) {
	tests := []struct {
		name, page string
		want       []string
	}{
		{"plain", "<a href=/a/>A</a>\n<p><a href='b.html'>B</a>", []string{`1 "/a/"`, `2 "b.html"`}},
		{"entities decoded", `<a href="/q?a=1&amp;b=2&section=3">`, []string{`1 "/q?a=1&b=2&section=3"`}},
		{"uppercase", `<A HREF="/x">`, []string{`1 "/x"`}},
		{"no href", `<a name=top>`, nil},
		{"first href wins", `<a href=/one href=/two>`, []string{`1 "/one"`}},
		{"in a comment", "<!-- <a href=/no> -->\n<a href=/yes>", []string{`2 "/yes"`}},
		{"in a script", "<script>\nvar s = '<a href=/no>';\n</script><a href=/yes>", []string{`3 "/yes"`}},
		{"in a textarea", "<textarea><a href=/no></textarea>", nil},
		{"in a template", "<template><a href=/no></template><a href=/yes>", []string{`1 "/yes"`}},
		{"base", "<head>\n<base href=/docs/><base href=/other/></head><a href=x>", []string{`2 base "/docs/"`, `2 "x"`}},
		{"line across an attribute", "<a\nclass=x\nhref=/a>\n<a href=/b>", []string{`1 "/a"`, `4 "/b"`}},
		{"cut tag at the end", `<a href=/a><a href="/b`, []string{`1 "/a"`}},
		{"sitemap link", "<head>\n<link rel=\"sitemap\" href=\"/sitemap-index.xml\"><link rel=\"Alternate SITEMAP\" href=/s.xml><link rel=stylesheet href=/a.css>", []string{`2 sitemap "/sitemap-index.xml"`, `2 sitemap "/s.xml"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var lr LinkReader
			got := readLinks(&lr, []byte(tt.page))
			if !slices.Equal(got, tt.want) {
				t.Errorf("links %q, want %q", got, tt.want)
			}
			if want := xnetLinks([]byte(tt.page)); !slices.Equal(got, want) {
				t.Errorf("links %q, x/net/html says %q", got, want)
			}
		})
	}
}

// TestLinksCut: a tag with more attributes than MaxAttrs ends the links
// there, and says so.
func TestLinksCut(t *testing.T) {
	page := "<a href=/a>" + "<p " + strings.Repeat("x ", 20) + "><a href=/b>"
	lr := LinkReader{MaxAttrs: 10}
	var got []string
	cut := lr.Links([]byte(page), func(l Link) { got = append(got, string(l.Href)) })
	if !cut || !slices.Equal(got, []string{"/a"}) {
		t.Errorf("cut %v, links %q; want cut after /a", cut, got)
	}
}

// TestLinksLargePage reads a page of several MB, and its last link's line.
func TestLinksLargePage(t *testing.T) {
	var b strings.Builder
	for i := range 100_000 {
		fmt.Fprintf(&b, "<p>paragraph %d with <a href=\"/p/%d/\">a link</a></p>\n", i, i)
	}
	var lr LinkReader
	n, last := 0, Link{}
	lr.Links([]byte(b.String()), func(l Link) { n, last = n+1, l })
	if b.Len() < 5<<20 || n != 100_000 || last.Line != 100_000 || string(last.Href) != "/p/99999/" {
		t.Errorf("%d bytes: %d links, last %q on line %d", b.Len(), n, last.Href, last.Line)
	}
}

func FuzzLinks(f *testing.F) {
	for _, s := range lexSeeds {
		f.Add([]byte(s))
	}
	f.Add([]byte("<base href=/x/><a href=y>\n<template><a href=z></template><a href='&amp;'>"))
	f.Add([]byte("<h2 href=/a onclick=go()>a</h2><nav href=/n><div href='/b'>"))
	f.Fuzz(func(t *testing.T, data []byte) {
		defer fuzzbound.Check(t)()
		for _, others := range []bool{false, true} {
			// Places: no panic, whatever the page.
			lr := LinkReader{MaxAttrs: 1 << 30, Others: others, Places: true}
			got, want := readLinks(&lr, data), xnetAllLinks(data, others)
			if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) || slices.Equal(got, want) {
				continue
			}
			if alt, ok := withoutBareLessThan(data); ok {
				if slices.Equal(readLinks(&lr, alt), xnetAllLinks(alt, others)) {
					continue // x/net/html's difference, and only that (see FuzzLexer)
				}
			}
			t.Fatalf("input %q (Others %v)\nLinkReader: %q\nx/net/html: %q", data, others, got, want)
		}
	})
}

// TestLinksOthers: with Others, the href of an element that is no link
// (a heading's, a div's, an img's, as Next.js 12's <Link passHref> puts
// it) is reported as Other, in its place among the links; a frame
// element's and a second <base>'s are not (issue 86).
func TestLinksOthers(t *testing.T) {
	page := "<h2 class=t href=\"/a\">A</h2>\n<div href=/b><img href=/c></div><a href=/d>d</a>" +
		"<section href=/no><base href=/first><base href=/second><link rel=stylesheet href=/s.css><svg><use href=\"#i\"/></svg>"
	lr := LinkReader{Others: true}
	got := readLinks(&lr, []byte(page))
	want := []string{`1 other "/a"`, `2 other "/b"`, `2 other "/c"`, `2 "/d"`, `2 base "/first"`, `2 other "#i"`}
	if !slices.Equal(got, want) {
		t.Errorf("links %q, want %q", got, want)
	}
	if oracle := xnetAllLinks([]byte(page), true); !slices.Equal(got, oracle) {
		t.Errorf("links %q, x/net/html says %q", got, oracle)
	}
	if got := readLinks(&LinkReader{}, []byte(page)); !slices.Equal(got, []string{`2 "/d"`, `2 base "/first"`}) {
		t.Errorf("without Others: links %q", got)
	}
}

// TestLinksChrome: the links of a page's menu, banner and footer are its
// frame; those of its content, an article's own header among them, are
// not (issue 55).
func TestLinksChrome(t *testing.T) {
	page := `<body><header><a href="/h">h</a><nav><a href="/n">n</a></nav></header>
<main><a href="/m">m</a><article><header><a href="/ah">ah</a></header><footer><a href="/af">af</a></footer></article>
<nav class="pager"><a href="/page/2/">2</a></nav><section><a href="/s">s</a></section></main>
<aside><a href="/a">a</a></aside><div><a href="/d">d</a></div>
<footer><a href="/f">f</a></footer></nav></footer></section><a href="/after">after</a>
<template><nav></template><a href="/t">t</a>`
	var got []string
	var lr LinkReader
	lr.Links([]byte(page), func(l Link) {
		got = append(got, fmt.Sprintf("%s %v", l.Href, l.Chrome))
	})
	want := []string{"/h true", "/n true", "/m false", "/ah false", "/af false", "/page/2/ true", "/s false", "/a false", "/d false", "/f true", "/after false", "/t false"}
	if !slices.Equal(got, want) {
		t.Errorf("links:\n%q\nwant\n%q", got, want)
	}
}

// TestLinksAside: a link in an <aside> outside an <article> or
// <section> (a theme's sidebar, hexo-theme-landscape's recent posts) is
// Aside, not Chrome; one in an article's aside is neither.
func TestLinksAside(t *testing.T) {
	page := `<body><section id="main"><a href="/m">m</a><aside><a href="/ma">ma</a></aside></section>
<aside id="sidebar"><div><a href="/s">s</a><aside><a href="/ss">ss</a></aside></div></aside><main><aside><a href="/in-main">x</a></aside><a href="/after">after</a></main>`
	var got []string
	var lr LinkReader
	lr.Links([]byte(page), func(l Link) {
		got = append(got, fmt.Sprintf("%s %v %v", l.Href, l.Chrome, l.Aside))
	})
	want := []string{"/m false false", "/ma false false", "/s false true", "/ss false true", "/in-main false true", "/after false false"}
	if !slices.Equal(got, want) {
		t.Errorf("links:\n%q\nwant\n%q", got, want)
	}
}

// TestLinksRoles: an element of another name whose role attribute names
// a landmark is one (Sphinx's <div class="sphinxsidebar"
// role="navigation">), until the end tag of its name that closes it,
// elements of that name inside it counted.
func TestLinksRoles(t *testing.T) {
	page := `<body><div role="main"><a href="/m">m</a></div>
<div class="sphinxsidebar" role="navigation"><div><div><a href="/n">n</a></div></div><a href="/n2">n2</a></div><a href="/after">after</a>
<ul role="complementary"><li><a href="/c">c</a><ul><li><a href="/c2">c2</a></ul></ul><a href="/after2">after2</a>
<div role="banner"><div role="navigation"><a href="/bn">bn</a></div><a href="/b">b</a></div><a href="/after3">after3</a>
<article><div role="contentinfo"><a href="/ac">ac</a></div></article><div role="presentation"><a href="/p">p</a></div>`
	var got []string
	var lr LinkReader
	lr.Links([]byte(page), func(l Link) {
		got = append(got, fmt.Sprintf("%s %v %v", l.Href, l.Chrome, l.Aside))
	})
	want := []string{"/m false false", "/n true false", "/n2 true false", "/after false false",
		"/c false true", "/c2 false true", "/after2 false false",
		"/bn true false", "/b true false", "/after3 false false", "/ac false false", "/p false false"}
	if !slices.Equal(got, want) {
		t.Errorf("links:\n%q\nwant\n%q", got, want)
	}
}

// TestLinksPlaces: links share a place where they sit among the same
// elements, as golang.org/x/net/html's tree builder puts them: the
// entries of a list, each in an item of its own, share one; a link in an
// entry's excerpt, a nested list's or another block's has its own. End
// tags that HTML lets a page leave out (</li>, </p>, </td>, </dd>) are
// closed as it closes them; a void element or a stray end tag closes
// nothing.
func TestLinksPlaces(t *testing.T) {
	for _, tc := range []struct{ name, page string }{
		{"excerpt", `<main><ul><li><h2><a href=/a>a</a></h2></li><li><h2><a href=/b>b</a></h2><p>See <a href=/x>x</a>.</p></li></ul></main>`},
		{"no </li>", `<ul><li><a href=/a>a<li><a href=/b>b</ul><p><a href=/c>c`},
		{"nested list", `<ul><li><a href=/a>a</a><ul><li><a href=/s>s</a><li><a href=/t>t</a></ul><li><a href=/b>b</a></ul>`},
		{"no </p>", `<div><p>text <a href=/a>a</a><p>more <a href=/b>b</a><div><a href=/c>c</a></div></div>`},
		{"table", `<table><tr><td><a href=/a>a<td><a href=/b>b<tr><td><a href=/c>c<th><a href=/d>d</table>`},
		{"void and svg", `<ul><li><img src=x><br/><a href=/a>a</a></li><li><svg><path d=x /></svg><a href=/b>b</a></li></ul>`},
		{"stray end tag", `<div><a href=/a>a</a></span></div><div><a href=/b>b</a></div><section><a href=/c>c</a></section>`},
		{"dl", `<dl><dt><a href=/a>a</a><dd>x<dt><a href=/b>b</a><dd><p><a href=/c>c</a></dl>`},
		{"a in a", `<div><a href=/a>a<a href=/b>b</a></div>`},
		{"cards", `<div class=grid><article><a class=card href=/a>a</a></article><article><a class=card href=/b/c/d>d</a></article></div>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lr := LinkReader{Places: true}
			var ours []uint64
			lr.Links([]byte(tc.page), func(l Link) { ours = append(ours, l.Place) })
			theirs := xnetPlaces(t, tc.page)
			if len(ours) != len(theirs) {
				t.Fatalf("%d links, x/net/html's tree has %d", len(ours), len(theirs))
			}
			for i := range ours {
				for j := range i {
					if (ours[i] == ours[j]) != (theirs[i] == theirs[j]) {
						t.Errorf("links %d and %d: one place %v; in x/net/html's tree at %s and %s", j, i, ours[i] == ours[j], theirs[j], theirs[i])
					}
				}
			}
		})
	}
}

// xnetPlaces is TestLinksPlaces' oracle: the names of the elements
// around each <a href> of page, and its own, as golang.org/x/net/html's
// tree builder nests them.
func xnetPlaces(t *testing.T, page string) []string {
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	var walk func(n *html.Node, path string)
	walk = func(n *html.Node, path string) {
		if n.Type == html.ElementNode {
			path += " " + n.Data
			for _, a := range n.Attr {
				if n.Data == "a" && a.Key == "href" {
					out = append(out, path)
					break
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, path)
		}
	}
	walk(doc, "")
	return out
}

// TestLinksPlacesDeep: a page of 100,000 nested elements is read with at
// most maxPlaceDepth of them followed; its links are all found.
func TestLinksPlacesDeep(t *testing.T) {
	page := strings.Repeat("<div>", 100_000) + "<a href=/a>a</a>" + strings.Repeat("</div>", 100_000) + "<a href=/b>b</a>"
	lr := LinkReader{Places: true}
	var got []string
	lr.Links([]byte(page), func(l Link) { got = append(got, string(l.Href)) })
	if !slices.Equal(got, []string{"/a", "/b"}) || cap(lr.places.open) > 2*maxPlaceDepth {
		t.Errorf("links %q, %d open elements kept", got, cap(lr.places.open))
	}
}
