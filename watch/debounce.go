package watch

import (
	"context"
	"time"
)

// debouncer turns a stream of changed paths into batches. A batch is handed
// over once no new path has come for quiet, or at the latest maxWait after
// its first path, even while paths keep coming. A path that comes twice is
// in the batch once.
//
// One goroutine, the one running run, owns the timer and the pending batch:
// there are no locks.
type debouncer struct {
	quiet   time.Duration // hand over after this long without a new path
	maxWait time.Duration // hand over at the latest this long after the first path
}

// run reads paths from in and sends batches to out: the paths that came
// since the last batch, each once, in the order they first came. A batch
// the receiver is not ready for keeps growing: a path that comes while it
// waits joins it and, unless maxWait has passed, makes it wait for quiet
// again. Nothing is sent without a path.
//
// run returns when ctx is done, dropping a pending batch, or when in is
// closed and the last batch has been sent. It never closes out.
func (d debouncer) run(ctx context.Context, in <-chan string, out chan<- []string) {
	var (
		seen  = make(map[string]struct{})
		batch []string  // seen's paths, in the order they came
		first time.Time // when batch's first path came
		ready bool      // batch may be sent
	)
	timer := time.NewTimer(d.quiet)
	timer.Stop()
	defer timer.Stop()
	for {
		var send chan<- []string // nil, so never chosen, until ready
		if ready {
			send = out
		}
		select {
		case <-ctx.Done():
			return
		case p, ok := <-in:
			if !ok {
				if len(batch) == 0 {
					return
				}
				in = nil // send what is pending, then return
				continue
			}
			now := time.Now()
			if len(batch) == 0 {
				first = now
			}
			if _, dup := seen[p]; !dup {
				seen[p] = struct{}{}
				batch = append(batch, p)
			}
			wait := min(d.quiet, first.Add(d.maxWait).Sub(now))
			if wait <= 0 {
				timer.Stop()
				ready = true
			} else {
				timer.Reset(wait) // since Go 1.23 no stale tick survives Reset or Stop
				ready = false
			}
		case <-timer.C:
			ready = true
		case send <- batch:
			seen = make(map[string]struct{})
			batch = nil // the receiver owns the sent slice now
			ready = false
			if in == nil {
				return
			}
		}
	}
}
