package peer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// docs/integrations.md has a row for every option of the plugins the
// integrations replace: a new row of the table cannot be left out of it.
func TestIntegrationsDoc(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "integrations.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	for _, in := range Integrations {
		start := strings.Index(doc, "`"+string(in.Tool)+"`")
		if start < 0 {
			t.Errorf("docs/integrations.md does not name %s", in.Tool)
			continue
		}
		for _, name := range Names(in.Tool) {
			if !strings.Contains(doc[start:], "\n| `"+name+"` |") && !strings.Contains(doc[start:], "\n| `"+name+"`, ") {
				t.Errorf("docs/integrations.md has no row for %s's %s", in.Tool, name)
			}
		}
	}
}
