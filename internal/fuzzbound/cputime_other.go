//go:build !unix && !windows

package fuzzbound

import "time"

// cpuTime is 0 where the process's CPU time is not read: the CPU bound
// is not checked there.
func cpuTime() time.Duration { return 0 }
