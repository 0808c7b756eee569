package validate

import (
	"slices"
	"testing"
)

// TestModelChecks runs every value check of the extensions' models once:
// their xsd:patterns are compiled when first used, so a pattern that does
// not compile would panic only on a sitemap that has its element.
func TestModelChecks(t *testing.T) {
	var walk func(path string, m elem) int
	walk = func(path string, m elem) int {
		n := 0
		path += "/" + m.name
		if m.value != nil {
			m.value("x")
			n++
		}
		for _, a := range m.attrs {
			if a.value != nil {
				a.value("x")
				n++
			}
		}
		for _, c := range m.children {
			n += walk(path, c)
		}
		return n
	}
	n := 0
	for ns, m := range models {
		n += walk(ns, *m.m)
	}
	if n == 0 {
		t.Fatal("no model has a value check")
	}
	child := func(m elem, names ...string) check {
		for _, name := range names {
			i := slices.IndexFunc(m.children, func(c elem) bool { return c.name == name })
			if i < 0 {
				t.Fatalf("<%s> has no <%s>", m.name, name)
			}
			m = m.children[i]
		}
		return m.value
	}
	for _, tt := range []struct {
		c    check
		v    string
		fine bool
	}{ // the patterns, each on a value it takes and one it does not
		{child(videoModel, "restriction"), "FR DE", true}, {child(videoModel, "restriction"), "FR,DE", false},
		{child(videoModel, "platform"), "web tv", true}, {child(videoModel, "platform"), "desktop", false},
		{child(newsModel, "publication", "language"), "zh-cn", true}, {child(newsModel, "publication", "language"), "EN", false},
		{child(newsModel, "genres"), "Blog, OpEd", true}, {child(newsModel, "genres"), "News", false},
		{child(newsModel, "stock_tickers"), "NASDAQ:A, NYSE:B", true}, {child(newsModel, "stock_tickers"), "A", false},
	} {
		if msg, _ := tt.c(tt.v); (msg == "") != tt.fine {
			t.Errorf("%q: %q, want fine %v", tt.v, msg, tt.fine)
		}
	}
}
