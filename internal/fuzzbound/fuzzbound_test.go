package fuzzbound

import (
	"fmt"
	"testing"
)

// recorder is a testing.TB that keeps its errors.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

var sink [][]byte

func TestCheck(t *testing.T) {
	r := &recorder{TB: t}
	done := Check(r)
	sink = append(sink, make([]byte, 1<<20))
	done()
	if len(r.errs) != 0 {
		t.Errorf("1 MiB: %q", r.errs)
	}

	// Past the memory bound, in pieces none of which is kept.
	r = &recorder{TB: t}
	done = Check(r)
	for range 300 {
		sink = append(sink[:0], make([]byte, 1<<20))
	}
	done()
	if len(r.errs) != 1 || r.errs[0] != "fuzzbound: the input allocated 300 MiB, more than 256 MiB" {
		t.Errorf("300 MiB: %q", r.errs)
	}
	sink = nil
}

// CPU time moves when the process works, and not otherwise.
func TestCPUTime(t *testing.T) {
	before := cpuTime()
	if before <= 0 {
		t.Fatalf("cpuTime %v", before)
	}
	x := 0
	for i := range 50_000_000 {
		x += i % 7
	}
	if after := cpuTime(); after <= before || x == 0 {
		t.Errorf("cpuTime %v, then %v after work", before, after)
	}
}
