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
			if !strings.Contains(string(doc), "`"+name+"`") {
				t.Errorf("%s: %s is not in docs/development.md's table of fuzz targets", p, name)
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
