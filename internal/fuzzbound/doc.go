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
