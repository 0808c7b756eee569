package next

// Whether a route's parameter is a file's name. A route whose code lists
// a folder of Markdown files is joined to those files only where its
// parameter is a file's name: the value its getStaticPaths or
// generateStaticParams gives the parameter is a name made from a file's
// (givesNames), or its page reads the Markdown file the parameter names
// (readsByParam). A tag page whose code lists every post and gives each
// post's tags as its parameter is no post's page, though a post may
// share a tag's name.
//
// The code is read as tokens, as the rest of this package reads it:
// what follows is a small account of which names hold a file's name,
// kept by name within the code a route runs, never a guess past it.

import (
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jscode"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// maxRounds bounds the passes over a route's code that spread what is
// known of its names, one assignment further each.
const maxRounds = 8

// nameFacts are what the code of a route says of its names: which hold
// a file's name without its extension, and which a list of such names.
type nameFacts struct {
	idents map[string]bool // variables and parameters bound to a file's name
	keys   map[string]bool // object keys given a file's name (slug: realSlug)
	lists  map[string]bool // variables bound to a list of files' names
	fns    map[*scope]bool // functions that return a list of files' names
	scopes []*scope        // the code read
	// callees are the scopes the code read calls, by the call.
	callees map[caller]*scope
	// known holds, within one round of learn, whether each expression
	// read is a list: a chain of calls is read once, each call's value
	// kept for the call after it.
	known map[span]bool
	// starts holds where the chain of calls before each "." starts
	// (chainStart).
	starts map[span]int
	// callbacks holds the first argument of each call a cut is found
	// in (callback), by the call's "(".
	callbacks map[span]callbackArg
	// steps counts the tokens the reading visits, a bound of its work
	// that tests check.
	steps int
	// entries says the lists are of a folder's entries, whatever each
	// holds (a post's data), not of their names (see newEntryFacts);
	// listKeys are then the object keys given such a list (props: {
	// posts }), which a destructuring gives the variable of its name.
	entries  bool
	listKeys map[string]bool
}

// span is a stretch of a module's tokens.
type span struct {
	m    *jscode.Module
	a, b int
}

// newNameFacts returns the facts of the code of scopes, none known yet.
func newNameFacts(scopes []*scope) *nameFacts {
	return &nameFacts{idents: map[string]bool{}, keys: map[string]bool{}, lists: map[string]bool{}, fns: map[*scope]bool{},
		scopes: scopes, callees: calleeIndex(scopes), starts: map[span]int{}}
}

// newEntryFacts returns the facts of the code of scopes, a list page's,
// of its lists of entries: a listing of a folder (readdirSync, a glob),
// and what keeps one a list of them (filter, sort, slice, map …), a
// variable, a key or a function's value bound to one, as
// [nameFacts.isList] reads them; the facts of names are not read.
func newEntryFacts(scopes []*scope) *nameFacts {
	f := newNameFacts(scopes)
	f.entries, f.listKeys = true, map[string]bool{}
	return f
}

// learnAll reads the code until it learns nothing more, or maxRounds
// times.
func (f *nameFacts) learnAll(holders brackets) {
	for range maxRounds {
		if !f.learn(holders) {
			break
		}
	}
}

// givesNames reports whether the code of scopes (a route's
// getStaticPaths or generateStaticParams and what it calls) gives its
// parameter param a file's name: a name made by cutting a Markdown
// extension off a file's name (f.replace(/\.md$/, ""), path.basename(f,
// '.md')), or a variable, a key or a list's element bound to such a
// name, through assignments, object keys, functions that return a list
// of names and callbacks over one.
func givesNames(scopes []*scope, param string) bool {
	f := newNameFacts(scopes)
	holders := brackets{}
	f.learnAll(holders)
	for _, s := range scopes {
		t := s.m.Toks
		for i := s.d.Start; i < s.d.End; i++ {
			if !t[i].IsIdent(param) || !holders.isKey(s, i) {
				continue
			}
			if t[i+1].Is(":") && f.isName(s, i+2, exprEnd(s.m, i+2, s.d.End)) || !t[i+1].Is(":") && f.idents[param] {
				return true
			}
		}
	}
	return false
}

// learn reads every scope once for names bound to a file's name or a
// list of them; it reports whether it learnt anything.
func (f *nameFacts) learn(holders brackets) bool {
	changed := false
	f.known = map[span]bool{}
	set := func(m map[string]bool, k string, v bool) {
		if v && !m[k] {
			m[k], changed = true, true
		}
	}
	for _, s := range f.scopes {
		t := s.m.Toks
		end := s.d.End
		f.steps += end - s.d.Start
		for i := s.d.Start; i < end; i++ {
			tk := t[i]
			switch {
			case tk.IsIdent("for") && i+1 < end && t[i+1].Is("(") && s.m.Match[i+1] > i:
				// for (const name of list)
				j, close := i+2, s.m.Match[i+1]
				if !f.entries && j+2 < close && (t[j].IsIdent("const") || t[j].IsIdent("let") || t[j].IsIdent("var")) && t[j+1].Kind == jsconfig.Ident && t[j+2].IsIdent("of") && f.isList(s, j+3, close) {
					set(f.idents, t[j+1].Text, true)
				}
			case tk.Kind == jsconfig.Ident && i+1 < end && !afterDot(t, i):
				if a, b, ok := assignedValue(s, i); ok {
					f.steps += b - a
					if !f.entries {
						set(f.idents, tk.Text, f.isName(s, a, b))
					}
					set(f.lists, tk.Text, f.isList(s, a, b))
				}
				switch {
				case !holders.isKey(s, i):
				case f.entries && t[i+1].Is(":"):
					set(f.listKeys, tk.Text, f.isList(s, i+2, exprEnd(s.m, i+2, end)))
				case f.entries:
					// { posts } gives the key the variable's list, and a
					// destructuring the variable the key's.
					set(f.listKeys, tk.Text, f.lists[tk.Text])
					if holders.destructures(s, i) {
						set(f.lists, tk.Text, f.listKeys[tk.Text])
					}
				default:
					if t[i+1].Is(":") {
						set(f.keys, tk.Text, f.isName(s, i+2, exprEnd(s.m, i+2, end)))
					} else {
						// A shorthand key: { slug } gives the key the
						// variable's value, and a destructuring the
						// variable the key's.
						set(f.keys, tk.Text, f.idents[tk.Text])
						if holders.destructures(s, i) {
							set(f.idents, tk.Text, f.keys[tk.Text])
						}
					}
				}
			case !f.entries && tk.Is(".") && i+2 < end && t[i+1].Kind == jsconfig.Ident && elementCall(t[i+1].Text) && t[i+2].Is("("):
				// list.map((name) => …): the callback's parameter is an
				// element of the list.
				args := s.m.Args(i + 2)
				if len(args) > 0 && f.chainList(s, f.chainStart(s.m, i, s.d.Start), i) {
					if p := firstParam(s.m, args[0][0], args[0][1]); p != "" {
						set(f.idents, p, true)
					}
				}
			}
		}
		if s.d.Func && !f.fns[s] && slices.ContainsFunc(declReturns(s.m, s.d), func(r [2]int) bool { return f.isList(s, r[0], r[1]) }) {
			f.fns[s], changed = true, true
		}
	}
	return changed
}

// elementCall reports whether name is an array method whose callback's
// first parameter is an element of the array.
func elementCall(name string) bool {
	switch name {
	case "map", "flatMap", "forEach", "filter", "find", "some", "every":
		return true
	}
	return false
}

// isName reports whether the expression a to b of s's module is a
// file's name without its extension.
func (f *nameFacts) isName(s *scope, a, b int) bool {
	m := s.m
	t := m.Toks
	f.steps += 1 + b - a
	a, b = trimExpr(m, a, b)
	switch {
	case a >= b:
		return false
	case b-a == 1:
		return t[a].Kind == jsconfig.Ident && f.idents[t[a].Text]
	case b-a > 3 && t[b-1].IsIdent("name") && t[b-2].Is(".") && t[b-3].Is(")") && m.Match[b-3] > a && t[m.Match[b-3]-1].IsIdent("parse"):
		return true // path.parse(f).name
	case t[b-1].Kind == jsconfig.Ident && (t[b-2].Is(".") || t[b-2].Is("?.")):
		return f.keys[t[b-1].Text] // post.slug
	case t[b-1].Is(")") && m.Match[b-1] > a:
		open := m.Match[b-1]
		if t[open-1].IsIdent("join") && open-3 > a && t[open-2].Is(".") && t[open-3].Is(")") && m.Match[open-3] > a {
			return splitsExt(m, m.Match[open-3]) // f.split(".md").join("")
		}
		return cutsExt(m, open)
	case b-a > 4 && t[b-1].Is("]") && m.Match[b-1] == b-3 && t[b-2].Text == "0" && t[b-4].Is(")") && m.Match[b-4] > a:
		return splitsExt(m, m.Match[b-4]) // f.split(".")[0]
	}
	return false
}

// splitsExt reports whether the call whose parentheses open at open
// splits a file's name at its extension: f.split(".md"), f.split(".").
func splitsExt(m *jscode.Module, open int) bool {
	t := m.Toks
	if open == 0 || !t[open-1].IsIdent("split") || m.Match[open] != open+2 {
		return false
	}
	arg := t[open+1]
	return arg.Kind == jsconfig.String && (arg.Text == "." || markdownExt.Get().MatchString(arg.Text))
}

// cutsExt reports whether the call whose parentheses open at open cuts
// a Markdown extension off a file's name: a method that cuts a string
// given the extension (replace, slice, substring …; or
// f.replace(path.extname(f), "")), or path.basename given one
// (path.basename(f, '.md'), path.basename(f, path.extname(f))).
func cutsExt(m *jscode.Module, open int) bool {
	t := m.Toks
	if open == 0 || t[open-1].Kind != jsconfig.Ident {
		return false
	}
	args := m.Args(open)
	switch t[open-1].Text {
	case "basename":
		return len(args) == 2
	case "replace", "replaceAll", "slice", "substring", "substr":
		for _, tk := range t[open+1 : m.Match[open]] {
			if (tk.Kind == jsconfig.String || tk.Kind == jsconfig.Regex) && markdownExt.Get().MatchString(tk.Text) || tk.IsIdent("extname") {
				return true
			}
		}
	}
	return false
}

// isList reports whether the expression a to b of s's module is a list
// of files' names: a list mapped to names (files.map((f) =>
// f.replace(/\.md$/, ""))), filtered, sorted or cut; a variable bound to
// one; a call of a function that returns one; an array of such lists
// spread.
func (f *nameFacts) isList(s *scope, a, b int) bool {
	f.steps += b - a
	a, b = trimExpr(s.m, a, b)
	return f.listOf(s, a, b)
}

// chainList is isList of a chain of calls and properties, the receiver
// of a call (files.filter(…) in files.filter(…).map): a chain has no
// await or type assertion of its own to trim, so that reading it reads
// only its last call, the chain before it known already.
func (f *nameFacts) chainList(s *scope, a, b int) bool {
	t := s.m.Toks
	for a < b && t[b-1].Is("!") {
		b--
	}
	if a < b && t[a].Is("(") && s.m.Match[a] == b-1 {
		return f.isList(s, a, b) // a group: (await x)
	}
	return f.listOf(s, a, b)
}

// listOf is isList of the expression a to b, trimmed. The calls of a
// chain that keep a list one (filter, sort, slice …) are taken off its
// end down to the first expression whose value is known or is no such
// call; that value is then each call's, kept for the round. So each
// call of a chain is read once a round, whatever the chain's length,
// and without a call in Go for each.
func (f *nameFacts) listOf(s *scope, a, b int) bool {
	var ends []int // the ends of the calls taken off
	v, known := false, false
	for {
		if x, ok := f.known[span{s.m, a, b}]; ok {
			v, known = x, true
			break
		}
		f.steps++
		recv, ok := f.keepsList(s.m, a, b)
		if !ok {
			break
		}
		ends = append(ends, b)
		t := s.m.Toks
		for b = recv; a < b && t[b-1].Is("!"); b-- {
		}
		if a < b && t[a].Is("(") && s.m.Match[a] == b-1 {
			v, known = f.isList(s, a, b), true // a group: (await x)
			break
		}
	}
	if !known {
		v = f.listBase(s, a, b)
		f.known[span{s.m, a, b}] = v
	}
	for _, e := range ends {
		f.known[span{s.m, a, e}] = v
	}
	return v
}

// keepsList returns, for the expression a to b that calls a method of
// a list that keeps it a list of the same names (filter, sort, toSorted,
// slice, reverse), or, of entries, of entries (map, toReversed too),
// where its receiver ends; ok is false for any other.
func (f *nameFacts) keepsList(m *jscode.Module, a, b int) (recv int, ok bool) {
	t := m.Toks
	if a >= b || !t[b-1].Is(")") || m.Match[b-1] <= a {
		return 0, false
	}
	fn := m.Match[b-1] - 1
	if t[fn].Kind != jsconfig.Ident || fn-1 <= a || !t[fn-1].Is(".") && !t[fn-1].Is("?.") {
		return 0, false
	}
	switch t[fn].Text {
	case "filter", "sort", "toSorted", "slice", "reverse":
		return fn - 1, true
	case "map", "toReversed":
		return fn - 1, f.entries
	}
	return 0, false
}

// listBase is listOf of an expression that is no call keepsList takes:
// a name, an array of lists spread, a list mapped to names, a call of a
// function that returns a list; of entries, a listing of a folder
// (fs.readdirSync(dir), glob.sync('posts/*.md')), Promise.all of a
// list, a key given one (props.posts).
func (f *nameFacts) listBase(s *scope, a, b int) bool {
	m := s.m
	t := m.Toks
	switch {
	case a >= b:
		return false
	case b-a == 1:
		return t[a].Kind == jsconfig.Ident && f.lists[t[a].Text]
	case f.entries && b-a > 2 && t[b-1].Kind == jsconfig.Ident && afterDot(t, b-1):
		return f.listKeys[t[b-1].Text]
	case t[a].Is("[") && m.Match[a] == b-1:
		// [...a, ...b]
		args := m.Args(a)
		return len(args) > 0 && !slices.ContainsFunc(args, func(x [2]int) bool {
			return !t[x[0]].Is("...") || !f.isList(s, x[0]+1, x[1])
		})
	case !t[b-1].Is(")") || m.Match[b-1] <= a:
		return false
	}
	open := m.Match[b-1]
	fn := open - 1
	switch {
	case t[fn].Kind != jsconfig.Ident:
		return false
	case f.entries && listsFolder(t[fn].Text):
		return true
	case f.entries && t[fn].IsIdent("all") && fn-2 == a && t[a].IsIdent("Promise"):
		args := m.Args(open)
		return len(args) == 1 && f.isList(s, args[0][0], args[0][1])
	}
	if fn-1 > a && (t[fn-1].Is(".") || t[fn-1].Is("?.")) {
		if t[fn].Text == "map" {
			args := m.Args(open)
			return len(args) > 0 && slices.ContainsFunc(callbackReturns(m, args[0][0], args[0][1]), func(r [2]int) bool { return f.isName(s, r[0], r[1]) })
		}
		if !(fn-2 == a && t[a].Kind == jsconfig.Ident) {
			return false // a method of another value
		}
		return f.fns[f.callees[caller{s, t[a].Text + "." + t[fn].Text}]] // ns.fn()
	}
	return fn == a && f.fns[f.callees[caller{s, t[fn].Text}]]
}

// calleeIndex returns the scopes of scopes that others of them call,
// by the call: the scope and the name it calls it by.
func calleeIndex(scopes []*scope) map[caller]*scope {
	out := map[caller]*scope{}
	for _, c := range scopes {
		for _, k := range c.callers {
			if _, ok := out[k]; !ok {
				out[k] = c
			}
		}
	}
	return out
}

// readsByParam reports whether the code of scopes (the page of a route:
// its getStaticProps, or the page's default export, and what it calls)
// reads a file whose path is made from the route's parameter param
// (params.slug, const { slug } = await params, passed on to a helper's
// parameter and joined to a folder), and whether that path names a
// Markdown file (`${slug}.md`).
func readsByParam(scopes []*scope, param string) (reads, markdown bool) {
	taint := map[*scope]map[string]uint8{}
	for _, s := range scopes {
		taint[s] = map[string]uint8{}
	}
	raise := func(s *scope, name string, lvl uint8) bool {
		if lvl > taint[s][name] {
			taint[s][name] = lvl
			return true
		}
		return false
	}
	holders := brackets{}
	callees := calleeIndex(scopes)
	for _, s := range scopes {
		for _, name := range holders.paramBindings(s, param) {
			raise(s, name, 1)
		}
	}
	for range maxRounds {
		changed := false
		for _, s := range scopes {
			t := s.m.Toks
			for i := s.d.Start; i < s.d.End; i++ {
				if t[i].Kind != jsconfig.Ident || afterDot(t, i) || i+1 >= s.d.End {
					continue
				}
				if a, b, ok := assignedValue(s, i); ok {
					changed = raise(s, t[i].Text, exprTaint(s, a, b, param, taint[s])) || changed
				}
				if !t[i+1].Is("(") && !(t[i+1].Is(".") && i+3 < s.d.End && t[i+2].Kind == jsconfig.Ident && t[i+3].Is("(")) {
					continue
				}
				open, at := i+1, t[i].Text
				if !t[i+1].Is("(") {
					open, at = i+3, at+"."+t[i+2].Text
				}
				args := s.m.Args(open)
				switch name := t[open-1].Text; {
				case readFn(name) || name == "import":
					if len(args) > 0 {
						if lvl := exprTaint(s, args[0][0], args[0][1], param, taint[s]); lvl > 0 {
							reads, markdown = true, markdown || lvl > 1
						}
					}
				default:
					// A helper given the parameter: its own parameter
					// holds it.
					c := callees[caller{s, at}]
					if c == nil {
						continue
					}
					for k, a := range args {
						if k < len(c.d.Params) && c.d.Params[k] != "" {
							changed = raise(c, c.d.Params[k], exprTaint(s, a[0], a[1], param, taint[s])) || changed
						}
					}
				}
			}
		}
		if !changed {
			break
		}
	}
	return reads, markdown
}

// readFn reports whether name is a function that reads a file by its
// path.
func readFn(name string) bool {
	return name == "readFileSync" || name == "readFile" || name == "read"
}

// paramBindings returns the names s binds to the route's parameter
// param by destructuring its params: const { slug } = await params,
// ({ params: { slug } }), { slug: s }.
func (h brackets) paramBindings(s *scope, param string) []string {
	var out []string
	t := s.m.Toks
	for i := s.d.Start; i < s.d.End; i++ {
		if !t[i].IsIdent(param) || !h.isKey(s, i) || !h.destructures(s, i) {
			continue
		}
		open := h.enclosing(s.m, i)
		fromParams := open >= 2 && t[open-1].Is(":") && t[open-2].IsIdent("params")
		if close := s.m.Match[open]; !fromParams && close+1 < s.d.End && t[close+1].Is("=") {
			for _, tk := range t[close+2 : exprEnd(s.m, close+2, s.d.End)] {
				fromParams = fromParams || tk.IsIdent("params")
			}
		}
		if !fromParams {
			continue
		}
		if t[i+1].Is(":") && i+2 < s.d.End && t[i+2].Kind == jsconfig.Ident {
			out = append(out, t[i+2].Text)
		} else {
			out = append(out, param)
		}
	}
	return out
}

// substitution matches a template literal's ${…}.
var substitution = lazyre.Regexp{Expr: `\$\{([^}]*)\}`}

// word matches a name in a template's substitution, with the names of
// the object it is a property of: params.slug, realSlug.
var word = lazyre.Regexp{Expr: `[\w$]+(?:\s*(?:\?\.|!\.|\.)\s*[\w$]+)*`}

// exprTaint returns how much of the parameter param the expression a to
// b of s's module holds: 0 none, 1 the parameter, 2 the parameter in a
// path that names a Markdown file; taint is what s's names hold.
func exprTaint(s *scope, a, b int, param string, taint map[string]uint8) uint8 {
	t := s.m.Toks
	var lvl uint8
	md := false
	raise := func(v uint8) {
		lvl = max(lvl, v)
	}
	for j := a; j < b; j++ {
		switch tk := t[j]; tk.Kind {
		case jsconfig.Ident:
			if !afterDot(t, j) {
				raise(taint[tk.Text])
			} else if tk.Text == param && ofParams(s.m, j) {
				raise(1)
			}
		case jsconfig.String, jsconfig.Regex:
			md = md || markdownExt.Get().MatchString(tk.Text)
		case jsconfig.Template:
			src := string(s.m.Src[tk.Pos:tk.End])
			md = md || markdownExt.Get().MatchString(substitution.Get().ReplaceAllString(src, ""))
			for _, sub := range substitution.Get().FindAllStringSubmatch(src, -1) {
				for _, w := range word.Get().FindAllString(sub[1], -1) {
					els := strings.FieldsFunc(w, func(r rune) bool { return r == '.' || r == '?' || r == '!' || r == ' ' })
					switch {
					case len(els) == 1:
						raise(taint[els[0]])
					case len(els) >= 2 && els[len(els)-1] == param && els[len(els)-2] == "params":
						raise(1)
					default:
						raise(taint[els[0]])
					}
				}
			}
		}
	}
	if lvl == 1 && md {
		lvl = 2
	}
	return lvl
}

// ofParams reports whether the property at i is one of the route's
// params: params.slug, params?.slug, params!.slug, (await props.params).slug.
func ofParams(m *jscode.Module, i int) bool {
	t := m.Toks
	k := i - 2
	if k >= 0 && t[k].Is("!") {
		k--
	}
	switch {
	case k < 0:
		return false
	case t[k].IsIdent("params"):
		return true
	case t[k].Is(")") && m.Match[k] >= 0:
		return slices.ContainsFunc(t[m.Match[k]:k], func(tk jscode.Token) bool { return tk.IsIdent("params") })
	}
	return false
}

// afterDot reports whether the token at i is a property: after "." or
// "?.".
func afterDot(t []jscode.Token, i int) bool {
	return i > 0 && (t[i-1].Is(".") || t[i-1].Is("?."))
}

// assigned returns where the value assigned to the name at i starts:
// name = value, const name: Type = value; ok is false where i is no
// name assigned to.
func assigned(s *scope, i int) (int, bool) {
	t := s.m.Toks
	end := s.d.End
	if i+1 >= end {
		return 0, false
	}
	if t[i+1].Is("=") {
		return i + 2, i+2 < end
	}
	if !t[i+1].Is(":") || i == 0 || !(t[i-1].IsIdent("const") || t[i-1].IsIdent("let") || t[i-1].IsIdent("var")) {
		return 0, false
	}
	for j := i + 2; j < end; j++ { // a type annotation
		switch {
		case s.m.Match[j] > j:
			j = s.m.Match[j]
		case t[j].Is("="):
			return j + 1, j+1 < end
		case t[j].Is(";") || t[j].Is(",") || t[j].Line > t[i].Line && stmtStart(t, j):
			return 0, false
		}
	}
	return 0, false
}

// assignedValue returns the expression a to b assigned to the name at
// i (see assigned). Of a chain of assignments, x = y = value, x is
// given the name y alone, whose value it takes a round later: so the
// chain is read once, not once for each of its names.
func assignedValue(s *scope, i int) (a, b int, ok bool) {
	a, ok = assigned(s, i)
	switch t := s.m.Toks; {
	case !ok:
		return 0, 0, false
	case a+1 < s.d.End && t[a].Kind == jsconfig.Ident && t[a+1].Is("="):
		return a, a + 1, true
	}
	return a, exprEnd(s.m, a, s.d.End), true
}

// brackets are, for each module read, the bracket that holds each of
// its tokens (see [brackets.enclosing]), found once.
type brackets map[*jscode.Module][]int

// enclosing returns the bracket of m that holds the token at i, -1 for
// none.
func (h brackets) enclosing(m *jscode.Module, i int) int {
	in, ok := h[m]
	if !ok {
		in = make([]int, len(m.Toks))
		var open []int
		for j := range m.Toks {
			in[j] = -1
			if n := len(open); n > 0 {
				in[j] = open[n-1]
			}
			switch k := m.Match[j]; {
			case k > j:
				open = append(open, j)
			case k >= 0 && k < j && len(open) > 0 && open[len(open)-1] == k:
				open = open[:len(open)-1]
				in[j] = -1
				if n := len(open); n > 0 {
					in[j] = open[n-1]
				}
			}
		}
		h[m] = in
	}
	return in[i]
}

// isKey reports whether the name at i is a key of an object literal or
// a destructuring: in braces, after "{" or ",", before ":", "," or "}".
func (h brackets) isKey(s *scope, i int) bool {
	t := s.m.Toks
	if i <= s.d.Start || i+1 >= s.d.End || !(t[i-1].Is("{") || t[i-1].Is(",")) || !(t[i+1].Is(":") || t[i+1].Is(",") || t[i+1].Is("}")) {
		return false
	}
	open := h.enclosing(s.m, i)
	return open >= 0 && t[open].Is("{")
}

// destructures reports whether the key at i is in a destructuring: its
// braces followed by "=" (const { slug } = post), or a function's
// parameter (({ slug }) => …, ({ params: { slug } }) => …, typed: ({
// posts }: Props) => …).
func (h brackets) destructures(s *scope, i int) bool {
	t := s.m.Toks
	for open := h.enclosing(s.m, i); open >= 0 && t[open].Is("{"); {
		close := s.m.Match[open]
		switch {
		case close+1 < len(t) && t[close+1].Is("="):
			return true
		case close+2 < len(t) && t[close+1].Is(")") && (t[close+2].Is("=>") || t[close+2].Is("{") || t[close+2].Is(":")):
			return true
		case close+1 < len(t) && t[close+1].Is(":") && open > 0 && (t[open-1].Is("(") || t[open-1].Is(",")):
			// A parameter with a type: the brackets around it are a
			// function's parameters.
			p := h.enclosing(s.m, open)
			if p < 0 || !t[p].Is("(") {
				return false
			}
			end := s.m.Match[p] + 1
			return end < len(t) && (t[end].Is("=>") || t[end].Is("{") || t[end].Is(":"))
		case open >= 2 && t[open-1].Is(":") && t[open-2].Kind == jsconfig.Ident:
			open = h.enclosing(s.m, open) // { params: { slug } }
		default:
			return false
		}
	}
	return false
}

// stmtKeyword reports whether name is a keyword that starts a
// statement: on a new line, one ends the expression before it.
func stmtKeyword(name string) bool {
	switch name {
	case "const", "let", "var", "return", "if", "for", "while", "export", "function", "throw", "switch", "try":
		return true
	}
	return false
}

// stmtStart reports whether the token at j starts a statement.
func stmtStart(t []jscode.Token, j int) bool {
	return t[j].Kind == jsconfig.Ident && stmtKeyword(t[j].Text)
}

// exprEnd returns where the expression that starts at i ends, before
// end: at a ",", a ";", a bracket it did not open, or a statement on a
// later line.
func exprEnd(m *jscode.Module, i, end int) int {
	t := m.Toks
	for j := i; j < end; j++ {
		if k := m.Match[j]; k > j {
			j = k
			continue
		}
		switch tk := t[j]; {
		case tk.Is(",") || tk.Is(";") || tk.Is(")") || tk.Is("]") || tk.Is("}"):
			return j
		case j > i && tk.Line > t[j-1].Line && stmtStart(t, j):
			return j
		}
	}
	return end
}

// trimExpr returns the expression a to b without what does not change
// its value: await, the parentheses around it, a final "!" or ";", a
// type assertion (as Post).
func trimExpr(m *jscode.Module, a, b int) (int, int) {
	t := m.Toks
	for a < b {
		switch {
		case t[a].IsIdent("await"):
			a++
		case t[b-1].Is(";") || t[b-1].Is("!"):
			b--
		case t[a].Is("(") && m.Match[a] == b-1:
			a, b = a+1, b-1
		default:
			for j := a + 1; j < b; j++ {
				if k := m.Match[j]; k > j {
					j = k
				} else if t[j].IsIdent("as") || t[j].IsIdent("satisfies") {
					return a, j
				}
			}
			return a, b
		}
	}
	return a, b
}

// chainStart returns where the chain of calls and properties that ends
// before the "." at i starts (files.filter(…) in files.filter(…).map),
// not before lo. The start found is kept for each "." the walk passes,
// whose chain starts there too: each "." of a long chain is walked past
// once.
func (f *nameFacts) chainStart(m *jscode.Module, i, lo int) int {
	t := m.Toks
	passed := []int{i}
	start := lo
	j := i - 1
walk:
	for j >= lo {
		f.steps++
		switch tk := t[j]; {
		case (tk.Is(")") || tk.Is("]")) && m.Match[j] >= lo && m.Match[j] < j:
			j = m.Match[j] - 1
			if j < lo || !(t[j].Kind == jsconfig.Ident && !stmtKeyword(t[j].Text) && !t[j].IsIdent("await") || t[j].Is(")") || t[j].Is("]") || t[j].Is("!")) {
				start = j + 1 // a group or an array: (await x), [...a]
				break walk
			}
		case tk.Is("!"):
			j--
		case tk.Kind == jsconfig.Ident || tk.Kind == jsconfig.String:
			if j-1 >= lo && (t[j-1].Is(".") || t[j-1].Is("?.")) {
				if k, ok := f.starts[span{m, j - 1, lo}]; ok {
					start = k
					break walk
				}
				passed = append(passed, j-1)
				j -= 2
				continue
			}
			start = j
			if stmtKeyword(tk.Text) || tk.IsIdent("await") || tk.IsIdent("new") || tk.IsIdent("typeof") {
				start = j + 1
			}
			break walk
		default:
			start = j + 1
			break walk
		}
	}
	for _, p := range passed {
		f.starts[span{m, p, lo}] = start
	}
	return start
}

// firstParam returns the name of the first parameter of the function
// expression a to b ((f) => …, f => …, function (f) {…}); "" for none
// or a destructured one.
func firstParam(m *jscode.Module, a, b int) string {
	if _, ps := m.Function(a, b); len(ps) > 0 {
		return ps[0]
	}
	return ""
}

// callbackReturns returns the values the function expression a to b
// returns: an arrow's expression, or its own return statements.
func callbackReturns(m *jscode.Module, a, b int) [][2]int {
	lo, hi, block, ok := funcBody(m, a, b)
	switch {
	case !ok:
		return nil
	case !block:
		return [][2]int{{lo, hi}}
	}
	return returns(m, lo, hi)
}

// funcBody is jscode's Body of the function expression a to b, an
// arrow's expression to its end.
func funcBody(m *jscode.Module, a, b int) (lo, hi int, block, ok bool) {
	lo, hi, block, ok = m.Body(a, b)
	if ok && !block {
		hi = exprEnd(m, lo, hi)
	}
	return lo, hi, block, ok
}

// declReturns returns the values the function of the top-level
// declaration d returns (function NAME (…) {…}, const NAME = (…) =>
// …): an arrow's expression, or its own return statements.
func declReturns(m *jscode.Module, d jscode.Decl) [][2]int {
	t := m.Toks
	for i := d.Start; i < d.End; i++ {
		if t[i].IsIdent("function") {
			return callbackReturns(m, i, d.End)
		}
		if t[i].Is("=") {
			return callbackReturns(m, i+1, d.End)
		}
	}
	return nil
}

// returns returns the values of the return statements of the function
// body lo to hi, not those of the functions inside it.
func returns(m *jscode.Module, lo, hi int) [][2]int {
	t := m.Toks
	var out [][2]int
	for i := lo; i < hi; i++ {
		switch {
		case t[i].Is("=>") && i+1 < hi && t[i+1].Is("{") && m.Match[i+1] > i:
			i = m.Match[i+1] // an arrow's body
		case t[i].IsIdent("function"):
			for i < hi && !t[i].Is("{") {
				if k := m.Match[i]; k > i {
					i = k
				}
				i++
			}
			if i < hi && m.Match[i] > i {
				i = m.Match[i]
			}
		case t[i].IsIdent("return") && i+1 < hi && t[i+1].Line == t[i].Line:
			out = append(out, [2]int{i + 1, exprEnd(m, i+1, hi)})
		}
	}
	return out
}
