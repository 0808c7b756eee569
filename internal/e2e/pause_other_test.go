//go:build !unix

package e2e

import (
	"os"
	"testing"
)

// pause: a process is not stopped on this system.
func pause(t *testing.T, _ *os.Process) (resume func()) {
	t.Skip("stopping a process needs SIGSTOP")
	return nil
}
