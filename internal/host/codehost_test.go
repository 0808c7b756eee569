package host

import "testing"

// TestCodeHost: a code host's own names are refused, its other sites and
// the sites it serves are not.
func TestCodeHost(t *testing.T) {
	for _, tt := range []struct {
		u, want string
	}{
		{u: "https://github.com/o/r#readme", want: "github.com"},
		{u: "https://GitHub.com./o/r", want: "github.com"},
		{u: "https://www.github.com/o/r", want: "www.github.com"},
		{u: "https://gitlab.com/o/r", want: "gitlab.com"},
		{u: "https://www.npmjs.com/package/x", want: "www.npmjs.com"},
		{u: "https://o.github.io/r/"},
		{u: "https://docs.github.com/en"},
		{u: "https://about.gitlab.com/"},
		{u: "https://notgithub.com/"},
		{u: "https://example.org/"},
		{u: "::"},
	} {
		if got := CodeHost(tt.u); got != tt.want {
			t.Errorf("CodeHost(%q) = %q, want %q", tt.u, got, tt.want)
		}
	}
}
