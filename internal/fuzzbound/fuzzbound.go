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
