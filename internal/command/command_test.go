package command

import (
	"context"
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// run starts line and reads all of its output, as a reader of records
// does, then closes it.
func run(ctx context.Context, line string, o Options) (string, error) {
	p, err := Start(ctx, line, o)
	if err != nil {
		return "", err
	}
	out, err := io.ReadAll(p)
	if cerr := p.Close(); err == nil {
		err = cerr
	}
	return string(out), err
}

func TestRun(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		o          Options
		out        string
		want       error  // errors.Is
		msg        string // in the error
	}{
		{name: "ok", line: "printf 'https://example.org/a\\nhttps://example.org/b\\n'", out: "https://example.org/a\nhttps://example.org/b\n"},
		{name: "a pipe", line: "echo b; echo a | tr a c", out: "b\nc\n"},
		{name: "status", line: "echo https://example.org/a; echo 'no database' >&2; exit 3", out: "https://example.org/a\n",
			msg: "command 'echo https://example.org/a; echo '\\''no database'\\'' >&2; exit 3': exit status 3: no database"},
		{name: "not found", line: "no-such-program-here", msg: "exit status 127"},
		{name: "too large", line: "yes https://example.org/", o: Options{MaxBytes: 1000, Key: "limits.extra_urls_bytes"},
			want: fsx.ErrTooLarge, msg: "larger than 1000 bytes (limits.extra_urls_bytes)"},
		{name: "hangs", line: "echo https://example.org/a; sleep 600", o: Options{Timeout: 200 * time.Millisecond, TimeoutKey: "limits.command_seconds"},
			out: "https://example.org/a\n", want: ErrTimeout, msg: "ran past its time bound: killed after 200ms (limits.command_seconds)"},
		{name: "a child hangs", line: "sleep 600 & echo x; wait", o: Options{Timeout: 200 * time.Millisecond, TimeoutKey: "limits.command_seconds"},
			out: "x\n", want: ErrTimeout},
		{name: "empty", line: "  ", msg: "an empty command line"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			out, err := run(t.Context(), tc.line, tc.o)
			if out != tc.out && !(tc.want == fsx.ErrTooLarge && len(out) == 1000) {
				t.Errorf("output %q, want %q", out, tc.out)
			}
			if tc.want == nil && tc.msg == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil {
				t.Fatal("no error")
			}
			if tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("error %v, want %v", err, tc.want)
			}
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error %q, want it to say %q", err, tc.msg)
			}
			if d := time.Since(start); d > 30*time.Second {
				t.Errorf("took %v: not killed", d)
			}
		})
	}
}

// TestCancel: a build stopped (Ctrl-C) kills the command and the
// programs it started, at once.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	p, err := Start(ctx, "sleep 600 & echo $!; wait", Options{})
	if err != nil {
		t.Fatal(err)
	}
	var line [32]byte
	n, err := p.Read(line[:])
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(line[:n])))
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	err = p.Close()
	if err == nil || !strings.Contains(err.Error(), "killed") {
		t.Errorf("error %v, want killed", err)
	}
	// The child of the shell is killed with it: gone, or a zombie
	// nobody has reaped yet.
	deadline := time.Now().Add(10 * time.Second)
	for !dead(pid) {
		if time.Now().After(deadline) {
			t.Fatalf("process %d, started by the command, still runs", pid)
		}
		time.Sleep(10 * time.Millisecond) // polling a condition, with a deadline
	}
}

// TestCloseEarly: a reader that stops early (a bad line) and closes
// kills the command, which would otherwise block writing the rest.
func TestCloseEarly(t *testing.T) {
	p, err := Start(t.Context(), "yes https://example.org/", Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b [100]byte
	if _, err := p.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		if err := p.Close(); err == nil || !strings.Contains(err.Error(), "killed") {
			t.Errorf("Close: %v, want killed", err)
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("Close did not end the command")
	}
}

func dead(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	_, rest, _ := strings.Cut(string(stat), ") ")
	return strings.HasPrefix(rest, "Z")
}
