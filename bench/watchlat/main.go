// Command watchlat measures watch mode: how long after a page changes its
// sitemap files are replaced, and how much memory watch mode holds against
// a one-shot build of the same site.
//
//	watchlat [-runs N] [-debounce D] [-edit MODE] [-watch-flags FLAGS] [-idle D] [-busy DIR] [-timeout D] -bin SITEMAPGEN -out DIR SITE
//
// It runs "SITEMAPGEN build" once (its wall time and peak RSS are the
// one-shot figures), then starts "SITEMAPGEN watch --debounce D FLAGS
// --out DIR SITE" and times its start (until it says it watches, against
// the build's wall time), measures its CPU time while nothing changes for
// -idle (default 10s) (with -busy, while it writes and removes small
// files in DIR, outside the site and on its filesystem, as another
// program's build beside it does), and N times: changes one page (a different page
// each run) as an editor does, and waits with fsnotify for the shard that
// lists the page and for sitemap.xml to be renamed into place in DIR
// (each for at most -timeout). At the end it stops watch and checks that
// the files it wrote are those a fresh build writes, byte for byte. The
// edit (-edit) is one of
//
//	write   a new modification date written into the head, in place
//	        (the file keeps its inode, and its other names see it)
//	rename  the same written to a new file beside it, renamed over it, as
//	        editors save atomically
//	touch   the page's modification time only (pages whose lastmod is
//	        their file's time: no date in their head)
//
// The latency reported is that wait minus D, the debounce window:
// the time the watcher, the incremental rebuild and the writer take. Each
// page is put back as it was (bytes and mtime) after its run.
//
// At the end it prints the medians, the 90th percentiles and the worst,
// the rebuild times watch itself reported, and the peak RSS (VmHWM) of the
// watch process against the build's.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"
)

func main() {
	runs := flag.Int("runs", 20, "pages changed, one after another")
	debounce := flag.Duration("debounce", 200*time.Millisecond, "watch's --debounce")
	bin := flag.String("bin", "sitemapgen", "the sitemapgen binary")
	out := flag.String("out", "", "the folder the sitemaps are written to (emptied first)")
	base := flag.String("base-url", "https://example.com/", "the base URL")
	edit := flag.String("edit", "write", "how a page is changed: write, rename or touch")
	watchFlags := flag.String("watch-flags", "", "more flags of watch, space-separated")
	idle := flag.Duration("idle", 10*time.Second, "how long watch's CPU time is measured while nothing changes")
	busy := flag.String("busy", "", "a folder outside the site, on its filesystem, where files are written and removed while the idle CPU is measured")
	timeout := flag.Duration("timeout", 30*time.Second, "the longest wait for one change's sitemaps")
	flag.Parse()
	if *edit != "write" && *edit != "rename" && *edit != "touch" {
		fmt.Fprintln(os.Stderr, "watchlat: -edit is write, rename or touch")
		os.Exit(2)
	}
	if flag.NArg() != 1 || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: watchlat [-runs N] [-debounce D] -bin SITEMAPGEN -out DIR SITE")
		os.Exit(2)
	}
	site := flag.Arg(0)
	cfg := config{site: site, bin: *bin, out: *out, base: *base, edit: *edit, runs: *runs, debounce: *debounce,
		flags: strings.Fields(*watchFlags), idle: *idle, busy: *busy, timeout: *timeout}
	if err := run(cfg); err != nil {
		fmt.Fprintln(os.Stderr, "watchlat:", err)
		os.Exit(1)
	}
}

// config is what main's flags say.
type config struct {
	site, bin, out, base, edit string
	busy                       string
	runs                       int
	debounce, idle, timeout    time.Duration
	flags                      []string
}

// run measures watch mode on c.site and prints the figures.
func run(c config) error {
	if err := os.RemoveAll(c.out); err != nil {
		return err
	}
	if err := os.MkdirAll(c.out, 0o755); err != nil {
		return err
	}
	buildWall, buildRSS, err := oneShot(c)
	if err != nil {
		return err
	}
	pages, err := pickPages(c.site, c.runs, c.edit == "touch")
	if err != nil {
		return err
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	if err := w.Add(c.out); err != nil {
		return err
	}
	watchStart := time.Now()
	p, err := startWatch(c)
	if err != nil {
		return err
	}
	defer p.stop()
	if err := waitLine(p.lines, regexp.MustCompile(`^sitemapgen: watching .* for changes`), 10*time.Minute); err != nil {
		return err
	}
	started := time.Since(watchStart)
	settle(w)
	stopBusy, written := busyWriter(c.busy)
	idleShare, err := idleCPU(p.cmd.Process.Pid, c.idle)
	stopBusy()
	if err != nil {
		return err
	}
	var t timings
	for i, page := range pages {
		if err := t.measure(c, w, p.lines, page, i); err != nil {
			return err
		}
	}
	watchRSS, err := vmHWM(p.cmd.Process.Pid)
	if err != nil {
		return err
	}
	p.stop()
	same, err := sameAsBuild(c.bin, c.base, c.out, c.site)
	if err != nil {
		return err
	}
	fmt.Printf("start (to \"watching\"): watch %.2f s, one-shot build %.2f s, ratio %.2f\n", started.Seconds(), buildWall.Seconds(), started.Seconds()/buildWall.Seconds())
	if c.busy != "" {
		fmt.Printf("idle CPU over %v, beside a writer of %d files outside the site: %.1f %% of a core\n", c.idle, written(), 100*idleShare)
	} else {
		fmt.Printf("idle CPU over %v: %.1f %% of a core\n", c.idle, 100*idleShare)
	}
	fmt.Printf("pages changed: %d (debounce %v, subtracted)\n", len(pages), c.debounce)
	report("change → shard replaced", t.shard)
	report("change → sitemap.xml replaced", t.index)
	report("rebuild as watch reports it", t.reported)
	fmt.Printf("peak RSS: watch %.1f MiB, one-shot build %.1f MiB, ratio %.2f\n",
		float64(watchRSS)/1024, float64(buildRSS)/1024, float64(watchRSS)/float64(buildRSS))
	fmt.Printf("watch's files after the changes: %s\n", same)
	return nil
}

// oneShot runs one build of the site. It returns the build's wall time
// and its peak RSS in KiB, which are the yardsticks for watch mode.
func oneShot(c config) (time.Duration, int64, error) {
	build := exec.Command(c.bin, "build", "--quiet", "--base-url", c.base, "--out", c.out, c.site)
	build.Stderr = os.Stderr
	start := time.Now()
	if err := build.Run(); err != nil {
		return 0, 0, fmt.Errorf("build: %w", err)
	}
	return time.Since(start), build.ProcessState.SysUsage().(*syscall.Rusage).Maxrss, nil
}

// A watchProc is a running "sitemapgen watch".
type watchProc struct {
	cmd     *exec.Cmd
	lines   <-chan string // the lines it writes to stderr
	stopped bool
}

// startWatch starts "sitemapgen watch" on the site with c's flags.
func startWatch(c config) (*watchProc, error) {
	args := append([]string{"watch", "--base-url", c.base, "--out", c.out, "--debounce", c.debounce.String()}, c.flags...)
	cmd := exec.Command(c.bin, append(args, c.site)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	lines := make(chan string, 1024)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	return &watchProc{cmd: cmd, lines: lines}, nil
}

// stop interrupts watch and waits for it to end. It does nothing the
// second time.
func (p *watchProc) stop() {
	if p.stopped {
		return
	}
	p.cmd.Process.Signal(syscall.SIGINT)
	p.cmd.Wait()
	p.stopped = true
}

// busyWriter writes and removes small files in dir, 20 every 10 ms,
// until stop is called, as another program's build on the same
// filesystem does; written then says how many it wrote. With no dir it
// does nothing.
func busyWriter(dir string) (stop func(), written func() int) {
	if dir == "" {
		return func() {}, func() int { return 0 }
	}
	done, over := make(chan struct{}), make(chan int)
	go func() {
		n := 0
		defer func() { over <- n }()
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return
		}
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			for i := range 20 {
				f := filepath.Join(dir, "f"+strconv.Itoa(i))
				if os.WriteFile(f, []byte("busy\n"), 0o644) == nil {
					n++
				}
				os.Remove(f)
			}
		}
	}()
	var total int
	return func() { close(done); total = <-over }, func() int { return total }
}

// idleCPU returns the share of a core that the process pid uses over
// the time idle.
func idleCPU(pid int, idle time.Duration) (float64, error) {
	cpu0, err := cpuTime(pid)
	if err != nil {
		return 0, err
	}
	time.Sleep(idle)
	cpu1, err := cpuTime(pid)
	if err != nil {
		return 0, err
	}
	return float64(cpu1-cpu0) / float64(idle), nil
}

// timings are the latencies measured, one of each for every page
// changed.
type timings struct {
	shard    []time.Duration // from the change to its shard replaced
	index    []time.Duration // from the change to sitemap.xml replaced
	reported []time.Duration // the rebuild's time as watch reports it
}

// rebuildMS finds the time of a rebuild in watch's line.
var rebuildMS = regexp.MustCompile(`, (\d+) ms$`)

// measure changes the page p, the i-th, and notes how long watch takes
// to replace the sitemap files. Then it puts the page back as it was,
// and lets watch take that in before the next page. The debounce window
// is subtracted from each latency.
func (t *timings) measure(c config, w *fsnotify.Watcher, lines <-chan string, p string, i int) error {
	orig, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	st, err := os.Stat(p)
	if err != nil {
		return err
	}
	when := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Hour)
	changed := bytes.Replace(orig, []byte("<head>"), []byte(`<head><meta property="article:modified_time" content="`+when.Format(time.RFC3339)+`">`), 1)
	if bytes.Equal(changed, orig) {
		return fmt.Errorf("%s: no <head>", p)
	}
	if c.edit != "touch" {
		when = time.Time{} // The file is written now.
	}
	start := time.Now()
	if err := change(p, c.edit, changed, st.Mode().Perm(), when); err != nil {
		return err
	}
	first, last, err := waitRenames(w, c.timeout)
	if err != nil {
		return fmt.Errorf("%s: %w", p, err)
	}
	t.shard = append(t.shard, first.Sub(start)-c.debounce)
	t.index = append(t.index, last.Sub(start)-c.debounce)
	line, err := nextRebuild(lines, c.timeout)
	if err != nil {
		return err
	}
	if m := rebuildMS.FindStringSubmatch(line); m != nil {
		ms, _ := strconv.Atoi(m[1])
		t.reported = append(t.reported, time.Duration(ms)*time.Millisecond)
	}
	if err := change(p, c.edit, orig, st.Mode().Perm(), st.ModTime()); err != nil {
		return err
	}
	if _, err := nextRebuild(lines, c.timeout); err != nil {
		return err
	}
	settle(w)
	return nil
}

// sameAsBuild builds the site as it is now into a new folder beside out
// and says whether the sitemap files are those in out, byte for byte.
func sameAsBuild(bin, base, out, site string) (string, error) {
	fresh := out + "-fresh"
	if err := os.RemoveAll(fresh); err != nil {
		return "", err
	}
	defer os.RemoveAll(fresh)
	build := exec.Command(bin, "build", "--quiet", "--base-url", base, "--out", fresh, site)
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		return "", fmt.Errorf("fresh build: %w", err)
	}
	files := func(dir string) (map[string][]byte, error) {
		ents, err := os.ReadDir(dir)
		if err != nil {
			return nil, err
		}
		m := make(map[string][]byte)
		for _, e := range ents {
			if !strings.HasPrefix(e.Name(), "sitemap") {
				continue
			}
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				return nil, err
			}
			m[e.Name()] = data
		}
		return m, nil
	}
	a, err := files(out)
	if err != nil {
		return "", err
	}
	b, err := files(fresh)
	if err != nil {
		return "", err
	}
	if len(a) != len(b) {
		return fmt.Sprintf("DIFFER from a fresh build's (%d files against %d)", len(a), len(b)), nil
	}
	for name, data := range b {
		if !bytes.Equal(a[name], data) {
			return "DIFFER from a fresh build's at " + name, nil
		}
	}
	return fmt.Sprintf("equal to a fresh build's, byte for byte (%d files)", len(b)), nil
}

// cpuTime returns the user and system time a process has used.
func cpuTime(pid int) (time.Duration, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The fields after the command, which is in parentheses: utime and
	// stime are the 12th and 13th, in clock ticks of 1/100 s.
	rest := string(data[bytes.LastIndexByte(data, ')')+2:])
	f := strings.Fields(rest)
	if len(f) < 13 {
		return 0, fmt.Errorf("process %d: short stat", pid)
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("process %d: stat: %q", pid, f[11:13])
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond, nil
}

// change changes the page p as the edit says: data written in place or
// through a rename, its time then when unless that is zero; or its time
// alone, when.
func change(p, edit string, data []byte, perm fs.FileMode, when time.Time) error {
	name := p
	switch edit {
	case "write":
		if err := os.WriteFile(p, data, perm); err != nil {
			return err
		}
	case "rename":
		name = filepath.Join(filepath.Dir(p), "."+filepath.Base(p)+".tmp")
		if err := os.WriteFile(name, data, perm); err != nil {
			return err
		}
	}
	if !when.IsZero() {
		if err := os.Chtimes(name, when, when); err != nil {
			return err
		}
	}
	if name != p {
		return os.Rename(name, p)
	}
	return nil
}

// pickPages returns n HTML pages of site spread over it, in a fixed order;
// undated, pages with no date in their head.
func pickPages(site string, n int, undated bool) ([]string, error) {
	var all []string
	err := filepath.WalkDir(site, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && strings.HasSuffix(p, "index.html") {
			all = append(all, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var picked []string
	for i := range n {
		p := all[(i*len(all))/n+len(all)/(2*n)]
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		// Pages watch lists (no noindex, no redirect) with a head to change.
		dated := bytes.Contains(data, []byte("modified_time")) || bytes.Contains(data, []byte("dateModified"))
		if bytes.Contains(data, []byte("<head>")) && !bytes.Contains(data, []byte("noindex")) && !bytes.Contains(data, []byte("http-equiv")) && !(undated && dated) {
			picked = append(picked, p)
		}
	}
	if len(picked) == 0 {
		return nil, fmt.Errorf("%s: no page to change", site)
	}
	return picked, nil
}

// waitRenames waits for a sitemap file to be renamed into place, then for
// sitemap.xml, and returns when each was.
func waitRenames(w *fsnotify.Watcher, timeout time.Duration) (first, index time.Time, err error) {
	deadline := time.After(timeout)
	for {
		select {
		case ev := <-w.Events:
			if !ev.Has(fsnotify.Create) || strings.HasPrefix(filepath.Base(ev.Name), ".") {
				continue
			}
			now := time.Now()
			if first.IsZero() {
				first = now
			}
			if filepath.Base(ev.Name) == "sitemap.xml" {
				return first, now, nil
			}
		case err := <-w.Errors:
			return first, index, err
		case <-deadline:
			return first, index, fmt.Errorf("sitemap.xml not replaced after %v", timeout)
		}
	}
}

// settle takes the events of the output folder until none has come for
// half a second: the last rebuild's renames are all in.
func settle(w *fsnotify.Watcher) {
	for {
		select {
		case <-w.Events:
		case <-time.After(500 * time.Millisecond):
			return
		}
	}
}

func waitLine(lines <-chan string, re *regexp.Regexp, timeout time.Duration) error {
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				return fmt.Errorf("watch ended before a line matched %s", re)
			}
			if re.MatchString(l) {
				return nil
			}
			if strings.Contains(l, "warning") || strings.Contains(l, "error") {
				fmt.Fprintln(os.Stderr, l)
			}
		case <-deadline:
			return fmt.Errorf("no line matched %s after %v", re, timeout)
		}
	}
}

var rebuildLine = regexp.MustCompile(`^sitemapgen: \+\d+ −\d+ ~\d+ URLs, `)

func nextRebuild(lines <-chan string, timeout time.Duration) (string, error) {
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				return "", fmt.Errorf("watch ended")
			}
			if rebuildLine.MatchString(l) {
				return l, nil
			}
			fmt.Fprintln(os.Stderr, l)
		case <-deadline:
			return "", fmt.Errorf("no rebuild line after %v", timeout)
		}
	}
}

// vmHWM returns the peak resident set size of a process, in KiB.
func vmHWM(pid int) (int64, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			return strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
		}
	}
	return 0, fmt.Errorf("no VmHWM for process %d", pid)
}

func report(what string, ds []time.Duration) {
	if len(ds) == 0 {
		return
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	q := func(f float64) time.Duration { return s[min(len(s)-1, int(f*float64(len(s))))] }
	fmt.Printf("%-32s median %6.1f ms, p90 %6.1f ms, worst %6.1f ms\n", what,
		ms(s[len(s)/2]), ms(q(0.9)), ms(s[len(s)-1]))
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
