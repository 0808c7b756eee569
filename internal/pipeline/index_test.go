package pipeline

import "testing"

// TestPageIndexHolds: holds says whether a page is known under a folder,
// at any depth, made from the pages known when first asked and kept by set
// and del afterwards.
func TestPageIndexHolds(t *testing.T) {
	x := newPageIndex(&records{})
	x.set("a/b/one.html", -1)
	x.set("a/two.html", -1)
	for _, dir := range []string{"a", "a/b"} {
		if !x.holds(dir) {
			t.Errorf("holds(%q) = false before del", dir)
		}
	}
	for _, dir := range []string{"a/b/one.html", "b", "a/two.html", "a/b/c"} {
		if x.holds(dir) {
			t.Errorf("holds(%q) = true", dir)
		}
	}
	x.del("a/b/one.html")
	x.del("a/b/one.html") // not known: counts nothing
	if x.holds("a/b") || !x.holds("a") {
		t.Errorf("after del: holds(a/b) = %v, holds(a) = %v; want false, true", x.holds("a/b"), x.holds("a"))
	}
	x.set("c/d/three.html", -1)
	if !x.holds("c") || !x.holds("c/d") {
		t.Error("a page set after the first ask is not counted")
	}
	x.del("a/two.html")
	if x.holds("a") {
		t.Error("holds(a) after its last page went")
	}
}
