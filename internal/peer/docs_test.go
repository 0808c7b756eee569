package peer

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Each test docs/migrating.md cites as holding a row exists: none is
// renamed away. Its sections and their rows are the registry's TestPeers'
// (peertest.Conform).
func TestMigratingDoc(t *testing.T) {
	root := filepath.Join("..", "..")
	data, err := os.ReadFile(filepath.Join(root, "docs", "migrating.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)

	// The tests it cites: Go tests and the scripts of internal/e2e.
	var sources strings.Builder
	scripts := map[string]bool{}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && (d.Name() == "node_modules" || d.Name() == ".git"):
			return filepath.SkipDir
		case strings.HasSuffix(p, "_test.go"):
			b, err := os.ReadFile(p)
			sources.Write(b)
			return err
		case strings.HasSuffix(p, ".txtar") && filepath.Base(filepath.Dir(p)) == "script":
			scripts[d.Name()] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	src := sources.String()
	cited := 0
	for _, m := range regexp.MustCompile("`(Test[A-Za-z0-9_]+|[a-z0-9_]+\\.txtar)`").FindAllStringSubmatch(doc, -1) {
		cited++
		name := m[1]
		if strings.HasSuffix(name, ".txtar") {
			if !scripts[name] {
				t.Errorf("docs/migrating.md cites %s, which is no script of internal/e2e", name)
			}
		} else if !strings.Contains(src, "func "+name+"(") {
			t.Errorf("docs/migrating.md cites %s, which is no test", name)
		}
	}
	if cited < 50 {
		t.Errorf("docs/migrating.md cites %d tests; its tables name one a row", cited)
	}
}
