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
// headroom of SessionKnee, and sets the soft memory limit to follow the
// heap's goal, so that what the heap no longer uses goes back to the
// system (StartSession).
package gcpace

import (
	"math"
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

// StartSession is StartAt(SessionKnee) for a process that holds its heap
// for hours, a watch session: it also gives the memory the heap no longer
// uses back to the system at the pace of the collections, where Go's
// scavenger keeps a tenth more than the heap's goal. After each
// collection it sets the soft memory limit (debug.SetMemoryLimit) to
// what the heap may grow to before the next, with the memory the runtime
// holds besides the heap (stacks, its own data) and SessionKnee more,
// over the 95 % of the limit the scavenger keeps memory under: a limit
// never reached before the collection GOGC calls for, which the
// scavenger follows. At 1,000,000 pages a session's memory after its
// changes is about 15 MiB less (bench/RESULTS.md, issue 71). A limit
// set by GOMEMLIMIT, or by debug.SetMemoryLimit before, is left alone.
func StartSession() (stop func()) {
	p := &pacer{was: debug.SetGCPercent(100), least: SessionKnee}
	debug.SetGCPercent(p.was)
	p.percent = p.was
	if p.wasLimit = debug.SetMemoryLimit(-1); p.wasLimit == math.MaxInt64 {
		p.limit = true
	}
	p.arm()
	return p.stop
}

// limitOf returns the memory limit for a heap of live bytes paced at
// GOGC percent, when the runtime holds other bytes besides the heap's
// spans: the heap's goal and other, with SessionKnee to spare, over the
// 95 % of it the scavenger keeps the memory under.
func limitOf(live uint64, percent int, other uint64) int64 {
	goal := live + live*uint64(percent)/100
	return int64((goal + other + SessionKnee) * 100 / 95)
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
	// limit says the pacer sets the memory limit (StartSession), and
	// wasLimit is the one there was.
	limit    bool
	wasLimit int64
	sample   [6]metrics.Sample
}

// The metrics cycle reads, in pacer.sample.
var sampled = [...]string{
	"/gc/heap/live:bytes",
	"/memory/classes/total:bytes",
	"/memory/classes/heap/released:bytes",
	"/memory/classes/heap/objects:bytes",
	"/memory/classes/heap/unused:bytes",
	"/memory/classes/heap/free:bytes",
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
	for i, name := range sampled {
		p.sample[i].Name = name
	}
	metrics.Read(p.sample[:])
	var v [len(sampled)]uint64
	for i := range sampled {
		if p.sample[i].Value.Kind() != metrics.KindUint64 {
			p.arm()
			return
		}
		v[i] = p.sample[i].Value.Uint64()
	}
	live := v[0]
	if pc := percentAt(live, p.least); pc != p.percent {
		debug.SetGCPercent(pc)
		p.percent = pc
		if traceSet != nil {
			traceSet(pc)
		}
	}
	var limit int64
	if p.limit {
		// What the runtime holds besides the heap's spans: the total
		// not given back, less the objects, the spans' unused room
		// and the free spans kept.
		held, spans := v[1]-v[2], v[3]+v[4]+v[5]
		limit = limitOf(live, p.percent, held-min(held, spans))
		debug.SetMemoryLimit(limit)
	}
	if traceLimit != nil {
		traceLimit(live, limit)
	}
	p.arm()
}

func (p *pacer) stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.stopped {
		p.stopped = true
		debug.SetGCPercent(p.was)
		if p.limit {
			debug.SetMemoryLimit(p.wasLimit)
		}
	}
}

// traceSet, set by a test, is told each GOGC set; traceLimit, after
// each collection, the memory limit set (0: none, the limit left alone)
// and the live heap it was set for.
var (
	traceSet   func(percent int)
	traceLimit func(live uint64, limit int64)
)
