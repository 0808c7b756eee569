package fuzzbound

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var created, exited, kernel, user syscall.Filetime
	h, err := syscall.GetCurrentProcess()
	if err != nil {
		return 0
	}
	if err := syscall.GetProcessTimes(h, &created, &exited, &kernel, &user); err != nil {
		return 0
	}
	return filetimeSpan(kernel) + filetimeSpan(user)
}

// filetimeSpan is a span of time a Filetime holds, in its 100-nanosecond
// units (Filetime.Nanoseconds reads an instant since 1601).
func filetimeSpan(f syscall.Filetime) time.Duration {
	return time.Duration(int64(f.HighDateTime)<<32|int64(f.LowDateTime)) * 100
}
