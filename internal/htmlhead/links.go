package htmlhead

import (
	"bytes"
	"cmp"
)

// LinkReader finds the links of a whole page, head and body, with the same
// tokenizer a head is read with: every <a href> outside comments, raw text
// (script, style, title, textarea, noscript …) and <template> content,
// which a browser never shows as a link, and the first <base href>;
// with Others, the href of any other element too (Link.Other). A
// LinkReader is reused from page to page; it is not safe for concurrent
// use.
type LinkReader struct {
	// MaxAttrs bounds the attributes of a tag; 0 means the constant of
	// that name. A tag with more ends the page's links there (Cut).
	MaxAttrs int
	// Others says to report the href of an element that is no link too
	// (Link.Other).
	Others bool
	// Places, when set, has each link say where it sits in the page's
	// markup (Link.Place), which costs about half as much time again on
	// a page dense with links (BenchmarkLinksPlaces).
	Places bool
	lex    lexer
	places places
	frame  frame
}

// Link is one link of a page.
type Link struct {
	// Href is the value of the href attribute, with its character
	// references decoded (&amp; is &); it is only valid during the
	// callback.
	Href []byte
	// Line is the line of the page the tag starts on, from 1.
	Line int
	// Base marks the page's first <base href>, which the links after it
	// are relative to.
	Base bool
	// Sitemap marks a <link rel="sitemap" href>: the page names a
	// sitemap, which is no link to follow.
	Sitemap bool
	// Chrome marks a link of the page's frame rather than its own
	// content: inside a <nav>, or a <header> or <footer> that is not
	// inside an <article>, <aside>, <main>, <nav> or <section> (ARIA's
	// navigation, banner and contentinfo landmarks), or an element
	// whose role attribute names one of them (Sphinx's <div
	// class="sphinxsidebar" role="navigation">). A site's menu is on
	// every page; a list page's entries are not in it.
	Chrome bool
	// Aside marks a link inside an <aside> that is not within an
	// <article> or <section> (ARIA's complementary landmark), or an
	// element whose role is complementary: a theme's sidebar, whose
	// recent posts are on every page.
	Aside bool
	// Article is the innermost <article> the link is in, counted from 1
	// in the order they open; 0 for none. Heading marks a link in a
	// heading (h1 to h6), where an article's title sits. Body marks a
	// link of that article's text: not in a heading, a <header> or a
	// <footer> opened inside it, where its title, tags and "read more"
	// sit. A list page may show its posts whole (Docusaurus' blog
	// lists): the links of a post's text are not entries of the list.
	Article       int
	Heading, Body bool
	// Other marks the href of an element that is no link (<h2 href>,
	// <div href>), reported when LinkReader.Others asks: a browser does
	// not follow it, but a framework's link component put it there with
	// the script that does (Next.js 12's <Link passHref> around a
	// heading). It names a page the page shows.
	Other bool
	// Place is where the link sits in the page's markup: a hash of the
	// names of the elements around it, from the outermost in, and its
	// own. The entries of a list, each in an item of its own, share
	// one place (ul li h2 a); a link in an entry's excerpt has another
	// (ul li p a). It is 0 unless LinkReader.Places is set.
	Place uint64
}

// Links calls fn for every link of page, in document order. It modifies
// page (tag and attribute names are lowercased in place). It reports
// whether the page was cut: a tag with more than MaxAttrs attributes ends
// the reading there.
func (lr *LinkReader) Links(page []byte, fn func(Link)) (cut bool) {
	page = bytes.TrimPrefix(page, []byte("\xef\xbb\xbf"))
	l := &lr.lex
	l.maxAttrs = cmp.Or(lr.MaxAttrs, MaxAttrs)
	l.reset(page)
	line, counted := 1, 0 // the line at byte counted
	inert, baseSeen := 0, false
	fr := &lr.frame
	fr.reset()
	pl := &lr.places
	pl.reset()
	for {
		start := l.pos
		switch l.next() {
		case tokEOF:
			return l.tooMany
		case tokStartTag:
			var place uint64
			if inert == 0 {
				fr.role(string(l.name), l.attrs)
				if lr.Places && string(l.name) != "template" {
					place = pl.start(l.name)
				}
			}
			switch name := string(l.name); {
			case name == "template":
				inert++
			case inert > 0:
			case fr.open(name):
			case name == "a" || name == "base" && !baseSeen:
				href, ok := attrOf(l.attrs, "href")
				if !ok {
					continue
				}
				line += bytes.Count(page[counted:start], []byte("\n"))
				counted = start
				baseSeen = baseSeen || name == "base"
				fn(Link{Href: decode(href), Line: line, Base: name == "base", Chrome: fr.chrome(), Aside: fr.aside(), Article: fr.article(), Heading: fr.headings > 0, Body: fr.body(), Place: place})
			case name == "link":
				href, ok := attrOf(l.attrs, "href")
				if rel, _ := attrOf(l.attrs, "rel"); !ok || !hasToken(rel, "sitemap") {
					continue
				}
				line += bytes.Count(page[counted:start], []byte("\n"))
				counted = start
				fn(Link{Href: decode(href), Line: line, Sitemap: true, Chrome: fr.chrome(), Aside: fr.aside()})
			case lr.Others && name != "base":
				href, ok := attrOf(l.attrs, "href")
				if !ok {
					continue
				}
				line += bytes.Count(page[counted:start], []byte("\n"))
				counted = start
				fn(Link{Href: decode(href), Line: line, Other: true, Chrome: fr.chrome(), Aside: fr.aside(), Article: fr.article(), Heading: fr.headings > 0, Body: fr.body(), Place: place})
			}
		case tokEndTag:
			switch name := string(l.name); {
			case name == "template":
				inert = max(inert-1, 0)
			case inert == 0:
				fr.close(name)
				if lr.Places {
					pl.end(l.name)
				}
			}
		}
	}
}

// frame follows the elements that tell a page's frame (Link.Chrome)
// from its content: each is closed by its end tag, which HTML requires
// of them. A stray end tag closes nothing. Each tag and each link costs
// it a fixed amount of work, however many of them are open (steps).
type frame struct {
	nav, sectioning int    // open <nav>s; open <article>, <aside>, <main>, <section>s
	content         int    // open <article> and <section>s
	banners         []bool // open <header> and <footer>s: whether each is the page's
	asides          []bool // open <aside>s: whether each is the page's (Link.Aside)
	// pageBanners and pageAsides count the true ones of banners and
	// asides.
	pageBanners, pageAsides int
	// articles are the open <article>s, innermost last: each one's
	// ordinal (Link.Article) and how many headings, <header>s and
	// <footer>s are open inside it; opened counts the <article>s opened.
	articles []articleElem
	opened   int
	// headings counts the open h1 to h6, outside any article too.
	headings int
	// roles are the elements of another name that a role attribute
	// makes a landmark (<div role="navigation">, a theme's sidebar), the
	// innermost last: the open ones, and the closed ones (gone) that
	// open ones came after.
	roles []roleElem
	// roleAt is, for each name, the index in roles of the innermost open
	// one of that name.
	roleAt map[string]int
	// chromeRoles and asideRoles count the open roles that are chrome,
	// and aside.
	chromeRoles, asideRoles int
	// steps counts the roles looked up, opened and closed, which tests
	// bound.
	steps int
}

// articleElem is an open <article>: its ordinal, and the headings,
// <header>s and <footer>s open inside it when it opened.
type articleElem struct{ n, lead int }

// reset forgets the last page's elements, keeping the memory they took.
func (f *frame) reset() {
	clear(f.roleAt)
	*f = frame{banners: f.banners[:0], asides: f.asides[:0], roles: f.roles[:0], roleAt: f.roleAt, articles: f.articles[:0]}
}

// roleElem is an element with a landmark role: its name, how many
// elements of that name are open inside it, whether its links are the
// page's frame (chrome: navigation, banner, contentinfo) or its
// complementary landmark (aside: not within content), the index in
// frame.roles of the open one of its name outside it (-1 for none), and
// whether it is closed.
type roleElem struct {
	name          string
	depth         int
	chrome, aside bool
	outer         int
	gone          bool
}

// role notes the start tag name with the attributes attrs: one more
// element of its name open inside a landmark of that name, and a
// landmark itself when its role says one (an element that is one by
// its name is open's).
func (f *frame) role(name string, attrs []attr) {
	outer := -1
	if len(f.roleAt) > 0 {
		f.steps++
		if i, ok := f.roleAt[name]; ok {
			outer = i
			f.roles[i].depth++
		}
	}
	switch name {
	case "nav", "article", "aside", "main", "section", "header", "footer", "a", "link", "base":
		return
	}
	v, ok := attrOf(attrs, "role")
	if !ok {
		return
	}
	e := roleElem{name: name, outer: outer}
	switch {
	case hasToken(v, "navigation"):
		e.chrome = true
	case hasToken(v, "banner") || hasToken(v, "contentinfo"):
		e.chrome = f.nav == 0 && f.sectioning == 0
	case hasToken(v, "complementary"):
		e.aside = f.content == 0
	default:
		return
	}
	if outer >= 0 {
		f.roles[outer].depth-- // counted above: this one is its own
	}
	if f.roleAt == nil {
		f.roleAt = make(map[string]int)
	}
	f.steps++
	f.roleAt[name] = len(f.roles)
	f.roles = append(f.roles, e)
	f.chromeRoles += b2i(e.chrome)
	f.asideRoles += b2i(e.aside)
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// open notes the start tag name, and reports whether it is one of
// frame's, no link.
func (f *frame) open(name string) bool {
	switch name {
	case "h1", "h2", "h3", "h4", "h5", "h6":
		f.headings++
		return false
	case "nav":
		f.nav++
	case "article", "aside", "main", "section":
		if name == "article" {
			f.opened++
			f.articles = append(f.articles, articleElem{n: f.opened, lead: f.headings + len(f.banners)})
		}
		if name == "aside" {
			f.asides = append(f.asides, f.content == 0)
			f.pageAsides += b2i(f.content == 0)
		}
		if name == "article" || name == "section" {
			f.content++
		}
		f.sectioning++
	case "header", "footer":
		page := f.nav == 0 && f.sectioning == 0
		f.banners = append(f.banners, page)
		f.pageBanners += b2i(page)
	default:
		return false
	}
	return true
}

// close notes the end tag name.
func (f *frame) close(name string) {
	if len(f.roleAt) > 0 {
		f.steps++
		if i, ok := f.roleAt[name]; ok {
			if r := &f.roles[i]; r.depth > 0 {
				r.depth--
			} else {
				f.closeRole(i)
			}
		}
	}
	switch name {
	case "h1", "h2", "h3", "h4", "h5", "h6":
		f.headings = max(f.headings-1, 0)
	case "nav":
		f.nav = max(f.nav-1, 0)
	case "article", "aside", "main", "section":
		if n := len(f.articles); name == "article" && n > 0 {
			f.articles = f.articles[:n-1]
		}
		if n := len(f.asides); name == "aside" && n > 0 {
			f.pageAsides -= b2i(f.asides[n-1])
			f.asides = f.asides[:n-1]
		}
		if name == "article" || name == "section" {
			f.content = max(f.content-1, 0)
		}
		f.sectioning = max(f.sectioning-1, 0)
	case "header", "footer":
		if n := len(f.banners); n > 0 {
			f.pageBanners -= b2i(f.banners[n-1])
			f.banners = f.banners[:n-1]
		}
	}
}

// closeRole closes the landmark at i, the innermost open one of its
// name, and drops the closed ones at the end of roles.
func (f *frame) closeRole(i int) {
	r := &f.roles[i]
	r.gone = true
	f.chromeRoles -= b2i(r.chrome)
	f.asideRoles -= b2i(r.aside)
	if r.outer >= 0 {
		f.roleAt[r.name] = r.outer
	} else {
		delete(f.roleAt, r.name)
	}
	for n := len(f.roles); n > 0 && f.roles[n-1].gone; n-- {
		f.steps++
		f.roles = f.roles[:n-1]
	}
}

// chrome reports whether a link here is of the page's frame.
func (f *frame) chrome() bool {
	f.steps++
	return f.nav > 0 || f.pageBanners > 0 || f.chromeRoles > 0
}

// article returns the ordinal of the innermost open <article>, 0 for
// none.
func (f *frame) article() int {
	if n := len(f.articles); n > 0 {
		return f.articles[n-1].n
	}
	return 0
}

// body reports whether a link here is in the text of the innermost open
// <article>: no heading, <header> or <footer> opened inside it is open.
func (f *frame) body() bool {
	n := len(f.articles)
	return n > 0 && f.headings+len(f.banners) == f.articles[n-1].lead
}

// aside reports whether a link here is in the page's complementary
// landmark.
func (f *frame) aside() bool {
	f.steps++
	return f.pageAsides > 0 || f.asideRoles > 0
}

// hasToken reports whether the space-separated list v has the token
// tok, without regard to case.
func hasToken(v []byte, tok string) bool {
	for _, f := range bytes.Fields(v) {
		if bytes.EqualFold(f, []byte(tok)) {
			return true
		}
	}
	return false
}

// attrOf returns the value of the attribute key, and whether the tag has
// it: an attribute without a value has the empty one.
func attrOf(attrs []attr, key string) ([]byte, bool) {
	for _, a := range attrs {
		if string(a.key) == key {
			return a.val, true
		}
	}
	return nil, false
}
