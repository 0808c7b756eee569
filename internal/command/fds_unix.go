//go:build unix

package command

import (
	"fmt"
	"os"
	"syscall"
)

// inherited returns the file of the descriptor fd the process inherited,
// not blocking: it joins the runtime's poller, and its reads and writes
// then end at a deadline.
func inherited(fd int) (*os.File, error) {
	if err := syscall.SetNonblock(fd, true); err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(fd), fmt.Sprintf("descriptor %d", fd)), nil
}
