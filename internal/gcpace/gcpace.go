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

// MaxShare is the most of the process's CPU the collector is given by a
// smaller headroom: once its share since the pacer started passes it,
// the heap grows by Go's default (the whole live heap) until the share is
// back under it. A plain build's collections, of a heap mostly without
// pointers, take 2 to 7 % and never reach it; a join's (a Hugo project's
// 20,000 sources: their parsed front matter, the git history's paths,
// maps of strings, and the YAML decoder's garbage) took over 30 % at an
// eighth, 184 collections for 20,000 sources, a second of CPU more than
// at Go's default.
const MaxShare = 0.10

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
	_, _, p.gc0, p.user0 = p.read()
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
	// gc0 and user0 are the collector's and the program's CPU seconds at
	// Start: the share is of what came after.
	gc0, user0 float64
	sample     [3]metrics.Sample
}

// The metrics cycle reads: the live heap, then the CPU seconds of the
// collector and of the program's own code.
var sampleNames = [3]string{"/gc/heap/live:bytes", "/cpu/classes/gc/total:cpu-seconds", "/cpu/classes/user:cpu-seconds"}

// read reads the metrics into p.sample: the live heap (ok false when
// the runtime has no such metric), the collector's CPU seconds and the
// program's.
func (p *pacer) read() (live uint64, ok bool, gc, user float64) {
	for i, name := range sampleNames {
		p.sample[i].Name = name
	}
	metrics.Read(p.sample[:])
	if p.sample[0].Value.Kind() == metrics.KindUint64 {
		live, ok = p.sample[0].Value.Uint64(), true
	}
	if p.sample[1].Value.Kind() == metrics.KindFloat64 && p.sample[2].Value.Kind() == metrics.KindFloat64 {
		gc, user = p.sample[1].Value.Float64(), p.sample[2].Value.Float64()
	}
	if traceCPU != nil {
		gc, user = traceCPU()
	}
	return live, ok, gc, user
}

// percent returns the GOGC for a live heap of live bytes when the
// collector has had gc of gc+user CPU seconds: percentAt's, or Go's
// default while gc is more than MaxShare of them.
func percent(live, least uint64, gc, user float64) int {
	if gc > MaxShare*(gc+user) {
		return 100
	}
	return percentAt(live, least)
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
	if live, ok, gc, user := p.read(); ok {
		if pc := percent(live, p.least, gc-p.gc0, user-p.user0); pc != p.percent {
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

// traceCPU, set by a test, gives the CPU seconds in place of the
// runtime's estimates, which count a P's time as the program's while the
// machine's other work holds its thread.
var traceCPU func() (gc, user float64)
