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
	for _, tc := range placesCases {
		f.Add([]byte(tc.page))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer fuzzbound.Check(t)()
		page := data // the page whose places are compared
		for _, others := range []bool{false, true} {
			lr := LinkReader{MaxAttrs: 1 << 30, Others: others, Places: true}
			got, want := readLinks(&lr, data), xnetAllLinks(data, others)
			if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) || slices.Equal(got, want) {
				continue
			}
			if alt, ok := withoutBareLessThan(data); ok {
				if slices.Equal(readLinks(&lr, alt), xnetAllLinks(alt, others)) {
					page = alt
					continue // x/net/html's difference, and only that (see FuzzLexer)
				}
			}
			t.Fatalf("input %q (Others %v)\nLinkReader: %q\nx/net/html: %q", data, others, got, want)
		}
		if !bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
			comparePlaces(t, page, false)
		}
		comparePlaces(t, tagPage(data), false)
		// A reader that read another page first, its elements left
		// open, reads this one as a fresh reader does.
		reused, fresh := LinkReader{Others: true, Places: true}, LinkReader{Others: true, Places: true}
		reused.Links([]byte(openPage), func(Link) {})
		if got, want := linksWhole(&reused, data), linksWhole(&fresh, data); !slices.Equal(got, want) {
			t.Fatalf("input %q: a reused reader reads\n%q\na fresh one\n%q", data, got, want)
		}
	})
}

// openPage is a page that leaves open the elements the link reader
// follows: landmarks by role and by name, a table, a list, a paragraph.
const openPage = `<div role=navigation><span role=complementary><header><aside><nav><section><table><tr><td><ul><li><p><a href=/x><select><h2>`

// linksWhole returns a page's links with all they say, as lines.
func linksWhole(lr *LinkReader, page []byte) []string {
	var out []string
	lr.Links(bytes.Clone(page), func(l Link) {
		out = append(out, fmt.Sprintf("%d %q base=%v sitemap=%v other=%v chrome=%v aside=%v place=%x", l.Line, l.Href, l.Base, l.Sitemap, l.Other, l.Chrome, l.Aside, l.Place))
	})
	return out
}

// placeTags are the tags tagPage writes: those whose start or end tag
// closes elements, the elements that bound what they close, and some
// others; <a> five times.
var placeTags = strings.Fields(`<ul> </ul> <ol> </ol> <menu> <li> </li> <dl> </dl> <dt> </dt> <dd> </dd>
<p> </p> <div> </div> <address> <section> </section> <article> </article> <aside> <main> </main> <nav> </nav>
<header> </header> <footer> <h2> </h2> <h3> </h3> <span> </span> <em> </em> <b> </b> <small> <a> <a> <a> <a> <a> </a>
<table> </table> <tbody> </tbody> <thead> <tfoot> <tr> </tr> <td> </td> <th> </th> <caption> </caption>
<colgroup> </colgroup> <col> <button> </button> <select> </select> <option> </option> <optgroup> <object> </object>
<marquee> </marquee> <ruby> </ruby> <rb> <rt> <rp> <rtc> <img> <br> </br> <hr> <pre> </pre> <blockquote>
</blockquote> <figure> </figure> <details> <summary> </summary> <dialog> <search> <label> </label> <html> </html> <head> </head> <body> </body> <title>t</title> <x-card> </x-card> text`)

// tagPage makes a page of the tags of placeTags, a byte of data each,
// each <a> with an href of its own: FuzzLinks' pages of the markup
// places follows.
func tagPage(data []byte) []byte {
	var page []byte
	for i, b := range data {
		tag := placeTags[int(b)%len(placeTags)]
		if tag == "<a>" {
			tag = fmt.Sprintf("<a href=/%d>", i)
		}
		page = append(page, tag...)
	}
	return page
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

// TestLinksBody: a link inside an <article> is of that article, counted
// from 1; it is of its text (Body) unless a heading (Heading), a <header>
// or a <footer> inside the article holds it: Docusaurus' blog lists show each
// post whole, its title in <header><h2>, its tags and "read more" in
// <footer>, its text in <div class="markdown">. A comment's article
// inside a post is another.
func TestLinksBody(t *testing.T) {
	page := `<header><a href="/home">home</a></header><main>
<article class="margin-bottom--xl"><header><h2><a href="/blog/a">A</a></h2><a href="/authors/x">x</a></header>
<div class="markdown"><p>See <a href="/blog/b">b</a>.</p><h3>More <a href="/blog/h">h</a></h3><ul><li><a href="/blog/c">c</a></ul></div>
<footer><a href="/blog/tags/t">t</a><a href="/blog/a">Read more</a></footer></article>
<article><h2><a href="/blog/d">D</a></h2><p><a href="/blog/e">e</a></p><article><a href="/blog/f">f</a></article><a href="/blog/g">g</a></article>
<a href="/after">after</a></main>`
	var got []string
	var lr LinkReader
	lr.Links([]byte(page), func(l Link) {
		got = append(got, fmt.Sprintf("%s %d %v %v", l.Href, l.Article, l.Heading, l.Body))
	})
	want := []string{"/home 0 false false", "/blog/a 1 true false", "/authors/x 1 false false", "/blog/b 1 false true", "/blog/h 1 true false", "/blog/c 1 false true",
		"/blog/tags/t 1 false false", "/blog/a 1 false false", "/blog/d 2 true false", "/blog/e 2 false true", "/blog/f 3 false true", "/blog/g 2 false true", "/after 0 false false"}
	if !slices.Equal(got, want) {
		t.Errorf("links:\n%q\nwant\n%q", got, want)
	}
}

// placesCases are pages whose links share a place where they sit among
// the same elements, as golang.org/x/net/html's tree builder puts them
// (TestLinksPlaces); FuzzLinks starts from them.
var placesCases = []struct{ name, page string }{
	{"excerpt", `<main><ul><li><h2><a href=/a>a</a></h2></li><li><h2><a href=/b>b</a></h2><p>See <a href=/x>x</a>.</p></li></ul></main>`},
	{"no </li>", `<ul><li><a href=/a>a<li><a href=/b>b</ul><p><a href=/c>c`},
	{"nested list", `<ul><li><a href=/a>a</a><ul><li><a href=/s>s</a><li><a href=/t>t</a></ul><li><a href=/b>b</a></ul>`},
	{"no </p>", `<div><p>text <a href=/a>a</a><p>more <a href=/b>b</a><div><a href=/c>c</a></div></div>`},
	{"table", `<table><tr><td><a href=/a>a<td><a href=/b>b<tr><td><a href=/c>c<th><a href=/d>d</table>`},
	{"table body", `<table><tbody><tr><td><a href=/a>a</td></tr></tbody><tr><td><a href=/b>b</table><a href=/c>c</a>`},
	{"void and svg", `<ul><li><img src=x><br/><a href=/a>a</a></li><li><svg><path d=x /></svg><a href=/b>b</a></li></ul>`},
	{"stray end tag", `<div><a href=/a>a</a></span></div><div><a href=/b>b</a></div><section><a href=/c>c</a></section>`},
	{"dl", `<dl><dt><a href=/a>a</a><dd>x<dt><a href=/b>b</a><dd><p><a href=/c>c</a></dl>`},
	{"a in a", `<div><a href=/a>a<a href=/b>b</a></div>`},
	{"cards", `<div class=grid><article><a class=card href=/a>a</a></article><article><a class=card href=/b/c/d>d</a></article></div>`},
	{"item in a section", `<ul><li><section><li><a href=/a>a</a></section><li><a href=/b>b</a></ul>`},
	{"end tag across a block", `<span><div></span><a href=/a>a</a></div><a href=/b>b</a>`},
	{"heading in a heading", `<h2><a href=/a>a</a><h3><a href=/b>b</a></h3>`},
	{"page frame", `<html><head><title>t</title></head><body><a href=/a>a</a></body></html><a href=/b>b</a>`},
}

// TestLinksPlaces: links share a place where they sit among the same
// elements, as golang.org/x/net/html's tree builder puts them: the
// entries of a list, each in an item of its own, share one; a link in an
// entry's excerpt, a nested list's or another block's has its own. End
// tags that HTML lets a page leave out (</li>, </p>, </td>, </dd>) are
// closed as it closes them; a void element or a stray end tag closes
// nothing.
func TestLinksPlaces(t *testing.T) {
	for _, tc := range placesCases {
		t.Run(tc.name, func(t *testing.T) {
			if !comparePlaces(t, []byte(tc.page), true) {
				t.Fatal("not compared: x/net/html's tree does not hold the page's elements as its tags open them")
			}
		})
	}
}

// comparePlaces compares the places of the <a href> links of page with
// the elements around each in x/net/html's tree: two links share a place
// where they sit among the same elements. It reports whether it did:
// only where the tree holds the page's elements as its start tags open
// them (placesFollowed), the tree's when the page begins with
// <!DOCTYPE html>, as a built page does. all compares those of SVG too.
func comparePlaces(t *testing.T, page []byte, all bool) bool {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(append([]byte("<!DOCTYPE html>"), page...)))
	if err != nil || !placesFollowed(page, doc, all) {
		return false // nested past 512 elements, or a tree places does not follow
	}
	lr := LinkReader{MaxAttrs: 1 << 30, Places: true}
	var ours []uint64
	lr.Links(bytes.Clone(page), func(l Link) {
		if !l.Base && !l.Sitemap {
			ours = append(ours, l.Place)
		}
	})
	theirs := xnetPlaces(doc)
	if len(ours) != len(theirs) {
		t.Fatalf("page %q: %d links, x/net/html's tree has %d", page, len(ours), len(theirs))
	}
	for i := range ours {
		for j := range i {
			if (ours[i] == ours[j]) != (theirs[i] == theirs[j]) {
				t.Fatalf("page %q: links %d and %d: one place %v; in x/net/html's tree at %s and %s", page, j, i, ours[i] == ours[j], theirs[j], theirs[i])
			}
		}
	}
	return true
}

// xnetPlaces is comparePlaces' oracle: the names of the elements around
// each <a href> of the tree doc, and its own, as golang.org/x/net/html's
// tree builder nests them; not in a <template>, whose links a page
// does not show.
func xnetPlaces(doc *html.Node) []string {
	var out []string
	var walk func(n *html.Node, path string)
	walk = func(n *html.Node, path string) {
		if n.Type == html.ElementNode {
			if n.Data == "template" {
				return
			}
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

// placesFollowed reports whether x/net/html's tree doc of page holds its
// elements as its start tags open them, in their order: no element
// moved in front of a table (foster parenting), none copied (a
// formatting element HTML opens again), none left out. It leaves aside
// <html>, <head> and <body>, which HTML has one of each whatever the
// page writes, and the table bodies, rows and column groups HTML
// implies. The pages with what places does not follow are not held so:
// SVG and MathML (unless all), forms, frames and templates (whose
// content the link reader skips, and whose end the tree builder reads
// otherwise).
func placesFollowed(page []byte, doc *html.Node, all bool) bool {
	aside := func(name string) bool {
		switch name {
		case "html", "head", "body", "tbody", "tr", "colgroup":
			return true
		}
		return false
	}
	var tags []string
	z := html.NewTokenizer(bytes.NewReader(page))
	for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
		name, _ := z.TagName()
		switch n := string(name); {
		case tt != html.StartTagToken && tt != html.SelfClosingTagToken:
		case !all && (n == "svg" || n == "math"), n == "form", n == "frameset", n == "frame", n == "template":
			return false
		case aside(n):
		case n == "image":
			tags = append(tags, "img")
		default:
			tags = append(tags, n)
		}
	}
	var tree []string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && !aside(n.Data) {
			tree = append(tree, n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return slices.Equal(tags, tree)
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

// TestLinksPlacesWork: each tag costs places a bounded number of steps,
// however many elements are open, on pages made so that each tag of a
// walk up the open elements would take 500 steps: items and cells past
// 509 open elements, a paragraph below 509 spans closed by each block,
// end tags that close nothing.
func TestLinksPlacesWork(t *testing.T) {
	const n = 20_000
	deep := func(open string) string { return strings.Repeat(open, 509) }
	for _, tc := range []struct{ name, page string }{
		{"items", "<ul><li><ul>" + deep("<div>") + strings.Repeat("<li><a href=/a>a</a>", n)},
		{"items in spans", "<ul><li>" + deep("<span>") + strings.Repeat("<li>", n)},
		{"terms", "<dl><dd><dl>" + deep("<div>") + strings.Repeat("<dt><dd>", n)},
		{"cells", "<table><tr><td><table><tr><td>" + deep("<span>") + strings.Repeat("<td><tr>", n)},
		{"paragraphs", "<p>" + deep("<span>") + strings.Repeat("<div>", n)},
		{"links", "<a>" + deep("<span>") + strings.Repeat("<a href=/a>", n)},
		{"stray end tags", deep("<div>") + strings.Repeat("</span></p></li></h2></td>", n)},
		{"end tags across blocks", "<span>" + deep("<div>") + strings.Repeat("</span>", n)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lr := LinkReader{Places: true}
			lr.Links([]byte(tc.page), func(Link) {})
			tags := strings.Count(tc.page, "<")
			if steps := lr.places.steps; steps > 12*tags {
				t.Errorf("%d steps for %d tags, %.0f a tag", steps, tags, float64(steps)/float64(tags))
			}
		})
	}
}

// TestKnownNames: the table of the names places knows finds each of
// them, with its own tagInfo, those looked up by id at their ids, and
// no other name.
func TestKnownNames(t *testing.T) {
	knownOnce.Do(known.fill)
	tab := &known
	for _, n := range tagInfos() {
		if got := tab.info(nameHash(n.name)); got != n.info {
			t.Errorf("%s: %+v, want %+v", n.name, got, n.info)
		}
	}
	for i, n := range lookedUp {
		if id := tab.info(nameHash(n)).id; id != uint8(i+1) {
			t.Errorf("%s: id %d, want %d", n, id, i+1)
		}
	}
	for _, n := range []string{"x-card", "section-x", "", "spans"} {
		if got := tab.info(nameHash(n)); got != (tagInfo{}) {
			t.Errorf("%q: %+v, want none", n, got)
		}
	}
}

// TestLinksFrameWork: each tag and each link costs the frame's reading
// a bounded number of steps, however many landmarks are open, on pages
// made so that a walk over them would take 20,000 steps a tag: tags of
// another name and end tags below 20,000 open role landmarks, links
// below 20,000 open headers of an article.
func TestLinksFrameWork(t *testing.T) {
	const n = 20_000
	for _, tc := range []struct{ name, page string }{
		{"tags below roles", strings.Repeat("<div role=navigation>", n) + strings.Repeat("<span><a href=/a>a</a></span>", n)},
		{"end tags below roles", strings.Repeat("<div role=complementary>", n) + strings.Repeat("</p>", n)},
		{"links below headers", "<article>" + strings.Repeat("<header>", n) + strings.Repeat("<a href=/a>", n)},
		{"roles closed", strings.Repeat("<div role=banner><span role=navigation>", n) + strings.Repeat("</div>", n)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var lr LinkReader
			lr.Links([]byte(tc.page), func(Link) {})
			tags := strings.Count(tc.page, "<")
			if steps := lr.frame.steps; steps > 4*tags {
				t.Errorf("%d steps for %d tags, %.0f a tag", steps, tags, float64(steps)/float64(tags))
			}
		})
	}
}
