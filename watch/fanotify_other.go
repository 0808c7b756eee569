//go:build !linux

package watch

import (
	"errors"

	"github.com/fsnotify/fsnotify"
)

// fanWatch is fanotify's, which only Linux has.
type fanWatch struct {
	events chan fsnotify.Event
	errs   chan error
}

// openFanotify fails: only Linux has fanotify.
func openFanotify([]string, func(string, []byte) (string, bool)) (*fanWatch, error) {
	return nil, errors.New("fanotify: Linux only")
}

func (fa *fanWatch) close() {}
