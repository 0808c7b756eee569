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
		{4 << 20, 100},
		{Knee, 100},
		{10 << 20, 80},  // the headroom stays Knee
		{16 << 20, 50},  // half the live heap from here on
		{100 << 20, 50}, // a million pages' records
		{10 << 30, 50},
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

	live := make([]byte, 8<<20) // 8 knees: the floor, 50
	for i := range live {
		live[i] = byte(i)
	}
	stop := Start()
	runtime.GC()
	select {
	case pc := <-set:
		if pc != 50 {
			t.Errorf("GOGC set to %d for a live heap of 8 knees, want 50", pc)
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
