package project

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// Hub bounds: a type of this package may have many fields or many
// methods, not both. A type with both is a hub that every new fact of a
// project would join; each source of facts has a small reader instead.
const (
	hubFields  = 20
	hubMethods = 30
)

// TestNoHub fails when a type of the package has more than hubFields
// fields and more than hubMethods methods. A part embedded in a type
// counts as the type's own: its fields and its methods are reachable
// from the type's methods, so embedding does not make a type smaller.
func TestNoHub(t *testing.T) {
	sizes := typeSizes(t, ".")
	if sizes["discovery"].fields == 0 {
		t.Fatal("the type discovery was not found: the count reads nothing")
	}
	for name, s := range sizes {
		if f, m := s.count(sizes, nil); f > hubFields && m > hubMethods {
			t.Errorf("type %s has %d fields and %d methods, counting its embedded parts: a hub (at most %d fields or %d methods); give each source of its facts a reader of its own",
				name, f, m, hubFields, hubMethods)
		}
	}
}

// TestHubCount checks the count on a package written for it: a type
// that embeds two parts has their fields and their methods.
func TestHubCount(t *testing.T) {
	src := `package p
type part struct{ a, b int; c string }
func (part) m1() {}
func (*part) m2() {}
type other struct{ d int }
func (o other) m3() {}
type whole struct {
	part
	*other
	e, f int
	g struct{ h int }
}
func (w *whole) m4() {}
`
	sizes := sizesOf(t, map[string]string{"p.go": src})
	want := map[string][2]int{"part": {3, 2}, "other": {1, 1}, "whole": {3 + 1 + 3, 2 + 1 + 1}}
	for name, w := range want {
		if f, m := sizes[name].count(sizes, nil); f != w[0] || m != w[1] {
			t.Errorf("%s: %d fields, %d methods; want %d, %d", name, f, m, w[0], w[1])
		}
	}
}

// typeSize is what one type declares itself: its named fields, the
// local types it embeds, and its methods.
type typeSize struct {
	fields   int
	embeds   []string
	methods  int
	declared bool
}

// count returns the fields and methods of the type, with those of the
// parts it embeds. seen stops a loop of embedding.
func (s typeSize) count(sizes map[string]typeSize, seen map[string]bool) (fields, methods int) {
	fields, methods = s.fields, s.methods
	for _, e := range s.embeds {
		if seen[e] {
			continue
		}
		if seen == nil {
			seen = map[string]bool{}
		}
		seen[e] = true
		part, ok := sizes[e]
		if !ok || !part.declared {
			fields++ // a part of another package counts as one field
			continue
		}
		f, m := part.count(sizes, seen)
		fields, methods = fields+f, methods+m
	}
	return fields, methods
}

// typeSizes reads the package in dir, leaving out its tests.
func typeSizes(t *testing.T, dir string) map[string]typeSize {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no Go files in %s: %v", dir, err)
	}
	files := map[string]string{}
	for _, n := range names {
		if !strings.HasSuffix(n, "_test.go") {
			files[n] = ""
		}
	}
	return sizesOf(t, files)
}

// sizesOf counts the types of files, each a name and its text ("" to
// read the file).
func sizesOf(t *testing.T, files map[string]string) map[string]typeSize {
	t.Helper()
	fset := token.NewFileSet()
	sizes := map[string]typeSize{}
	for name, text := range files {
		var src any
		if text != "" {
			src = text
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil || len(d.Recv.List) == 0 {
					continue
				}
				r := receiverName(d.Recv.List[0].Type)
				s := sizes[r]
				s.methods++
				sizes[r] = s
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					ts, ok := spec.(*ast.TypeSpec)
					if !ok {
						continue
					}
					st, ok := ts.Type.(*ast.StructType)
					if !ok {
						continue
					}
					s := sizes[ts.Name.Name]
					s.declared = true
					for _, fl := range st.Fields.List {
						if len(fl.Names) == 0 {
							s.embeds = append(s.embeds, receiverName(fl.Type))
							continue
						}
						s.fields += len(fl.Names)
					}
					sizes[ts.Name.Name] = s
				}
			}
		}
	}
	return sizes
}

// receiverName is the name of the type that e, a receiver's or an
// embedded field's type, names: T for T, *T, T[P] and pkg.T.
func receiverName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return receiverName(e.X)
	case *ast.IndexExpr:
		return receiverName(e.X)
	case *ast.IndexListExpr:
		return receiverName(e.X)
	case *ast.SelectorExpr:
		return e.X.(*ast.Ident).Name + "." + e.Sel.Name
	case *ast.Ident:
		return e.Name
	}
	return ""
}
