package registry

import (
	"go/ast"
	"go/parser"
	"go/token"
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

// named are the places, in callers, that still name a generator, as
// "file: what" with their count: the code of Hugo (and Jekyll's) is
// still in package generator, spread by aspect. The list only shrinks:
// when a generator moves into its folder, its entries go.
var named = map[string]int{
	// Hugo: its code is still in package generator, spread by aspect,
	// and so are its list, stale and watch rules in pipeline and cli.
	`cli/watch.go: "hugo"`:                            1,
	"pipeline/listpages.go: generator.Hugo":           1,
	"pipeline/listpages.go: generator.HugoLanguages":  1,
	"pipeline/listpages.go: generator.HugoSource":     1,
	`pipeline/stale.go: "hugo"`:                       2,
	`project/generators.go: "hugo"`:                   1,
	"project/generators.go: generator.HugoFolders":    1,
	"project/project.go: generator.Hugo":              2,
	"project/project.go: generator.HugoLanguages":     1,
	"project/sources.go: generator.Hugo":              2,
	"project/sources.go: generator.HugoLanguages":     1,
	"project/sources.go: generator.LoadHugoLanguages": 1,
}

// genName matches a name of package generator's that names a generator:
// a concrete type (generator.Hugo), a function or a variable of one
// (generator.LoadHugo, generator.JekyllDocuments).
var genName = regexp.MustCompile(`^(Hugo|Jekyll|MkDocs|Astro|Eleventy|Next|Docusaurus|Sphinx|Pelican|Gatsby|VitePress|Nuxt|SvelteKit|Zola|Plain|Load[A-Z]|Read(Next|Astro|SvelteKit|Nuxt)Build)`)

// TestAskOnly fails when the callers name a generator by its type or by
// its name as a string, or import a generator's folder, past what named
// allows: they ask a Project, the optional interfaces or the registry.
func TestAskOnly(t *testing.T) {
	names := []string{"plain"}
	for _, g := range Generators {
		names = append(names, g.Info().Name)
	}
	got := map[string]int{}
	for _, dir := range callers {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			rel := filepath.ToSlash(strings.TrimPrefix(file, "../../"))
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
	var over []string
	for k, n := range got {
		if n > named[k] {
			over = append(over, k+" ×"+strconv.Itoa(n))
		}
	}
	slices.Sort(over)
	for _, k := range over {
		t.Errorf("%s: a generator named outside its folder; ask the Project, an optional interface of package generator, or the registry", k)
	}
	var gone []string
	for k := range named {
		if got[k] == 0 {
			gone = append(gone, k)
		}
	}
	slices.Sort(gone)
	for _, k := range gone {
		t.Errorf("named[%q]: no longer there; take it out of the list", k)
	}
}
