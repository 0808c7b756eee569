//go:build !unix && !windows

package command

import (
	"errors"
	"os"
)

// inherited: descriptors are passed on Unix and Windows only.
func inherited(fd int) (*os.File, error) {
	return nil, errors.New("descriptors are passed on Unix and Windows only")
}
