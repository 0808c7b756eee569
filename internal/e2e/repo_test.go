package e2e

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The repository's own rules, read from its files: what CI runs, how
// long a file may grow, how many entries its root holds.

// TestFuzzTargetsRun: every fuzz target of the repository is one that
// test.sh's fuzz_targets finds, and so runs in CI; every count test.sh
// keeps is a target's; and every target is in docs/development.md's
// table, but for a generator's own (in internal/generator/NAME), which
// its folder holds with no line elsewhere. A target no one runs is a
// parser no one fuzzes.
func TestFuzzTargetsRun(t *testing.T) {
	script, err := os.ReadFile(filepath.Join(repoRoot, "test.sh"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join(repoRoot, "docs", "development.md"))
	if err != nil {
		t.Fatal(err)
	}
	found := scriptFuzzTargets(t, string(script))
	target := regexp.MustCompile(`(?m)^func (Fuzz\w+)\(f \*testing\.F\)`)
	generatorOwn := regexp.MustCompile(`^\./internal/generator/[^/]+$`)
	targets := map[string]bool{}
	err = filepath.WalkDir(repoRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "node_modules" || name == "testdata" || strings.HasPrefix(name, ".") && p != repoRoot {
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
		rel, _ := filepath.Rel(repoRoot, filepath.Dir(p))
		pkg := "./" + filepath.ToSlash(rel)
		for _, m := range target.FindAllSubmatch(src, -1) {
			name := string(m[1])
			targets[pkg+":"+name] = true
			if !found[pkg+":"+name] {
				t.Errorf("%s: %s is not among the targets test.sh's fuzz_targets finds", p, name)
			}
			own := generatorOwn.MatchString(pkg) && pkg != "./internal/generator/registry"
			if !own && !tableRow(string(doc), pkg, name) {
				t.Errorf("%s: %s is not in docs/development.md's table of fuzz targets (a row naming %s and it)", p, name, pkg)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(targets) < 40 {
		t.Errorf("found %d fuzz targets; the repository has more than 40", len(targets))
	}
	for _, m := range regexp.MustCompile(`(?m)^ +\[(\./[^\]]+)\]=\d+x$`).FindAllStringSubmatch(string(script), -1) {
		if !targets[m[1]] {
			t.Errorf("test.sh keeps a count for %s, which is no fuzz target", m[1])
		}
	}
}

// scriptFuzzTargets runs test.sh's function fuzz_targets, alone, in the
// repository's root and returns the targets it prints (PKG:NAME).
func scriptFuzzTargets(t *testing.T, script string) map[string]bool {
	t.Helper()
	_, fn, ok := strings.Cut(script, "\nfuzz_targets() {\n")
	if fn, _, ok = strings.Cut(fn, "\n}\n"); !ok {
		t.Fatal("test.sh has no function fuzz_targets")
	}
	cmd := exec.Command("bash", "-c", "set -euo pipefail\nfuzz_targets() {\n"+fn+"\n}\nfuzz_targets")
	cmd.Dir = repoRoot
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("test.sh's fuzz_targets: %v", err)
	}
	found := map[string]bool{}
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		found[line] = true
	}
	return found
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

// maxLines is the most lines a file of the repository's code may hold
// (tests apart): a longer one holds more than one thing, to be split
// where its parts meet.
const maxLines = 1000

// TestFileLengths fails on a Go file, not a test's, of more than
// maxLines lines.
func TestFileLengths(t *testing.T) {
	err := filepath.WalkDir(repoRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "node_modules" || name == "testdata" || strings.HasPrefix(name, ".") && p != repoRoot {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if n := strings.Count(string(src), "\n"); n > maxLines {
			t.Errorf("%s: %d lines, more than %d: split it where its parts meet", p, n, maxLines)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// maxRootEntries is the most files and folders the repository's root
// may hold (the hidden ones apart): what a newcomer reads first.
const maxRootEntries = 20

// TestRootEntries fails when the root holds more than maxRootEntries
// entries that git tracks.
func TestRootEntries(t *testing.T) {
	entries, err := os.ReadDir(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".") && tracked(t, e.Name()) {
			names = append(names, e.Name())
		}
	}
	if len(names) > maxRootEntries {
		t.Errorf("the root holds %d entries, more than %d: %s", len(names), maxRootEntries, strings.Join(names, " "))
	}
}

// tracked reports whether git tracks the root's entry name (a file, or
// a folder with a file), so that what a test or a build left there is
// not counted; every entry without git.
func tracked(t *testing.T, name string) bool {
	out, err := exec.Command("git", "-C", repoRoot, "ls-files", "--", name).Output()
	if err != nil {
		return true
	}
	return len(out) > 0
}
