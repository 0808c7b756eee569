package htmlhead

import (
	"maps"
	"slices"
	"sync"
)

// places follows the open elements of a page, so that a link can say
// where it sits in the page's markup (Link.Place): the names of the
// elements around it, from the outermost to its own. It builds no tree,
// but it opens and closes elements as the HTML standard's tree
// construction does (§13.2.6.4.7, "in body", and the table modes), as
// golang.org/x/net/html implements it:
//
//   - A start tag closes what HTML closes without an end tag: a <li>
//     the item before it, a <dd> or <dt> the term or definition before
//     it, each unless a list, a table cell or another such element
//     (HTML's special elements) is open inside that one; a block, a
//     heading or a <table> the paragraph before it; a heading the
//     heading it is in; an <a> the link it is in; a row or a cell of
//     a table the one before it. A row or a cell outside a table is
//     left out, and a cell or a row directly in a table is put in the
//     row and the table body HTML gives it.
//   - An end tag closes the innermost open element of its name and
//     those inside it. It closes nothing where HTML ignores it: an end
//     tag of a block or a list item with a table cell (or another
//     scope's boundary) open inside that element, an end tag of
//     another name with a special element open inside it, a stray one.
//   - <html>, <head> and <body> are left out: HTML has one of each, the
//     same for every link, whether the page writes them or not.
//
// What it does not follow (FuzzLinks leaves those pages out of its
// comparison with x/net/html's tree): content that a table moves in
// front of it (foster parenting), the copies of formatting elements
// (<b>, <em>, an <a> left open) that HTML makes when they are
// misnested, SVG and MathML, forms and frames. Each tag costs a fixed
// amount of work, whatever the page (steps). Past maxPlaceDepth open
// elements, the deeper ones are not followed, which bounds its memory.
type places struct {
	open []placeElem
	// known and others are, for the name of each open element, the
	// index of its innermost one in open: by tagInfo.id for a name in
	// tagInfos, by its hash for another.
	known  [numKnown]int32
	others map[uint64]int32
	tab    *knownTable
	// cats are, for each category of elements, the indices in open of
	// its open ones, the innermost last.
	cats [numCats][]int32
	// steps counts the elements opened, closed and looked up, which
	// tests bound.
	steps int
}

// placeElem is an open element: the hash of its name, the place of a
// link directly inside it, the next open element of its name outside
// it (-1 for none), its categories, and whether it is forgotten.
type placeElem struct {
	name, place uint64
	outer       int32
	id          uint8
	cats        catSet
	gone        bool
}

// A category of elements that bounds what a tag closes, as HTML's tree
// construction defines them.
const (
	// catSpecial: the special elements, which stop an end tag of
	// another name.
	catSpecial = iota
	// catListStop: the special elements but <address>, <div> and <p>,
	// which stop a <li>, <dd> or <dt> from closing an item outside them.
	catListStop
	// catScope: the boundaries of an element's scope (a table, its
	// cells, <caption>, <applet>, <marquee>, <object>, <select>).
	catScope
	// catMarker: those that a formatting element (an <a>) does not
	// reach across: a table's cells, <caption>, <applet>, <marquee>,
	// <object>.
	catMarker
	// catHeading: <h1> to <h6>.
	catHeading
	numCats
)

// catSet is a set of categories, a bit each.
type catSet uint8

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

// action is what a tag does to the open elements besides opening or
// closing its own.
type action uint8

const (
	actPlain    action = iota // opens an element; an end tag closes it unless a special element is inside
	actIgnored                // <html>, <head>, <body>: left out
	actBlock                  // closes a paragraph; its end tag closes it in scope
	actLi                     // <li>
	actDdDt                   // <dd>, <dt>
	actHeading                // <h1> to <h6>
	actP                      // <p>
	actA                      // <a>
	actButton                 // <button>
	actScoped                 // <applet>, <marquee>, <object>: an end tag closes it in scope
	actSelect                 // <select>
	actInput                  // <input>
	actTable                  // <table>
	actSection                // <tbody>, <thead>, <tfoot>, <caption>, <colgroup>
	actRow                    // <tr>
	actCell                   // <td>, <th>
	actCol                    // <col>
	actOption                 // <option>, <optgroup>
	actRubyBase               // <rb>, <rtc>
	actRubyText               // <rp>, <rt>
)

// tagInfo is what places needs to know of a tag's name.
type tagInfo struct {
	id      uint8 // its number among tagInfos' names; 0 for another name
	act     action
	cats    catSet
	void    bool // no content and no end tag (<img>, <br>)
	closesP bool // its start tag closes an open paragraph
}

// numKnown bounds the names of tagInfos.
const numKnown = 160

// The names places looks up by their tagInfo.id, the first of
// tagInfos' (lookedUp, in this order).
const (
	idP uint8 = iota + 1
	idLi
	idDd
	idDt
	idA
	idUl
	idOl
	idButton
	idSelect
	idHr
	idTable
	idTbody
	idThead
	idTfoot
	idTr
	idColgroup
	idOption
	idOptgroup
	idRuby
	idRb
	idRp
	idRt
	idRtc
)

// lookedUp are the names of the ids above, in their order.
var lookedUp = [...]string{"p", "li", "dd", "dt", "a", "ul", "ol", "button", "select", "hr", "table", "tbody", "thead",
	"tfoot", "tr", "colgroup", "option", "optgroup", "ruby", "rb", "rp", "rt", "rtc"}

// knownTable are the names places knows, by their hash (nameHash), in
// a table without collisions, for a look-up that costs a multiplication
// and a comparison.
type knownTable struct {
	names [numKnown]uint64  // by tagInfo.id
	infos [numKnown]tagInfo // by tagInfo.id
	// slots are the ids by slot: the top knownBits bits of the hash
	// times mult, which fill chooses so that no two names share a
	// slot.
	slots [1 << knownBits]uint8
	mult  uint64
}

// knownBits is the size of knownTable.slots, in bits of a slot's
// number.
const knownBits = 12

// known is the knownTable of tagInfos, made when a page's places are
// first followed (knownOnce): a variable the program holds as it is,
// which allocates nothing at its start.
var (
	known     knownTable
	knownOnce sync.Once
)

// info returns the tagInfo of the name of the hash h.
func (t *knownTable) info(h uint64) tagInfo {
	if id := t.slots[(h*t.mult)>>(64-knownBits)]; id != 0 && t.names[id] == h {
		return t.infos[id]
	}
	return tagInfo{}
}

// fill makes t the knownTable of tagInfos.
func (t *knownTable) fill() {
	infos := tagInfos()
	for _, n := range infos {
		t.names[n.info.id], t.infos[n.info.id] = nameHash(n.name), n.info
	}
	for mult := uint64(0x9e3779b97f4a7c15); ; mult += 2 {
		clear(t.slots[:])
		t.mult = mult
		for id := 1; id <= len(infos); id++ {
			slot := &t.slots[(t.names[id]*mult)>>(64-knownBits)]
			if *slot != 0 {
				break
			}
			*slot = uint8(id)
			if id == len(infos) {
				return
			}
		}
	}
}

// namedInfo is a name places knows and its tagInfo.
type namedInfo struct {
	name string
	info tagInfo
}

// tagInfos returns the names places knows, each with its tagInfo, in
// the order of their ids: lookedUp's first.
func tagInfos() []namedInfo {
	const (
		special  = 1 << catSpecial
		listStop = special | 1<<catListStop
		scope    = 1 << catScope
		marker   = 1 << catMarker
	)
	byName := map[string]tagInfo{}
	set := func(info tagInfo, names ...string) {
		for _, n := range names {
			byName[n] = info
		}
	}
	set(tagInfo{}, "span", "em", "strong", "b", "i", "u", "s", "code", "small", "time", "label", "abbr", "sup", "sub",
		"mark", "cite", "q", "kbd", "samp", "var", "data", "bdi", "bdo", "font", "nobr", "tt", "big", "strike", "ruby",
		"picture", "svg", "path", "use", "g", "canvas", "video", "audio", "slot", "output", "progress", "meter",
		"legend", "ins", "del", "dfn", "map")
	// Special elements with no behaviour of their own here.
	set(tagInfo{cats: listStop}, "frameset", "iframe", "noembed", "noframes", "noscript", "script", "style", "template", "textarea", "title")
	set(tagInfo{cats: listStop, void: true}, "area", "base", "basefont", "bgsound", "br", "embed", "frame", "img", "keygen",
		"link", "meta", "param", "source", "track", "wbr")
	set(tagInfo{void: true}, "image") // read as <img>
	set(tagInfo{cats: listStop, void: true, closesP: true}, "hr")
	set(tagInfo{act: actIgnored, cats: listStop}, "html", "head", "body")
	set(tagInfo{act: actBlock, cats: listStop, closesP: true}, "article", "aside", "blockquote", "center", "details", "dir",
		"dl", "fieldset", "figcaption", "figure", "footer", "header", "hgroup", "main", "menu", "nav", "ol", "section", "summary", "ul",
		"pre", "listing", "form", "plaintext", "xmp")
	set(tagInfo{act: actBlock, cats: special, closesP: true}, "address", "div")
	set(tagInfo{act: actBlock, closesP: true}, "dialog", "search") // no special elements in x/net/html
	set(tagInfo{act: actP, cats: special, closesP: true}, "p")
	set(tagInfo{act: actLi, cats: listStop, closesP: true}, "li")
	set(tagInfo{act: actDdDt, cats: listStop, closesP: true}, "dd", "dt")
	set(tagInfo{act: actHeading, cats: listStop | 1<<catHeading, closesP: true}, "h1", "h2", "h3", "h4", "h5", "h6")
	set(tagInfo{act: actA}, "a")
	set(tagInfo{act: actButton, cats: listStop}, "button")
	set(tagInfo{act: actScoped, cats: listStop | scope | marker}, "applet", "marquee", "object")
	set(tagInfo{act: actSelect, cats: listStop | scope}, "select")
	set(tagInfo{act: actInput, cats: listStop, void: true}, "input")
	set(tagInfo{act: actTable, cats: listStop | scope, closesP: true}, "table")
	set(tagInfo{act: actSection, cats: listStop}, "tbody", "thead", "tfoot", "colgroup")
	set(tagInfo{act: actSection, cats: listStop | scope | marker}, "caption")
	set(tagInfo{act: actRow, cats: listStop}, "tr")
	set(tagInfo{act: actCell, cats: listStop | scope | marker}, "td", "th")
	set(tagInfo{act: actCol, cats: listStop, void: true}, "col")
	set(tagInfo{act: actOption}, "option", "optgroup")
	set(tagInfo{act: actRubyBase}, "rb", "rtc")
	set(tagInfo{act: actRubyText}, "rp", "rt")
	infos := make([]namedInfo, 0, len(byName))
	for _, n := range lookedUp {
		infos = append(infos, namedInfo{n, byName[n]})
		delete(byName, n)
	}
	for _, n := range slices.Sorted(maps.Keys(byName)) {
		infos = append(infos, namedInfo{n, byName[n]})
	}
	if len(infos) >= numKnown {
		panic("htmlhead: more names in tagInfos than numKnown")
	}
	for i := range infos {
		infos[i].info.id = uint8(i + 1)
	}
	return infos
}

// reset forgets the last page's elements.
func (p *places) reset() {
	knownOnce.Do(known.fill)
	p.tab = &known
	p.open = p.open[:0]
	for i := range p.known {
		p.known[i] = -1
	}
	clear(p.others)
	for c := range p.cats {
		p.cats[c] = p.cats[c][:0]
	}
	p.steps = 0
}

// start notes the start tag name and returns the place of what is
// directly inside it (of a link, the link's place).
func (p *places) start(name []byte) uint64 {
	h := nameHash(name)
	info := p.tab.info(h)
	p.steps++
	if n := len(p.open); n > 0 && p.open[n-1].id == idColgroup && info.act != actCol {
		p.closeAt(n - 1) // a column group holds columns only
	}
	switch info.act {
	case actIgnored:
		return p.placeIn(h)
	case actLi:
		if i := p.top(catListStop); i >= 0 && p.open[i].id == idLi {
			p.closeAt(i)
		}
	case actDdDt:
		if i := p.top(catListStop); i >= 0 && (p.open[i].id == idDd || p.open[i].id == idDt) {
			p.closeAt(i)
		}
	case actA:
		// An <a> ends the link it is in, unless a table's cell or
		// another marker is open inside that one; where a <select> is,
		// HTML only stops counting the link as open.
		if i := p.inner(idA); i > p.top(catScope) {
			p.closeAt(i)
		} else if i > p.top(catMarker) {
			p.forget(i)
		}
	case actButton:
		if i := p.inner(idButton); i >= 0 && i >= p.top(catScope) {
			p.closeAt(i)
		}
	case actSelect:
		if p.inSelect() {
			p.closeAt(p.inner(idSelect)) // a <select> in a <select> ends it, and opens none
			return p.placeIn(h)
		}
	case actInput:
		if p.inSelect() {
			p.closeAt(p.inner(idSelect))
		}
	case actTable:
		if t := p.inner(idTable); t >= 0 && p.top(catMarker) < t {
			p.closeAt(t) // a table in a table's rows, not in a cell, ends it
		}
	case actSection, actRow, actCell, actCol:
		t := p.inner(idTable)
		if t < 0 {
			return p.placeIn(h) // outside a table, HTML leaves it out
		}
		p.tableStructure(info.act, t)
	case actOption:
		switch n := len(p.open); {
		case p.inSelect() && info.id == idOption:
			p.closeImplied(idOptgroup)
		case p.inSelect():
			p.closeImplied(0)
		case n > 0 && p.open[n-1].id == idOption:
			p.closeAt(n - 1)
		}
	case actRubyBase, actRubyText:
		if i := p.inner(idRuby); i >= 0 && i >= p.top(catScope) {
			except := idRtc
			if info.act == actRubyBase {
				except = 0
			}
			p.closeImplied(except)
		}
	}
	if info.closesP {
		p.closeP()
	}
	if info.id == idHr && p.inSelect() {
		p.closeImplied(0)
	}
	if info.act == actHeading {
		if i := p.top(catHeading); i >= 0 && i == len(p.open)-1 {
			p.closeAt(i) // a heading in a heading ends it
		}
	}
	place := p.placeIn(h)
	if !info.void {
		p.push(h, place, info)
	}
	return place
}

// tableStructure closes and opens, for the start tag of a table's part
// (a row, a cell, a body or caption, a column) inside the table at
// index table, what HTML closes and implies: the cell or row before
// it, the table body a row is in, the row a cell is in.
func (p *places) tableStructure(act action, table int) {
	section := max(p.inner(idTbody), p.inner(idThead), p.inner(idTfoot))
	switch act {
	case actCell:
		if row := p.inner(idTr); row > table {
			p.closeAt(row + 1)
			return
		}
		fallthrough
	case actRow:
		if section > table {
			p.closeAt(section + 1)
		} else {
			p.closeAt(table + 1)
			p.pushImplied("tbody")
		}
		if act == actCell {
			p.pushImplied("tr")
		}
	case actSection:
		p.closeAt(table + 1)
	case actCol:
		p.closeAt(table + 1)
		p.pushImplied("colgroup")
	}
}

// pushImplied opens the element name that HTML implies.
func (p *places) pushImplied(name string) {
	h := nameHash(name)
	p.push(h, p.placeIn(h), p.tab.info(h))
}

// end notes the end tag name: it closes the innermost open element of
// that name, and those inside it, where HTML does.
func (p *places) end(name []byte) {
	h := nameHash(name)
	info := p.tab.info(h)
	p.steps++
	i := p.innerOf(info.id, h)
	switch info.act {
	case actIgnored:
	case actBlock, actButton, actScoped, actSelect, actDdDt:
		if i >= 0 && i >= p.top(catScope) {
			p.closeAt(i)
		}
	case actP:
		p.closeP()
	case actLi:
		if i >= 0 && i >= max(p.top(catScope), p.inner(idUl), p.inner(idOl)) {
			p.closeAt(i)
		}
	case actHeading:
		if j := p.top(catHeading); j >= 0 && j >= p.top(catScope) {
			p.closeAt(j) // any heading's end tag ends the heading
		}
	case actTable, actSection, actRow, actCell:
		if i >= 0 && i >= p.inner(idTable) {
			p.closeAt(i)
		}
	case actCol:
	default:
		if i >= 0 && i >= p.top(catSpecial) {
			p.closeAt(i)
		}
	}
}

// closeP closes an open paragraph, unless an element that bounds its
// scope is inside it.
func (p *places) closeP() {
	if i := p.inner(idP); i >= 0 && i > max(p.top(catScope), p.inner(idButton)) {
		p.closeAt(i)
	}
}

// closeImplied closes, from the innermost open element out, the
// elements whose end tag HTML implies (a paragraph's, an item's, an
// option's, a ruby text's) but those of the id except.
func (p *places) closeImplied(except uint8) {
	for n := len(p.open); n > 0; n-- {
		switch id := p.open[n-1].id; id {
		case idDd, idDt, idLi, idOptgroup, idOption, idP, idRb, idRp, idRt, idRtc:
			if id == except {
				return
			}
		default:
			return
		}
		p.closeAt(n - 1)
	}
}

// inSelect reports whether a <select> is open, no other element that
// bounds a scope inside it.
func (p *places) inSelect() bool {
	i := p.inner(idSelect)
	return i >= 0 && i == p.top(catScope)
}

// placeIn is the place of an element of the name h directly inside the
// innermost open element.
func (p *places) placeIn(h uint64) uint64 {
	parent := uint64(fnvOffset)
	if n := len(p.open); n > 0 {
		parent = p.open[n-1].place
	}
	// Boost's hash_combine: a place differs from its parent's, and from
	// the place of the same names in another order.
	return parent ^ (h + 0x9e3779b97f4a7c15 + parent<<6 + parent>>2)
}

// push opens an element of the name h, at place, unless maxPlaceDepth
// are open.
func (p *places) push(h, place uint64, info tagInfo) {
	if len(p.open) >= maxPlaceDepth {
		return
	}
	idx := int32(len(p.open))
	e := placeElem{name: h, place: place, outer: int32(p.innerOf(info.id, h)), id: info.id, cats: info.cats}
	p.setInner(e, idx)
	for c := range p.cats {
		if e.cats&(1<<c) != 0 {
			p.cats[c] = append(p.cats[c], idx)
		}
	}
	p.open = append(p.open, e)
}

// inner is the index of the innermost open element of the id of a name
// of tagInfos, -1 for none.
func (p *places) inner(id uint8) int {
	p.steps++
	return int(p.known[id])
}

// innerOf is the index of the innermost open element of the name of
// the id and hash h, -1 for none.
func (p *places) innerOf(id uint8, h uint64) int {
	if id != 0 {
		return p.inner(id)
	}
	p.steps++
	if i, ok := p.others[h]; ok {
		return int(i)
	}
	return -1
}

// setInner makes the open element at i the innermost of e's name, -1
// for none.
func (p *places) setInner(e placeElem, i int32) {
	switch {
	case e.id != 0:
		p.known[e.id] = i
	case i < 0:
		delete(p.others, e.name)
	default:
		if p.others == nil {
			p.others = make(map[uint64]int32)
		}
		p.others[e.name] = i
	}
}

// top is the index of the innermost open element of the category c, -1
// for none.
func (p *places) top(c int) int {
	if n := len(p.cats[c]); n > 0 {
		return int(p.cats[c][n-1])
	}
	return -1
}

// forget stops counting the open element at i, the innermost of its
// name and in no category, as open: no tag finds it, though it stays
// around the elements inside it until they close.
func (p *places) forget(i int) {
	e := &p.open[i]
	e.gone = true
	p.setInner(*e, e.outer)
}

// closeAt closes the open element at i and those inside it, and the
// elements forgotten around them.
func (p *places) closeAt(i int) {
	for len(p.open) > i || len(p.open) > 0 && p.open[len(p.open)-1].gone {
		p.steps++
		e := p.open[len(p.open)-1]
		p.open = p.open[:len(p.open)-1]
		if e.gone {
			continue // forget did the rest
		}
		p.setInner(e, e.outer)
		for c := range p.cats {
			if e.cats&(1<<c) != 0 {
				p.cats[c] = p.cats[c][:len(p.cats[c])-1]
			}
		}
	}
}
