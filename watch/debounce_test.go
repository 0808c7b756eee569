package watch

import (
	"context"
	"slices"
	"testing"
	"testing/synctest"
	"time"
)

const (
	testQuiet   = 100 * time.Millisecond
	testMaxWait = time.Second
)

// startDebouncer runs a debouncer inside the synctest bubble and returns its
// input, its output, and a channel closed when run returns.
func startDebouncer(ctx context.Context) (chan<- string, <-chan []string, <-chan struct{}) {
	in := make(chan string)
	out := make(chan []string)
	done := make(chan struct{})
	go func() {
		defer close(done)
		debouncer{quiet: testQuiet, maxWait: testMaxWait}.run(ctx, in, out)
	}()
	return in, out, done
}

// noBatch fails if a batch is waiting on out once every goroutine of the
// bubble is blocked.
func noBatch(t *testing.T, out <-chan []string) {
	t.Helper()
	synctest.Wait()
	select {
	case b := <-out:
		t.Fatalf("at %v: got batch %q, want none yet", elapsed(t), b)
	default:
	}
}

// batch returns the batch waiting on out once every goroutine of the bubble
// is blocked, and fails if there is none.
func batch(t *testing.T, out <-chan []string) []string {
	t.Helper()
	synctest.Wait()
	select {
	case b := <-out:
		return b
	default:
		t.Fatalf("at %v: no batch, want one", elapsed(t))
		return nil
	}
}

var bubbleStart = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC) // synctest's clock starts here

func elapsed(*testing.T) time.Duration { return time.Since(bubbleStart) }

func TestDebouncerBurstIsOneBatch(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		in, out, _ := startDebouncer(t.Context())
		start := time.Now()
		for _, p := range []string{"a", "b", "c"} {
			in <- p
		}
		time.Sleep(testQuiet - time.Nanosecond)
		noBatch(t, out)
		time.Sleep(time.Nanosecond)
		if got, want := batch(t, out), []string{"a", "b", "c"}; !slices.Equal(got, want) {
			t.Errorf("batch = %q, want %q", got, want)
		}
		if d := time.Since(start); d != testQuiet {
			t.Errorf("batch after %v, want %v", d, testQuiet)
		}
		time.Sleep(10 * testMaxWait)
		noBatch(t, out)
	})
}

func TestDebouncerQuietRestartsWithEachPath(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		in, out, _ := startDebouncer(t.Context())
		in <- "a"
		time.Sleep(testQuiet / 2)
		in <- "b"
		time.Sleep(testQuiet - time.Nanosecond) // quiet since a, not since b
		noBatch(t, out)
		time.Sleep(time.Nanosecond)
		if got, want := batch(t, out), []string{"a", "b"}; !slices.Equal(got, want) {
			t.Errorf("batch = %q, want %q", got, want)
		}
	})
}

func TestDebouncerMaxWaitBoundsEndlessStream(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		in, out, _ := startDebouncer(t.Context())
		start := time.Now()
		step := testQuiet / 2 // never quiet long enough
		var sent []string
		for i := 0; time.Since(start) < testMaxWait; i++ {
			p := string(rune('a' + i%26))
			if !slices.Contains(sent, p) {
				sent = append(sent, p)
			}
			in <- p
			time.Sleep(step)
			if time.Since(start) < testMaxWait {
				noBatch(t, out)
			}
		}
		got := batch(t, out)
		if d := time.Since(start); d != testMaxWait {
			t.Errorf("batch after %v, want MaxWait %v", d, testMaxWait)
		}
		if !slices.Equal(got, sent) {
			t.Errorf("batch = %q, want %q", got, sent)
		}

		// The stream goes on: the next batch starts at the next path.
		in <- "next"
		time.Sleep(testQuiet)
		if got, want := batch(t, out), []string{"next"}; !slices.Equal(got, want) {
			t.Errorf("second batch = %q, want %q", got, want)
		}
	})
}

func TestDebouncerCoalescesDuplicates(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		in, out, _ := startDebouncer(t.Context())
		for _, p := range []string{"b", "a", "b", "b", "a", "c"} {
			in <- p
		}
		time.Sleep(testQuiet)
		if got, want := batch(t, out), []string{"b", "a", "c"}; !slices.Equal(got, want) {
			t.Errorf("batch = %q, want %q", got, want)
		}
		// A path handed over may come again in the next batch.
		in <- "a"
		time.Sleep(testQuiet)
		if got, want := batch(t, out), []string{"a"}; !slices.Equal(got, want) {
			t.Errorf("second batch = %q, want %q", got, want)
		}
	})
}

func TestDebouncerNothingWithoutPaths(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		_, out, _ := startDebouncer(t.Context())
		time.Sleep(time.Hour)
		noBatch(t, out)
	})
}

func TestDebouncerGrowsWhileReceiverIsBusy(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		in, out, _ := startDebouncer(t.Context())
		in <- "a"
		time.Sleep(testQuiet) // ready, but nobody receives
		in <- "b"             // joins the waiting batch and restarts the quiet time
		synctest.Wait()
		select {
		case b := <-out:
			t.Fatalf("batch %q handed over before quiet after b", b)
		default:
		}
		time.Sleep(testQuiet)
		if got, want := batch(t, out), []string{"a", "b"}; !slices.Equal(got, want) {
			t.Errorf("batch = %q, want %q", got, want)
		}

		// Past MaxWait, a path joins the waiting batch without delaying it.
		in <- "c"
		time.Sleep(testMaxWait + testQuiet) // ready since quiet; MaxWait passed too
		in <- "d"
		if got, want := batch(t, out), []string{"c", "d"}; !slices.Equal(got, want) {
			t.Errorf("batch = %q, want %q", got, want)
		}
	})
}

func TestDebouncerStopsOnCancel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		in, out, done := startDebouncer(ctx)
		in <- "a"
		time.Sleep(testQuiet) // a batch is waiting
		cancel()
		synctest.Wait()
		select {
		case <-done:
		default:
			t.Fatal("run did not return after cancel")
		}
		select {
		case b := <-out:
			t.Errorf("batch %q after cancel", b)
		default:
		}
	})
}

func TestDebouncerFlushesWhenInputCloses(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		in, out, done := startDebouncer(t.Context())
		in <- "a"
		close(in)
		time.Sleep(testQuiet)
		if got, want := batch(t, out), []string{"a"}; !slices.Equal(got, want) {
			t.Errorf("batch = %q, want %q", got, want)
		}
		synctest.Wait()
		select {
		case <-done:
		default:
			t.Fatal("run did not return after its input closed and the batch was sent")
		}
	})
}
