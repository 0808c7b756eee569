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

// forbiddenInPass says why a field of type e may not be in a pass, or
// "" when it may. A pass takes what it reads and writes of the records,
// the builder and the Session as arguments, and returns its product
// (passes.go). A pointer to a bool or a map, or a function, lets it
// write into the builder or call back into it unseen.
func forbiddenInPass(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.FuncType:
		return "a function"
	case *ast.StarExpr:
		switch x := e.X.(type) {
		case *ast.MapType:
			return "a pointer to a map"
		case *ast.Ident:
			switch x.Name {
			case "bool":
				return "a pointer to a bool"
			case "records", "builder", "Session":
				return "the " + x.Name
			}
		}
	case *ast.Ident:
		switch e.Name {
		case "records", "builder", "Session":
			return "the " + e.Name
		}
	}
	return ""
}

// TestPassFields: no pass type holds the records, the builder, the
// Session, a pointer to a bool or a map, or a function (issue 100). It
// fails at the field, by file and line.
func TestPassFields(t *testing.T) {
	fset, files := packageFiles(t)
	types := structTypes(files)
	var passTypes []string
	for name := range types {
		if strings.HasSuffix(name, "Pass") {
			passTypes = append(passTypes, name)
		}
	}
	slices.Sort(passTypes)
	for _, name := range passTypes {
		for _, f := range types[name].Type.(*ast.StructType).Fields.List {
			why := forbiddenInPass(f.Type)
			if why == "" {
				continue
			}
			field := "(embedded)"
			if len(f.Names) > 0 {
				field = f.Names[0].Name
			}
			t.Errorf("%s: %s.%s holds %s: take it as an argument of run, or return it", fset.Position(f.Pos()), name, field, why)
		}
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
