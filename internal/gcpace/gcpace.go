// Package gcpace sets the collector's headroom by the size of what is
// live: an eighth of it, at least Knee, at most the whole of it (Go's
// default, GOGC 100).
//
// A build's live heap is mostly its records, which hold no pointer and
// cost the collector little to keep; its garbage is the pages' heads,
// read and dropped one after another. Go's default lets the heap grow by
// the whole live heap between cycles: the peak is twice what the build
// keeps. With half of it (issue 56) a build's peak was still its records
// and 8 MiB more at 100,000 pages, a fifth of the process; an eighth of
// it, at least 1.5 MiB, takes the peak at 100,000 pages below 30 MiB,
// for more collections, each of a heap mostly without pointers: up to
// 2 % of the build's CPU once the build made less garbage (55 MB at
// 100,000 pages, not 77: issue 71), 9 to 10 % before (bench/RESULTS.md).
// Below Knee nothing changes: a small site's heap is its garbage, and
// fewer cycles are worth more there than the bytes. A watch session
// paces its heap the same way, from its start to its end, with a least
// headroom of SessionKnee (StartAt).
package gcpace

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// Knee is the least headroom: the collector keeps Go's default up to a
// live heap of Knee, then lets the heap grow by Knee, and past Share
// times Knee by a Share-th of the live heap.
const Knee = 3 << 19 // 1.5 MiB

// Share is the part of the live heap the heap grows by past Share knees.
const Share = 8

// SessionKnee is the least headroom of a watch session (StartAt): a
// rebuild's garbage, a few megabytes at 100,000 pages, mostly fits in
// it, where with Knee a collection came at almost every rebuild (a change
// seen in 38 ms, against 31 at GOGC 25 and 32 with SessionKnee;
// bench/watch.sh). Past a live heap of eight of it, 24 MiB, the heap
// grows by an eighth of what is live, as in a build: at 1,000,000 pages,
// 1.47x to 1.61x the build's peak after 20 changes over three runs,
// where GOGC 25 took 1.75x.
const SessionKnee = 3 << 20

// knee is Knee, which a test makes small.
var knee uint64 = Knee

// Percent returns the GOGC that gives a live heap of live bytes its
// headroom: 100 up to Knee, then Knee's share of it, at least
// 100/Share.
func Percent(live uint64) int { return percentAt(live, knee) }

// percentAt is Percent with the least headroom least.
func percentAt(live, least uint64) int {
	if live <= least {
		return 100
	}
	return max(100/Share, int(least*100/live))
}

// Start sets GOGC after each collection by the live heap it found
// (Percent), until the function it returns is called, which puts back
// the GOGC there was. One Start at a time: a second one before the
// first's stop would keep the first's GOGC when stopped.
func Start() (stop func()) { return StartAt(knee) }

// StartAt is Start with the least headroom least, in place of Knee.
func StartAt(least uint64) (stop func()) {
	p := &pacer{was: debug.SetGCPercent(100), least: least}
	debug.SetGCPercent(p.was)
	p.percent = p.was
	p.arm()
	return p.stop
}

// pacer follows the collections: a sentinel object, unreachable once
// made, is cleaned up after the cycle that finds it so, and its cleanup
// reads the live heap and makes the next.
type pacer struct {
	mu      sync.Mutex
	stopped bool
	was     int    // GOGC at Start
	least   uint64 // the least headroom
	percent int    // GOGC set last
	sample  [1]metrics.Sample
}

type sentinel struct{ _ *int } // a pointer: never a tiny object, which may share a block and outlive its cycle

func (p *pacer) arm() {
	runtime.AddCleanup(new(sentinel), (*pacer).cycle, p)
}

// cycle is called after a collection.
func (p *pacer) cycle() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped {
		return
	}
	p.sample[0].Name = "/gc/heap/live:bytes"
	metrics.Read(p.sample[:])
	if p.sample[0].Value.Kind() == metrics.KindUint64 {
		if pc := percentAt(p.sample[0].Value.Uint64(), p.least); pc != p.percent {
			debug.SetGCPercent(pc)
			p.percent = pc
			if traceSet != nil {
				traceSet(pc)
			}
		}
	}
	p.arm()
}

func (p *pacer) stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.stopped {
		p.stopped = true
		debug.SetGCPercent(p.was)
	}
}

// traceSet, set by a test, is told each GOGC set.
var traceSet func(percent int)
