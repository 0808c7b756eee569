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
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jscode"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
)

// cuts are the array methods that leave out some of a list's entries,
// or pick one.
var cuts = map[string]bool{"slice": true, "splice": true, "toSpliced": true, "at": true, "shift": true, "pop": true, "find": true, "findLast": true}

// showsAll reports whether the code of scopes (a list page's, as
// [codeReader.reach] returns it: the page's own code and the functions
// it calls) shows every post it reads: nothing in it cuts a list
// (.slice, .splice, .at, [N], .find …) or filters one on anything but
// the files' names (.filter((f) => f.endsWith('.md'))). A sort changes
// no post shown.
func showsAll(scopes []*scope) bool {
	for _, s := range scopes {
		t := s.m.Toks
		for i := s.d.Start; i+1 < s.d.End; i++ {
			switch tk := t[i]; {
			case tk.Is("[") && i > s.d.Start && s.m.Match[i] == i+2 && t[i+1].Kind == jsconfig.Number && indexed(s.m, i-1):
				return false // posts[0]
			case !afterDot(t, i) || !t[i+1].Is("(") || s.m.Match[i+1] < 0:
			case cuts[tk.Text]:
				if !tk.IsIdent("slice") || !cutsExt(s.m, i+1) {
					return false // not a name's extension cut off
				}
			case tk.IsIdent("filter"):
				if !namesMarkdown(s, i+1, s.m.Match[i+1]) {
					return false // which posts it keeps, their data say
				}
			}
		}
	}
	return true
}

// indexed reports whether the token at i, before a "[", is a list that
// is indexed: a name (posts[0]) or a call's result, but not a split's
// (a name's part, f.split('.')[0]), nor a keyword (return [0]).
func indexed(m *jscode.Module, i int) bool {
	t := m.Toks
	switch {
	case t[i].Kind == jsconfig.Ident:
		return !stmtKeywords[t[i].Text] && !t[i].IsIdent("await") && !t[i].IsIdent("in") && !t[i].IsIdent("of") && !t[i].IsIdent("case")
	case t[i].Is(")") && m.Match[i] > 0:
		return !m.Toks[m.Match[i]-1].IsIdent("split")
	}
	return false
}
