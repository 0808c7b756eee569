package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// DESIGN.md is the map of the code and the decisions; the detail of a
// package lives in its doc.go. These bounds keep it a map.
const (
	maxDesignLines    = 800
	maxDesignLineSize = 600
)

// TestDesignLength fails when DESIGN.md grows past maxDesignLines lines
// or holds a line longer than maxDesignLineSize characters.
func TestDesignLength(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot, "DESIGN.md"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) > maxDesignLines {
		t.Errorf("DESIGN.md has %d lines, more than %d: move a package's detail into its doc.go", len(lines), maxDesignLines)
	}
	for i, line := range lines {
		if n := len([]rune(line)); n > maxDesignLineSize {
			t.Errorf("DESIGN.md:%d: %d characters, more than %d: shorten the line or move its detail into a doc.go", i+1, n, maxDesignLineSize)
		}
	}
}
