package config

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestLayersOnly: config lays the project's values under the given ones
// and knows no generator or platform itself; what they say comes from
// internal/project, read once.
func TestLayersOnly(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files: %v", err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, data, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			for _, banned := range []string{"/internal/generator", "/internal/host"} {
				if strings.HasSuffix(path, banned) {
					t.Errorf("%s imports %s: what a generator or a platform says comes from internal/project", name, path)
				}
			}
		}
	}
}
