package srcpath

import "testing"

func TestGlobDir(t *testing.T) {
	for _, tt := range []struct {
		dir, want string
		ok        bool
	}{
		{"layouts", "layouts", true},
		{"./site//layouts/", "site/layouts", true},
		{"my[old]layouts", `my\[old\]layouts`, true},
		{"/srv/layouts", "", false},
		{"../common/layouts", "", false},
		{".", "", false},
	} {
		got, ok := GlobDir(tt.dir)
		if got != tt.want || ok != tt.ok {
			t.Errorf("GlobDir(%q) = %q, %v; want %q, %v", tt.dir, got, ok, tt.want, tt.ok)
		}
	}
}
