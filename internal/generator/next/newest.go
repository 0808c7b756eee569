package next

// Whether a list page shows the newest of the posts its code reads.
// A page whose getStaticProps (or, in the app router, its default
// export) reads every post of a route's folder is a list of them (see
// [ListingPages]); its built page may link to them by <a>, or not at
// all (a heading's onClick). Where the markup says nothing, the code
// says which it shows: all of them, or the first of them in an order
// the code gives. It says so plainly in two cases, and showsNewest
// takes only those: the code cuts nothing from the list, or it sorts
// the list newest first before it cuts it and keeps its start. Any
// other cut, a filter on what the files hold, a find or a reverse: the
// code shows some of the posts, which ones its data say, and the newest
// of all is only an upper bound of what it shows. A date too new is as
// wrong as one too old, so such a page is not dated by its code.

import (
	"slices"

	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jscode"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// listOp is a call of the code of a list page that changes which
// entries it shows (a cut), or their order (a sort).
type listOp struct {
	scope int  // the index of its scope among the page's
	at    int  // its token
	start bool // a cut that keeps the list's start; a sort newest first
}

// before reports whether o runs before p: o is in a function p's code
// calls (a scope after p's), or before p in the same code.
func (o listOp) before(p listOp) bool {
	return o.scope > p.scope || o.scope == p.scope && o.at < p.at
}

// showsNewest reports whether the code of scopes (a list page's, as
// [codeReader.reach] returns it: the page's own code first, then the
// functions it calls) shows the newest of the posts it reads: it cuts
// nothing from the list, or the last sort before every cut (.slice,
// [N]) is newest first by a date and one cut keeps the list's start
// (.slice(0, N), [0]). A filter on anything but the files' names or a
// find says it may not.
func showsNewest(scopes []*scope) bool {
	var cuts, sorts []listOp
	for k, s := range scopes {
		t := s.m.Toks
		for i := s.d.Start; i+1 < s.d.End; i++ {
			switch tk := t[i]; {
			case tk.Is("[") && i > s.d.Start && s.m.Match[i] == i+2 && t[i+1].Kind == jsconfig.Number && indexed(s.m, i-1):
				cuts = append(cuts, listOp{scope: k, at: i, start: t[i+1].Text == "0"}) // posts[0]
			case !afterDot(t, i) || !t[i+1].Is("(") || s.m.Match[i+1] < 0:
			case tk.IsIdent("slice") || tk.IsIdent("splice") || tk.IsIdent("toSpliced"):
				if cutsExt(s.m, i+1) {
					continue // a name's extension cut off
				}
				args := s.m.Args(i + 1)
				start := tk.IsIdent("slice") && (len(args) == 0 || args[0][1]-args[0][0] == 1 && t[args[0][0]].Text == "0")
				cuts = append(cuts, listOp{scope: k, at: i, start: start})
			case tk.IsIdent("filter"):
				if !namesMarkdown(s, i+1, s.m.Match[i+1]) {
					return false // which posts it keeps, their data say
				}
			case tk.IsIdent("find") || tk.IsIdent("findLast"):
				return false
			case tk.IsIdent("sort") || tk.IsIdent("toSorted") || tk.IsIdent("reverse") || tk.IsIdent("toReversed"):
				args := s.m.Args(i + 1)
				newest := (tk.IsIdent("sort") || tk.IsIdent("toSorted")) && len(args) > 0 && newestFirst(s.m, args[0][0], args[0][1])
				sorts = append(sorts, listOp{scope: k, at: i, start: newest})
			}
		}
	}
	if len(cuts) == 0 {
		return true
	}
	sortedFirst := func(c listOp) bool {
		var last *listOp
		for i, s := range sorts {
			if s.before(c) && (last == nil || last.before(s)) {
				last = &sorts[i]
			}
		}
		return last != nil && last.start
	}
	return !slices.ContainsFunc(cuts, func(c listOp) bool { return !sortedFirst(c) }) &&
		slices.ContainsFunc(cuts, func(c listOp) bool { return c.start })
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

// datedKey matches a name that holds a date: date, publishedAt,
// pubDate, updated, lastmod, Date (new Date(a.date)).
var datedKey = lazyre.MustCompile(`(?i)date|time|publish|updated|modified|lastmod|created`)

// newestFirst reports whether the comparator a to b (a sort's argument)
// sorts newest first by a date of its two parameters: (x, y) => (x.date
// > y.date ? -1 : 1), (x, y) => new Date(y.date) - new Date(x.date),
// y.date.localeCompare(x.date), compareDesc(x.date, y.date), or a block
// whose first if compares them and returns.
func newestFirst(m *jscode.Module, a, b int) bool {
	t := m.Toks
	_, ps := m.Function(a, b)
	if len(ps) < 2 || ps[0] == "" || ps[1] == "" {
		return false
	}
	x, y := ps[0], ps[1]
	lo, hi, block, ok := funcBody(m, a, b)
	if !ok {
		return false
	}
	if block {
		// if (cond) return v, else the return after it.
		for i := lo; i+1 < hi; i++ {
			if !t[i].IsIdent("if") || !t[i+1].Is("(") || m.Match[i+1] < 0 {
				continue
			}
			close := m.Match[i+1]
			rs := returns(m, close+1, hi)
			if len(rs) == 0 {
				return false
			}
			return compared(m, i+2, close, rs[0], x, y)
		}
		rs := returns(m, lo, hi)
		if len(rs) != 1 {
			return false
		}
		lo, hi = rs[0][0], rs[0][1]
	}
	lo, hi = trimExpr(m, lo, hi)
	// cond ? v : w
	for i := lo; i < hi; i++ {
		if k := m.Match[i]; k > i {
			i = k
			continue
		}
		if t[i].Is("?") {
			return compared(m, lo, i, [2]int{i + 1, hi}, x, y)
		}
	}
	// y - x
	for i := lo; i < hi; i++ {
		if k := m.Match[i]; k > i {
			i = k
			continue
		}
		if t[i].Is("-") && i > lo {
			return order(m, lo, i, x, y) == 2 && order(m, i+1, hi, x, y) == 1 && dated(m, lo, hi)
		}
	}
	if hi-lo > 2 && t[hi-1].Is(")") && m.Match[hi-1] > lo {
		open := m.Match[hi-1]
		args := m.Args(open)
		switch fn := t[open-1]; {
		case fn.IsIdent("localeCompare") && len(args) >= 1:
			return order(m, lo, open, x, y) == 2 && order(m, args[0][0], args[0][1], x, y) == 1 && dated(m, lo, hi)
		case (fn.IsIdent("compareDesc") || fn.IsIdent("compareAsc")) && len(args) == 2:
			first := order(m, args[0][0], args[0][1], x, y)
			if fn.IsIdent("compareAsc") {
				first = 3 - first
			}
			return first == 1 && order(m, args[1][0], args[1][1], x, y)+first == 3 && dated(m, lo, hi)
		}
	}
	return false
}

// compared reports whether the condition lo to hi compares the two
// parameters x and y by a date (x.date > y.date) so that the value
// v it gives when true (a number, "-1") sorts newest first.
func compared(m *jscode.Module, lo, hi int, v [2]int, x, y string) bool {
	t := m.Toks
	lo, hi = trimExpr(m, lo, hi)
	for i := lo; i < hi; i++ {
		if k := m.Match[i]; k > i {
			i = k
			continue
		}
		greater := t[i].Is(">") || t[i].Is(">=")
		if !greater && !t[i].Is("<") && !t[i].Is("<=") {
			continue
		}
		left, right := order(m, lo, i, x, y), order(m, i+1, hi, x, y)
		if left+right != 3 || !dated(m, lo, hi) {
			return false
		}
		// true when x is the newer: greater with x on the left, or less
		// with x on the right.
		xNewer := greater == (left == 1)
		end := v[1]
		for j := v[0]; j < v[1]; j++ { // cond ? v : w
			if k := m.Match[j]; k > j {
				j = k
			} else if t[j].Is(":") {
				end = j
				break
			}
		}
		neg, ok := sign(m, v[0], end)
		return ok && neg == xNewer
	}
	return false
}

// order returns which of the parameters x and y the expression a to b
// reads: 1 for x, 2 for y, 0 for neither or both.
func order(m *jscode.Module, a, b int, x, y string) int {
	hasX, hasY := false, false
	for i := a; i < b; i++ {
		if m.Toks[i].Kind == jsconfig.Ident && !afterDot(m.Toks, i) {
			hasX = hasX || m.Toks[i].Text == x
			hasY = hasY || m.Toks[i].Text == y
		}
	}
	switch {
	case hasX && !hasY:
		return 1
	case hasY && !hasX:
		return 2
	}
	return 0
}

// dated reports whether the expression a to b reads a date: a name that
// holds one (a.date, new Date(…), b.metadata.publishedAt).
func dated(m *jscode.Module, a, b int) bool {
	for _, tk := range m.Toks[a:b] {
		if tk.Kind == jsconfig.Ident && datedKey().MatchString(tk.Text) {
			return true
		}
	}
	return false
}

// sign reports whether the expression a to b is a negative number
// (-1), or a positive one (1); ok is false for anything else.
func sign(m *jscode.Module, a, b int) (neg, ok bool) {
	t := m.Toks
	a, b = trimExpr(m, a, b)
	switch {
	case b-a == 1 && t[a].Kind == jsconfig.Number:
		return false, t[a].Text != "0"
	case b-a == 2 && t[a].Is("-") && t[a+1].Kind == jsconfig.Number:
		return true, t[a+1].Text != "0"
	}
	return false, false
}
