//go:build unix

package atomicfile

import (
	"errors"
	"syscall"
)

// processRunning reports whether a process with this id exists.
func processRunning(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM) // EPERM: it exists, as another user's
}
