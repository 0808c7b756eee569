package astro

// The parameters a collection's route makes from each entry. A route
// such as pages/[...lang]/guides/[slug].astro gives each entry's page
// its parameters in getStaticPaths:
//
//	return guides.map((guide) => ({
//	  params: { lang: guide.id.split(".")[1], slug: guide.id.split(".")[0] },
//	  props: { guide },
//	}));
//
// Each parameter is read here as what it takes of the entry (its id, its
// slug, a key of its data) and the string methods it calls on it, which
// sitemapgen then applies to each entry's file, as Astro would. Any
// other value is not known, and the route joins no entry.

import (
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jscode"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// Param is how a route makes one of its parameters from an entry of its
// collection: a field of the entry, then string methods on it.
type Param struct {
	// Field is "id", "slug", or "data." and a key of the entry's front
	// matter ("data.lang").
	Field string
	// Steps are the methods called on the field's value, in order.
	Steps []Step
}

// Step is one string method a parameter calls: split(Sep)[Index],
// replace(Old or Re, With), toLowerCase().
type Step struct {
	// Op is "split", "replace" or "lower".
	Op string
	// Sep and Index are split's separator and the element taken.
	Sep   string
	Index int
	// Old is the string replace replaces, its first occurrence; Re,
	// when set, the regular expression it replaces instead, All for
	// its flag g. With is the replacement.
	Old  string
	Re   *regexp.Regexp
	All  bool
	With string
}

// String returns the parameter as the route writes it, for tests and
// messages: id.split(".")[1].
func (p Param) String() string {
	var b strings.Builder
	b.WriteString(p.Field)
	for _, s := range p.Steps {
		switch s.Op {
		case "split":
			b.WriteString(".split(" + strconv.Quote(s.Sep) + ")[" + strconv.Itoa(s.Index) + "]")
		case "replace":
			old := strconv.Quote(s.Old)
			if s.Re != nil {
				old = "/" + s.Re.String() + "/"
				if s.All {
					old += "g"
				}
			}
			b.WriteString(".replace(" + old + ", " + strconv.Quote(s.With) + ")")
		case "lower":
			b.WriteString(".toLowerCase()")
		}
	}
	return b.String()
}

// dataKey returns the front matter key of a parameter of the entry's
// data, "" for another field.
func (p Param) dataKey() string {
	k, _ := strings.CutPrefix(p.Field, "data.")
	if k == p.Field {
		return ""
	}
	return k
}

// value returns the parameter's value for the entry at rel (relative to
// its collection's folder), whose page is p; ok is false for undefined
// (a field the entry has not, an element split does not give). legacy
// says the collection is defined without a loader: Astro 4's, and Astro
// 5's emulation of them, whose entry's id is its file's path and its
// slug the glob loader's id; else its id is that, and it has no slug.
func (pr Param) value(rel string, p generator.Page, legacy bool) (string, bool) {
	var v string
	switch key := pr.dataKey(); {
	case pr.Field == "id" && legacy:
		v = rel
	case pr.Field == "id" || pr.Field == "slug" && legacy:
		v = p.Slug
		if v == "" {
			v = srcpath.EntryID(rel)
		}
	case key != "":
		vals := p.Terms[strings.ToLower(key)]
		if len(vals) != 1 {
			return "", false // none, or a list: no parameter of one page
		}
		v = vals[0]
	default:
		return "", false
	}
	for _, s := range pr.Steps {
		switch s.Op {
		case "split":
			parts := strings.Split(v, s.Sep)
			if s.Index >= len(parts) {
				return "", false
			}
			v = parts[s.Index]
		case "replace":
			switch {
			case s.Re == nil:
				v = strings.Replace(v, s.Old, s.With, 1)
			case s.All:
				v = s.Re.ReplaceAllLiteralString(v, s.With)
			default:
				if at := s.Re.FindStringIndex(v); at != nil {
					v = v[:at[0]] + s.With + v[at[1]:]
				}
			}
		case "lower":
			v = srcpath.JSLower(v)
		}
	}
	return v, true
}

// routeParam matches a path element of a route that is one parameter:
// [slug], [...rest].
var routeParam = lazyre.MustCompile(`^\[(\.\.\.)?([A-Za-z_$][\w$]*)\]$`)

// routePath returns the URL path of a route's page: each element of
// route ("/[...lang]/guides/[slug]") with the value of its parameter. A
// rest parameter ([...lang]) undefined or empty leaves its element out;
// another ([slug]) must be a name, without "/". ok is false when a value
// is missing or not such a path.
func routePath(route string, value func(name string) (string, bool)) (string, bool) {
	els := strings.Split(route, "/")
	out := make([]string, 0, len(els))
	for _, el := range els {
		m := routeParam().FindStringSubmatch(el)
		if m == nil {
			out = append(out, el)
			continue
		}
		v, ok := value(m[2])
		rest := m[1] != ""
		switch {
		case rest && (!ok || v == ""):
			continue
		case !ok || v == "" || !rest && strings.Contains(v, "/"):
			return "", false
		}
		for _, part := range strings.Split(v, "/") {
			if part == "" || part == "." || part == ".." {
				return "", false // Astro would write another folder
			}
		}
		out = append(out, v)
	}
	u := path.Clean("/" + strings.Join(out, "/"))
	if strings.HasSuffix(route, "/") && u != "/" {
		u += "/" // a folder's index.astro
	}
	return u, true
}

// entryParams reads the parameters getStaticPaths (d, of the route's
// module m) gives each entry: its one params object, whose every value
// is a field of one variable, the parameter of the function it is in
// (guides.map((guide) => ({ params: { … } }))), with the string methods
// of [Param]. names are the route's parameters, every one of which it
// must give, and no other. ok is false for any other code.
func entryParams(m *jscode.Module, d jscode.Decl, names []string) (map[string]Param, bool) {
	t := m.Toks
	obj := -1
	for i := d.Start; i+2 < d.End; i++ {
		if t[i].IsIdent("params") && t[i+1].Is(":") && t[i+2].Is("{") && (i == 0 || !t[i-1].Is(".")) {
			if obj >= 0 {
				return nil, false // two objects: which entry has which is not known
			}
			obj = i + 2
		}
	}
	if obj < 0 || m.Match[obj] < obj {
		return nil, false
	}
	params := map[string]Param{}
	entry := ""
	for _, a := range m.Args(obj) {
		s, e := a[0], a[1]
		if e-s < 3 || t[s].Kind != jsconfig.Ident && t[s].Kind != jsconfig.String || !t[s+1].Is(":") {
			return nil, false // { slug }: a name bound elsewhere
		}
		v, p, ok := readParam(m, s+2, e)
		if !ok || entry != "" && v != entry {
			return nil, false
		}
		entry = v
		params[t[s].Text] = p
	}
	if len(params) != len(names) {
		return nil, false
	}
	for _, n := range names {
		if _, ok := params[n]; !ok {
			return nil, false
		}
	}
	if !boundBefore(m, d.Start, obj, entry) {
		return nil, false
	}
	return params, true
}

// boundBefore reports whether the code of m from s to at makes name
// the parameter of a function: name =>, (name) =>, (name, i) =>,
// function (name).
func boundBefore(m *jscode.Module, s, at int, name string) bool {
	t := m.Toks
	for i := s; i+1 < at; i++ {
		if !t[i].IsIdent(name) {
			continue
		}
		switch {
		case t[i+1].Is("=>"):
			return true
		case i > s && t[i-1].Is("(") && (t[i+1].Is(")") || t[i+1].Is(",")):
			return true
		}
	}
	return false
}

// readParam reads the value s to e of a params property: NAME.FIELD
// (id, slug, data.KEY), then .split("S")[N], .replace(OLD, "NEW"),
// .toLowerCase(). It returns NAME and the parameter.
func readParam(m *jscode.Module, s, e int) (string, Param, bool) {
	t := m.Toks
	dot := func(i int) bool { return i < e && t[i].Is(".") }
	ident := func(i int) bool { return i < e && t[i].Kind == jsconfig.Ident }
	if !ident(s) || !dot(s+1) || !ident(s+2) {
		return "", Param{}, false
	}
	name := t[s].Text
	var p Param
	i := s + 3
	switch f := t[s+2].Text; f {
	case "id", "slug":
		p.Field = f
	case "data":
		if !dot(i) || !ident(i+1) {
			return "", Param{}, false
		}
		p.Field, i = "data."+t[i+1].Text, i+2
	default:
		return "", Param{}, false
	}
	for i < e {
		if !dot(i) || !ident(i+1) || i+2 >= e || !t[i+2].Is("(") || m.Match[i+2] < 0 {
			return "", Param{}, false
		}
		args := m.Args(i + 2)
		next := m.Match[i+2] + 1
		var st Step
		switch t[i+1].Text {
		case "split":
			// split("."), then the element taken: [N].
			if len(args) != 1 || args[0][1]-args[0][0] != 1 || t[args[0][0]].Kind != jsconfig.String || t[args[0][0]].Text == "" ||
				next+2 >= e || !t[next].Is("[") || t[next+1].Kind != jsconfig.Number || !t[next+2].Is("]") {
				return "", Param{}, false
			}
			n, err := strconv.Atoi(t[next+1].Text)
			if err != nil {
				return "", Param{}, false
			}
			st = Step{Op: "split", Sep: t[args[0][0]].Text, Index: n}
			next += 3
		case "replace", "replaceAll":
			var ok bool
			if st, ok = replaceStep(m, args, t[i+1].Text == "replaceAll"); !ok {
				return "", Param{}, false
			}
		case "toLowerCase":
			if len(args) != 0 {
				return "", Param{}, false
			}
			st = Step{Op: "lower"}
		default:
			return "", Param{}, false
		}
		p.Steps = append(p.Steps, st)
		i = next
	}
	return name, p, true
}

// jsRegex is a regular expression literal that Go's regexp reads as
// JavaScript does, as a parameter's replace() writes it: letters,
// digits, punctuation, classes ([^/]), anchors and quantifiers, and of
// the escapes only those of punctuation (\/ \. \-) and \d \w; flags g
// alone. Others (\s, \b, \u, lookarounds, a backreference, flags i, m,
// u, s, y) read otherwise in Go, or not at all: not known.
var jsRegex = lazyre.MustCompile(`^/((?:\[(?:[^\]\\\n]|\\[/.\-_\[\]^dw])*\]|[^\\/\n\[]|\\[/.\-_\[\]()*+?{}|^$dw])+)/(g?)$`)

// replaceStep reads the arguments args of replace() (all: of
// replaceAll()): a string or a regular expression literal of jsRegex,
// then a string without "$", whose patterns ($&, $1) are not read.
func replaceStep(m *jscode.Module, args [][2]int, all bool) (Step, bool) {
	t := m.Toks
	if len(args) != 2 || args[0][1]-args[0][0] != 1 || args[1][1]-args[1][0] != 1 {
		return Step{}, false
	}
	old, with := t[args[0][0]], t[args[1][0]]
	if with.Kind != jsconfig.String || strings.Contains(with.Text, "$") {
		return Step{}, false
	}
	switch old.Kind {
	case jsconfig.String:
		if all || old.Text == "" {
			return Step{}, false // replaceAll of a string: not read here
		}
		return Step{Op: "replace", Old: old.Text, With: with.Text}, true
	case jsconfig.Regex:
		lit := jsRegex().FindStringSubmatch(old.Text)
		if lit == nil || all && lit[2] != "g" {
			return Step{}, false
		}
		re, err := regexp.Compile(lit[1])
		if err != nil {
			return Step{}, false
		}
		return Step{Op: "replace", Re: re, All: lit[2] == "g", With: with.Text}, true
	}
	return Step{}, false
}
