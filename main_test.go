package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestFuzzTargetsRun: every fuzz target of the repository is in test.sh's
// list, which CI runs, and in docs/development.md's table: a target
// neither runs is a parser no one fuzzes.
func TestFuzzTargetsRun(t *testing.T) {
	script, err := os.ReadFile("test.sh")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join("docs", "development.md"))
	if err != nil {
		t.Fatal(err)
	}
	target := regexp.MustCompile(`(?m)^func (Fuzz\w+)\(f \*testing\.F\)`)
	n := 0
	err = filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "node_modules" || name == "testdata" || strings.HasPrefix(name, ".") && p != "." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		pkg := "./" + filepath.ToSlash(filepath.Dir(p))
		for _, m := range target.FindAllSubmatch(src, -1) {
			n++
			name := string(m[1])
			if !strings.Contains(string(script), pkg+":"+name+":") {
				t.Errorf("%s: %s is not in test.sh's list of fuzz targets (%s:%s:COUNTx)", p, name, pkg, name)
			}
			if !tableRow(string(doc), pkg, name) {
				t.Errorf("%s: %s is not in docs/development.md's table of fuzz targets (a row naming %s and it)", p, name, pkg)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 40 {
		t.Errorf("found %d fuzz targets; the repository has more than 40", n)
	}
}

// tableRow reports whether a row of a Markdown table in doc names the
// package pkg ("./internal/generator/astro", or its last element where
// the row names several, "`astro`") and the target `name`.
func tableRow(doc, pkg, name string) bool {
	for _, line := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(line, "| ") || !strings.Contains(line, "`"+name+"`") {
			continue
		}
		cells := strings.SplitN(line, " | ", 2)
		if strings.Contains(cells[0], "`"+pkg+"`") || strings.Contains(cells[0], "`"+filepath.Base(pkg)+"`") {
			return true
		}
	}
	return false
}
