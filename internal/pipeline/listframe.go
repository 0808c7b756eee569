package pipeline

// The frame of a site's pages is left out of what its list pages show.
// The frame is the links that a list page's markup does not mark as its
// menu, banner or sidebar, but that the site's other pages repeat
// (dropFrame, dropRepeated).

import (
	"slices"
	"strings"
)

// dropFrame takes out of what each list page of h shows the joined
// pages that are the site's frame, though the markup does not say so (a
// profile header inside a <section>, a docs menu in a <div>). It also
// takes out the pages above the list page (a pager's link to its first
// page, a breadcrumb's to the home page). When a list page shows two
// joined pages or more, its frame is what the first two (by URL) both
// link to in their own content, outside their articles' text (ownLinks:
// two posts that link in their text to a third, or to each other, do not
// make it a frame). Of the rest, only the list's entries
// count (listSet.entries): a link in a post's excerpt is not an entry
// among its posts.
func (p *listPagesPass) dropFrame(recs *records, h *listSet) {
	for i := range h.lists {
		l := &h.lists[i]
		var two []string
		for _, k := range slices.Sorted(slices.Values(l.shown)) {
			if pg := h.pages[k]; pg != nil && pg.idx >= 0 && len(two) < 2 {
				two = append(two, k)
			}
		}
		frame := map[string]bool{}
		if len(two) == 2 {
			second := p.ownLinks(recs, h, two[1])
			for _, k := range p.ownLinks(recs, h, two[0]).keys {
				frame[k] = slices.Contains(second.keys, k)
			}
		}
		l.shown = slices.DeleteFunc(l.shown, func(k string) bool {
			return h.pages[k] != nil && frame[k] || k == "" || l.folder == k || strings.HasPrefix(l.folder, k+"/")
		})
		l.shown = h.entries(l.shown, l.links)
	}
}

// frameSample is how many pages are asked whether a list page's link is
// part of the site's frame (dropRepeated).
const frameSample = 3

// dropRepeated takes out of what each list page of h shows the links of
// the site's frame that its markup does not mark (Link.Chrome,
// Link.Aside). An example is a theme's menu in a sidebar, whatever its
// elements: an <aside> in the Hugo theme Stack, a <div> in others. A
// menu is one block of links, the same on every page, at the same place
// in the markup (htmlhead.Link.Place). A list's entries sit in the
// list's own markup, which the pages they lead to do not repeat.
//
// So a list page's link is part of the frame when the other pages it
// shows link to the same page from the same place, and each of them to
// the same pages from there. The pages asked are the first pages (by
// URL) it shows that are dated, are not list pages, and are in its
// language, because each language has its own menu. frameSample of them
// are asked, leaving out the page the link leads to. At least two of
// them, and all but one, must link that way. Their links to themselves
// and to each other are not compared, because a menu may mark the link
// to the page it is on in another way. A block that differs from page
// to page is no menu: a post's links to the previous and the next post
// may sit where the home page lists the posts.
//
// A list page that shows fewer than two such pages (a language with two
// pages) also asks the first frameSample list pages it shows. Then
// every page asked must link that way, and at least one of them must
// not be a list page. A list page repeats another list's entries at
// their place, but a page that is not a list page does not.
//
// Only the link at that place is taken out. A page that the list also
// links to from its own markup (a section whose pages are in the menu
// too) is still shown.
//
// The cost: the list pages are read already, and each other page is
// read at most once, for all the list pages (ownLinks). A list page
// asks at most frameSample+1 pages, and the list pages of a site mostly
// ask the same ones.
func (p *listPagesPass) dropRepeated(recs *records, h *listSet) {
	blocks := map[int]placedLinks{} // a list page's links as read, by index
	listLinks := func(j int) placedLinks {
		if placed, ok := blocks[j]; ok {
			return placed
		}
		placed := placeLinks(h.lists[j].links)
		blocks[j] = placed
		return placed
	}
	kept := map[int][]shownLink{} // the links left to the list pages that lose some, by index
	for i := range h.lists {
		l := &h.lists[i]
		var pages, lists []string // the pages asked: no list pages, list pages
		for _, k := range slices.Sorted(slices.Values(l.shown)) {
			if j, ok := h.at[k]; ok {
				if j != i && len(lists) < frameSample {
					lists = append(lists, k)
				}
			} else if pg := h.pages[k]; pg != nil && pg.idx >= 0 && h.sameLang(l, pg) && len(pages) <= frameSample {
				pages = append(pages, k)
			}
		}
		frame := func(ln shownLink) bool {
			if _, list := h.at[ln.key]; !list && h.pages[ln.key] == nil {
				return false // the link dates nothing: not judged, no page read for it
			}
			var first map[string]bool // the block of the first page that links that way
			var firstKey string
			// same reports whether the page k links to ln's page from ln's
			// place, with the same block as the others.
			same := func(k string, links placedLinks) bool {
				block := links[ln.place]
				if !block[ln.key] {
					return false
				}
				if first == nil {
					first, firstKey = block, k
					return true
				}
				return sameBlock(first, block, firstKey, k)
			}
			hits, misses := 0, 0
			for _, k := range pages {
				switch {
				case k == ln.key || hits+misses == frameSample:
				case same(k, p.ownLinks(recs, h, k).placed):
					hits++
				default:
					misses++
				}
			}
			if hits+misses >= 2 {
				return hits >= 2 && misses <= 1
			}
			if hits == 0 {
				return false
			}
			for _, k := range lists {
				switch {
				case k == ln.key:
				case same(k, listLinks(h.at[k])):
					hits++
				default:
					return false
				}
			}
			return hits >= 2
		}
		var links []shownLink
		for _, ln := range l.links {
			if !frame(ln) {
				links = append(links, ln)
			}
		}
		if len(links) < len(l.links) {
			kept[i] = links
		}
	}
	// Apply the results once every list page has been judged by the links
	// it was read with. A page stays shown where a link to it is left.
	for i, links := range kept {
		l := &h.lists[i]
		left := make(map[string]bool, len(links))
		for _, ln := range links {
			left[ln.key] = true
		}
		l.links = links
		l.shown = slices.DeleteFunc(l.shown, func(k string) bool { return !left[k] })
	}
}

// placedLinks are a page's links by their place: for each place, the
// pages it links to.
type placedLinks map[uint64]map[string]bool

// placeLinks returns links by their place.
func placeLinks(links []shownLink) placedLinks {
	p := placedLinks{}
	for _, ln := range links {
		if p[ln.place] == nil {
			p[ln.place] = map[string]bool{}
		}
		p[ln.place][ln.key] = true
	}
	return p
}

// sameBlock reports whether the blocks of links a and b, of the pages
// at the keys ka and kb, link to the same pages, leaving aside their
// links to ka and kb.
func sameBlock(a, b map[string]bool, ka, kb string) bool {
	n := 0
	for k := range a {
		if k == ka || k == kb {
			continue
		}
		if !b[k] {
			return false
		}
		n++
	}
	for k := range b {
		if k != ka && k != kb {
			n--
		}
	}
	return n == 0
}

// ownPage is a dated page's own links (pageLinks), read once for all
// the list pages of a listSet.
type ownPage struct {
	keys   []string // the pages it links to, each once
	placed placedLinks
}

// ownLinks returns the own links of the dated page k of h: with
// h.noBody, but those of its articles' text, a post's own words, which
// are no frame of the site. It reads the page the first time it is
// asked for, and a page not read links to none. It reads the links' places too, though dropFrame uses only the
// keys. The pages dropFrame asks are, but for a few, those that
// dropRepeated asks next for their places (125 of 134 on six projects
// of the corpus). Reading them twice would cost more than reading the
// places once.
func (p *listPagesPass) ownLinks(recs *records, h *listSet, k string) *ownPage {
	if own, ok := h.own[k]; ok {
		return own
	}
	own := &ownPage{}
	if pg := h.pages[k]; pg != nil && pg.idx >= 0 {
		r := recs.rec(pg.idx)
		links := p.pageLinks(recs.pathOf(r), recs.locOf(r), linkFilter{aside: h.noAside, text: h.noBody})
		own.keys = linkKeys(links)
		own.placed = placeLinks(links)
	}
	if h.own == nil {
		h.own = map[string]*ownPage{}
	}
	h.own[k] = own
	return own
}
