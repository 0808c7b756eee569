package build

import "testing"

func TestJoinKey(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"/", ""},
		{"/index.html", ""},
		{"index.htm", ""},
		{"/about/", "about"},
		{"about/index.html", "about"},
		{"/about.html", "about"},
		{"/about", "about"},
		{"/reindex.html", "reindex"},
		{"/docs/reindex.htm", "docs/reindex"},
		{"/posts/hello/index.htm", "posts/hello"},
	} {
		if got := joinKey(tt.in); got != tt.want {
			t.Errorf("joinKey(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestJekyllDated(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"_posts/2024-01-02-a.md", true},
		{"blog/_posts/2024-01-02-a.md", true},
		{"_recipes/soup.md", true},
		{"event.md", false},
		{"docs/event.md", false},
	} {
		if got := jekyllDated(tt.in); got != tt.want {
			t.Errorf("jekyllDated(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
