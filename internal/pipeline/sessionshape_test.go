package pipeline

import (
	"errors"
	"go/ast"
	"go/build"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"
)

// What session.go may do with the build it keeps, read from the
// package's source with its types.

// typedPackage parses the package's files for this system, without its
// tests, and type-checks them alone: the packages they import are not
// loaded (reading them from source takes some 15 s). So an expression
// of another package's type has no type, but every type the package
// declares, the builder and held among them, is exact. That is all
// TestSessionKeepsToHeld asks.
func typedPackage(t *testing.T) (*token.FileSet, []*ast.File, *types.Info) {
	t.Helper()
	bp, err := build.Default.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range bp.GoFiles {
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	info := &types.Info{
		Types:      make(map[ast.Expr]types.TypeAndValue),
		Defs:       make(map[*ast.Ident]types.Object),
		Uses:       make(map[*ast.Ident]types.Object),
		Selections: make(map[*ast.SelectorExpr]*types.Selection),
	}
	conf := types.Config{
		Importer: importerFunc(func(string) (*types.Package, error) { return nil, errors.New("not loaded") }),
		Error:    func(error) {}, // every use of an import is one; go on
	}
	_, _ = conf.Check(bp.ImportPath, fset, files, info)
	return fset, files, info
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// heldBy returns "builder" or "held" when t is one of them or a pointer
// to one, else "".
func heldBy(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Name() == "pipeline" {
		if name := n.Obj().Name(); name == "builder" || name == "held" {
			return name
		}
	}
	return ""
}

// sessionDecls returns the declarations TestSessionKeepsToHeld reads:
// all of session.go, and the Session's methods in other files.
func sessionDecls(fset *token.FileSet, files []*ast.File) []ast.Decl {
	var decls []ast.Decl
	for _, f := range files {
		whole := fset.Position(f.Pos()).Filename == "session.go"
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); whole || ok && fd.Recv != nil && receiverName(fd.Recv.List[0].Type) == "Session" {
				decls = append(decls, d)
			}
		}
	}
	return decls
}

// receiverName is the name of a receiver's type, without its star.
func receiverName(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// TestSessionKeepsToHeld: session.go reaches the build it keeps through
// held and the builder's methods (kept.go). It selects no field of the
// builder. It reads held's fields and what they point to, but writes
// none of them: it assigns to none, deletes from none, and takes the
// address of none, itself or through a variable it copied one into.
// What it changes there, a method named for it changes (issue 100).
// It fails at the expression, by file and line.
func TestSessionKeepsToHeld(t *testing.T) {
	fset, files, info := typedPackage(t)
	decls := sessionDecls(fset, files)
	text := func(e ast.Expr) string {
		var sb strings.Builder
		if err := format.Node(&sb, token.NewFileSet(), e); err != nil {
			t.Fatal(err)
		}
		return sb.String()
	}
	// copied holds the variables given a part of the builder or of held
	// that shares its memory (a pointer, a map, a slice).
	copied := make(map[types.Object]string)
	// partOf returns the builder or held value of which e is a part, as
	// written, or "" when e is no such part. e is one when, read from
	// the outside in, its selectors, indexes and stars reach one, or
	// reach a variable of copied.
	partOf := func(e ast.Expr) string {
		e = ast.Unparen(e)
		for {
			var x ast.Expr
			switch n := e.(type) {
			case *ast.SelectorExpr:
				if sel := info.Selections[n]; sel != nil && sel.Kind() != types.FieldVal {
					return "" // a method, whose result is its own
				}
				x = n.X
			case *ast.IndexExpr:
				x = n.X
			case *ast.SliceExpr:
				x = n.X
			case *ast.StarExpr:
				x = n.X
			default:
				return ""
			}
			x = ast.Unparen(x)
			if heldBy(info.TypeOf(x)) != "" {
				return text(x)
			}
			if id, ok := x.(*ast.Ident); ok {
				return copied[info.Uses[id]]
			}
			e = x
		}
	}
	// shares reports whether a variable of type t shares the memory of
	// what it is given.
	shares := func(t types.Type) bool {
		switch t.Underlying().(type) {
		case *types.Pointer, *types.Map, *types.Slice:
			return true
		}
		return false
	}
	note := func(lhs []ast.Expr, rhs []ast.Expr) {
		if len(lhs) != len(rhs) {
			return
		}
		for i, l := range lhs {
			id, ok := l.(*ast.Ident)
			if !ok {
				continue
			}
			obj := info.Defs[id]
			if obj == nil {
				obj = info.Uses[id]
			}
			if obj == nil || obj.Type() == nil || !shares(obj.Type()) {
				continue
			}
			if of := partOf(rhs[i]); of != "" {
				copied[obj] = of
			}
		}
	}
	var builders, helds int
	for _, d := range decls {
		ast.Inspect(d, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				note(n.Lhs, n.Rhs)
			case *ast.ValueSpec:
				lhs := make([]ast.Expr, len(n.Names))
				for i, id := range n.Names {
					lhs[i] = id
				}
				note(lhs, n.Values)
			case ast.Expr:
				switch heldBy(info.TypeOf(n)) {
				case "builder":
					builders++
				case "held":
					helds++
				}
			}
			return true
		})
	}
	if builders == 0 || helds == 0 {
		t.Fatalf("the session's code has %d expressions of the builder and %d of held: the type check found neither", builders, helds)
	}
	wrote := func(what string, e ast.Expr) {
		if _, ok := ast.Unparen(e).(*ast.Ident); ok {
			return // a variable of its own
		}
		if of := partOf(e); of != "" {
			t.Errorf("%s: %s %s, a part of %s: give the change a method named for it (kept.go)", fset.Position(e.Pos()), what, text(e), of)
		}
	}
	for _, d := range decls {
		ast.Inspect(d, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if n.Tok != token.DEFINE {
					for _, l := range n.Lhs {
						wrote("assigns to", l)
					}
				}
			case *ast.IncDecStmt:
				wrote("assigns to", n.X)
			case *ast.RangeStmt:
				if n.Tok == token.ASSIGN {
					for _, l := range []ast.Expr{n.Key, n.Value} {
						if l != nil {
							wrote("assigns to", l)
						}
					}
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					wrote("takes the address of", n.X)
				}
			case *ast.CallExpr:
				if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && len(n.Args) > 0 {
					if b, ok := info.Uses[id].(*types.Builtin); ok && (b.Name() == "delete" || b.Name() == "clear") {
						wrote(b.Name()+"s from", n.Args[0])
					}
				}
			case *ast.SelectorExpr:
				if sel := info.Selections[n]; sel != nil && sel.Kind() == types.FieldVal && heldBy(sel.Recv()) == "builder" {
					t.Errorf("%s: selects the builder's field %s: reach it through held or a method of the builder (kept.go)", fset.Position(n.Pos()), text(n))
				}
			}
			return true
		})
	}
}
