package gcpace

import (
	"runtime"
	"runtime/debug"
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
