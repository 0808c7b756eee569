package watch

import (
	"errors"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// TestFitting checks the number the hint names: at least the tree's
// folders, with a quarter more, never below the usual 524,288.
func TestFitting(t *testing.T) {
	for _, c := range []struct{ folders, want int }{
		{0, 524288},
		{2, 524288},
		{419430, 524288},  // a quarter more is 524,287
		{419432, 589824},  // a quarter more is 524,290: the next step
		{902407, 1179648}, // issue 39's tree of 902,407 folders
	} {
		got := fitting(c.folders)
		if got != c.want {
			t.Errorf("fitting(%d) = %d, want %d", c.folders, got, c.want)
		}
		if got < c.folders+c.folders/4 || got%65536 != 0 {
			t.Errorf("fitting(%d) = %d: not a step of 65,536 at or above the folders and a quarter", c.folders, got)
		}
	}
}

func TestCountWarning(t *testing.T) {
	err := countWarning(syscall.ENOSPC, 902407, 192536)
	if !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("%v does not wrap ENOSPC", err)
	}
	want := []string{"the tree has 902407 folders, 192536 of them watched", "raise it to 1179648"}
	if runtime.GOOS == "linux" {
		want = append(want, "sudo sysctl fs.inotify.max_user_watches=1179648", "echo fs.inotify.max_user_watches=1179648 | sudo tee /etc/sysctl.d/")
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("%q does not say %q", err, w)
		}
	}
}
