// Package fuzzbound holds every fuzz target to the bound the project
// promises for any input at the default limits: at most a second of CPU
// time and 256 MiB of memory. A target calls
//
//	defer fuzzbound.Check(t)()
//
// first in its fuzz function; an input past either bound fails the target,
// so a fuzzer that finds one reports it (and `go test` replays it from
// testdata/fuzz) like any other failure.
//
// Both are measured as figures that load on the machine does not change:
// the process's CPU time (user and system, from getrusage on Unix,
// GetProcessTimes on Windows: cputime_*.go), not the time
// on the clock, and the bytes allocated on the heap during the call, which
// bound its peak memory from above. The CPU bound is not checked under the
// race detector, which slows code down by 2–20 times; the memory bound is.
//
// The tests of bounded reads use it too: [Sparse] makes a file of
// gigabytes that costs nothing on disk, [Allocated] measures what a call
// allocates reading it.
package fuzzbound

import (
	"runtime/metrics"
	"testing"
	"time"
)

// The bounds on one input.
const (
	MaxCPU   = time.Second
	MaxBytes = 256 << 20
)

const allocs = "/gc/heap/allocs:bytes"

// Check measures from now until the function it returns is called, and
// fails t when the call took more than MaxCPU of CPU time or allocated
// more than MaxBytes.
func Check(t testing.TB) func() {
	cpu0, bytes0 := cpuTime(), allocated()
	return func() {
		if n := allocated() - bytes0; n > MaxBytes {
			t.Errorf("fuzzbound: the input allocated %d MiB, more than %d MiB", n>>20, MaxBytes>>20)
		}
		if d := cpuTime() - cpu0; !raceEnabled && d > MaxCPU {
			t.Errorf("fuzzbound: the input took %v of CPU time, more than %v", d.Round(time.Millisecond), MaxCPU)
		}
	}
}

// allocated returns the bytes allocated on the heap since the process
// started.
func allocated() uint64 {
	s := []metrics.Sample{{Name: allocs}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
