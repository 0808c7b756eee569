//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package dirlock

import (
	"context"
	"os"
)

// noFollow is 0 where there is no O_NOFOLLOW: the lock is no lock there.
const noFollow = 0

// links is 1 where the count of hard links is not known.
func links(os.FileInfo) uint64 { return 1 }

// tryLock takes no lock where there is no flock.
func tryLock(*os.File) (bool, error) { return true, nil }

// wait is never called: tryLock always succeeds.
func wait(context.Context, *os.File) error { return nil }
