package command

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// FDs returns the two ends of a per-URL hook that the host that started
// sitemapgen runs itself (the JS API's function, --transform-fds IN,OUT):
// in writes to the descriptor inFD, which the host reads the records
// from, and out reads the descriptor outFD, which it writes its answers
// to. Both are inherited pipes (inherited: a descriptor on Unix, the
// handle the C runtime's table of descriptors gives on Windows). name
// names the hook in messages. out is
// bounded by o.MaxBytes (o.Key) and both by o.Timeout (o.TimeoutKey) and
// the context: past either, a read or a write fails and Close of out says
// why.
func FDs(ctx context.Context, name string, inFD, outFD int, o Options) (in io.WriteCloser, out io.ReadCloser, err error) {
	var files [2]*os.File
	for i, fd := range []int{inFD, outFD} {
		f, err := inherited(fd)
		if err != nil {
			return nil, nil, &Error{Line: name, Err: fmt.Errorf("descriptor %d: %w", fd, err)}
		}
		files[i] = f
	}
	h := &hostEnds{name: name, opts: o, in: files[0], out: files[1]}
	if o.Timeout > 0 {
		h.deadline = time.Now().Add(o.Timeout)
		h.in.SetDeadline(h.deadline)
		h.out.SetDeadline(h.deadline)
	}
	h.stop = context.AfterFunc(ctx, func() {
		h.in.SetDeadline(time.Unix(1, 0))
		h.out.SetDeadline(time.Unix(1, 0))
	})
	max := o.MaxBytes
	if max <= 0 {
		max = 1 << 62
	}
	h.bounded = fsx.Bound(h.out, "the output of "+name, max, o.Key)
	h.ctx = ctx
	return h.in, h, nil
}

// hostEnds is the answers' end of a hook the host runs.
type hostEnds struct {
	name     string
	opts     Options
	in, out  *os.File
	bounded  io.Reader
	deadline time.Time
	ctx      context.Context
	stop     func() bool
	err      error
}

func (h *hostEnds) Read(b []byte) (int, error) {
	n, err := h.bounded.Read(b)
	if err != nil && err != io.EOF {
		h.err = h.why(err)
		return n, h.err
	}
	return n, err
}

// why returns the error of a read that failed: the time bound, the
// context, or the read's own.
func (h *hostEnds) why(err error) error {
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded) && h.ctx.Err() == nil:
		return &Error{Line: h.name, Err: fmt.Errorf("%w: stopped after %v (%s)", ErrTimeout, h.opts.Timeout, h.opts.TimeoutKey)}
	case errors.Is(err, os.ErrDeadlineExceeded):
		return &Error{Line: h.name, Err: fmt.Errorf("stopped: %w", context.Cause(h.ctx))}
	}
	return err
}

func (h *hostEnds) Close() error {
	h.stop()
	h.in.Close() // the writer closed it already, or gave up
	h.out.Close()
	return nil
}
