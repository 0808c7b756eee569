package pipeline

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
