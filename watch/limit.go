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
		msg += "\n" + strings.ReplaceAll(raiseHint(cause), "%", "%%")
	}
	if fanErr != nil && runtime.GOOS == "linux" {
		msg += "\nhint: as root, watch mode watches whole filesystems with fanotify, with no limit (here: " + strings.ReplaceAll(fanErr.Error(), "%", "%%") + ")"
	}
	return fmt.Errorf(msg, cause)
}

// raiseHint says how to raise the limit that cause is.
func raiseHint(cause error) string {
	if runtime.GOOS != "linux" {
		return "hint: raise the limit of open files (ulimit -n; on macOS and BSD also the sysctls kern.maxfiles and kern.maxfilesperproc)"
	}
	hint := "hint: raise the limit with: sudo sysctl fs.inotify.max_user_watches=524288\n" +
		"hint: to keep it after a reboot: echo fs.inotify.max_user_watches=524288 | sudo tee /etc/sysctl.d/60-inotify.conf && sudo sysctl --system"
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
