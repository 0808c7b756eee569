package sitemapfile

// The document type declaration. encoding/xml hands a <!DOCTYPE …> out
// whole and unread (an xml.Directive, its comments blanked), so a
// malformed one, which every XML parser refuses, passed. It is read here
// by XML 1.0's grammar (section 2.8, and the markup declarations of
// 3.2, 3.3, 4.2 and 4.7) with the well-formedness constraints that need
// no file besides the document: every character a Char, "&" in a literal
// a reference, no parameter-entity reference inside a declaration of the
// internal subset, one between declarations declared before it (unless
// an external subset or entity, which is not read, may declare it), and
// its replacement text declarations in turn. A replacement text that
// refers to parameter entities itself is not read further.

import (
	"bytes"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/sitemapgen/sitemapgen/internal/diag"
)

// checkDoctype says what keeps d, the text of a <!DOCTYPE …> declaration
// between "<!" and ">", from being well-formed, and at which byte; msg
// is "" when nothing does. deep says it was not read to its end: a
// content model nests deeper than maxDepth.
func checkDoctype(d []byte, maxDepth int) (at int, msg string, deep bool) {
	for i := 0; i < len(d); {
		r, n := utf8.DecodeRune(d[i:])
		if r == utf8.RuneError && n == 1 {
			return i, "a byte that is not UTF-8", false
		}
		if !isChar(r) {
			return i, fmt.Sprintf("character U+%04X, which XML does not allow", r), false
		}
		i += n
	}
	p := &dtdParser{s: d, pes: map[string]*paramEntity{}, maxDepth: maxDepth}
	p.doctype()
	return p.at, p.err, p.deep
}

// paramEntity is a parameter entity the DTD declares: its replacement
// text, or external (not read).
type paramEntity struct {
	value    []byte
	external bool
	read     bool   // its replacement text was read, as declarations
	err      string // what was wrong with it
}

// dtdParser reads a DOCTYPE declaration, or the replacement text of a
// parameter entity (inPE), and keeps the first error.
type dtdParser struct {
	s        []byte
	i        int
	inPE     bool
	external bool // an external subset or parameter entity, not read, may declare what follows
	pes      map[string]*paramEntity
	err      string
	at       int

	depth, maxDepth int  // groups of a content model open, and the most read
	deep            bool // past maxDepth
}

// fail notes the first error, at the current byte.
func (p *dtdParser) fail(format string, args ...any) {
	if p.err == "" {
		p.err, p.at = fmt.Sprintf(format, args...), min(p.i, len(p.s))
	}
}

// ok reports whether no error was found.
func (p *dtdParser) ok() bool { return p.err == "" }

// next says, for a message, what comes at the current byte.
func (p *dtdParser) next() string {
	if p.i >= len(p.s) {
		return "the end of the declaration"
	}
	rest := p.s[p.i:]
	if len(rest) > 16 {
		rest = rest[:16]
	}
	return strconv.Quote(diag.Excerpt(string(rest)))
}

// has reports whether s is at the current byte.
func (p *dtdParser) has(s string) bool { return bytes.HasPrefix(p.s[p.i:], []byte(s)) }

// expect reads s, or fails.
func (p *dtdParser) expect(s, what string) {
	if !p.ok() {
		return
	}
	if !p.has(s) {
		p.fail("want %s, not %s", what, p.next())
		return
	}
	p.i += len(s)
}

// space reads white space and reports whether there was any; required
// fails without it.
func (p *dtdParser) space(required bool, what string) bool {
	start := p.i
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n' || p.s[p.i] == '\r') {
		p.i++
	}
	if required && p.i == start {
		p.fail("want white space %s, not %s", what, p.next())
	}
	return p.i > start
}

// name reads an XML Name (nmtoken: a Nmtoken) and returns it.
func (p *dtdParser) name(what string, nmtoken bool) string {
	start := p.i
	for p.ok() && p.i < len(p.s) {
		r, n := utf8.DecodeRune(p.s[p.i:])
		if !isNameChar(r) || p.i == start && !nmtoken && !isNameStart(r) {
			break
		}
		p.i += n
	}
	if p.i == start {
		p.fail("want %s, not %s", what, p.next())
	}
	return string(p.s[start:p.i])
}

// doctype reads '<!DOCTYPE' S Name (S ExternalID)? S? ('[' intSubset ']' S?)?
func (p *dtdParser) doctype() {
	p.i = len("DOCTYPE")
	p.space(true, "after DOCTYPE")
	p.name("the root element's name", false)
	if p.space(false, "") && (p.has("SYSTEM") || p.has("PUBLIC")) {
		p.externalID(false, false)
		p.external = true
		p.space(false, "")
	}
	if p.ok() && p.has("[") {
		p.i++
		p.subset()
		p.expect("]", "] to close the internal subset")
		p.space(false, "")
	}
	if p.ok() && p.i < len(p.s) {
		p.fail("want > to end the declaration, not %s", p.next())
	}
}

// subset reads markup declarations, processing instructions, comments
// and parameter-entity references, up to "]" in the internal subset, to
// the end of a replacement text.
func (p *dtdParser) subset() {
	for p.ok() {
		p.space(false, "")
		switch {
		case p.i == len(p.s):
			if !p.inPE {
				p.fail("want ] to close the internal subset, not the end of the declaration")
			}
			return
		case p.has("]") && !p.inPE:
			return
		case p.has("%"):
			p.peRef()
		case p.has("<!ENTITY"):
			p.entityDecl()
		case p.has("<!ELEMENT"):
			p.declName("<!ELEMENT", "element")
			p.space(true, "after the element name")
			p.contentSpec()
			p.end("<!ELEMENT")
		case p.has("<!ATTLIST"):
			p.attlistDecl()
		case p.has("<!NOTATION"):
			p.declName("<!NOTATION", "notation")
			p.space(true, "after the notation name")
			p.externalID(true, false)
			p.end("<!NOTATION")
		case p.has("<!--"):
			end := bytes.Index(p.s[p.i+4:], []byte("--"))
			if end < 0 || !bytes.HasPrefix(p.s[p.i+4+end:], []byte("-->")) {
				p.fail("a comment not closed by -->")
				return
			}
			p.i += 4 + end + 3
		case p.has("<?"):
			p.pi()
		default:
			p.fail("want a declaration (<!ENTITY, <!ELEMENT, <!ATTLIST, <!NOTATION), a processing instruction, a comment or a parameter-entity reference, not %s", p.next())
		}
	}
}

// declName reads the start of a declaration: decl, white space, and the
// name of what it declares.
func (p *dtdParser) declName(decl, what string) {
	p.i += len(decl)
	p.space(true, "after "+decl)
	p.name("a name of the "+what, false)
}

// end reads S? '>', the end of the declaration decl.
func (p *dtdParser) end(decl string) {
	p.space(false, "")
	p.expect(">", "> to end "+decl)
}

// peRef reads a parameter-entity reference between declarations: one
// declared before, whose replacement text is declarations in turn.
func (p *dtdParser) peRef() {
	at := p.i
	p.i++
	name := p.name("a parameter entity's name after %", false)
	p.expect(";", "; to end the reference %"+diag.Excerpt(name))
	if !p.ok() {
		return
	}
	pe := p.pes[name]
	switch {
	case pe == nil && !p.external:
		p.i = at
		p.fail("parameter entity %%%s; is not declared before its reference", diag.Excerpt(name))
	case pe == nil || pe.external:
		p.external = true // not read: it may declare what follows
	default:
		if !pe.read && !bytes.ContainsRune(pe.value, '%') {
			pe.read = true
			sub := &dtdParser{s: pe.value, inPE: true, pes: p.pes, maxDepth: p.maxDepth}
			sub.subset()
			pe.err, p.deep = sub.err, sub.deep
		}
		if pe.err != "" {
			p.i = at
			p.fail("the replacement text of %%%s; is no declarations: %s", diag.Excerpt(name), pe.err)
		}
	}
}

// entityDecl reads '<!ENTITY' S ('%' S)? Name S (EntityValue |
// ExternalID NDataDecl?) S? '>'.
func (p *dtdParser) entityDecl() {
	p.i += len("<!ENTITY")
	p.space(true, "after <!ENTITY")
	param := p.has("%")
	if param {
		p.i++
		p.space(true, "after <!ENTITY %")
	}
	name := p.name("an entity name", false)
	p.space(true, "after the entity name")
	pe := &paramEntity{}
	if p.has(`"`) || p.has("'") {
		pe.value = p.quoted("the value of entity "+diag.Excerpt(name), '%', "a parameter-entity reference (%), which the internal subset allows only between declarations: write &#37; for a percent sign")
	} else {
		p.externalID(false, true)
		pe.external = true
		if p.space(false, "") && !param && p.has("NDATA") {
			p.i += len("NDATA")
			p.space(true, "after NDATA")
			p.name("a notation name", false)
		}
	}
	p.end("<!ENTITY")
	if param && p.ok() && p.pes[name] == nil { // the first declaration binds
		p.pes[name] = pe
	}
}

// quoted reads the literal at the current byte, of where (the value of
// an entity, an attribute's default), and returns what it stands for in
// a replacement text: character references replaced, entity references
// as written. "&" in it begins a reference; banned may not stand in it,
// as said says.
func (p *dtdParser) quoted(where string, banned byte, said string) []byte {
	q := p.s[p.i]
	p.i++
	var v []byte
	for p.ok() {
		switch {
		case p.i == len(p.s):
			p.fail("%s is not closed by %c", where, q)
		case p.s[p.i] == q:
			p.i++
			return v
		case p.s[p.i] == banned:
			p.fail("%s holds %s", where, said)
		case p.s[p.i] == '&':
			v = p.reference(v, where)
		default:
			v = append(v, p.s[p.i])
			p.i++
		}
	}
	return nil
}

// reference reads a reference in a literal of where, at "&", and
// appends to v what it stands for in an entity's replacement text: a
// character reference its character, an entity reference itself.
func (p *dtdParser) reference(v []byte, where string) []byte {
	start := p.i
	p.i++
	if p.has("#") {
		p.i++
		base := 10
		if p.has("x") {
			p.i, base = p.i+1, 16
		}
		end := bytes.IndexByte(p.s[p.i:], ';')
		n, err := strconv.ParseUint(string(p.s[p.i:p.i+max(end, 0)]), base, 32)
		if end < 0 || err != nil || !isChar(rune(n)) {
			p.i = start
			p.fail("%s holds a character reference that is to no XML character", where)
			return v
		}
		p.i += end + 1
		return utf8.AppendRune(v, rune(n))
	}
	r, _ := utf8.DecodeRune(p.s[p.i:])
	if isNameStart(r) {
		p.name("", false)
		if p.has(";") {
			p.i++
			return append(v, p.s[start:p.i]...)
		}
	}
	p.i = start
	p.fail(`"&" in %s begins no reference (&name; or &#number;): write &amp; for an ampersand`, where)
	return v
}

// externalID reads 'SYSTEM' S SystemLiteral | 'PUBLIC' S PubidLiteral
// S SystemLiteral; with public, a notation's, the system literal after
// PUBLIC may be left out. An entity's system identifier has no fragment
// (XML 1.0, section 4.2.2: libxml2 refuses one there, and takes one
// elsewhere).
func (p *dtdParser) externalID(public, entity bool) {
	system := func(byte) bool { return true }
	if entity {
		system = func(c byte) bool { return c != '#' }
	}
	switch {
	case p.has("SYSTEM"):
		p.i += len("SYSTEM")
		p.space(true, "after SYSTEM")
		p.literal("a system identifier", system)
	case p.has("PUBLIC"):
		p.i += len("PUBLIC")
		p.space(true, "after PUBLIC")
		p.literal("a public identifier", isPubidChar)
		if s := p.space(!public, "after the public identifier"); s && (p.has(`"`) || p.has("'")) || !public {
			p.literal("a system identifier", system)
		}
	default:
		p.fail("want SYSTEM or PUBLIC, not %s", p.next())
	}
}

// literal reads a quoted literal, each byte of it one allow takes.
func (p *dtdParser) literal(what string, allow func(byte) bool) {
	if !p.ok() {
		return
	}
	if !p.has(`"`) && !p.has("'") {
		p.fail("want %s in quotes, not %s", what, p.next())
		return
	}
	q := p.s[p.i]
	end := bytes.IndexByte(p.s[p.i+1:], q)
	if end < 0 {
		p.fail("%s not closed by %c", what, q)
		return
	}
	for j, c := range p.s[p.i+1 : p.i+1+end] {
		if !allow(c) {
			p.i += 1 + j
			p.fail("%s holds %q, which it may not", what, c)
			return
		}
	}
	p.i += end + 2
}

// contentSpec reads 'EMPTY' | 'ANY' | Mixed | children.
func (p *dtdParser) contentSpec() {
	switch {
	case p.has("EMPTY"):
		p.i += len("EMPTY")
	case p.has("ANY"):
		p.i += len("ANY")
	case p.has("("):
		p.i++
		p.space(false, "")
		if !p.has("#PCDATA") {
			p.group()
			return
		}
		p.i += len("#PCDATA")
		p.space(false, "")
		if p.has(")") {
			p.i++
			if p.has("*") {
				p.i++
			}
			return
		}
		for p.ok() {
			p.space(false, "")
			if p.has(")*") {
				p.i += 2
				return
			}
			p.expect("|", "| or )* in mixed content")
			p.space(false, "")
			p.name("an element name", false)
		}
	default:
		p.fail("want EMPTY, ANY or a content model in parentheses, not %s", p.next())
	}
}

// group reads the rest of a choice or sequence, after '(' S?, and its
// quantifier: content particles, all joined by "|" or all by ",".
func (p *dtdParser) group() {
	if p.depth++; p.depth > p.maxDepth {
		p.deep = true
		p.fail("a content model nested too deep")
		return
	}
	defer func() { p.depth-- }()
	var sep byte
	for p.ok() {
		if p.has("(") {
			p.i++
			p.space(false, "")
			p.group()
		} else {
			p.name("an element name or (", false)
			p.quantifier()
		}
		p.space(false, "")
		switch {
		case !p.ok():
		case p.has(")"):
			p.i++
			p.quantifier()
			return
		case p.has("|") || p.has(","):
			if sep != 0 && p.s[p.i] != sep {
				p.fail("a content model joins its particles all by | or all by ,, not both")
				return
			}
			sep = p.s[p.i]
			p.i++
			p.space(false, "")
		default:
			p.fail("want |, , or ) in a content model, not %s", p.next())
		}
	}
}

// quantifier reads an optional ?, * or +.
func (p *dtdParser) quantifier() {
	if p.has("?") || p.has("*") || p.has("+") {
		p.i++
	}
}

// attlistDecl reads '<!ATTLIST' S Name AttDef* S? '>'.
func (p *dtdParser) attlistDecl() {
	p.declName("<!ATTLIST", "element")
	for p.ok() {
		s := p.space(false, "")
		if p.has(">") {
			p.i++
			return
		}
		if !s {
			p.fail("want white space or > in <!ATTLIST, not %s", p.next())
			return
		}
		name := p.name("an attribute name", false)
		p.space(true, "after the attribute name")
		switch {
		case p.has("("):
			p.names(true)
		case p.ok():
			switch t := p.name("an attribute type", false); t {
			case "CDATA", "ID", "IDREF", "IDREFS", "ENTITY", "ENTITIES", "NMTOKEN", "NMTOKENS":
			case "NOTATION":
				p.space(true, "after NOTATION")
				p.names(false)
			default:
				p.fail("attribute %s has the type %s, which XML does not have", diag.Excerpt(name), diag.Excerpt(t))
			}
		}
		p.space(true, "after the attribute type")
		switch {
		case p.has("#REQUIRED"):
			p.i += len("#REQUIRED")
		case p.has("#IMPLIED"):
			p.i += len("#IMPLIED")
		default:
			if p.has("#FIXED") {
				p.i += len("#FIXED")
				p.space(true, "after #FIXED")
			}
			p.attValue(name)
		}
	}
}

// names reads '(' S? Name (S? '|' S? Name)* S? ')', of Nmtokens with
// nmtoken.
func (p *dtdParser) names(nmtoken bool) {
	p.expect("(", "(")
	for p.ok() {
		p.space(false, "")
		p.name("a name", nmtoken)
		p.space(false, "")
		if p.has(")") {
			p.i++
			return
		}
		p.expect("|", "| or )")
	}
}

// attValue reads the default value of attribute name: no "<" in it, and
// "&" a reference.
func (p *dtdParser) attValue(name string) {
	if !p.has(`"`) && !p.has("'") {
		p.fail("want #REQUIRED, #IMPLIED, #FIXED or a default value in quotes, not %s", p.next())
		return
	}
	p.quoted("the default value of attribute "+diag.Excerpt(name), '<', `"<": write &lt;`)
}

// pi reads a processing instruction: '<?' PITarget (S text)? '?>', its
// target not "xml" in any case.
func (p *dtdParser) pi() {
	p.i += len("<?")
	target := p.name("a processing instruction's target", false)
	if len(target) == 3 && bytes.EqualFold([]byte(target), []byte("xml")) {
		p.fail("an XML declaration inside the DOCTYPE: it may stand only at the start of the document")
		return
	}
	if !p.has("?>") {
		p.space(true, "after the processing instruction's target")
	}
	end := bytes.Index(p.s[p.i:], []byte("?>"))
	if !p.ok() || end < 0 {
		p.fail("a processing instruction not closed by ?>")
		return
	}
	p.i += end + 2
}

// isChar reports whether r is an XML Char.
func isChar(r rune) bool {
	return r == 0x9 || r == 0xA || r == 0xD || r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}

// isNameStart reports whether r may start an XML Name.
func isNameStart(r rune) bool {
	switch {
	case r == ':' || r == '_' || 'A' <= r && r <= 'Z' || 'a' <= r && r <= 'z':
		return true
	case r < 0xC0:
		return false
	}
	return r <= 0xD6 || r >= 0xD8 && r <= 0xF6 || r >= 0xF8 && r <= 0x2FF || r >= 0x370 && r <= 0x37D ||
		r >= 0x37F && r <= 0x1FFF || r >= 0x200C && r <= 0x200D || r >= 0x2070 && r <= 0x218F ||
		r >= 0x2C00 && r <= 0x2FEF || r >= 0x3001 && r <= 0xD7FF || r >= 0xF900 && r <= 0xFDCF ||
		r >= 0xFDF0 && r <= 0xFFFD || r >= 0x10000 && r <= 0xEFFFF
}

// isNameChar reports whether r may stand in an XML Name after its first
// character.
func isNameChar(r rune) bool {
	return isNameStart(r) || r == '-' || r == '.' || '0' <= r && r <= '9' || r == 0xB7 ||
		r >= 0x300 && r <= 0x36F || r >= 0x203F && r <= 0x2040
}

// isPubidChar reports whether c may stand in a public identifier.
func isPubidChar(c byte) bool {
	return c == ' ' || c == '\r' || c == '\n' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		bytes.IndexByte([]byte("-'()+,./:=?;!*#@$_%"), c) >= 0
}
