package gitdates

// The dates of HEAD's commits, whatever files they changed, and how many
// files the commits of a date changed.

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// repoDate is a date of a commit of HEAD's history, the author's or the
// committer's, and the commit's index in commitTimes.hashes.
type repoDate struct {
	at     int64
	commit int32
}

// fileCount is how many files the commits of a date changed, counted up
// to limit.
type fileCount struct{ n, limit int }

// maxRepoCommits bounds the commits RepoCommits reads, newest first: a
// few megabytes of dates, and their hashes (some twenty megabytes at
// most).
const maxRepoCommits = 1 << 18

// RepoCommits returns whether a date (Unix seconds) is the author's or
// the committer's date of a commit of HEAD's history (the commit whose
// history d read), whatever files it changed: a date a generator took
// from the history of a page's source (VitePress dates each page of its
// sitemap by its source's last commit, an author's date) when its
// output folder is one no commit touches. It reads the dates with one
// git log on the first question (no file is compared: a few
// milliseconds for thousands of commits), the newest maxRepoCommits;
// ctx cancels it. [Dates.CommitFiles] tells how many files the commits
// of a date changed.
func (d *Dates) RepoCommits(ctx context.Context) (func(int64) bool, error) {
	if d.when == nil {
		return nil, ErrNoCommits
	}
	w := d.when
	w.repoOnce.Do(func() {
		out, err := run(ctx, d.git, d.top, "log", "-n", strconv.Itoa(maxRepoCommits), "--format=%H %at %ct", cmp.Or(d.head, "HEAD"))
		if err != nil {
			w.repoErr = err
			return
		}
		for line := range strings.Lines(string(out)) {
			f := strings.Fields(line)
			if len(f) != 3 {
				continue
			}
			i := int32(len(w.hashes))
			w.hashes = append(w.hashes, f[0])
			for _, at := range f[1:] {
				if t, err := strconv.ParseInt(at, 10, 64); err == nil {
					w.repo = append(w.repo, repoDate{at: t, commit: i})
				}
			}
		}
		slices.SortFunc(w.repo, func(a, b repoDate) int { return cmp.Compare(a.at, b.at) })
	})
	if w.repoErr != nil {
		return nil, w.repoErr
	}
	return func(t int64) bool { _, ok := w.repoAt(t); return ok }, nil
}

// repoAt returns the index in repo of the first entry of the date t,
// and whether there is one.
func (w *commitTimes) repoAt(t int64) (int, bool) {
	return slices.BinarySearchFunc(w.repo, t, func(e repoDate, t int64) int { return cmp.Compare(e.at, t) })
}

// maxDateCommits bounds the commits of one date CommitFiles asks git
// about: a rebase gives each commit it moves one committer's date.
const maxDateCommits = 256

// CommitFiles returns, for each date of dates (Unix seconds) that
// [Dates.RepoCommits] knows, how many files the commits of that date
// (author's or committer's) changed, merges left out (they change
// nothing of their own), each file once, counted up to limit: the pages
// a commit can date, each by its own source. It runs one git log over
// the commits of the dates not asked before (--no-walk, file names
// only: no file's content is read), at most maxDateCommits of each;
// ctx cancels it. RepoCommits must have been asked first.
func (d *Dates) CommitFiles(ctx context.Context, dates []int64, limit int) (map[int64]int, error) {
	if d.when == nil {
		return nil, ErrNoCommits
	}
	w := d.when
	w.filesMu.Lock()
	defer w.filesMu.Unlock()
	counts := make(map[int64]int, len(dates))
	var stdin strings.Builder
	byCommit := make(map[string][]int64) // commit → the dates asked it has
	for _, t := range dates {
		if c, ok := w.files[t]; ok && (c.n < c.limit || c.n >= limit) {
			counts[t] = min(c.n, limit) // counted whole before, or up to limit
			continue
		}
		i, ok := w.repoAt(t)
		if !ok {
			continue
		}
		counts[t] = 0
		for k := 0; i < len(w.repo) && w.repo[i].at == t && k < maxDateCommits; i, k = i+1, k+1 {
			h := w.hashes[w.repo[i].commit]
			if len(byCommit[h]) == 0 {
				stdin.WriteString(h + "\n")
			}
			if !slices.Contains(byCommit[h], t) {
				byCommit[h] = append(byCommit[h], t)
			}
		}
	}
	if len(byCommit) == 0 {
		return counts, nil
	}
	seen := make(map[int64]map[string]bool)
	err := w.commitFiles(ctx, d, stdin.String(), func(commit, file string) {
		for _, t := range byCommit[commit] {
			if seen[t] == nil {
				seen[t] = make(map[string]bool)
			}
			if len(seen[t]) < limit {
				seen[t][file] = true
			}
		}
	})
	if err != nil {
		return nil, err
	}
	if w.files == nil {
		w.files = make(map[int64]fileCount)
	}
	for _, ts := range byCommit {
		for _, t := range ts {
			counts[t] = len(seen[t])
			w.files[t] = fileCount{len(seen[t]), limit}
		}
	}
	return counts, nil
}

// commitFiles runs git log over the commits stdin names, one a line,
// and calls f with each commit's hash and each file it changed.
func (w *commitTimes) commitFiles(ctx context.Context, d *Dates, stdin string, f func(commit, file string)) error {
	cmd := command(ctx, d.git, "-C", d.top, "log", "--no-walk=unsorted", "--stdin", "--format=%x00%H", "-z",
		"--name-only", "--no-renames", "--root", "--no-color", "--no-show-signature", "--no-ext-diff", "--no-textconv")
	cmd.Stdin = strings.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return fmt.Errorf("git log: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("git log: %w", err)
	}
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	sc.Split(splitNUL)
	commit := ""
	for sc.Scan() {
		tok := strings.TrimLeft(sc.Text(), "\n")
		switch {
		case tok == "":
			commit = "" // the format's NUL: a hash follows
		case commit == "":
			commit = tok
		default:
			f(commit, tok)
		}
	}
	perr := sc.Err()
	if perr != nil {
		io.Copy(io.Discard, stdout) // let git finish before Wait closes the pipe
	}
	if err := cmd.Wait(); err != nil {
		return fmt.Errorf("git log: %w: %s", err, bytes.TrimSpace(stderr.Bytes()))
	}
	if perr != nil {
		return fmt.Errorf("git log: %w", perr)
	}
	return nil
}
