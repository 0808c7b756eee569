//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package dirlock

import (
	"context"
	"os"
)

// tryLock takes no lock where there is no flock.
func tryLock(*os.File) (bool, error) { return true, nil }

// wait is never called: tryLock always succeeds.
func wait(context.Context, *os.File) error { return nil }
