package command

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// Options bound a command's run.
type Options struct {
	// MaxBytes bounds what is read of its standard output: past it, a
	// Read is a fsx.ErrTooLarge error naming the setting Key.
	MaxBytes int64
	Key      string
	// Timeout bounds its run, TimeoutKey names the setting that gives
	// it; 0 is no bound but the context's.
	Timeout    time.Duration
	TimeoutKey string
	// Stdin, when not nil, is its standard input (the per-URL hook's
	// records); nil is none.
	Stdin io.Reader
}

// ErrTimeout is the error of a command that ran past its Timeout.
var ErrTimeout = errors.New("ran past its time bound")

// An Error is a command that failed: it could not start, it exited with
// a status other than 0, it was killed, or it ran past its bound.
type Error struct {
	// Line is the command line, Err what went wrong, Stderr the last of
	// what it wrote to standard error.
	Line   string
	Err    error
	Stderr string
}

func (e *Error) Error() string {
	msg := fmt.Sprintf("command %s: %v", Show(e.Line), e.Err)
	if s := strings.TrimSpace(e.Stderr); s != "" {
		msg += ": " + diag.Excerpt(lastLine(s))
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Err }

// lastLine returns the last line of s: what a failing program says last
// is what went wrong, most often.
func lastLine(s string) string {
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// Show quotes a command line for a message, as a shell would take it
// back: in single quotes, an excerpt of a long one.
func Show(line string) string {
	return "'" + strings.ReplaceAll(diag.Excerpt(line), "'", `'\''`) + "'"
}

// A Process is a command started by [Start]: Read reads its standard
// output, Close ends it. It is read by one goroutine.
type Process struct {
	line    string
	opts    Options
	cmd     *exec.Cmd
	out     *fsx.Bounded
	stderr  *tail
	ctx     context.Context
	cancel  context.CancelFunc
	eof     bool // its output was read to the end
	closed  bool
	waitErr error
}

// Start starts the command line with o's bounds. The context ends it:
// the command and its process group are killed.
func Start(ctx context.Context, line string, o Options) (*Process, error) {
	if strings.TrimSpace(line) == "" {
		return nil, &Error{Line: line, Err: errors.New("an empty command line")}
	}
	var cancel context.CancelFunc
	if o.Timeout > 0 {
		ctx, cancel = context.WithTimeoutCause(ctx, o.Timeout, ErrTimeout)
	} else {
		ctx, cancel = context.WithCancel(ctx)
	}
	cmd := exec.CommandContext(ctx, shell[0], append(shell[1:], line)...)
	inGroup(cmd)
	cmd.Stdin = o.Stdin
	errTail := &tail{max: 4 << 10}
	cmd.Stderr = errTail
	// The pipes of a killed group's children are given up on after this:
	// Wait never waits on a grandchild that kept them open.
	cmd.WaitDelay = time.Second
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		cancel()
		return nil, &Error{Line: line, Err: err}
	}
	if err := cmd.Start(); err != nil {
		cancel()
		return nil, &Error{Line: line, Err: err}
	}
	max := o.MaxBytes
	if max <= 0 {
		max = 1 << 62 // no bound: Bounded adds one to it
	}
	return &Process{
		line: line, opts: o, cmd: cmd, stderr: errTail, ctx: ctx, cancel: cancel,
		out: fsx.Bound(stdout, "the output of "+Show(line), max, o.Key),
	}, nil
}

// Line returns the command line.
func (p *Process) Line() string { return p.line }

// Read reads the command's standard output; past Options.MaxBytes it
// returns a fsx.ErrTooLarge error.
func (p *Process) Read(b []byte) (int, error) {
	n, err := p.out.Read(b)
	if err == io.EOF {
		p.eof = true
	}
	return n, err
}

// Close ends the command. After its output was read to the end, it
// waits for it; before (a reader that stopped at a bad line, or past the
// bound), it kills it first. It returns an *Error when the command failed
// (a status other than 0, killed, past its time bound, or killed because
// the context ended or the reader stopped), nil when it exited with 0.
func (p *Process) Close() error {
	if p.closed {
		return p.waitErr
	}
	p.closed = true
	if !p.eof {
		p.cancel() // it may be blocked writing what nobody will read
	}
	err := p.cmd.Wait()
	cause := context.Cause(p.ctx)
	p.cancel()
	switch {
	case errors.Is(cause, ErrTimeout):
		err = fmt.Errorf("%w: killed after %v (%s)", ErrTimeout, p.opts.Timeout, p.opts.TimeoutKey)
	case cause != nil && err != nil:
		err = fmt.Errorf("killed: %w", cause)
	}
	if err != nil {
		p.waitErr = &Error{Line: p.line, Err: err, Stderr: p.stderr.String()}
	}
	return p.waitErr
}

// tail keeps the last max bytes written to it.
type tail struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = append(t.b[:0], t.b[len(t.b)-t.max:]...)
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}

// Pipe starts the command line with o's bounds (o.Stdin is its own) and
// returns its standard input, in, and its standard output, out: the
// per-URL hook's two ends. The caller writes to in and reads out at once;
// Close of out ends the command as [Process.Close] does, then ends in, so
// that a writer the command stopped reading is not blocked.
func Pipe(ctx context.Context, line string, o Options) (in io.WriteCloser, out io.ReadCloser, err error) {
	pr, pw := io.Pipe()
	o.Stdin = pr
	p, err := Start(ctx, line, o)
	if err != nil {
		pr.Close()
		return nil, nil, err
	}
	return pw, &piped{Process: p, stdin: pr}, nil
}

type piped struct {
	*Process
	stdin *io.PipeReader
}

func (p *piped) Close() error {
	err := p.Process.Close()
	p.stdin.CloseWithError(io.ErrClosedPipe)
	return err
}
