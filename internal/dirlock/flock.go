//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package dirlock

import (
	"context"
	"errors"
	"os"
	"syscall"
)

// noFollow makes an open fail on a symbolic link.
const noFollow = syscall.O_NOFOLLOW

// links returns the number of hard links of the file fi describes.
func links(fi os.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// tryLock takes f's lock if it is free; false when another holds it.
func tryLock(f *os.File) (bool, error) {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return true, nil
		case errors.Is(err, syscall.EWOULDBLOCK):
			return false, nil
		case errors.Is(err, syscall.EINTR):
			continue
		}
		return false, &os.PathError{Op: "lock", Path: f.Name(), Err: err}
	}
}

// wait blocks until f's lock is taken, or ctx is done: then f is closed,
// and so is the lock if it comes later.
func wait(ctx context.Context, f *os.File) error {
	fd := int(f.Fd()) // f stays open until the goroutine is done with fd
	got := make(chan error, 1)
	go func() {
		for {
			err := syscall.Flock(fd, syscall.LOCK_EX)
			if !errors.Is(err, syscall.EINTR) {
				got <- err
				return
			}
		}
	}()
	select {
	case err := <-got:
		if err != nil {
			f.Close()
			return &os.PathError{Op: "lock", Path: f.Name(), Err: err}
		}
		return nil
	case <-ctx.Done():
		go func() {
			<-got
			f.Close() // the lock, if it came, goes with the descriptor
		}()
		return ctx.Err()
	}
}
