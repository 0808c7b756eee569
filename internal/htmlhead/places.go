package htmlhead

import "slices"

// places follows the open elements of a page, so that a link can say
// where it sits in the page's markup (Link.Place): the names of the
// elements around it, from the outermost to its own. It builds no tree.
// It closes what HTML closes without an end tag where list markup needs
// it: a <li> closes the item before it, a <p> or a block the paragraph
// before it, a row or cell of a table the one before it. An end tag
// closes the innermost open element of its name and those inside it; a
// stray one closes nothing. Past maxPlaceDepth open elements, the
// deeper ones are not followed, which bounds its memory.
type places struct {
	open []placeElem
	// closable counts the open elements of each kind that a start tag
	// may close, so that a page with none open does not look for one.
	closable [numClosable]int
}

// placeElem is an open element: the hash of its name, the place of a
// link directly inside it, and its closable kind (noClose for none).
type placeElem struct {
	name, place uint64
	kind        closable
}

// closable is a kind of element that a start tag may close.
type closable int8

const (
	noClose closable = iota - 1
	closeP
	closeLi
	closeDt
	closeDd
	closeTr
	closeTd
	closeTh
	closeTbody
	closeThead
	closeTfoot
	closeOption
	closeOptgroup
	closeA
	numClosable
)

// maxPlaceDepth bounds the open elements places follows. Browsers nest
// no deeper than 512.
const maxPlaceDepth = 512

// The FNV-1a hash of an element's name.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// nameHash is the FNV-1a hash of an element's lowercase name.
func nameHash[S ~string | ~[]byte](name S) uint64 {
	h := uint64(fnvOffset)
	for i := 0; i < len(name); i++ {
		h ^= uint64(name[i])
		h *= fnvPrime
	}
	return h
}

// The names that bound what a start tag closes, hashed.
var (
	hUl, hOl, hMenu, hDl       = nameHash("ul"), nameHash("ol"), nameHash("menu"), nameHash("dl")
	hTable, hTbody, hThead     = nameHash("table"), nameHash("tbody"), nameHash("thead")
	hTfoot, hTr, hTd, hTh      = nameHash("tfoot"), nameHash("tr"), nameHash("td"), nameHash("th")
	hSelect, hOptgroup         = nameHash("select"), nameHash("optgroup")
	hButton, hCaption, hObject = nameHash("button"), nameHash("caption"), nameHash("object")
)

// tagInfo is what places needs to know of a start tag's name: its
// closable kind, whether it has no content and no end tag (<img>,
// <br>), and whether it closes an open paragraph, as HTML's tree
// construction does.
type tagInfo struct {
	kind          closable
	void, closesP bool
}

// infoOf returns the tagInfo of the start tag name.
func infoOf(name []byte) tagInfo {
	info := tagInfo{kind: noClose}
	for k, n := range closableNames {
		if string(name) == n {
			info.kind = closable(k)
			break
		}
	}
	switch string(name) {
	case "area", "base", "br", "col", "embed", "img", "input", "keygen", "link", "meta", "param", "source", "track", "wbr":
		info.void = true
	case "hr":
		info.void, info.closesP = true, true
	case "p", "li", "dt", "dd",
		"address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div", "dl",
		"fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
		"header", "hgroup", "main", "menu", "nav", "ol", "pre", "section", "summary", "table", "ul":
		info.closesP = true
	}
	return info
}

// closableNames are the names of the closable kinds of element, by kind.
var closableNames = [numClosable]string{
	closeP: "p", closeLi: "li", closeDt: "dt", closeDd: "dd", closeTr: "tr", closeTd: "td", closeTh: "th",
	closeTbody: "tbody", closeThead: "thead", closeTfoot: "tfoot", closeOption: "option", closeOptgroup: "optgroup", closeA: "a",
}

// reset forgets the last page's elements.
func (p *places) reset() {
	p.open = p.open[:0]
	clear(p.closable[:])
}

// start notes the start tag name and returns the place of what is
// directly inside it (of a link, the link's place).
func (p *places) start(name []byte) uint64 {
	info := infoOf(name)
	switch info.kind {
	case closeLi:
		p.closeTo(closeLi, hUl, hOl, hMenu)
	case closeDt, closeDd:
		p.closeTo(closeDt, hDl)
		p.closeTo(closeDd, hDl)
	case closeTr:
		p.closeTo(closeTr, hTable, hTbody, hThead, hTfoot)
	case closeTd, closeTh:
		p.closeTo(closeTd, hTr, hTable)
		p.closeTo(closeTh, hTr, hTable)
	case closeTbody, closeThead, closeTfoot:
		p.closeTo(closeTbody, hTable)
		p.closeTo(closeThead, hTable)
		p.closeTo(closeTfoot, hTable)
	case closeOption:
		p.closeTo(closeOption, hSelect, hOptgroup)
	case closeOptgroup:
		p.closeTo(closeOption, hSelect, hOptgroup)
		p.closeTo(closeOptgroup, hSelect)
	case closeA:
		p.closeTo(closeA, hTd, hTh, hTable)
	}
	if info.closesP {
		p.closeTo(closeP, hButton, hTd, hTh, hTable, hCaption, hObject)
	}
	h := nameHash(name)
	parent := uint64(fnvOffset)
	if n := len(p.open); n > 0 {
		parent = p.open[n-1].place
	}
	// Boost's hash_combine: a place differs from its parent's, and from
	// the place of the same names in another order.
	place := parent ^ (h + 0x9e3779b97f4a7c15 + parent<<6 + parent>>2)
	if !info.void && len(p.open) < maxPlaceDepth {
		p.open = append(p.open, placeElem{name: h, place: place, kind: info.kind})
		if info.kind != noClose {
			p.closable[info.kind]++
		}
	}
	return place
}

// end notes the end tag name: it closes the innermost open element of
// that name, and those inside it.
func (p *places) end(name []byte) {
	h := nameHash(name)
	for i := len(p.open) - 1; i >= 0; i-- {
		if p.open[i].name == h {
			p.closeAt(i)
			return
		}
	}
}

// closeTo closes the innermost open element of the kind k and those
// inside it, unless an element named one of the bounds is inside it (a
// list inside a list item: its items close nothing outside it).
func (p *places) closeTo(k closable, bounds ...uint64) {
	if p.closable[k] == 0 {
		return
	}
	for i := len(p.open) - 1; i >= 0; i-- {
		switch e := &p.open[i]; {
		case e.kind == k:
			p.closeAt(i)
			return
		case slices.Contains(bounds, e.name):
			return
		}
	}
}

// closeAt closes the open element at i and those inside it.
func (p *places) closeAt(i int) {
	for _, e := range p.open[i:] {
		if e.kind != noClose {
			p.closable[e.kind]--
		}
	}
	p.open = p.open[:i]
}
