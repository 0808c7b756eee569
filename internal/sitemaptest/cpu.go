package sitemaptest

import (
	"testing"
	"time"
)

// CPUTime returns the CPU time the process has used so far, user and
// system, or 0 where the system does not say.
func CPUTime() time.Duration { return cpuTime() }

// ReportCPU reports, as cpu-ns/op, the CPU time the process used from
// start (a CPUTime) on, by every goroutine, the collector's among them,
// divided by b.N: on a shared machine, steadier than the time on the
// clock.
func ReportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(CPUTime()-start)/float64(b.N), "cpu-ns/op")
}
