package e2e

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// startHeapBudget is the most the project's own packages may allocate
// before main runs, summed over their package initialisers. What they
// allocate there is never freed, and the collector lets the heap grow to
// twice what is live: a regular expression, a table or a help text built
// at the start costs a build twice its size whether the build uses it or
// not. Build them when first used (sync.OnceValue). They took 1.3 MB in
// 10,589 allocations before issue 56 (writer's file names and viewer page
// 419 KB of it), 50,216 bytes in 651 after; 56,736 before issues 97 and
// 99, 59,128 after them (the Rspress and VuePress presets, the readers
// of Gatsby's and Astro's routes, VitePress's transformItems, the
// settings of watch, each a few lazy regular expressions or a table).
const startHeapBudget = 60 << 10

// TestStartHeap holds the heap the package initialisers of sitemapgen's
// own packages allocate (GODEBUG=inittrace=1, "sitemapgen version") to
// startHeapBudget, naming the largest when it is over.
func TestStartHeap(t *testing.T) {
	r := run(t, "", []string{"GODEBUG=inittrace=1"}, "version")
	if r.code != 0 {
		t.Fatalf("sitemapgen version: exit %d\n%s", r.code, r.stderr)
	}
	type pkgInit struct {
		path   string
		bytes  int
		allocs int
	}
	var inits []pkgInit
	total, seen := 0, 0
	initLine := regexp.MustCompile(`(?m)^init (\S+) @.* ([0-9]+) bytes, ([0-9]+) allocs$`)
	for _, m := range initLine.FindAllStringSubmatch(r.stderr, -1) {
		seen++
		if m[1] != "github.com/sitemapgen/sitemapgen" && !strings.HasPrefix(m[1], "github.com/sitemapgen/sitemapgen/") {
			continue
		}
		bytes, _ := strconv.Atoi(m[2])
		allocs, _ := strconv.Atoi(m[3])
		inits = append(inits, pkgInit{m[1], bytes, allocs})
		total += bytes
	}
	if seen == 0 {
		t.Fatalf("GODEBUG=inittrace=1 sitemapgen version printed no init line:\n%s", r.stderr)
	}
	t.Logf("the project's packages allocate %d bytes at the start, in %d packages; budget %d", total, len(inits), startHeapBudget)
	if total <= startHeapBudget {
		return
	}
	slices.SortFunc(inits, func(a, b pkgInit) int { return b.bytes - a.bytes })
	var b strings.Builder
	for _, p := range inits[:min(len(inits), 10)] {
		fmt.Fprintf(&b, "\n  %8d bytes %5d allocs  %s", p.bytes, p.allocs, p.path)
	}
	t.Errorf("the project's package initialisers allocate %d bytes, over the budget of %d: build what a package needs when it is first used (sync.OnceValue). The largest:%s", total, startHeapBudget, b.String())
}
