package watch

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"syscall"
)

// isLimit reports whether err means a system limit on watches was reached:
// on Linux, inotify_add_watch fails with ENOSPC ("no space left on device")
// past fs.inotify.max_user_watches, and inotify_init1 with EMFILE ("too
// many open files") past fs.inotify.max_user_instances; kqueue opens a file
// per watch and meets the limit of open files.
func isLimit(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE)
}

// limitWarning says that a limit of watches (capacity) was met, after
// watched folders, that the others are scanned, and, for the system's limit, how
// to raise it. fanErr is why fanotify could not be used, if it was
// tried.
func limitWarning(cause error, watched, capacity int, fanErr error) error {
	var what string
	switch {
	case cause == errCapped:
		what = fmt.Sprintf("%s watched, %d kept for the folders that change (%%w: %d)", folders(watched), capacity-watched, capacity)
	case isLimit(cause):
		what = fmt.Sprintf("the system's limit of watched folders is reached (%%w) after %d", watched)
	default:
		what = "cannot watch for changes (%w)"
	}
	msg := "watch: " + what + "; the other folders are scanned in turns, at most 5 %% of a core, so a change there is seen within a pass of the scan, not at once (said again when a pass takes long)"
	if isLimit(cause) {
		msg += "\nhint: how far to raise the limit is said when the scan's first pass has counted the folders"
	}
	if fanErr != nil && runtime.GOOS == "linux" {
		msg += "\nhint: as root, watch mode watches whole filesystems with fanotify, with no limit (here: " + strings.ReplaceAll(fanErr.Error(), "%", "%%") + ")"
	}
	return fmt.Errorf(msg, cause)
}

// fanotifyWarning says that at a limit of watches (cause), after
// watched folders, fanotify watches the filesystems whole, and what that
// costs.
func fanotifyWarning(cause error, watched int) error {
	what := fmt.Sprintf("the system's limit of watched folders is reached (%%w) after %d", watched)
	if cause == errCapped {
		what = fmt.Sprintf("%s watched (%%w)", folders(watched))
	} else if !isLimit(cause) {
		what = "cannot watch folder by folder (%w)"
	}
	return fmt.Errorf("watch: "+what+"; as root, the site's filesystem is watched whole with fanotify from now on: a change anywhere in the site is seen at once, but every write elsewhere on that filesystem wakes watch mode too, which costs CPU beside other busy programs (about half a second for 70,000 files written elsewhere); raise the limit to watch folder by folder, or --fanotify=false scans the folders past it instead", cause)
}

// countWarning says, once the scan's first pass has counted the tree's
// folders (watched of them watched), how far to raise the limit that
// cause is to watch them all.
func countWarning(cause error, total, watched int) error {
	n := fitting(total)
	return fmt.Errorf("watch: the tree has %s, %d of them watched before the system's limit (%w); to watch them all, raise it to %d\n%s",
		folders(total), watched, cause, n, strings.ReplaceAll(raiseHint(cause, n), "%", "%%"))
}

// fitting is a limit of watches that fits a tree of n folders: n and a
// quarter more, for the watches other programs of the same user hold and
// the folders the tree gains, rounded up to a multiple of 65,536, and never
// below 524,288, the value most distributions' documentation gives.
func fitting(n int) int {
	const step = 1 << 16
	want := n + n/4
	return max(524288, (want+step-1)/step*step)
}

// raiseHint says how to raise the limit that cause is to n.
func raiseHint(cause error, n int) string {
	if runtime.GOOS != "linux" {
		return fmt.Sprintf("hint: raise the limit of open files to %d (ulimit -n %d; on macOS and BSD also the sysctls kern.maxfiles and kern.maxfilesperproc)", n, n)
	}
	hint := fmt.Sprintf("hint: raise the limit with: sudo sysctl fs.inotify.max_user_watches=%d\n", n) +
		fmt.Sprintf("hint: to keep it after a reboot: echo fs.inotify.max_user_watches=%d | sudo tee /etc/sysctl.d/60-inotify.conf && sudo sysctl --system", n)
	if errors.Is(cause, syscall.EMFILE) {
		hint += "\nhint: \"too many open files\" may also be the limit of inotify instances: sudo sysctl fs.inotify.max_user_instances=1024, kept the same way"
	}
	return hint
}

// folders says "1 folder" or "N folders".
func folders(n int) string {
	if n == 1 {
		return "1 folder"
	}
	return fmt.Sprintf("%d folders", n)
}
