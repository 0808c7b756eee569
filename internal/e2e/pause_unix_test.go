//go:build unix

package e2e

import (
	"os"
	"syscall"
	"testing"
)

// pause stops the process p until the function it returns is called
// (SIGSTOP, SIGCONT): what the system tells it meanwhile waits for it.
func pause(t *testing.T, p *os.Process) (resume func()) {
	t.Helper()
	if err := p.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	return func() {
		if err := p.Signal(syscall.SIGCONT); err != nil {
			t.Fatal(err)
		}
	}
}
