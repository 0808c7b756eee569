package watch

import (
	"errors"
	"fmt"
	"runtime"
	"syscall"
	"time"
)

// isLimit reports whether err means a system limit on watches was reached:
// on Linux, inotify_add_watch fails with ENOSPC ("no space left on device")
// past fs.inotify.max_user_watches, and inotify_init1 with EMFILE ("too
// many open files") past fs.inotify.max_user_instances; kqueue opens a file
// per watch and meets the limit of open files.
func isLimit(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE)
}

// fallbackWarning says why Run polls instead of watching, and, for a
// limit, how to raise it.
func fallbackWarning(cause error, poll time.Duration) error {
	if !isLimit(cause) {
		return fmt.Errorf("watch: cannot watch for changes (%w); scanning every %v instead", cause, poll)
	}
	hint := "hint: raise the limit of open files (ulimit -n; on macOS and BSD also the sysctls kern.maxfiles and kern.maxfilesperproc)"
	if runtime.GOOS == "linux" {
		hint = "hint: raise the limit with: sudo sysctl fs.inotify.max_user_watches=524288\n" +
			"hint: to keep it after a reboot: echo fs.inotify.max_user_watches=524288 | sudo tee /etc/sysctl.d/60-inotify.conf && sudo sysctl --system"
		if errors.Is(cause, syscall.EMFILE) {
			hint += "\nhint: \"too many open files\" may also be the limit of inotify instances: sudo sysctl fs.inotify.max_user_instances=1024, kept the same way"
		}
	}
	return fmt.Errorf("watch: the system's limit of watched folders is reached (%w); scanning every %v instead\n%s", cause, poll, hint)
}
