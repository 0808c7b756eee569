package varint

import (
	"encoding/binary"
	"errors"
)

// ErrMalformed is the error of bytes that were not written so.
var ErrMalformed = errors.New("malformed")

// A Reader reads b from its start.
type Reader struct {
	b   []byte
	err error
}

// NewReader returns a Reader of b.
func NewReader(b []byte) *Reader { return &Reader{b: b} }

// Err returns ErrMalformed once a read failed, else nil.
func (r *Reader) Err() error { return r.err }

// Len returns how many bytes are left.
func (r *Reader) Len() int { return len(r.b) }

// Fail makes the Reader failed, as a read past what was written does: a
// caller's own check of what it read.
func (r *Reader) Fail() { r.err, r.b = ErrMalformed, nil }

// Uvarint reads a uvarint.
func (r *Reader) Uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.Fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

// Varint reads a varint.
func (r *Reader) Varint() int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.Fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

// Byte reads a byte.
func (r *Reader) Byte() byte {
	if len(r.b) == 0 {
		r.Fail()
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

// Next reads n bytes, a slice of the Reader's (its capacity cut to n).
func (r *Reader) Next(n int) []byte {
	if n < 0 || n > len(r.b) {
		r.Fail()
		return nil
	}
	p := r.b[:n:n]
	r.b = r.b[n:]
	return p
}

// Bytes reads bytes written after their length (a uvarint).
func (r *Reader) Bytes() []byte {
	n := r.Uvarint()
	if n > uint64(len(r.b)) {
		r.Fail()
		return nil
	}
	return r.Next(int(n))
}

// Count reads a count (a uvarint) of things each at least each bytes
// long, plus extra (1 where 0 stands for a nil list): never more than
// the bytes left hold, so that a slice made of it is bounded by them.
func (r *Reader) Count(each, extra int) int {
	n := r.Uvarint()
	if n > uint64(len(r.b)/each+extra) {
		r.Fail()
		return 0
	}
	return int(n)
}

// A StringReader is a Reader whose strings are substrings of one copy of
// its bytes as a string: one allocation for all it reads.
type StringReader struct {
	Reader
	all string
}

// NewStringReader returns a StringReader of b.
func NewStringReader(b []byte) *StringReader {
	return &StringReader{Reader: Reader{b: b}, all: string(b)}
}

// String reads a string written after its length (a uvarint).
func (r *StringReader) String() string {
	b := r.Bytes()
	off := len(r.all) - r.Len() - len(b)
	return r.all[off : off+len(b)]
}
