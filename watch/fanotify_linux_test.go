package watch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFanotifyOnlyPastLimit: as root, a site whose folders fit the
// system's limit of watches is watched folder by folder with inotify,
// which the kernel tells of the site's changes only. Before, watch mode
// marked the site's whole filesystem with fanotify at once, which woke it
// for every write on that filesystem: beside other programs' builds, 2.7
// to 5 % of a core while the site did not change (bench/watch.sh --busy).
// Past the limit (the first watch meets it here), fanotify takes over,
// the warning says what it costs, and a change in the site is seen at
// once. What the process holds is read from /proc/self/fdinfo: the
// fanotify groups it has, and its inotify watches.
func TestFanotifyOnlyPastLimit(t *testing.T) {
	needFanotify(t)
	for _, tc := range []struct {
		name     string
		h        hooks
		fanotify bool
	}{
		{"the tree fits", hooks{}, false},
		{"past the limit", hooks{add: enospc}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			mkdir(t, filepath.Join(root, "a", "b"))
			write(t, filepath.Join(root, "a", "b", "p.html"), "p")
			fans, watches := notifyFDs(t)
			r := start(t, Options{Roots: []string{root}}, tc.h)
			moreFans, moreWatches := notifyFDs(t)
			moreFans, moreWatches = moreFans-fans, moreWatches-watches
			switch {
			case tc.fanotify && moreFans != 1:
				t.Errorf("%d fanotify groups opened, want 1", moreFans)
			case tc.fanotify:
				r.waitWarn(t, "watched whole with fanotify", "costs CPU beside other busy programs")
			case moreFans != 0:
				t.Errorf("%d fanotify groups opened for a tree that fits the limit of watches, want none", moreFans)
			case moreWatches < 3:
				t.Errorf("%d inotify watches taken, want one a folder of the tree (3) at least", moreWatches)
			}
			mark := r.mark()
			page := filepath.Join(root, "a", "b", "q.html")
			write(t, page, "q")
			r.waitFor(t, mark, page)
		})
	}
}

// notifyFDs counts the fanotify groups and the inotify watches that this
// process holds, from /proc/self/fdinfo.
func notifyFDs(t *testing.T) (fanotify, inotifyWatches int) {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Fatal(err)
	}
	for _, fd := range fds {
		info, err := os.ReadFile(filepath.Join("/proc/self/fdinfo", fd.Name()))
		if err != nil {
			continue // closed meanwhile
		}
		if strings.Contains(string(info), "fanotify flags:") {
			fanotify++
		}
		inotifyWatches += strings.Count(string(info), "inotify wd:")
	}
	return fanotify, inotifyWatches
}
