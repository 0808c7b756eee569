package gcpace

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

func TestPercent(t *testing.T) {
	for _, tc := range []struct {
		live uint64
		want int
	}{
		{0, 100},
		{1 << 20, 100},
		{Knee, 100},
		{3 << 20, 50},   // the headroom stays Knee
		{10 << 20, 15},  // 100,000 pages' records: 1.5 MiB, not 8
		{12 << 20, 12},  // an eighth of the live heap from here on
		{100 << 20, 12}, // a million pages' records: 12 MiB, not 50
		{10 << 30, 12},
	} {
		if got := Percent(tc.live); got != tc.want {
			t.Errorf("Percent(%d MiB) = %d, want %d", tc.live>>20, got, tc.want)
		}
	}
}

// TestStart: after a collection that finds a live heap past the knee,
// GOGC is lowered; stop puts back the one there was.
func TestStart(t *testing.T) {
	defer func(k uint64) { knee = k }(knee)
	knee = 1 << 20
	set := make(chan int, 16)
	traceSet = func(pc int) { set <- pc }
	defer func() { traceSet = nil }()
	was := debug.SetGCPercent(90)
	defer debug.SetGCPercent(was)

	live := make([]byte, 16<<20) // 16 of the test's knee of 1 MiB: the floor, 12
	for i := range live {
		live[i] = byte(i)
	}
	stop := Start()
	runtime.GC()
	select {
	case pc := <-set:
		if pc != 12 {
			t.Errorf("GOGC set to %d for a live heap of 16 MiB (the knee 1 MiB), want 12", pc)
		}
	case <-time.After(time.Minute): // a failure's bound, not a wait: the cleanup follows the collection
		t.Fatal("no GOGC set a minute after a collection")
	}
	runtime.KeepAlive(live)
	stop()
	if now := debug.SetGCPercent(was); now != 90 {
		t.Errorf("GOGC after stop %d, want the 90 there was", now)
	}
	stop() // a second stop changes nothing
}

// TestPercentAt: a session's least headroom (SessionKnee) keeps Go's
// default up to its knee and gives a large live heap the same eighth as a
// build's.
func TestPercentAt(t *testing.T) {
	for _, tc := range []struct {
		live uint64
		want int
	}{
		{2 << 20, 100},
		{SessionKnee, 100},
		{12 << 20, 25},  // the headroom stays SessionKnee
		{24 << 20, 12},  // an eighth from here on
		{150 << 20, 12}, // a million pages' session
	} {
		if got := percentAt(tc.live, SessionKnee); got != tc.want {
			t.Errorf("percentAt(%d MiB, SessionKnee) = %d, want %d", tc.live>>20, got, tc.want)
		}
	}
}

// TestStartSession: after a collection, a session's pacer sets the
// memory limit to the heap's goal for the live heap it found, with what
// the runtime holds besides and SessionKnee to spare, over 95 %, which
// leaves the heap's goal GOGC's (the runtime's goal is the lower of the
// two); stop puts back the limit there was. A limit set before is left
// alone.
func TestStartSession(t *testing.T) {
	type set struct {
		live  uint64
		limit int64
	}
	sets := make(chan set, 64)
	traceLimit = func(live uint64, limit int64) { sets <- set{live, limit} }
	defer func() { traceLimit = nil }()
	was := debug.SetGCPercent(100)
	defer debug.SetGCPercent(was)
	if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 || os.Getenv("GOMEMLIMIT") != "" {
		t.Skipf("GOMEMLIMIT is set (%d): the pacer leaves it", l) // the environment's, not the test's
	}
	next := func() set {
		t.Helper()
		select {
		case got := <-sets:
			return got
		case <-time.After(time.Minute): // a failure's bound, not a wait: the cleanup follows the collection
			t.Fatal("no collection told a minute after it")
		}
		return set{}
	}

	live := make([]byte, 64<<20) // past SessionKnee's eight: GOGC 12
	for i := range live {
		live[i] = byte(i)
	}
	stop := StartSession()
	runtime.GC()
	got := next()
	goal := got.live + got.live*12/100
	if lo, hi := int64(goal+SessionKnee)*100/95, int64(goal+SessionKnee+64<<20)*100/95; got.limit < lo || got.limit > hi {
		t.Errorf("memory limit %d MiB for a live heap of %d MiB, want from %d to %d MiB", got.limit>>20, got.live>>20, lo>>20, hi>>20)
	}
	if now := debug.SetMemoryLimit(-1); now == math.MaxInt64 {
		t.Error("no memory limit set while the session runs")
	}
	// The heap's goal is GOGC's for the live heap (with the stacks and
	// globals), not below it: the limit leaves room for the spans'
	// unused bytes and what else the runtime holds.
	runtime.GC()
	got = next()
	sample := []metrics.Sample{{Name: "/gc/heap/goal:bytes"}}
	metrics.Read(sample)
	if g, want := sample[0].Value.Uint64(), got.live+got.live*12/100; g < want {
		t.Errorf("the heap's goal %d MiB for a live heap of %d MiB, want at least GOGC 12's %d MiB", g>>20, got.live>>20, want>>20)
	}
	runtime.KeepAlive(live)
	stop()
	if now := debug.SetMemoryLimit(-1); now != math.MaxInt64 {
		t.Errorf("memory limit after stop %d, want none", now)
	}
	for len(sets) > 0 { // told before the stop
		<-sets
	}

	// A limit set before the session is the user's: kept.
	debug.SetMemoryLimit(1 << 40)
	defer debug.SetMemoryLimit(math.MaxInt64)
	stop = StartSession()
	runtime.GC()
	if got = next(); got.limit != 0 {
		t.Errorf("memory limit set to %d where one was set before", got.limit)
	}
	if now := debug.SetMemoryLimit(-1); now != 1<<40 {
		t.Errorf("memory limit %d, want the 1 TiB set before", now)
	}
	stop()
	if now := debug.SetMemoryLimit(-1); now != 1<<40 {
		t.Errorf("memory limit after stop %d, want the 1 TiB set before", now)
	}
}

// TestLimitOf: the limit leaves the heap its goal and what else the
// runtime holds, over 95 %, and is never under what is held: after the
// heap shrank it steps down as memory goes back, where one under it
// would have the collector run back to back.
func TestLimitOf(t *testing.T) {
	const mib = 1 << 20
	if got, want := limitOf(100*mib, 12, 10*mib, 120*mib), int64((112*mib+10*mib+SessionKnee)*100/95); got != want {
		t.Errorf("limitOf(100 MiB live, GOGC 12, 10 MiB other, 120 held) = %d, want %d", got, want)
	}
	if got := limitOf(20*mib, 12, 10*mib, 300*mib); got != 300*mib {
		t.Errorf("limitOf(20 MiB live, 300 MiB held) = %d MiB, want what is held, 300", got/mib)
	}
}
