// Command watchlat measures watch mode: how long after a page changes its
// sitemap files are replaced, and how much memory watch mode holds against
// a one-shot build of the same site.
//
//	watchlat [-runs N] [-debounce D] [-edit MODE] -bin SITEMAPGEN -out DIR SITE
//
// It runs "SITEMAPGEN build" once (its peak RSS is the one-shot figure),
// then starts "SITEMAPGEN watch --debounce D --out DIR SITE", waits until
// it watches, and N times: changes one page (a different page each run)
// as an editor does, and waits with fsnotify for the shard that lists the
// page and for sitemap.xml to be renamed into place in DIR. The edit
// (-edit) is one of
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
	if err := run(site, *bin, *out, *base, *edit, *runs, *debounce); err != nil {
		fmt.Fprintln(os.Stderr, "watchlat:", err)
		os.Exit(1)
	}
}

func run(site, bin, out, base, edit string, runs int, debounce time.Duration) error {
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	// The one-shot build: its peak RSS is the yardstick.
	build := exec.Command(bin, "build", "--quiet", "--base-url", base, "--out", out, site)
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		return fmt.Errorf("build: %w", err)
	}
	buildRSS := build.ProcessState.SysUsage().(*syscall.Rusage).Maxrss // KiB

	pages, err := pickPages(site, runs, edit == "touch")
	if err != nil {
		return err
	}

	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	if err := w.Add(out); err != nil {
		return err
	}

	cmd := exec.Command(bin, "watch", "--base-url", base, "--out", out, "--debounce", debounce.String(), site)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGINT)
		cmd.Wait()
	}()
	lines := make(chan string, 1024)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	if err := waitLine(lines, regexp.MustCompile(`^sitemapgen: watching `), 5*time.Minute); err != nil {
		return err
	}
	settle(w)

	rebuildMS := regexp.MustCompile(`, (\d+) ms$`)
	var shard, index, reported []time.Duration
	for i, p := range pages {
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
		if edit != "touch" {
			when = time.Time{} // written now
		}
		start := time.Now()
		if err := change(p, edit, changed, st.Mode().Perm(), when); err != nil {
			return err
		}
		first, last, err := waitRenames(w, 30*time.Second)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		shard = append(shard, first.Sub(start)-debounce)
		index = append(index, last.Sub(start)-debounce)
		line, err := nextRebuild(lines, 30*time.Second)
		if err != nil {
			return err
		}
		if m := rebuildMS.FindStringSubmatch(line); m != nil {
			ms, _ := strconv.Atoi(m[1])
			reported = append(reported, time.Duration(ms)*time.Millisecond)
		}
		// Put the page back, and let watch take that in before the next.
		if err := change(p, edit, orig, st.Mode().Perm(), st.ModTime()); err != nil {
			return err
		}
		if _, err := nextRebuild(lines, 30*time.Second); err != nil {
			return err
		}
		settle(w)
	}
	watchRSS, err := vmHWM(cmd.Process.Pid)
	if err != nil {
		return err
	}
	fmt.Printf("pages changed: %d (debounce %v, subtracted)\n", len(pages), debounce)
	report("change → shard replaced", shard)
	report("change → sitemap.xml replaced", index)
	report("rebuild as watch reports it", reported)
	fmt.Printf("peak RSS: watch %.1f MiB, one-shot build %.1f MiB, ratio %.2f\n",
		float64(watchRSS)/1024, float64(buildRSS)/1024, float64(watchRSS)/float64(buildRSS))
	return nil
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
