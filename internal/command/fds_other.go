//go:build !unix

package command

import (
	"context"
	"errors"
	"io"
)

// FDs is --transform-fds, which needs Unix's inherited descriptors.
func FDs(ctx context.Context, name string, inFD, outFD int, o Options) (io.WriteCloser, io.ReadCloser, error) {
	return nil, nil, &Error{Line: name, Err: errors.New("descriptors are passed on Unix only")}
}
