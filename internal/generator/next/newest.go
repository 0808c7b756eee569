package next

// Whether a list page shows every post its code reads. A page whose
// getStaticProps (or, in the app router, its default export) reads
// every post of a route's folder is a list of them (see [ListingPages]);
// its built page may link to them by <a>, or not at all (a heading's
// onClick). Where the markup says nothing, the code may: a page whose
// code cuts nothing from the list shows every post, so the newest of
// them too, and is as new as the newest. A page that cuts the list
// shows some of the posts, which ones their data say: sorted newest
// first by a date, the first three by that date are told apart from
// the rest only by reading each post's date as the code does, and the
// newest post by lastmod (an updated key, a later commit) may be one it
// leaves out. A date too new is as wrong as one too old, so such a page
// is not dated by its code.

import (
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jscode"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
)

// cutNames are the array methods that leave out some of a list's
// entries, or pick one. An array of strings is laid out in the program,
// not built at its start.
var cutNames = [...]string{"slice", "splice", "toSpliced", "at", "shift", "pop", "find", "findLast"}

// cutsList reports whether name is one of cutNames.
func cutsList(name string) bool {
	return slices.Contains(cutNames[:], name)
}

// showsAll reports whether the code f reads (a list page's, as
// [codeReader.reach] returns it: the page's own code and the functions
// it calls; see newEntryFacts) shows every post it reads. Nothing in it
// may cut a list (.slice, .splice, .at, [N], .find …) or filter one on
// anything but the files' names (.filter((f) => f.endsWith('.md'))). A
// sort changes no post shown. A cut of a post's own value in a callback
// over the posts (posts.map((p) => p.date.slice(0, 10))) leaves out no
// post either; a cut of anything else may.
func (f *nameFacts) showsAll() bool {
	holders := brackets{}
	f.learnAll(holders)
	f.known = map[span]bool{}
	for _, s := range f.scopes {
		t := s.m.Toks
		for i := s.d.Start; i+1 < s.d.End; i++ {
			cut, recv := false, i-1 // the receiver ends before the "." at i-1
			switch tk := t[i]; {
			case tk.Kind == jsconfig.Regex && i > s.d.Start && t[i-1].Is("<") && hidesCut(tk.Text):
				// A closing tag of JSX followed by code on its line
				// (</h1>{posts.slice(0, 3)…}) is read as a regular
				// expression up to the next "/": a cut it hides is not
				// read, so it may cut the list.
				return false
			case tk.Is("[") && i > s.d.Start && s.m.Match[i] == i+2 && t[i+1].Kind == jsconfig.Number && indexed(s.m, i-1):
				cut, recv = true, i // posts[0]
			case !afterDot(t, i) || !t[i+1].Is("("):
			case s.m.Match[i+1] < 0:
				// A call whose parenthesis closes in code hidden that
				// way: what it is given is not read.
				if cutsList(tk.Text) || tk.IsIdent("filter") {
					return false
				}
			case cutsList(tk.Text):
				cut = !tk.IsIdent("slice") || !cutsExt(s.m, i+1) // not a name's extension cut off
			case tk.IsIdent("filter"):
				cut = !namesMarkdown(s, i+1, s.m.Match[i+1]) // which posts it keeps, their data say
			}
			if cut && !f.ofEntry(s, holders, f.chainStart(s.m, recv, s.d.Start)) {
				return false
			}
		}
	}
	return true
}

// ofEntry reports whether the name at k, where a chain of calls and
// properties starts, is an entry of a list of entries: the parameter of
// a callback over one (posts.map((p) => p.date.slice(0, 10)), a sort's
// comparator), found in the brackets around k, the innermost first.
func (f *nameFacts) ofEntry(s *scope, holders brackets, k int) bool {
	m := s.m
	t := m.Toks
	if t[k].Kind != jsconfig.Ident || f.lists[t[k].Text] {
		return false
	}
	for o := holders.enclosing(m, k); o > s.d.Start; o = holders.enclosing(m, o) {
		f.steps++
		if !t[o].Is("(") || t[o-1].Kind != jsconfig.Ident || !afterDot(t, o-1) {
			continue
		}
		n := 1 // the parameters that are entries
		switch method := t[o-1].Text; {
		case method == "sort" || method == "toSorted":
			n = 2
		case !elementCall(method):
			continue
		}
		c := f.callback(m, o)
		if k < c.a || k >= c.b || !slices.Contains(c.params[:min(n, len(c.params))], t[k].Text) {
			continue
		}
		return f.chainList(s, f.chainStart(m, o-2, s.d.Start), o-2)
	}
	return false
}

// callbackArg is the first argument of a call, from a to b (b == a for
// none), and the parameters of the function given there.
type callbackArg struct {
	a, b   int
	params []string
}

// callback returns the first argument of the call whose parentheses
// open at o in m. Each call is read once: every cut in its callback
// asks for it, and reading it again for each made 32,000 cuts in one
// callback (416 KB) cost 10 seconds (issue 99).
func (f *nameFacts) callback(m *jscode.Module, o int) callbackArg {
	if c, ok := f.callbacks[span{m, o, o}]; ok {
		return c
	}
	// The first argument ends at the first comma outside brackets, as
	// Module.Args splits them, each bracket passed over whole.
	c := callbackArg{a: o + 1, b: o + 1}
	for end := m.Match[o]; c.b < end && !m.Toks[c.b].Is(","); c.b++ {
		f.steps++
		if k := m.Match[c.b]; k > c.b {
			c.b = k
		}
	}
	if c.b > c.a {
		_, c.params = m.Function(c.a, c.b)
	}
	if f.callbacks == nil {
		f.callbacks = map[span]callbackArg{}
	}
	f.callbacks[span{m, o, o}] = c
	return c
}

// hidesCut reports whether text, code read as a regular expression,
// holds what may cut a list: a call of a method that cuts one or
// filters it (.slice(, .filter(), or an index ([0]).
func hidesCut(text string) bool {
	for _, name := range cutNames {
		if strings.Contains(text, "."+name+"(") {
			return true
		}
	}
	for rest := text; ; {
		i := strings.IndexByte(rest, '[')
		if i < 0 {
			break
		}
		if rest = rest[i+1:]; rest != "" && '0' <= rest[0] && rest[0] <= '9' {
			return true
		}
	}
	return strings.Contains(text, ".filter(")
}

// indexed reports whether the token at i, before a "[", is a list that
// is indexed: a name (posts[0]) or a call's result, but not a split's
// (a name's part, f.split('.')[0]), nor a keyword (return [0]).
func indexed(m *jscode.Module, i int) bool {
	t := m.Toks
	switch {
	case t[i].Kind == jsconfig.Ident:
		return !stmtKeyword(t[i].Text) && !t[i].IsIdent("await") && !t[i].IsIdent("in") && !t[i].IsIdent("of") && !t[i].IsIdent("case")
	case t[i].Is(")") && m.Match[i] > 0:
		return !m.Toks[m.Match[i]-1].IsIdent("split")
	}
	return false
}
