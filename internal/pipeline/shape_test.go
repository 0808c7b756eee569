package pipeline

import (
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The shape of the package, read from its source: what a pass may hold,
// and how big the builder may grow.

// packageFiles parses the package's files, without its tests.
func packageFiles(t *testing.T) (*token.FileSet, []*ast.File) {
	t.Helper()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		if f.Name.Name == "pipeline" {
			files = append(files, f)
		}
	}
	return fset, files
}

// structTypes returns the package's struct types by name.
func structTypes(files []*ast.File) map[string]*ast.TypeSpec {
	types := make(map[string]*ast.TypeSpec)
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok {
				if _, ok := ts.Type.(*ast.StructType); ok {
					types[ts.Name.Name] = ts
				}
			}
			return true
		})
	}
	return types
}

// builderParts are the types of the builder's state groups (build.go):
// a pass that holds a pointer to one of them writes into the builder.
var builderParts = map[string]bool{
	"records": true, "builder": true, "Session": true,
	"inputs": true, "joined": true, "judged": true, "reporter": true,
	"output": true, "kept": true, "saidOnce": true, "update": true,
}

// passAllowed are the maps and functions a pass may reach, named by the
// type that declares the field and the field, each with the reason it is
// the pass's own or given by the caller, not taken from the builder.
var passAllowed = map[string]string{
	"listPagesPass.newSaid": "made by the pass, empty at each run: what it said, which run returns and the pass list adds to saidOf",
	"listedDates.at":        "made by run and returned: the pass list puts it in the records",
	"listedDates.by":        "made by run and returned: the pass list puts it in the records",
	"listedDates.gen":       "made by run and returned: the pass list puts it in the records",
	"wrote.emptySaid":       "a copy of the builder's emptySaid (maps.Clone), which run returns and the pass list keeps",
	"NoneListed.Skipped":    "returned, never written: the verdict names Result.Skipped, which run takes as an argument",
	"hreflangPass.said":     "the pass's own: a Session keeps the whole pass between its updates (kept.hreflang)",
	"hreflangDirty.locs":    "the pass's own: made by run; the builder tells it what changed through the pass's method changed",
	"hreflangDirty.paths":   "the pass's own: made by run; the builder tells it what changed through the pass's method changed",
	"siteWidePass.said":     "the pass's own: a Session keeps the whole pass between its updates (said.siteWide)",
	"explainer.paths":       "the explainer's own index of what --explain asked (newExplainer); passes tell it through its methods",
	"explainer.urls":        "the explainer's own index of what --explain asked (newExplainer); passes tell it through its methods",
	"explainer.byPath":      "the explainer's own explanations; passes add to them through its methods",
	"explainer.every":       "the caller's Report.Page, not the builder's",
	// Options and Report hold the caller's functions, given to Run or
	// Start: none is the builder's.
	"Options.RobotsHook":        "the caller's, in Options",
	"Options.GeneratorSitemaps": "the caller's, in Options",
	"Report.Error":              "the caller's, in Options.Report",
	"Report.Explain":            "the caller's, in Options.Report",
	"Report.LeftOut":            "the caller's, in Options.Report",
	"Report.Note":               "the caller's, in Options.Report",
	"Report.Page":               "the caller's, in Options.Report",
	"Report.Progress":           "the caller's, in Options.Report",
	"Report.Skip":               "the caller's, in Options.Report",
	"Report.Warn":               "the caller's, in Options.Report",
	"Transform.Start":           "the caller's hook, in Options.Transform",
	"OwnSitemaps.Leaves":        "the caller's, in Options.OwnSitemaps",
	"OwnSitemaps.Names":         "the caller's, in Options.OwnSitemaps",
	"Extra.Open":                "the caller's, in Options.Extra",
}

// passFieldWalk walks the type of a pass's field deeply, through structs,
// slices, arrays, maps' values, channels, pointers and the package's
// named types, and calls bad with the path of each part a pass may not
// hold and why. A type of another package is not walked: it cannot name
// the package's types (the import would cycle), and a map or a function
// it holds is its own, behind its methods.
type passFieldWalk struct {
	types map[string]ast.Expr // the package's named types
	// bad hears each part a pass may not hold. key, for a map or a
	// function, names it in passAllowed; it is "" for what no list can
	// allow.
	bad func(path, key, why string)
}

// walk walks e, the type of the part path of a pass. field is the name
// of the field that holds it, declared in the struct type owner.
func (w *passFieldWalk) walk(path, owner, field string, e ast.Expr, seen map[string]bool) {
	switch e := e.(type) {
	case *ast.ParenExpr:
		w.walk(path, owner, field, e.X, seen)
	case *ast.Ident:
		if e.Name == "records" || e.Name == "builder" || e.Name == "Session" {
			w.bad(path, "", "the "+e.Name)
			return
		}
		t, ok := w.types[e.Name]
		if !ok || seen[e.Name] {
			return // a predeclared type, or one walked already on this path
		}
		seen[e.Name] = true
		defer delete(seen, e.Name)
		if _, isStruct := t.(*ast.StructType); isStruct {
			owner = e.Name
		}
		w.walk(path, owner, field, t, seen)
	case *ast.StarExpr:
		x := e.X
		if id, ok := x.(*ast.Ident); ok {
			switch {
			case id.Name == "bool":
				w.bad(path, "", "a pointer to a bool")
				return
			case builderParts[id.Name]:
				w.bad(path, "", "a pointer to the builder's "+id.Name)
				return
			}
			if t, ok := w.types[id.Name]; ok {
				x = t
			}
		}
		if _, ok := x.(*ast.MapType); ok {
			w.bad(path, "", "a pointer to a map")
			return
		}
		w.walk(path, owner, field, e.X, seen)
	case *ast.MapType:
		w.bad(path, owner+"."+field, "a map (the builder's, unless passAllowed says it is the pass's own)")
		w.walk(path+"[]", owner, field, e.Value, seen)
	case *ast.ArrayType:
		w.walk(path+"[]", owner, field, e.Elt, seen)
	case *ast.ChanType:
		w.walk(path+"<-", owner, field, e.Value, seen)
	case *ast.FuncType:
		w.bad(path, owner+"."+field, "a function (the builder's, unless passAllowed says whose)")
	case *ast.IndexExpr:
		w.walk(path, owner, field, e.X, seen)
		w.walk(path, owner, field, e.Index, seen)
	case *ast.IndexListExpr:
		w.walk(path, owner, field, e.X, seen)
		for _, x := range e.Indices {
			w.walk(path, owner, field, x, seen)
		}
	case *ast.StructType:
		for _, f := range e.Fields.List {
			names := []string{embeddedName(f.Type)}
			if len(f.Names) > 0 {
				names = names[:0]
				for _, n := range f.Names {
					names = append(names, n.Name)
				}
			}
			for _, n := range names {
				w.walk(path+"."+n, owner, n, f.Type, seen)
			}
		}
	}
}

// embeddedName is the field name of an embedded type e.
func embeddedName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return embeddedName(e.X)
	case *ast.SelectorExpr:
		return e.Sel.Name
	case *ast.Ident:
		return e.Name
	case *ast.IndexExpr:
		return embeddedName(e.X)
	}
	return "?"
}

// namedTypes returns the package's named types, by name.
func namedTypes(files []*ast.File) map[string]ast.Expr {
	types := make(map[string]ast.Expr)
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok {
				types[ts.Name.Name] = ts.Type
			}
			return true
		})
	}
	return types
}

// passProblems returns, for each pass type of files, the parts of its
// fields that it may not hold, as "pass.field.part: why", less those
// passAllowed allows.
func passProblems(files []*ast.File) (found []string) {
	w := &passFieldWalk{types: namedTypes(files)}
	w.bad = func(path, key, why string) {
		if _, ok := passAllowed[key]; ok && key != "" {
			return
		}
		found = append(found, path+": "+why)
	}
	for name, spec := range structTypes(files) {
		if strings.HasSuffix(name, "Pass") {
			w.walk(name, name, "", spec.Type, map[string]bool{name: true})
		}
	}
	slices.Sort(found)
	return found
}

// TestPassFields: no pass type holds, at any depth of its fields, the
// records, the builder, the Session, a pointer to one of the builder's
// state groups, to a bool or to a map, or a map or a function that
// passAllowed does not name (issue 100).
func TestPassFields(t *testing.T) {
	_, files := packageFiles(t)
	types := structTypes(files)
	var passTypes []string
	for name := range types {
		if strings.HasSuffix(name, "Pass") {
			passTypes = append(passTypes, name)
		}
	}
	slices.Sort(passTypes)
	for _, p := range passProblems(files) {
		t.Errorf("%s: take it as an argument of run, or return it", p)
	}
	// Each pass of passes.go that has a type of its own.
	want := []string{
		"afterWritePass", "dedupPass", "genAltsPass", "hreflangPass",
		"lastModCountsPass", "lintPass", "listPagesPass", "mtimePass",
		"refusedPass", "robotsPass", "secondLookPass", "siteWidePass",
		"stalePass", "stampsPass", "transformPass", "writePass",
	}
	if !slices.Equal(passTypes, want) {
		t.Errorf("pass types %v, want %v", passTypes, want)
	}
}

// TestPassTables: each pass type has a table test that builds it from
// literals, named after it (passtable_test.go).
func TestPassTables(t *testing.T) {
	_, files := packageFiles(t)
	tests, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	fset := token.NewFileSet()
	for _, name := range tests {
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
				have[fd.Name.Name] = true
			}
		}
	}
	n := 0
	for name := range structTypes(files) {
		if !strings.HasSuffix(name, "Pass") {
			continue
		}
		n++
		if test := "Test" + strings.ToUpper(name[:1]) + name[1:] + "Table"; !have[test] {
			t.Errorf("pass %s has no table test %s", name, test)
		}
	}
	if n == 0 {
		t.Error("no pass type found")
	}
}

// typeSize counts the fields and methods of the struct type name,
// counting those of the parts it embeds (their promoted fields and
// methods) as its own, as a method of the type reaches them.
func typeSize(files []*ast.File, name string) (fields, methods int) {
	types := structTypes(files)
	methodsOf := make(map[string]int)
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || len(fd.Recv.List) != 1 {
				continue
			}
			recv := fd.Recv.List[0].Type
			if s, ok := recv.(*ast.StarExpr); ok {
				recv = s.X
			}
			if id, ok := recv.(*ast.Ident); ok {
				methodsOf[id.Name]++
			}
		}
	}
	var count func(name string)
	count = func(name string) {
		methods += methodsOf[name]
		for _, f := range types[name].Type.(*ast.StructType).Fields.List {
			if len(f.Names) > 0 {
				fields += len(f.Names)
				continue
			}
			e := f.Type
			if s, ok := e.(*ast.StarExpr); ok {
				e = s.X
			}
			if id, ok := e.(*ast.Ident); ok && types[id.Name] != nil {
				count(id.Name) // a part of the package: its fields are the type's
			} else {
				fields++ // an embedded type of another package, as one field
			}
		}
	}
	count(name)
	return fields, methods
}

// builderMaxFields is the most fields the builder may have, counting
// those of its embedded parts as its own (issue 100). Its state is held
// in named groups by who writes it and how long it lives (build.go): a
// new field belongs in one of them, or in a new group.
const builderMaxFields = 20

// TestBuilderSize counts the builder's fields and methods, with those of
// its embedded parts, and fails when it has more than builderMaxFields
// fields.
func TestBuilderSize(t *testing.T) {
	_, files := packageFiles(t)
	fields, methods := typeSize(files, "builder")
	t.Logf("builder: %d fields, %d methods, with its embedded parts", fields, methods)
	if fields > builderMaxFields {
		t.Errorf("builder: %d fields, with its embedded parts; at most %d: put the new state in the group of those who write it and read it (build.go), or in a group of its own", fields, builderMaxFields)
	}
}

// TestNoHub holds every struct type of the package to issue 100's bound,
// as internal/project's TestNoHub holds that package's: at most 20
// fields or at most 30 methods, counting its embedded parts as its own.
// A type with more of both has become the next builder.
func TestNoHub(t *testing.T) {
	_, files := packageFiles(t)
	n := 0
	for name := range structTypes(files) {
		n++
		if f, m := typeSize(files, name); f > 20 && m > 30 {
			t.Errorf("type %s has %d fields and %d methods, counting its embedded parts: a hub (at most 20 fields or 30 methods); give its state to the groups of those who write it", name, f, m)
		}
	}
	if n < 10 {
		t.Fatalf("%d struct types found: the count reads nothing", n)
	}
}

// TestTypeSize checks the count on a type of the test's own.
func TestTypeSize(t *testing.T) {
	src := `package pipeline
type part struct{ a, b int; c string }
func (part) m1() {}
func (*part) m2() {}
type other struct{ d int }
func (o other) m3() {}
type whole struct {
	x int
	part
	*other
	ext.Thing
}
func (w *whole) m4() {}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "whole.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	fields, methods := typeSize([]*ast.File{f}, "whole")
	if fields != 6 || methods != 4 {
		t.Errorf("whole: %d fields, %d methods, want 6 and 4", fields, methods)
	}
}

// sessionAsked are the values that said, besides the builder's mode,
// whether a build is a Session's or an update (a nil Session, a nil set
// of pages read again, a nil store that only a Session makes).
var sessionAsked = map[string]bool{"a.s": true, "a.only": true, "b.kept.problems": true, "b.kept.index": true}

// TestOneMode: whether a build is a Run's, a Session's whole build or
// its update is asked of one value, the builder's mode (kept.go), never
// by comparing one of sessionAsked with nil, as in "if s := a.s; s !=
// nil". It fails at the comparison, by file and line.
func TestOneMode(t *testing.T) {
	fset, files := packageFiles(t)
	text := func(e ast.Expr) string {
		var sb strings.Builder
		if err := format.Node(&sb, token.NewFileSet(), e); err != nil {
			t.Fatal(err)
		}
		return sb.String()
	}
	for _, f := range files {
		// alias holds the names given one of sessionAsked in an if's
		// init (s in "if s := a.s; ...").
		alias := map[string]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.IfStmt:
				if as, ok := n.Init.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
					for i, rhs := range as.Rhs {
						if id, ok := as.Lhs[i].(*ast.Ident); ok && sessionAsked[text(rhs)] {
							alias[id.Name] = true
						}
					}
				}
			case *ast.BinaryExpr:
				if n.Op != token.EQL && n.Op != token.NEQ {
					return true
				}
				for _, pair := range [][2]ast.Expr{{n.X, n.Y}, {n.Y, n.X}} {
					if id, ok := pair[1].(*ast.Ident); !ok || id.Name != "nil" {
						continue
					}
					if s := text(pair[0]); sessionAsked[s] || alias[s] {
						t.Errorf("%s: asks whether the build is a Session's by %s %s nil: ask the builder's mode (b.session(), b.whole())", fset.Position(n.Pos()), s, n.Op)
					}
				}
			}
			return true
		})
	}
}

// TestPassFieldWalk checks the deep walk on passes of the test's own,
// one for each shape a pass once held: a builder's map in a field, a map
// behind a struct, a builder's method value behind a pointer, a pointer
// to a bool or a state group deep down, and a named func type.
func TestPassFieldWalk(t *testing.T) {
	src := `package pipeline
type hook func(string) bool
type holder struct{ fn func(int32) string; set map[string]bool }
type inner struct{ flag *bool; group *kept; h hook }
type wrapPass struct {
	said  map[string]bool
	deep  []struct{ left holder }
	ptr   *holder
	in    [2]inner
	own   ownPart
}
type ownPart struct{ n int; names []string }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "wrap.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	found := passProblems([]*ast.File{f})
	want := []string{
		"wrapPass.deep[].left.fn: a function (the builder's, unless passAllowed says whose)",
		"wrapPass.deep[].left.set: a map (the builder's, unless passAllowed says it is the pass's own)",
		"wrapPass.in[].flag: a pointer to a bool",
		"wrapPass.in[].group: a pointer to the builder's kept",
		"wrapPass.in[].h: a function (the builder's, unless passAllowed says whose)",
		"wrapPass.ptr.fn: a function (the builder's, unless passAllowed says whose)",
		"wrapPass.ptr.set: a map (the builder's, unless passAllowed says it is the pass's own)",
		"wrapPass.said: a map (the builder's, unless passAllowed says it is the pass's own)",
	}
	if !slices.Equal(found, want) {
		t.Errorf("found:\n%s\nwant:\n%s", strings.Join(found, "\n"), strings.Join(want, "\n"))
	}
}
