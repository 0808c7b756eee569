package gcpace

import (
	"runtime"
	"runtime/debug"
	"sync"
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
	traceCPU = func() (float64, float64) { return 0, 1 } // no collector's share
	defer func() { traceSet, traceCPU = nil, nil }()
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

// TestPercentShare: past MaxShare of the CPU in collections, the heap
// grows by Go's default whatever its size; under it, by its headroom.
func TestPercentShare(t *testing.T) {
	for _, tc := range []struct {
		live     uint64
		gc, user float64
		want     int
	}{
		{100 << 20, 0, 0, 12},       // nothing measured yet
		{100 << 20, 0.05, 1.45, 12}, // a plain build's 3 %
		{100 << 20, 0.1, 0.9, 12},   // a tenth: not past it
		{100 << 20, 0.3, 1.7, 100},  // a join's 15 %
		{1 << 20, 0.3, 1.7, 100},    // under the knee: Go's default either way
		{1 << 20, 0, 1, 100},
	} {
		if got := percent(tc.live, Knee, tc.gc, tc.user); got != tc.want {
			t.Errorf("percent(%d MiB, gc %.2f s of %.2f) = %d, want %d", tc.live>>20, tc.gc, tc.gc+tc.user, got, tc.want)
		}
	}
}

// TestStartShare: a program whose collections took a fifth of its CPU
// since Start gets Go's default at the next collection, not the eighth of
// TestStart; back under MaxShare, the eighth again.
func TestStartShare(t *testing.T) {
	defer func(k uint64) { knee = k }(knee)
	knee = 1 << 20
	set := make(chan int, 16)
	traceSet = func(pc int) { set <- pc }
	var mu sync.Mutex
	gc, user := 1.0, 10.0 // at Start
	traceCPU = func() (float64, float64) {
		mu.Lock()
		defer mu.Unlock()
		return gc, user
	}
	defer func() { traceSet, traceCPU = nil, nil }()
	was := debug.SetGCPercent(90)
	defer debug.SetGCPercent(was)

	live := make([]byte, 16<<20)
	for i := range live {
		live[i] = byte(i)
	}
	stop := Start()
	defer stop()
	for _, step := range []struct {
		gc, user float64 // since Start
		want     int
	}{{0.2, 0.8, 100}, {0.2, 3, 12}} {
		mu.Lock()
		gc, user = 1+step.gc, 10+step.user
		mu.Unlock()
		runtime.GC()
		select {
		case pc := <-set:
			if pc != step.want {
				t.Errorf("GOGC set to %d after %.1f s of %.1f in collections, want %d", pc, step.gc, step.gc+step.user, step.want)
			}
		case <-time.After(time.Minute): // a failure's bound, not a wait: the cleanup follows the collection
			t.Fatal("no GOGC set a minute after a collection")
		}
	}
	runtime.KeepAlive(live)
}
