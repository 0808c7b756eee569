package registry

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"iter"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// callers are the packages that ask the contract and the registry, never
// a generator by its type or name.
var callers = []string{"../../project", "../../pipeline", "../../cli"}

// genName matches a name of package generator's that names a generator:
// a concrete type (generator.Hugo), a function or a variable of one
// (generator.LoadHugo, generator.JekyllDocuments).
var genName = regexp.MustCompile(`^(Hugo|Hexo|Jekyll|MkDocs|Astro|Starlight|Eleventy|Next|Docusaurus|Sphinx|Pelican|Gatsby|VitePress|Nuxt|SvelteKit|Zola|Plain|Load[A-Z]|Read(Next|Astro|SvelteKit|Nuxt)Build)`)

// TestAskOnly fails when the callers name a generator by its type or by
// its name as a string, or import a generator's folder: they read a
// Detected, a preset's Rules, or the registry.
func TestAskOnly(t *testing.T) {
	names := []string{"plain"}
	for _, g := range Generators {
		names = append(names, g.Info().Name)
	}
	got := map[string]int{}
	for _, dir := range callers {
		for rel, f := range sources(t, dir) {
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if rest, ok := strings.CutPrefix(p, "github.com/sitemapgen/sitemapgen/internal/generator/"); ok && rest != "registry" {
					got[rel+": import "+p]++
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SelectorExpr:
					if id, ok := n.X.(*ast.Ident); ok && id.Name == "generator" && genName.MatchString(n.Sel.Name) {
						got[rel+": generator."+n.Sel.Name]++
					}
				case *ast.BasicLit:
					if s, err := strconv.Unquote(n.Value); err == nil && n.Kind == token.STRING && slices.Contains(names, s) {
						got[rel+": "+n.Value]++
					}
				}
				return true
			})
		}
	}
	var named []string
	for k, n := range got {
		named = append(named, k+" ×"+strconv.Itoa(n))
	}
	slices.Sort(named)
	for _, k := range named {
		t.Errorf("%s: a generator named outside its folder; read the Detected, a preset's Rules, or the registry", k)
	}
}

// TestAskNoPeer fails when the callers (internal/cli, internal/project,
// internal/pipeline) name a peer: a string that
// holds a Tool of Peers or a command of it that sitemapgen replaces
// (Steps.Replace: "sscli"), or an import of a peer's folder below
// internal/peer. What init reads and says of a peer is its Def's (Read,
// Steps, HeadLink), which they loop over.
func TestAskNoPeer(t *testing.T) {
	var names []string
	for _, d := range Peers {
		names = append(names, string(d.Tool))
		names = append(names, d.Steps.Replace...)
	}
	for _, dir := range callers {
		askNoPeer(t, dir, names)
	}
}

// askNoPeer fails t on each file of dir that names one of names or
// imports a peer's folder.
func askNoPeer(t *testing.T, dir string, names []string) {
	t.Helper()
	for rel, f := range sources(t, dir) {
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if rest, ok := strings.CutPrefix(p, "github.com/sitemapgen/sitemapgen/internal/peer/"); ok {
				t.Errorf("%s imports %s: a peer's folder, which only the registry lists", rel, rest)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				s, _ := strconv.Unquote(lit.Value)
				for _, name := range names {
					if strings.Contains(s, name) {
						t.Errorf("%s: %s names %q, a peer's: say it in the peer's Def, which the callers loop over", rel, lit.Value, name)
					}
				}
			}
			return true
		})
	}
}

// sources yields the Go files of the folder dir (relative to this
// one) but its tests, parsed, each by its path below internal/ ("cli/init.go").
func sources(t *testing.T, dir string) iter.Seq2[string, *ast.File] {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("%s: no Go file (%v)", dir, err)
	}
	return func(yield func(string, *ast.File) bool) {
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			if !yield(filepath.ToSlash(strings.TrimPrefix(file, "../../")), f) {
				return
			}
		}
	}
}

// TestOnePlaceAsks fails when code outside package generator and the
// generators' folders asks a generator or a preset what it can do by a
// type assertion or a type switch on an interface of package generator:
// generator.RulesOf asks a preset for its hooks, the one place that does,
// and the rest reads the fields of the Rules it returns (DESIGN.md, "One
// contract a generator fills").
func TestOnePlaceAsks(t *testing.T) {
	var asked []string
	err := filepath.WalkDir("../../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "generator", "node_modules", "testdata", ".git":
				if d.Name() != "generator" || filepath.Base(filepath.Dir(path)) == "internal" {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		isContract := func(e ast.Expr) bool {
			sel, ok := e.(*ast.SelectorExpr)
			if !ok {
				return false
			}
			id, ok := sel.X.(*ast.Ident)
			return ok && id.Name == "generator"
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.TypeAssertExpr:
				if n.Type != nil && isContract(n.Type) {
					asked = append(asked, path+": ."+"("+types(n.Type)+")")
				}
			case *ast.TypeSwitchStmt:
				for _, c := range n.Body.List {
					for _, e := range c.(*ast.CaseClause).List {
						if isContract(e) {
							asked = append(asked, path+": case "+types(e))
						}
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range asked {
		t.Errorf("%s: a generator asked what it can do outside generator.RulesOf; read the Rules, the Detected or the Info", a)
	}
}

// types is the name of a selector type: generator.Changer.
func types(e ast.Expr) string {
	sel := e.(*ast.SelectorExpr)
	return sel.X.(*ast.Ident).Name + "." + sel.Sel.Name
}
